// Every reference in the repository resolves inside it: a cited document exists, a cited section or heading exists
// in it, and nothing points outside the repository (the team's shared folder) or to README's old Decisions section.
// Conventions (docs/README.md): the specification is cited as `docs/product-spec.md §N` (later sections on the same
// line as bare `§N`); other documents by their path from the repository root, optionally with a `#heading` anchor.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Tracked text files, except third-party material kept verbatim (fixtures, contracts) and the lock file. */
const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((f) => f && /\.(ts|tsx|js|mjs|md|toml|json|css|html|sh|yml|yaml|sql)$|^\.ci\/run$/.test(f))
  .filter((f) => !/^worker\/test\/(fixtures|contracts)\//.test(f) && f !== "package-lock.json")
  .filter((f) => existsSync(join(root, f)));

/** GitHub's anchor for a Markdown heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(path: string): Set<string> {
  let anchors = anchorsCache.get(path);
  if (!anchors) {
    const headings = readFileSync(join(root, path), "utf8").match(/^#{1,6} .+$/gm) ?? [];
    anchors = new Set(headings.map((h) => slug(h.replace(/^#+ /, ""))));
    anchorsCache.set(path, anchors);
  }
  return anchors;
}

const specSections = new Set(
  (readFileSync(join(root, "docs/product-spec.md"), "utf8").match(/^## (\d+)\. /gm) ?? []).map((h) =>
    Number(/\d+/.exec(h)![0]),
  ),
);

interface Finding {
  file: string;
  line: number;
  problem: string;
}

/** What is wrong with the references in `text`, read as the file at `file`. */
function findingsIn(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const report = (problem: string) => found.push({ file, line: index + 1, problem });
    for (const m of line.matchAll(/\bdocs\/[\w./-]*\w\.md(?:#([\w-]+))?/g)) {
      const [path, anchor] = [m[0].split("#")[0]!, m[1]];
      if (!existsSync(join(root, path))) report(`${path} does not exist`);
      else if (anchor && !anchorsOf(path).has(anchor)) report(`${path} has no heading #${anchor}`);
    }
    if (file.endsWith(".md")) {
      for (const m of line.matchAll(/\]\(([^)\s#]+\.md)(?:#([\w-]+))?\)/g)) {
        if (/^[a-z]+:/.test(m[1]!)) continue;
        const path = join(dirname(file), m[1]!);
        if (!existsSync(join(root, path))) report(`link to ${m[1]} does not resolve`);
        else if (m[2] && !anchorsOf(path).has(m[2])) report(`link to ${m[1]}#${m[2]}: no such heading`);
      }
    }
    if (file !== "docs/product-spec.md") {
      for (const m of line.matchAll(/§ ?(\d+)/g)) {
        if (!specSections.has(Number(m[1]))) report(`§${m[1]} is no section of docs/product-spec.md`);
        const context = lines.slice(Math.max(0, index - 3), index + 1).join("\n");
        if (!context.includes("product-spec.md"))
          report(`§${m[1]} does not say which document (cite docs/product-spec.md §${m[1]})`);
      }
    }
    if (!file.startsWith("docs/")) {
      for (const m of line.matchAll(/(?<![\w/.-])(product-decisions|architecture|product-spec|toolchain)\.md/g)) {
        report(`${m[0]} without its path (docs/${m[0]})`);
      }
    }
    // the team's shared folder beside the repository (web/shared is the SPA's own: its imports are not this)
    if (/\.\.\/shared\/(spec|design|fixtures|contracts|hooks)\b/.test(line))
      report("points outside the repository (../shared)");
    if (/README(?:'s)?,? "?Decisions/.test(line)) report("README's Decisions section is now docs/decisions/");
  });
  return found;
}

const format = (f: Finding) => `${f.file}:${f.line}: ${f.problem}`;

describe("references", () => {
  it("resolve inside the repository", () => {
    const problems = files
      .filter((file) => file !== "scripts/lint/references.test.ts")
      .flatMap((file) => findingsIn(file, readFileSync(join(root, file), "utf8")))
      .map(format);
    expect(problems).toEqual([]);
  });

  it("fail on a missing file or heading, an unknown or unnamed section and a path outside", () => {
    const problems = (file: string, text: string) => findingsIn(file, text).map((f) => f.problem);
    expect(problems("worker/a.ts", "// see docs/decisions/no-such-decision.md")).toEqual([
      "docs/decisions/no-such-decision.md does not exist",
    ]);
    expect(problems("worker/a.ts", "// docs/product-spec.md#no-such-heading")).toEqual([
      "docs/product-spec.md has no heading #no-such-heading",
    ]);
    expect(problems("worker/a.ts", "// docs/product-spec.md §42")).toEqual([
      "§42 is no section of docs/product-spec.md",
    ]);
    expect(problems("worker/a.ts", "// spec §7")).toEqual([
      "§7 does not say which document (cite docs/product-spec.md §7)",
    ]);
    expect(problems("worker/a.ts", "// (architecture.md)")).toEqual([
      "architecture.md without its path (docs/architecture.md)",
    ]);
    expect(problems("worker/a.ts", "// ../shared/spec/product-spec.md")).toContain(
      "points outside the repository (../shared)",
    );
    expect(problems("web/a.ts", 'import { x } from "../../shared/session/user";')).toEqual([]);
    expect(problems("docs/x.md", "[a](decisions/none.md)")).toEqual(["link to decisions/none.md does not resolve"]);
  });

  it("keep README to what fits a first read (≤ 20 KB; decisions and records live in docs/)", () => {
    expect(statSync(join(root, "README.md")).size).toBeLessThanOrEqual(20_000);
  });

  it("accept the conventions", () => {
    const problems = (file: string, text: string) => findingsIn(file, text).map((f) => f.problem);
    expect(problems("worker/a.ts", "// docs/product-spec.md §7 Calls, §8\n// §9 on a later line")).toEqual([]);
    expect(problems("worker/a.ts", "// docs/product-spec.md#7-calls and docs/architecture.md")).toEqual([]);
    expect(problems("docs/README.md", "[spec](product-spec.md#7-calls)")).toEqual([]);
  });
});
