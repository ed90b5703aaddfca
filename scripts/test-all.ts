// `npm test`: type-check and lint side by side, Worker tests in workerd, then the browser journeys in Chromium.
// Stops at the first failing stage and ends with one "N passed, N failed" line over all test runners.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { bin, ROOT, TOOL_ENV } from "./lib.ts";
import { slowestFiles } from "./slowest-files.ts";

interface Stage {
  name: string;
  command: string;
  args: string[];
}

/** Run together, each on one core (tsc and eslint are single-threaded); their output is printed after, in order. */
const CHECKS: Stage[] = [
  { name: "type-check", command: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
];

const STAGES: Stage[] = [
  {
    name: "unit and Worker tests (vitest: workerd + Node)",
    command: bin("vitest"),
    args: [
      "run",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=test-results/vitest.json",
      "--reporter=./scripts/slowest-files.ts",
    ],
  },
  { name: "end-to-end (Chromium)", command: "npm", args: ["run", "--silent", "test:e2e"] },
];

mkdirSync(`${ROOT}test-results`, { recursive: true });
// Results of an earlier run must not be counted in this one (a stage that fails early writes none).
for (const report of ["vitest.json", "vitest-files.json", "e2e.json"])
  rmSync(`${ROOT}test-results/${report}`, { force: true });
const started = Date.now();
const timings: string[] = [];
let failedStage: string | undefined;

function runCaptured(stage: Stage): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, { cwd: ROOT, env: TOOL_ENV, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (status) => resolve({ status, output }));
  });
}

const checksStarted = Date.now();
const checked = await Promise.all(CHECKS.map(runCaptured));
for (const [i, stage] of CHECKS.entries()) {
  console.log(`\n▶ ${stage.name}`);
  process.stdout.write(checked[i]!.output);
  if (checked[i]!.status !== 0) failedStage ??= stage.name;
}
timings.push(`${CHECKS.map((c) => c.name).join(" and ")}: ${((Date.now() - checksStarted) / 1000).toFixed(1)}s`);

for (const stage of failedStage ? [] : STAGES) {
  console.log(`\n▶ ${stage.name}`);
  const t0 = Date.now();
  const result = spawnSync(stage.command, stage.args, { cwd: ROOT, stdio: "inherit", env: TOOL_ENV });
  timings.push(`${stage.name}: ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  if (result.status !== 0) {
    failedStage = stage.name;
    break;
  }
}

function counts(): { passed: number; failed: number; skipped: number } {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const worker = `${ROOT}test-results/vitest.json`;
  if (existsSync(worker)) {
    const report = JSON.parse(readFileSync(worker, "utf8"));
    total.passed += report.numPassedTests ?? 0;
    total.failed += report.numFailedTests ?? 0;
    total.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  const e2e = `${ROOT}test-results/e2e.json`;
  if (existsSync(e2e)) {
    const stats = JSON.parse(readFileSync(e2e, "utf8")).stats ?? {};
    total.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    total.failed += stats.unexpected ?? 0;
    total.skipped += stats.skipped ?? 0;
  }
  return total;
}

const slowest = slowestFiles();
if (slowest.length)
  console.log(
    `\nThe ${slowest.length} slowest test files (vitest: setup, imports and tests; journeys: tests):\n${slowest.join("\n")}`,
  );
const { passed, failed, skipped } = counts();
console.log(`\n${timings.join(" · ")} · total ${((Date.now() - started) / 1000).toFixed(1)}s`);
if (failedStage) console.error(`✖ ${failedStage} failed`);
console.log(`${passed} passed, ${failedStage && failed === 0 ? 1 : failed} failed, ${skipped} skipped`);
process.exit(failedStage ? 1 : 0);
