// The feature-boundary rule (scripts/eslint.config.js) fires where it should and only there: fixture code is linted
// in memory, as if it sat at the given path, with the project's own config.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: "scripts/eslint.config.js" });

/** The boundary errors for `code` placed at `filePath` (imports must name real files, as the resolver checks). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("feature boundaries", () => {
  it("rejects an import of another feature", async () => {
    const errors = await boundaryErrors(
      "web/features/history/fixture.ts",
      'import { resetGeneratorState } from "../generator/state";\nexport const reset = resetGeneratorState;\n',
    );
    expect(errors).toEqual([expect.stringContaining("Features do not import each other")]);
  });

  it("rejects a type-only import of another feature too", async () => {
    const errors = await boundaryErrors(
      "web/features/auth/fixture.ts",
      'import type { ProjectSort } from "../projects/state";\nexport type Sort = ProjectSort;\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("allows the feature's own modules, lib and shared", async () => {
    const errors = await boundaryErrors(
      "web/features/history/fixture.ts",
      [
        'import { HistoryList } from "./components/history-list";',
        'import { api } from "../../lib/api";',
        'import { useTranscripts } from "../../shared/transcripts/api";',
        "export const used = [HistoryList, api, useTranscripts];",
      ].join("\n") + "\n",
    );
    expect(errors).toEqual([]);
  });

  it("rejects shared modules that reach into features or the app", async () => {
    const code = [
      'import { HistoryList } from "../../features/history/components/history-list";',
      'import { AppRoutes } from "../../app/routes";',
      "export const used = [HistoryList, AppRoutes];",
    ].join("\n");
    const errors = await boundaryErrors("web/shared/stories/fixture.ts", `${code}\n`);
    expect(errors).toEqual([
      expect.stringContaining("Shared modules must not depend on features or the app"),
      expect.stringContaining("Shared modules must not depend on features or the app"),
    ]);
  });

  it("keeps lib below components, and both below shared", async () => {
    const code = [
      'import { toast } from "../components/ui/toast";',
      'import { useUser } from "../shared/session/user";',
      "export const used = [toast, useUser];",
    ].join("\n");
    const errors = await boundaryErrors("web/lib/fixture.ts", `${code}\n`);
    expect(errors).toEqual([
      expect.stringContaining("lib is the bottom layer"),
      expect.stringContaining("product modules (web/shared) build on them"),
    ]);
  });
});
