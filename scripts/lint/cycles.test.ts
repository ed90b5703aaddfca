// Proves `npm run lint:cycles` fails on an import cycle: runs the exact command from package.json on a throwaway tree
// with a type-only cycle (the kind ESLint's import-x no-cycle would let through), then on the same tree without it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;
const script: string = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts["lint:cycles"];
// `dpdm <options> "worker/**/*.ts" …`: split on spaces outside quotes, drop the quotes.
const [command, ...args] = (script.match(/"[^"]*"|\S+/g) ?? []).map((part) => part.replace(/^"|"$/g, ""));
const tree = mkdtempSync(join(tmpdir(), "storyloom-cycles-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function lintCycles() {
  return spawnSync(join(ROOT, "node_modules/.bin", command!), args, { cwd: tree, encoding: "utf8" });
}

describe("npm run lint:cycles", () => {
  it("fails on a type-only import cycle and names the files", () => {
    mkdirSync(join(tree, "worker"), { recursive: true });
    writeFileSync(join(tree, "worker/a.ts"), 'import type { B } from "./b";\nexport interface A { b?: B }\n');
    writeFileSync(join(tree, "worker/b.ts"), 'import type { A } from "./a";\nexport interface B { a?: A }\n');
    const result = lintCycles();
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/worker\/[ab]\.ts -> worker\/[ab]\.ts/);
  });

  it("passes once the cycle is broken", () => {
    writeFileSync(join(tree, "worker/b.ts"), "export interface B { name: string }\n");
    const result = lintCycles();
    expect(result.stdout).toContain("no circular dependency");
    expect(result.status).toBe(0);
  });
});
