/**
 * Quality metrics for generated stories, shared by the quality test and `npm run eval:stories`. Definitions follow
 * worker/test/fixtures/transcripts/README.md ("Scoring notes").
 */
import type { GeneratedStories, UserStory } from "../../../../schema/api/transcripts";

export interface GoldRequirement {
  id: string;
  summary: string;
  keywords: string[];
  priority: string;
  evidence: string;
}

export interface GoldRejected {
  summary: string;
  keywords: string[];
  evidence: string;
}

export interface GoldFile {
  epic: string;
  requirements: GoldRequirement[];
  rejected: GoldRejected[];
  roles: string[];
}

export interface FixtureMetrics {
  name: string;
  stories: number;
  wellFormed: number;
  criteria: number;
  evidence: number;
  evidenceVerbatim: number;
  leaked: string[];
  nearDuplicates: [number, number][];
  gold: number;
  covered: string[];
  rejectedMade: string[];
  /** Stories covering at least one gold requirement (only with a gold file). */
  precise: number;
  hasGold: boolean;
}

export const WELL_FORMED = /^As an? [^,]{1,80}, I want .{3,}/;

function norm(s: string): string {
  return s
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[-_/]+/g, " ")
    .replace(/\s+/g, " ");
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// A keyword matches at a word start and may carry a common inflection ("filter" matches "filters", "filtered").
function keywordPattern(keyword: string): RegExp {
  const k = escape(norm(keyword).trim()).replace(/ /g, "\\s+");
  return new RegExp(`(?<![a-z0-9])${k}(?:s|es|ed|d|ing|er|ers|ly|ally|able)?(?![a-z0-9])`, "g");
}

export function storyText(story: UserStory): string {
  return norm([story.title, story.description, ...story.acceptanceCriteria].join(" \n "));
}

export function containsKeyword(text: string, keyword: string): boolean {
  return keywordPattern(keyword).test(norm(text));
}

export function coversRequirement(story: UserStory, req: GoldRequirement): boolean {
  const text = storyText(story);
  const hits = req.keywords.filter((k) => containsKeyword(text, k)).length;
  const needed = Math.max(Math.ceil(req.keywords.length / 2), req.keywords.length >= 2 ? 2 : 1);
  return hits >= needed;
}

const NEGATION_BEFORE =
  /(?:^|\s)(?:no|not|never|without|except|instead of|rather than|skip|skipping|drop|exclude|excluding|nor|don't|doesn't|won't|isn't|aren't|can't|cannot|avoid|not including)(?:\s|$)|n't(?:\s|$)/;
const NEGATION_AFTER = /^\s*(?:\S+\s+){0,2}?(?:is|are)?\s*(?:not|out of scope|excluded|dropped|rejected|off the table|not happening)\b/;

/** True when the keyword occurs somewhere in the text outside a negation ("TV only, no teletext" negates teletext). */
export function mentionsOutsideNegation(text: string, keyword: string): boolean {
  const t = norm(text);
  for (const clause of t.split(/[.;!?,\n]|\s(?:but|however)\s/)) {
    const re = keywordPattern(keyword);
    let m: RegExpExecArray | null;
    while ((m = re.exec(clause))) {
      const before = clause.slice(0, m.index).split(/\s+/).slice(-6).join(" ");
      const after = clause.slice(m.index + m[0].length);
      if (!NEGATION_BEFORE.test(` ${before} `) && !NEGATION_AFTER.test(after)) return true;
    }
  }
  return false;
}

export function madeRejectedStory(story: UserStory, item: GoldRejected): boolean {
  const text = storyText(story);
  const hits = item.keywords.filter((k) => mentionsOutsideNegation(text, k)).length;
  return hits >= Math.ceil((item.keywords.length * 2) / 3);
}

// Annotations and fillers that must never reach a story (the evidence quotes are verbatim and may contain them).
const LEAK_PATTERNS: RegExp[] = [
  /\{[a-z_]+\}/gi,
  /\[[^\]]*\]/g,
  /\((?:laughter|laughs|laughing|inaudible|crosstalk|coughs?|sighs?|applause|music|noise|silence|pause|unintelligible)\)/gi,
  /(?<![\w'-])(?:um+|uh+|erm|hmm+|mm+|mhm|mm-hmm|uh-huh)(?![\w'-])/gi,
  /\byou know\b/gi,
  /\b(?:vocalsound|disfmarker|nonvocalsound)\b/gi,
  /\b\d{1,2}:\d{2}:\d{2}\b/g,
  /-->/g,
  /\b[A-Za-z]_(?:[A-Za-z]_)*/g,
];

export function leakedTokens(result: GeneratedStories): string[] {
  const texts = [result.epic.title, result.epic.description, ...result.userStories.flatMap((s) => [s.title, s.description, ...s.acceptanceCriteria])];
  const found: string[] = [];
  for (const text of texts) for (const re of LEAK_PATTERNS) for (const m of text.matchAll(re)) found.push(m[0]);
  return found;
}

const STOP = new Set(
  "a an the and or but to of in on for with as at by from is are be it this that i want so as user my me we can".split(" "),
);

function wordSet(s: string): Set<string> {
  return new Set(
    norm(s)
      .replace(/[^a-z0-9 ]/g, " ")
      .split(/\s+/)
      .filter((w) => w.length > 1 && !STOP.has(w))
      .map((w) => w.replace(/(?:ing|ed|es|s)$/, "")),
  );
}

/**
 * Pairs of stories that ask for nearly the same thing: their titles plus capabilities ("I want X", without the role
 * and the "so that" clause, which many stories share) have a word Jaccard ≥ 0.5, or their titles are equal.
 */
export function nearDuplicates(stories: readonly UserStory[]): [number, number][] {
  const capability = (d: string) => d.replace(/^As an? [^,]+, I want /, "").replace(/,\s+(?:so that|because)\b.*$/, "");
  const sets = stories.map((s) => wordSet(`${s.title} ${capability(s.description)}`));
  const pairs: [number, number][] = [];
  for (let i = 0; i < stories.length; i++)
    for (let j = i + 1; j < stories.length; j++) {
      const a = sets[i]!;
      const b = sets[j]!;
      let shared = 0;
      for (const w of a) if (b.has(w)) shared++;
      const union = a.size + b.size - shared;
      if ((union && shared / union >= 0.5) || norm(stories[i]!.title) === norm(stories[j]!.title)) pairs.push([i, j]);
    }
  return pairs;
}

export function evaluate(name: string, transcript: string, result: GeneratedStories, gold?: GoldFile): FixtureMetrics {
  const stories = result.userStories;
  const evidence = stories.flatMap((s) => s.evidence ?? []);
  const covered = gold ? gold.requirements.filter((r) => stories.some((s) => coversRequirement(s, r))).map((r) => r.id) : [];
  return {
    name,
    stories: stories.length,
    wellFormed: stories.filter((s) => WELL_FORMED.test(s.description)).length,
    criteria: stories.reduce((n, s) => n + s.acceptanceCriteria.length, 0),
    evidence: evidence.length,
    evidenceVerbatim: evidence.filter((e) => e.quote.length > 0 && transcript.slice(e.start, e.end) === e.quote).length,
    leaked: leakedTokens(result),
    nearDuplicates: nearDuplicates(stories),
    gold: gold?.requirements.length ?? 0,
    covered,
    rejectedMade: gold ? gold.rejected.filter((r) => stories.some((s) => madeRejectedStory(s, r))).map((r) => r.summary) : [],
    precise: gold ? stories.filter((s) => gold.requirements.some((r) => coversRequirement(s, r))).length : 0,
    hasGold: Boolean(gold),
  };
}

export interface Totals extends FixtureMetrics {
  coveredCount: number;
}

export function total(rows: readonly FixtureMetrics[]): Totals {
  const sum = (f: (r: FixtureMetrics) => number) => rows.reduce((n, r) => n + f(r), 0);
  return {
    name: "TOTAL",
    stories: sum((r) => r.stories),
    wellFormed: sum((r) => r.wellFormed),
    criteria: sum((r) => r.criteria),
    evidence: sum((r) => r.evidence),
    evidenceVerbatim: sum((r) => r.evidenceVerbatim),
    leaked: rows.flatMap((r) => r.leaked),
    nearDuplicates: rows.flatMap((r) => r.nearDuplicates),
    gold: sum((r) => r.gold),
    covered: rows.flatMap((r) => r.covered.map((c) => `${r.name}:${c}`)),
    coveredCount: sum((r) => r.covered.length),
    rejectedMade: rows.flatMap((r) => r.rejectedMade),
    precise: sum((r) => (r.hasGold ? r.precise : 0)),
    hasGold: rows.some((r) => r.hasGold),
  };
}

/** Every target missed, as readable reasons; empty when all are met. */
export function missedTargets(t: FixtureMetrics): string[] {
  const missed: string[] = [];
  if (t.wellFormed < t.stories) missed.push(`well-formed ${t.wellFormed}/${t.stories}`);
  if (t.stories > 0 && t.criteria / t.stories < 2) missed.push("fewer than 2 criteria per story");
  if (t.evidenceVerbatim < t.evidence || t.evidence === 0) missed.push(`verbatim evidence ${t.evidenceVerbatim}/${t.evidence}`);
  if (t.leaked.length) missed.push(`leaked tokens: ${t.leaked.join(" ")}`);
  if (t.nearDuplicates.length) missed.push(`${t.nearDuplicates.length} near-duplicate pairs`);
  if (t.rejectedMade.length) missed.push(`rejected items made into stories: ${t.rejectedMade.join("; ")}`);
  if (t.gold && t.covered.length / t.gold < 0.7) missed.push(`gold coverage ${t.covered.length}/${t.gold} < 70%`);
  return missed;
}

function pct(n: number, d: number): string {
  return d ? `${Math.round((n / d) * 100)}%` : "-";
}

export function formatTable(rows: readonly FixtureMetrics[]): string {
  const head = ["fixture", "stories", "well-formed", "AC/story", "verbatim ev.", "leaked", "near-dup", "gold covered", "rejected", "precision"];
  const line = (r: FixtureMetrics) => [
    r.name,
    String(r.stories),
    pct(r.wellFormed, r.stories),
    r.stories ? (r.criteria / r.stories).toFixed(1) : "-",
    pct(r.evidenceVerbatim, r.evidence),
    String(r.leaked.length),
    String(r.nearDuplicates.length),
    r.hasGold ? `${r.covered.length}/${r.gold} (${pct(r.covered.length, r.gold)})` : "-",
    String(r.rejectedMade.length),
    r.hasGold ? pct(r.precise, r.stories) : "-",
  ];
  const t = total(rows);
  const goldStories = rows.filter((r) => r.hasGold).reduce((n, r) => n + r.stories, 0);
  const totalRow = line(t);
  totalRow[9] = pct(t.precise, goldStories);
  const body = [head, ...rows.map(line), totalRow];
  const widths = head.map((_, i) => Math.max(...body.map((r) => r[i]!.length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [fmt(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map((r) => fmt(line(r))), widths.map((w) => "-".repeat(w)).join("  "), fmt(totalRow)].join("\n");
}
