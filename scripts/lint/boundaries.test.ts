// The feature-boundary rule (scripts/eslint.config.js) fires where it should and only there: fixture code is linted
// in memory, as if it sat at the given path, with the project's own config.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: "scripts/eslint.config.js" });

/**
 * The boundary errors of a file at `filePath` made of `imports` (they must name real files: the rule resolves
 * them). Other rules' findings, such as the unused imports, are left out.
 */
async function boundaryErrors(filePath: string, ...imports: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(`${imports.join("\n")}\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("feature boundaries", () => {
  it("reject an import of another feature", async () => {
    const errors = await boundaryErrors(
      "web/features/history/fixture.ts",
      'import { resetGeneratorState } from "../generator/state";',
    );
    expect(errors).toEqual([expect.stringContaining("Features do not import each other")]);
  });

  it("reject a type-only import of another feature too", async () => {
    const errors = await boundaryErrors(
      "web/features/auth/fixture.ts",
      'import type { ProjectSort } from "../projects/state";',
    );
    expect(errors).toHaveLength(1);
  });

  it("allow the feature's own modules, lib and shared", async () => {
    const errors = await boundaryErrors(
      "web/features/history/fixture.ts",
      'import { HistoryList } from "./components/history-list";',
      'import { api } from "../../lib/api";',
      'import { useTranscripts } from "../../shared/transcripts/api";',
    );
    expect(errors).toEqual([]);
  });

  it("keep shared modules from reaching into features or the app", async () => {
    const errors = await boundaryErrors(
      "web/shared/stories/fixture.ts",
      'import { HistoryList } from "../../features/history/components/history-list";',
      'import { AppRoutes } from "../../app/routes";',
    );
    expect(errors).toEqual(
      Array(2).fill(expect.stringContaining("Shared modules must not depend on features or the app")),
    );
  });

  it("keep lib below components, and both below shared", async () => {
    const errors = await boundaryErrors(
      "web/lib/fixture.ts",
      'import { toast } from "../components/ui/toast";',
      'import { useUser } from "../shared/session/user";',
    );
    expect(errors).toEqual([
      expect.stringContaining("lib is the bottom layer"),
      expect.stringContaining("product modules (web/shared) build on them"),
    ]);
  });
});
