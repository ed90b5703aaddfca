// The slowest test files of a run (issue 44: nobody saw which files were slow). `npm test` prints the 10 slowest
// after its stages, from what the two runners leave in test-results/: vitest-files.json, written by the reporter
// below (a file's whole cost: its environment, harness, imports, setup file and tests), and Playwright's e2e.json
// (the sum of a journey file's test durations).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { ROOT } from "./lib.ts";

const VITEST_FILES = join(ROOT, "test-results/vitest-files.json");

interface FileTime {
  file: string;
  ms: number;
}

/** A vitest reporter (vitest.config.ts's `reporters` through scripts/test-all.ts) writing each file's whole cost. */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const times: FileTime[] = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: relative(ROOT, module.moduleId),
        ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
      };
    });
    mkdirSync(join(ROOT, "test-results"), { recursive: true });
    writeFileSync(VITEST_FILES, `${JSON.stringify(times, null, 1)}\n`);
  }
}

interface PlaywrightSuite {
  file: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function journeyTimes(): FileTime[] {
  const report = join(ROOT, "test-results/e2e.json");
  if (!existsSync(report)) return [];
  const byFile = new Map<string, number>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          byFile.set(`e2e/${suite.file}`, (byFile.get(`e2e/${suite.file}`) ?? 0) + result.duration);
    suite.suites?.forEach(walk);
  };
  (JSON.parse(readFileSync(report, "utf8")) as { suites: PlaywrightSuite[] }).suites.forEach(walk);
  return [...byFile].map(([file, ms]) => ({ file, ms }));
}

/** The `count` slowest files of both runners, as lines to print. */
export function slowestFiles(count = 10): string[] {
  const vitest: FileTime[] = existsSync(VITEST_FILES) ? JSON.parse(readFileSync(VITEST_FILES, "utf8")) : [];
  return [...vitest, ...journeyTimes()]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}
