// Precision and recall of the quality gate's checks (issue 27) on labelled stories the rules were not written from.
// The labelled set (worker/test/fixtures/user-stories/README.md) holds public backlogs' stories labelled per QUS
// criterion, split by backlog into tuning and test before any rule was written, and seeded stories (built from the
// test backlogs) for the fields backlogs lack: titles, criteria and sizes. Rules may be written reading the tuning
// set; the test set is read for these totals only, and its stories are never printed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { Criterion } from "../schema/api/quality";
import type { UserStory } from "../schema/api/transcripts";
import { checkStory } from "../worker/services/quality/stories";
import { loadLanguage } from "../worker/reading";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

const root = join(import.meta.dirname, "../worker/test/fixtures/user-stories");
const read = <T>(file: string): T => JSON.parse(readFileSync(join(root, file), "utf8")) as T;

interface Labelled {
  id: string;
  text: string;
  defects: Partial<Record<Criterion, boolean>>;
}
interface Seeded {
  title: string;
  description: string;
  acceptanceCriteria: string[];
  storyPoints: number;
  estimatedHours: number;
  defects: Partial<Record<Criterion, boolean>>;
}

/** Backlog stories have only their text: it is the description; the other fields are neutral and their criteria not scored. */
const BACKLOG_CRITERIA: Criterion[] = [
  "well_formed",
  "atomic",
  "minimal",
  "conceptually_sound",
  "problem_oriented",
  "unambiguous",
];
const SEEDED_CRITERIA: Criterion[] = ["full_sentence", "testable_criteria", "estimable"];
const TARGET_PRECISION = 0.8;
/** Criteria whose rules can raise errors; the others only warn (worker/services/quality/stories.ts). */
const ERROR_CRITERIA = new Set<Criterion>([
  "well_formed",
  "atomic",
  "minimal",
  "conceptually_sound",
  "full_sentence",
  "testable_criteria",
  "estimable",
]);
const TARGET_CLEAN_WITH_ERROR = 0.05;

interface Count {
  tp: number;
  fp: number;
  fn: number;
  /** Any severity: warnings counted as a prediction too. */
  tpAny: number;
  fpAny: number;
  fnAny: number;
}

const asStory = (text: string): UserStory => ({
  title: "Story",
  description: text,
  acceptanceCriteria: ["A neutral outcome someone can check"],
  priority: "Medium",
  storyPoints: 3,
  estimatedHours: 12,
});

function score(
  items: Array<{ story: UserStory; defects: Partial<Record<Criterion, boolean>> }>,
  criteria: Criterion[],
) {
  const counts = new Map<Criterion, Count>(
    criteria.map((c) => [c, { tp: 0, fp: 0, fn: 0, tpAny: 0, fpAny: 0, fnAny: 0 }]),
  );
  let clean = 0;
  let cleanWithError = 0;
  for (const { story, defects } of items) {
    const issues = checkStory(story).filter((i) => criteria.includes(i.criterion));
    const isClean = criteria.every((c) => !defects[c]);
    if (isClean) {
      clean++;
      if (issues.some((i) => i.severity === "error")) cleanWithError++;
    }
    for (const c of criteria) {
      const count = counts.get(c)!;
      const labelled = defects[c] === true;
      const error = issues.some((i) => i.criterion === c && i.severity === "error");
      const any = issues.some((i) => i.criterion === c);
      if (error && labelled) count.tp++;
      else if (error) count.fp++;
      else if (labelled) count.fn++;
      if (any && labelled) count.tpAny++;
      else if (any) count.fpAny++;
      else if (labelled) count.fnAny++;
    }
  }
  return { counts, clean, cleanWithError, total: items.length };
}

const ratio = (a: number, b: number) => (b === 0 ? "–" : (a / b).toFixed(2));

function table(title: string, result: ReturnType<typeof score>): string[] {
  const lines = [
    `\n${title}: ${result.total} stories, ${result.clean} clean; clean stories with any error: ${result.cleanWithError} (${ratio(result.cleanWithError, result.clean)})`,
  ];
  lines.push("criterion            | labelled | errors: precision recall | any severity: precision recall");
  for (const [c, n] of result.counts) {
    const labelled = n.tp + n.fn;
    lines.push(
      `${c.padEnd(20)} | ${String(labelled).padStart(8)} | ${ratio(n.tp, n.tp + n.fp).padStart(9)} ${ratio(n.tp, labelled).padStart(6)} (${n.tp}/${n.fp}/${n.fn}) | ${ratio(n.tpAny, n.tpAny + n.fpAny).padStart(9)} ${ratio(n.tpAny, n.tpAny + n.fnAny).padStart(6)}`,
    );
  }
  return lines;
}

/** The test set's misses of the targets: every criterion that raises errors at all must be precise. */
function missed(result: ReturnType<typeof score>): string[] {
  const out: string[] = [];
  for (const [c, n] of result.counts) {
    if (n.tp + n.fp > 0 && n.tp / (n.tp + n.fp) < TARGET_PRECISION)
      out.push(`${c} precision ${ratio(n.tp, n.tp + n.fp)} < ${TARGET_PRECISION}`);
  }
  if (result.clean > 0 && result.cleanWithError / result.clean > TARGET_CLEAN_WITH_ERROR)
    out.push(`clean stories with an error ${ratio(result.cleanWithError, result.clean)} > ${TARGET_CLEAN_WITH_ERROR}`);
  return out;
}

/** The tuning set only: what each rule got wrong there. */
function printTuningMistakes(tuning: Labelled[]): void {
  for (const s of tuning) {
    const issues = checkStory(asStory(s.text)).filter((i) => BACKLOG_CRITERIA.includes(i.criterion));
    // a criterion that never raises errors is judged by its warnings
    const flagged = (c: Criterion) =>
      issues.some((i) => i.criterion === c && (i.severity === "error" || !ERROR_CRITERIA.has(c)));
    const wrong = BACKLOG_CRITERIA.filter((c) => (s.defects[c] === true) !== flagged(c));
    if (wrong.length)
      console.log(`${s.id} ${wrong.map((c) => `${c}:${s.defects[c] ? "missed" : "false"}`).join(" ")} | ${s.text}`);
  }
}

test("quality gate: precision and recall per criterion", () => {
  const tuning = read<Labelled[]>("tuning.json");
  const testSet = read<Labelled[]>("test.json");
  const seeded = read<Seeded[]>("seeded.json");
  const lines: string[] = [];
  const tuningResult = score(
    tuning.map((s) => ({ story: asStory(s.text), defects: s.defects })),
    BACKLOG_CRITERIA,
  );
  lines.push(...table("TUNING backlogs (rules may be written reading these)", tuningResult));
  if (process.env.TUNING_ONLY) {
    // while rules are being written: the test set is not even counted
    console.log(lines.join("\n"));
    printTuningMistakes(tuning);
    return;
  }
  const testResult = score(
    testSet.map((s) => ({ story: asStory(s.text), defects: s.defects })),
    BACKLOG_CRITERIA,
  );
  lines.push(...table("TEST backlogs (totals only)", testResult));
  const seededResult = score(
    seeded.map(({ defects, ...story }) => ({ story: { ...story, priority: "Medium" as const }, defects })),
    SEEDED_CRITERIA,
  );
  lines.push(...table("SEEDED from the test backlogs (totals only)", seededResult));
  const failures = [...missed(testResult), ...missed(seededResult)];
  lines.push(failures.length ? `\nTargets missed: ${failures.join("; ")}` : "\nAll targets met on the test set.");
  console.log(lines.join("\n"));
  if (process.env.STORIES) printTuningMistakes(tuning);
  expect(failures).toEqual([]);
});
