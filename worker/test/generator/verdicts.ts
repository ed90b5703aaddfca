/**
 * A product manager's reading of generated stories (issue 40), and what it says of the quality gate: how many stories
 * a PM keeps, edits lightly, rewrites or discards, and whether the gate's score and errors tell the discards from the
 * keepers. A verdict file (`<fixture>.verdicts.json`, beside the transcript) is a PM's reading of the stories one
 * commit generated; stories are matched by title, so a story the rules have since changed has no verdict and is
 * counted as unjudged.
 *
 * The rubric (issue 40): keep, it goes into the backlog unchanged; light edit, the ask and scope are there, a minute's
 * fix; rewrite, a real ask the text does not state; discard, not a backlog item. Criteria copied from the meeting keep a
 * story out of keep.
 */
import type { Quality } from "../../../schema/api/quality-body";
import type { UserStory } from "../../../schema/api/transcripts";

export const VERDICTS = ["keep", "light edit", "rewrite", "discard"] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface VerdictFile {
  /** Who read the stories (a person, or a helper given only the rubric), and the commit that generated them. */
  reader: string;
  commit: string;
  stories: { title: string; verdict: Verdict; reason?: string }[];
}

/** Issue 40's targets on the blind set. */
export const VERDICT_TARGETS = {
  /** Of the gold requirements, the share some story carries; of those none carries, the share the report lists. */
  carried: 0.45,
  missedListed: 0.7,
  /** Of the uncovered asks the coverage report lists, the share a PM reads as no ask at most. */
  listedNotAsks: 0.3,
  discard: 0.15,
  keepOrLight: 0.7,
  auc: 0.8,
  discardsWithError: 0.6,
  lightWithError: 0.1,
} as const;

/**
 * The probability that a random `higher` score is above a random `lower` one, ties counting half (the area under the
 * ROC curve, Mann–Whitney). Sorted once, so it is O(n log n) in the scores; null when either side is empty.
 */
export function auc(higher: readonly number[], lower: readonly number[]): number | null {
  if (higher.length === 0 || lower.length === 0) return null;
  const all = [...higher.map((s) => ({ s, high: true })), ...lower.map((s) => ({ s, high: false }))].sort(
    (a, b) => a.s - b.s,
  );
  // rank sum of the `higher` side, tied scores sharing their average rank
  let rankSum = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]!.s === all[i]!.s) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (all[k]!.high) rankSum += rank;
    i = j;
  }
  const n = higher.length;
  return (rankSum - (n * (n + 1)) / 2) / (n * lower.length);
}

export interface VerdictRow {
  name: string;
  stories: number;
  counts: Record<Verdict, number>;
  unjudged: number;
  /** Gate scores of keep + light edit stories, and of discards. */
  goodScores: number[];
  discardScores: number[];
  discardsWithError: number;
  lightWithError: number;
  /** Light edits among the stories the gate was given (the denominator of `lightWithError`). */
  lightGated: number;
}

/**
 * One fixture's stories against a PM's verdicts. The counts are of the stories a person is shown (`shown`, after the
 * gate); the gate's score and errors are read on the stories it was given (`gated`, before it mended or dropped any),
 * since a gate that drops its errors leaves none on what it shows.
 */
export function judge(
  name: string,
  shown: readonly UserStory[],
  gated: { stories: readonly UserStory[]; quality: Quality },
  file: VerdictFile,
): VerdictRow {
  const byTitle = new Map(file.stories.map((s) => [s.title.trim().toLowerCase(), s.verdict]));
  const row: VerdictRow = {
    name,
    stories: shown.length,
    counts: { keep: 0, "light edit": 0, rewrite: 0, discard: 0 },
    unjudged: 0,
    goodScores: [],
    discardScores: [],
    discardsWithError: 0,
    lightWithError: 0,
    lightGated: 0,
  };
  for (const story of shown) {
    const verdict = byTitle.get(story.title.trim().toLowerCase());
    if (verdict) row.counts[verdict]++;
    else row.unjudged++;
  }
  gated.stories.forEach((story, i) => {
    const verdict = byTitle.get(story.title.trim().toLowerCase());
    if (!verdict) return;
    const report = gated.quality.stories.find((s) => s.index === i);
    const score = report?.score ?? 100;
    const hasError = report?.issues.some((x) => x.severity === "error") ?? false;
    if (verdict === "discard") {
      row.discardScores.push(score);
      if (hasError) row.discardsWithError++;
    } else if (verdict === "keep" || verdict === "light edit") row.goodScores.push(score);
    if (verdict === "light edit") {
      row.lightGated++;
      if (hasError) row.lightWithError++;
    }
  });
  return row;
}

const pct = (n: number, d: number) => (d === 0 ? "-" : `${Math.round((100 * n) / d)}%`);

/** The PM's counts per fixture and in total, the gate's AUC and error shares, and the targets missed. */
export function formatVerdicts(rows: readonly VerdictRow[], label: string): { table: string; missed: string[] } {
  const total = rows.reduce(
    (t, r) => {
      for (const v of VERDICTS) t.counts[v] += r.counts[v];
      t.stories += r.stories;
      t.unjudged += r.unjudged;
      t.goodScores.push(...r.goodScores);
      t.discardScores.push(...r.discardScores);
      t.discardsWithError += r.discardsWithError;
      t.lightWithError += r.lightWithError;
      t.lightGated += r.lightGated;
      return t;
    },
    {
      name: label,
      stories: 0,
      counts: { keep: 0, "light edit": 0, rewrite: 0, discard: 0 },
      unjudged: 0,
      goodScores: [] as number[],
      discardScores: [] as number[],
      discardsWithError: 0,
      lightWithError: 0,
      lightGated: 0,
    } satisfies VerdictRow,
  );
  const line = (r: VerdictRow) => {
    const judged = r.stories - r.unjudged;
    const a = auc(r.goodScores, r.discardScores);
    return [
      r.name.padEnd(44),
      String(r.stories).padStart(7),
      String(r.unjudged).padStart(8),
      ...VERDICTS.map((v) => `${r.counts[v]} (${pct(r.counts[v], judged)})`.padStart(11)),
      (a === null ? "-" : a.toFixed(2)).padStart(8),
      `${r.discardsWithError}/${r.discardScores.length}`.padStart(13),
      `${r.lightWithError}/${r.lightGated}`.padStart(12),
    ].join("  ");
  };
  const header = [
    "fixture".padEnd(44),
    "stories".padStart(7),
    "unjudged".padStart(8),
    ...VERDICTS.map((v) => v.padStart(11)),
    "gate AUC".padStart(8),
    "discard+err".padStart(13),
    "light+err".padStart(12),
  ].join("  ");
  const judged = total.stories - total.unjudged;
  const missed: string[] = [];
  const a = auc(total.goodScores, total.discardScores);
  if (judged > 0) {
    if (total.counts.discard / judged > VERDICT_TARGETS.discard)
      missed.push(`discarded ${pct(total.counts.discard, judged)} > ${VERDICT_TARGETS.discard * 100}%`);
    if ((total.counts.keep + total.counts["light edit"]) / judged < VERDICT_TARGETS.keepOrLight)
      missed.push(
        `keep + light edit ${pct(total.counts.keep + total.counts["light edit"], judged)} < ${VERDICT_TARGETS.keepOrLight * 100}%`,
      );
    if (a === null || a < VERDICT_TARGETS.auc) missed.push(`gate AUC ${a === null ? "-" : a.toFixed(2)} < 0.8`);
    const gatedDiscards = total.discardScores.length;
    if (gatedDiscards > 0 && total.discardsWithError / gatedDiscards < VERDICT_TARGETS.discardsWithError)
      missed.push(`discards with an error ${pct(total.discardsWithError, gatedDiscards)} < 60%`);
    if (total.lightGated > 0 && total.lightWithError / total.lightGated > VERDICT_TARGETS.lightWithError)
      missed.push(`light edits with an error ${pct(total.lightWithError, total.lightGated)} > 10%`);
  }
  return { table: [header, ...rows.map(line), line(total)].join("\n"), missed };
}

/**
 * A PM's reading of the uncovered asks a coverage report listed (`<fixture>.coverage-verdicts.json`): each listed quote
 * is an ask or not. Matched by quote, so a list the rules have since changed counts its new quotes as unjudged.
 */
export interface CoverageVerdictFile {
  reader: string;
  commit: string;
  items: { quote: string; verdict: "ask" | "not an ask"; why?: string }[];
}

export interface ListedRow {
  listed: number;
  judged: number;
  notAsks: number;
}

/** How many of the quotes listed as uncovered asks a PM read, and how many of those are no ask. */
export function judgeListed(quotes: readonly string[], file: CoverageVerdictFile): ListedRow {
  const norm = (q: string) => q.replace(/\s+/g, " ").trim();
  const byQuote = new Map(file.items.map((i) => [norm(i.quote), i.verdict]));
  const row: ListedRow = { listed: quotes.length, judged: 0, notAsks: 0 };
  for (const q of quotes) {
    const verdict = byQuote.get(norm(q));
    if (!verdict) continue;
    row.judged++;
    if (verdict === "not an ask") row.notAsks++;
  }
  return row;
}

/** The figures issue 40 sets targets on besides the verdicts, and the targets missed. */
export function issue40Targets(t: {
  carried: number;
  gold: number;
  listed: number;
  missed: number;
  rejectedMade: number;
  fromQuestions: number;
  garbled: number;
  listedRead: ListedRow;
}): { line: string; missed: string[] } {
  const share = (n: number, d: number) => `${n}/${d} (${pct(n, d)})`;
  const out: string[] = [];
  if (t.gold && t.carried / t.gold < VERDICT_TARGETS.carried)
    out.push(`requirements carried ${share(t.carried, t.gold)} < ${VERDICT_TARGETS.carried * 100}%`);
  if (t.missed && t.listed / t.missed < VERDICT_TARGETS.missedListed)
    out.push(`missed requirements listed ${share(t.listed, t.missed)} < ${VERDICT_TARGETS.missedListed * 100}%`);
  if (t.rejectedMade > 0) out.push(`${t.rejectedMade} stories for turned-down items`);
  if (t.fromQuestions > 0) out.push(`${t.fromQuestions} stories from questions`);
  if (t.garbled > 0) out.push(`${t.garbled} garbled titles`);
  const { judged, notAsks } = t.listedRead;
  if (judged > 0 && notAsks / judged > VERDICT_TARGETS.listedNotAsks)
    out.push(
      `listed uncovered asks that are no ask ${share(notAsks, judged)} > ${VERDICT_TARGETS.listedNotAsks * 100}%`,
    );
  const line = [
    `requirements carried ${share(t.carried, t.gold)}`,
    `missed requirements listed ${share(t.listed, t.missed)}`,
    `stories for turned-down items ${t.rejectedMade}`,
    `from questions ${t.fromQuestions}`,
    `garbled titles ${t.garbled}`,
    `listed uncovered asks a PM read ${judged} of ${t.listedRead.listed}, no ask ${judged ? share(notAsks, judged) : "-"}`,
  ].join("; ");
  return { line, missed: out };
}
