// The rule that keeps zod imported as a namespace (scripts/eslint.config.js; docs/decisions/2026-11-27-zod-namespace-imports.md)
// fires on `import { z }` and leaves the namespace and type-only imports alone, in the Worker, the SPA and schema/.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: "scripts/eslint.config.js" });

async function zodErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("zod imports", () => {
  it.each(["worker/lib/fixture.ts", "web/lib/fixture.ts", "schema/api/fixture.ts"])(
    "refuses `import { z }` in %s",
    async (path) => {
      expect(await zodErrors(path, 'import { z } from "zod";\nexport const a = z.string();\n')).toEqual([
        expect.stringContaining("Import zod as a namespace"),
      ]);
    },
  );

  it("accepts the namespace and type-only imports", async () => {
    expect(
      await zodErrors(
        "worker/lib/fixture.ts",
        'import * as z from "zod";\nimport type { ZodType } from "zod";\nexport const a: ZodType = z.string();\n',
      ),
    ).toEqual([]);
    expect(
      await zodErrors(
        "worker/lib/fixture.ts",
        'import type { z } from "zod";\nexport type A = z.infer<z.ZodString>;\n',
      ),
    ).toEqual([]);
  });
});
