// Quality report for the story generator (`npm run eval:stories`): the embedded one, or with OPENAI_BASE_URL (and
// OPENAI_API_KEY, OPENAI_MODEL) any OpenAI-compatible server, through the quality gate as the product runs them
// (services/quality: the embedded generator's stories mended or dropped, an LLM's given one repair round), so LLM
// output is measured the day a provider is reachable. It also prints the gate's errors per criterion. It prints,
// separately, the tuning set's tables and the test set's tables (worker/test/fixtures/transcripts/split.json): form,
// gold coverage and precision, boilerplate, fragment titles, inverted asks; then criteria repeating the title, criteria
// copied from the transcript, stories made from questions, the priority spread and stories estimated at 4 hours a
// point; then the probe set's results, with the found rate per form of ask. It fails when the TEST set misses a target
// (TARGETS in worker/test/generator/quality.ts) or the probe set misses its targets; the tuning set is reported, not
// judged. STORIES=1 also prints the tuning set's stories and what each metric flagged; the test set's stories are
// never printed, only its metrics. A blind set (split.json "blind", issue 40) is reported like the test set, and where a
// fixture has a product manager's verdicts (`<fixture>.verdicts.json`, worker/test/generator/verdicts.ts) their counts
// and the gate's AUC are printed (verdicts counted on the stories shown, the gate read on the stories it was given);
// the blind set fails on issue 40's targets. EVAL_DUMP=<folder> writes the stories for a PM's reading (dumpStories).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { generateEmbedded } from "../worker/adapters/llm/local/index";
import { composeStories } from "../worker/adapters/llm/local/rules/stories";
import { formatProbeReport, missedProbeTargets, scoreProbes } from "../worker/test/generator/probes/score";
import {
  formatVerdicts,
  issue40Targets,
  judge,
  judgeListed,
  type CoverageVerdictFile,
  type ListedRow,
  type VerdictFile,
  type VerdictRow,
} from "../worker/test/generator/verdicts";
import {
  coversRequirement,
  evaluate,
  formatTable,
  missedTargets,
  total,
  type FixtureMetrics,
  type GoldFile,
} from "../worker/test/generator/quality";
import { analyse, loadLanguage, read } from "../worker/reading";
import { coverageReport } from "../worker/services/quality/coverage";
import { checkQuality } from "../worker/services/quality/index";
import { gateEmbedded, repairWithProvider } from "../worker/services/quality/repair";
import { createOpenAIGenerator } from "../worker/adapters/llm/openai";
import type { Criterion } from "../schema/api/quality";
import type { Coverage, Quality } from "../schema/api/quality-body";
import type { GeneratedStories, UserStory } from "../schema/api/transcripts";
import {
  coverageRow,
  formatCoverageTable,
  missedCoverageTargets,
  totalCoverage,
  type CoverageRow,
} from "./eval-stories-coverage";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

const root = join(import.meta.dirname, "../worker/test/fixtures/transcripts");

/** An OpenAI-compatible server when OPENAI_BASE_URL is set; the embedded generator otherwise. */
const llm = process.env.OPENAI_BASE_URL
  ? createOpenAIGenerator({
      apiKey: process.env.OPENAI_API_KEY ?? "none",
      baseURL: process.env.OPENAI_BASE_URL,
      model: process.env.OPENAI_MODEL ?? "gpt-4o-mini",
      timeoutMs: 120_000,
    })
  : null;

/** The stories the product would show for this transcript, and the gate's report on them. */
let mended = 0;
let dropped = 0;
let repaired = 0;

interface Produced {
  stories: GeneratedStories;
  quality: Quality;
  /** What the generator handed to the gate, and the gate's first report on it. */
  given: { stories: GeneratedStories; quality: Quality };
}

async function produce(transcript: string): Promise<Produced> {
  const options = { transcript, reading: read(analyse(transcript)) };
  if (!llm) {
    // as the generation service does: the epic written after the gate, from the stories it kept
    const { userStories, epicFor } = composeStories(options.reading);
    const raw = { epic: epicFor(userStories), userStories };
    const gated = gateEmbedded(raw, options, epicFor);
    mended += gated.mended;
    dropped += gated.dropped;
    return { ...gated, given: { stories: raw, quality: checkQuality(raw, options) } };
  }
  const raw = await llm.generate({ transcript });
  const first = checkQuality(raw, options);
  const result = await repairWithProvider(llm, raw, first, options);
  repaired += result.repaired;
  return { ...result, given: { stories: raw, quality: first } };
}

/**
 * With EVAL_DUMP=<folder>, the tuning and blind sets' stories are written for a product manager's reading, one file
 * per fixture: those shown, then those the gate dropped or changed; and beside them the uncovered asks the coverage
 * report lists. The test set's are never written.
 */
function dumpStories(folder: string, name: string, produced: Produced): void {
  const shownTitles = new Set(produced.stories.userStories.map((s) => s.title));
  const render = (s: UserStory) =>
    [
      `### ${s.title}`,
      s.description,
      `Priority ${s.priority}, ${s.storyPoints} points, ${s.estimatedHours} hours.`,
      ...s.acceptanceCriteria.map((c) => `- ${c}`),
      ...(s.evidence ?? []).map((e) => `> ${e.quote.replace(/\s+/g, " ")}`),
      "",
    ].join("\n");
  const dropped = produced.given.stories.userStories.filter((s) => !shownTitles.has(s.title));
  mkdirSync(folder, { recursive: true });
  // the coverage report's uncovered asks as the panel lists them (likeliest first), for a reading of how many are asks
  const uncovered = (produced.quality.coverage?.items ?? [])
    .filter((i) => i.kind === "ask" && i.coveredBy.length === 0)
    .sort((a, b) => (b.confidence ?? 0.5) - (a.confidence ?? 0.5));
  writeFileSync(
    join(folder, `${name.replace("/", "--")}.uncovered.md`),
    [
      `# ${name}: uncovered asks the coverage report lists`,
      "",
      ...uncovered.map((i, n) => `${n + 1}. ${i.speaker ? `${i.speaker}: ` : ""}${i.quote.replace(/\s+/g, " ")}`),
      "",
    ].join("\n"),
  );
  // (the same list with the quotes as they are, to key a reading of it: `<fixture>.coverage-verdicts.json`)
  writeFileSync(
    join(folder, `${name.replace("/", "--")}.uncovered.json`),
    JSON.stringify(uncovered.map((i, n) => ({ n: n + 1, quote: i.quote }))),
  );
  writeFileSync(
    join(folder, `${name.replace("/", "--")}.md`),
    [
      `# ${name}`,
      "",
      "## Stories shown",
      "",
      ...produced.stories.userStories.map(render),
      "## Stories the gate dropped or changed",
      "",
      ...dropped.map(render),
    ].join("\n"),
  );
}

/** Errors the gate still finds, per criterion, over a set's stories. */
function gateErrors(reports: Quality[]): string {
  const counts = new Map<Criterion, number>();
  let stories = 0;
  let withError = 0;
  for (const q of reports) {
    for (const s of q.stories) {
      stories++;
      const errors = s.issues.filter((i) => i.severity === "error");
      if (errors.length) withError++;
      for (const e of errors) counts.set(e.criterion, (counts.get(e.criterion) ?? 0) + 1);
    }
  }
  const list = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `${c} ${n}`)
    .join(", ");
  const repairs = llm ? `${repaired} repaired by the provider` : `${mended} mended, ${dropped} dropped`;
  mended = dropped = repaired = 0;
  return `Quality gate: ${repairs}; ${withError} of ${stories} stories still with an error${list ? ` (${list})` : ""}`;
}
/** The blind set (issue 40): meetings written after the rules were frozen, by someone who had not seen them. */
const split = JSON.parse(readFileSync(join(root, "split.json"), "utf8")) as {
  tuning: string[];
  test: string[];
  blind?: string[];
};
const sets = { tuning: split.tuning, test: split.test, blind: split.blind ?? [] };

function printStories(
  name: string,
  metrics: FixtureMetrics,
  gold: GoldFile | undefined,
  result: ReturnType<typeof generateEmbedded>,
): void {
  console.log(
    `\n=== ${name}\nEPIC: ${result.epic.title} | ${result.epic.description} | ${result.epic.priority} | ${result.epic.timeline ?? ""}`,
  );
  result.userStories.forEach((s, i) => {
    const covers = gold?.requirements.filter((r) => coversRequirement(s, r)).map((r) => r.id) ?? [];
    console.log(
      `${i + 1}. [${s.priority} ${s.storyPoints}pt ${s.estimatedHours}h] {${covers.join(",")}} ${s.title}\n   ${s.description}\n${s.acceptanceCriteria.map((c) => `   - ${c}`).join("\n")}`,
    );
  });
  if (gold)
    console.log(
      `MISSED: ${gold.requirements
        .filter((r) => !metrics.covered.includes(r.id))
        .map((r) => `${r.id} ${r.summary}`)
        .join(" || ")}`,
    );
  if (metrics.rejectedMade.length) console.log(`REJECTED MADE: ${metrics.rejectedMade.join(" | ")}`);
  if (metrics.leaked.length) console.log(`LEAKED: ${metrics.leaked.join(" ")}`);
  if (metrics.boilerplateTexts.length)
    console.log(
      `BOILERPLATE (${metrics.boilerplate} stories): ${metrics.boilerplateTexts.map((t) => `"${t}"`).join(" | ")}`,
    );
  if (metrics.fragmentTitles.length) console.log(`FRAGMENT TITLES: ${metrics.fragmentTitles.join(" | ")}`);
  if (metrics.inverted.length) console.log(`INVERTED: ${metrics.inverted.join(" | ")}`);
  if (metrics.titleEcho.length) console.log(`CRITERIA REPEATING THE TITLE: ${metrics.titleEcho.join(" | ")}`);
  if (metrics.copiedCriteria.length)
    console.log(`CRITERIA COPIED FROM THE TRANSCRIPT: ${metrics.copiedCriteria.join(" | ")}`);
  if (metrics.fromQuestions.length) console.log(`MADE FROM QUESTIONS: ${metrics.fromQuestions.join(" | ")}`);
}

function printUncovered(coverage: Coverage): void {
  const uncovered = coverage.items.filter((i) => i.coveredBy.length === 0);
  console.log(`COVERAGE: ${coverage.asks.covered}/${coverage.asks.total} asks covered; uncovered:`);
  for (const i of uncovered)
    console.log(`   [${i.kind}] ${i.speaker ? `${i.speaker}: ` : ""}${i.quote.replace(/\s+/g, " ").slice(0, 220)}`);
}

/** Median ms of `runs` calls of `f` after one warm-up. */
function median(runs: number, f: () => unknown): number {
  f();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

test("story quality: tuning set, test set and probe set", async () => {
  // Every fixture on disk is in exactly one set, and every fixture of the split is on disk.
  const onDisk = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(root, d.name))
        .filter((f) => f.endsWith(".txt"))
        .map((f) => `${d.name}/${f.replace(/\.txt$/, "")}`),
    )
    .sort();
  expect([...sets.tuning, ...sets.test, ...sets.blind].sort()).toEqual(onDisk);

  const failures: string[] = [];
  const timings: string[] = [];
  for (const set of ["tuning", "test", "blind"] as const) {
    if (sets[set].length === 0) continue;
    const rows: FixtureMetrics[] = [];
    const coverageRows: CoverageRow[] = [];
    const reports: Quality[] = [];
    const verdictRows: VerdictRow[] = [];
    const listedRead: ListedRow = { listed: 0, judged: 0, notAsks: 0 };
    for (const name of sets[set]) {
      const transcript = readFileSync(join(root, `${name}.txt`), "utf8");
      const goldPath = join(root, `${name}.gold.json`);
      const gold = existsSync(goldPath) ? (JSON.parse(readFileSync(goldPath, "utf8")) as GoldFile) : undefined;
      const started = performance.now();
      const produced = await produce(transcript);
      const { stories: result, quality } = produced;
      reports.push(quality);
      if (process.env.EVAL_DUMP && set !== "test") dumpStories(process.env.EVAL_DUMP, name, produced);
      const verdictsPath = join(root, `${name}.verdicts.json`);
      if (existsSync(verdictsPath))
        verdictRows.push(
          judge(
            name,
            result.userStories,
            { stories: produced.given.stories.userStories, quality: produced.given.quality },
            JSON.parse(readFileSync(verdictsPath, "utf8")) as VerdictFile,
          ),
        );
      // a PM's reading of the uncovered asks the report lists, where there is one (worker/test/generator/verdicts.ts)
      const listedPath = join(root, `${name}.coverage-verdicts.json`);
      if (existsSync(listedPath)) {
        const quotes = (quality.coverage?.items ?? [])
          .filter((i) => i.kind === "ask" && i.coveredBy.length === 0)
          .map((i) => i.quote);
        const read = judgeListed(quotes, JSON.parse(readFileSync(listedPath, "utf8")) as CoverageVerdictFile);
        listedRead.listed += read.listed;
        listedRead.judged += read.judged;
        listedRead.notAsks += read.notAsks;
      }
      timings.push(`${name}: ${transcript.length} chars in ${(performance.now() - started).toFixed(1)} ms`);
      const metrics = evaluate(name, transcript, result, gold);
      rows.push(metrics);
      const coverage = coverageReport(transcript, result);
      coverageRows.push(coverageRow(name, transcript, result, coverage, gold));
      if (set === "tuning" && process.env.STORIES) {
        printStories(name, metrics, gold, result);
        printUncovered(coverage);
      }
    }
    const missed = missedTargets(total(rows));
    console.log(
      `\n${set.toUpperCase()} SET (${set === "tuning" ? "rules may be written reading these; reported, not judged" : "what the targets count; stories never printed"})`,
    );
    console.log(formatTable(rows, `TOTAL ${set}`));
    console.log(missed.length ? `${set} set targets missed: ${missed.join("; ")}` : `${set} set: all targets met.`);
    console.log(gateErrors(reports));
    if (set === "test") failures.push(...missed.map((m) => `test set: ${m}`));
    // the coverage report over the same stories (issue 27): missed gold listed, uncovered items per 1,000 words, asks
    const coverageMissed = missedCoverageTargets(totalCoverage(coverageRows, set));
    console.log(
      `\nCoverage report, ${set} set (missed gold listed: of the gold requirements no story covers, those an uncovered item of the report matches, scripts/eval-stories-coverage.ts; filed away: listed only as rejected or postponed)`,
    );
    console.log(formatCoverageTable(coverageRows, `TOTAL ${set}`));
    console.log(
      coverageMissed.length
        ? `${set} set coverage targets missed: ${coverageMissed.join("; ")}`
        : `${set} set: coverage targets met.`,
    );
    if (set === "test") failures.push(...coverageMissed.map((m) => `test set: ${m}`));
    // issue 40's other targets (worker/test/generator/verdicts.ts), judged on the blind set
    const totals = total(rows);
    const coverageTotal = totalCoverage(coverageRows, set);
    const issue40 = issue40Targets({
      carried: totals.coveredCount,
      gold: totals.gold,
      listed: coverageTotal.listed,
      missed: coverageTotal.missed,
      rejectedMade: totals.rejectedMade.length,
      fromQuestions: totals.fromQuestions.length,
      garbled: totals.fragmentTitles.length,
      listedRead,
    });
    console.log(`\nIssue 40's figures, ${set} set: ${issue40.line}`);
    if (set === "blind") failures.push(...issue40.missed.map((m) => `blind set: ${m}`));
    // a product manager's reading of the same stories, where there is one (worker/test/generator/verdicts.ts)
    if (verdictRows.length) {
      const { table, missed: verdictMissed } = formatVerdicts(verdictRows, `TOTAL ${set}`);
      console.log(`\nA product manager's verdicts, ${set} set (stories matched by title; the gate's score and errors)`);
      console.log(table);
      console.log(
        verdictMissed.length
          ? `${set} set PM targets missed: ${verdictMissed.join("; ")}`
          : `${set} set: PM targets met.`,
      );
      if (set === "blind") failures.push(...verdictMissed.map((m) => `blind set: ${m}`));
    }
  }

  // The coverage report's speed: a 50,000-character transcript (the tuning fixtures joined) and 30 stories, alone and
  // with the language layer's reading passed in (as the embedded generator can); plain Node here, workerd in `npm run bench`.
  {
    const texts = split.tuning.map((name) => readFileSync(join(root, `${name}.txt`), "utf8"));
    const transcript = texts.join("\n\n").slice(0, 50_000);
    const stories = generateEmbedded(transcript);
    for (const text of texts) {
      if (stories.userStories.length >= 30) break;
      stories.userStories.push(...generateEmbedded(text).userStories.slice(0, 30 - stories.userStories.length));
    }
    const reading = read(analyse(transcript));
    const analysing = median(5, () => analyse(transcript));
    const alone = median(5, () => coverageReport(transcript, stories));
    const given = median(5, () => coverageReport(transcript, stories, reading));
    console.log(
      `\nCoverage report on ${transcript.length.toLocaleString("en-GB")} characters and ${stories.userStories.length} stories (median of 5, Node): ${alone.toFixed(1)} ms; ${given.toFixed(1)} ms with the reading given (the analysis alone: ${analysing.toFixed(1)} ms)`,
    );
  }

  // the probes are one-sentence asks for the embedded generator's rules
  const probes = scoreProbes((transcript) => gateEmbedded(generateEmbedded(transcript), { transcript }).stories);
  console.log(`\n${formatProbeReport(probes)}`);
  const probeMissed = missedProbeTargets(probes);
  console.log(probeMissed.length ? `Probe targets missed: ${probeMissed.join("; ")}` : "Probe set: all targets met.");
  failures.push(...probeMissed);

  console.log(`\n${timings.join("\n")}`);
  console.log(failures.length ? `\nFAILED: ${failures.join("; ")}` : "\nAll targets met (test set and probe set).");
  expect(failures).toEqual([]);
});
