/**
 * The quality gate (issue 27): every story checked and every ask of the meeting accounted for, whoever wrote the
 * stories (the embedded generator, OpenAI, Workers AI, or a person in the editor). The contract is
 * schema/api/quality.ts; the checks are ./stories (one story), ./set (the stories together) and ./coverage (the
 * transcript's asks, decisions, questions, risks, actions, and what it rejected or put off).
 */
import type {
  Coverage,
  CoverageItem,
  Quality,
  SetIssue,
  StoryIssue,
  StoryQuality,
} from "../../../schema/api/quality-body";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { itemsIn, itemsOf, loadLanguage, MAX_REFUSALS, stem, type Item, type Reading } from "../../reading";
import { coverageReport } from "./coverage";
import { checkSet } from "./set";
import { checkStory } from "./stories";
import { contentLemmas, overlap, quoteOf, wordsOf } from "./story-text";

/** What one error and one warning take off a story's 100. */
const PENALTY = { error: 25, warning: 8 } as const;

export function scoreOf(issues: readonly StoryIssue[]): number {
  return Math.max(0, 100 - issues.reduce((sum, i) => sum + PENALTY[i.severity], 0));
}

// (at most MAX_REFUSALS distinct refusals are held against the stories: ../../reading/items.ts)
export { MAX_REFUSALS } from "../../reading";

/** A rejected or put-off item of the meeting that no later ask brings back: its content words, read once per check. */
interface Refusal {
  item: CoverageItem;
  words: ReadonlySet<string>;
  /** The words are the refusal's scope (what exactly it turned down), not all the words of its sentence. */
  scoped: boolean;
  /** Where the item and its repeats (the same words turned down again) are, in transcript order. */
  spans: [number, number][];
}

/**
 * A text carries every word of a refusal's scope, a word of the text standing for one of the scope when either begins
 * with the other ("pay" for "payment", "fine" for "fines"; three letters at least).
 */
function carriesScope(scope: ReadonlySet<string>, words: ReadonlySet<string>): boolean {
  for (const w of scope) {
    if (words.has(w)) continue;
    let found = false;
    for (const v of words) {
      const [short, long] = v.length <= w.length ? [v, w] : [w, v];
      if (short.length >= 3 && long.startsWith(short)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/** A text carries an item's words: at least two of them, and 60% of the item's. */
function sharesMost(itemWords: ReadonlySet<string>, words: ReadonlySet<string>): number {
  const shared = overlap(itemWords, words);
  return shared >= 2 && shared >= itemWords.size * 0.6 ? shared : 0;
}

/**
 * The meeting's refusals, each read once: repeats of the same words are one refusal (the latest decides whether it
 * was asked for again after), the first MAX_REFUSALS distinct ones are kept, and "asked again" (an ask later in the
 * meeting carrying most of its words) is decided once per refusal, each ask's words also read once.
 */
function refusalsOf(coverage: Coverage, scopes: ReadonlyMap<number, readonly string[]>): Refusal[] {
  const byWords = new Map<string, Refusal>();
  for (const item of coverage.items) {
    if (item.kind !== "rejected" && item.kind !== "postponed") continue;
    // what exactly was turned down, when the reading names it ("we decided not to take fine payments in the app":
    // fine payments), else every content word of the sentence
    const scope = scopes.get(item.start);
    const scoped = scope !== undefined && scope.length >= 2;
    const words = scoped ? new Set(scope) : contentLemmas(wordsOf(item.quote));
    // a story must share two of its words, so an item of fewer can never be matched
    if (words.size < 2) continue;
    const key = `${item.kind} ${[...words].sort().join(" ")}`;
    const seen = byWords.get(key);
    if (seen) {
      seen.item = item;
      seen.spans.push([item.start, item.end]);
    } else if (byWords.size < MAX_REFUSALS) byWords.set(key, { item, words, scoped, spans: [[item.start, item.end]] });
  }
  if (byWords.size === 0) return [];
  const asks = coverage.items
    .filter((a) => a.kind === "ask")
    .map((a) => ({ start: a.start, words: contentLemmas(wordsOf(a.quote)) }));
  return [...byWords.values()].filter(
    (r) => !asks.some((a) => a.start > r.item.end && sharesMost(r.words, a.words) > 0),
  );
}

/** Whether a span [start, end) overlaps one of `spans` (sorted, not overlapping each other): a binary search. */
function overlapsAny(spans: readonly [number, number][], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]![1] <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < spans.length && spans[lo]![0] < end;
}

/**
 * A story asking for what the meeting rejected or put off (and did not ask for again later): the refusal's content
 * words are nearly all in the story (at least two, and 60% of the refusal's). An error when the story's own evidence
 * is the refusing sentence, or when the story's ask came before the refusal and the story carries every word of it
 * (the meeting turned the ask down after it was made: issue 40, a refusal seen once is seen by every story; every word,
 * because most words of "no gift card sales at the till" are also in a story about scanning gift cards at the
 * till); a warning otherwise (the words may be shared by chance).
 */
function checkRejected(story: UserStory, refusals: readonly Refusal[]): StoryIssue[] {
  if (refusals.length === 0) return [];
  const words = contentLemmas(wordsOf(`${story.title} ${story.description}`));
  const refusal = refusals.find((r) => (r.scoped ? carriesScope(r.words, words) : sharesMost(r.words, words) > 0));
  if (!refusal) return [];
  const { item } = refusal;
  const last = refusal.spans[refusal.spans.length - 1]!;
  // (word forms compared by stem: "editing" refused is "edit" asked)
  const stems = new Set([...words].map(stem));
  const whole = refusal.scoped || [...refusal.words].every((w) => stems.has(stem(w)));
  const fromIt =
    story.evidence?.some(
      (e) => overlapsAny(refusal.spans, e.start, e.end) || (whole && e.end > e.start && e.end <= last[0]),
    ) ?? false;
  const quote = quoteOf(item.quote);
  const who = item.speaker ? ` (${item.speaker}).` : stop(quote);
  const what = item.kind === "rejected" ? "decided against this" : "put this off for later";
  return [
    {
      criterion: "rejected",
      severity: fromIt ? "error" : "warning",
      message: `The meeting ${what}: “${quote}”${who} Remove the story, or check whether it was asked for again later.`,
      field: "description",
    },
  ];
}

/** The full stop after a quote that closes a sentence, unless the quote ends on one ("… by Friday." needs none). */
function stop(quote: string): string {
  return /[.!?…]$/.test(quote) ? "" : ".";
}

/** How many evidence quotes of a story, and items under each, the `asked` check reads. */
const QUOTED_ITEMS = 20;

/** The story's evidence quotes that stand where their offsets say, as ranges of the transcript. */
function evidenceRanges(story: UserStory, transcript: string): [number, number][] {
  return (story.evidence ?? [])
    .filter((e) => e.end > e.start && transcript.slice(e.start, e.end) === e.quote)
    .map((e) => [e.start, e.end]);
}

/**
 * Whether the story was asked for (issue 40): what its evidence quotes is, in the meeting's reading, an ask or a
 * decision. An error when all it quotes is a question the room did not take up, or a task for someone present ("Omar
 * to send …", "could you check …?"): a product manager throws such stories away. A warning when the quotes are none of
 * the meeting's items (talk around an ask, a story of what happened): an LLM may quote the problem an ask solves.
 * Refusals are checkRejected's. Each quote is looked up by binary search over the items, so the check is linear in
 * the number of stories.
 */
function checkAsked(story: UserStory, transcript: string, items: readonly Item[]): StoryIssue[] {
  const ranges = evidenceRanges(story, transcript);
  if (ranges.length === 0) return [];
  // (a quote is a sentence or two: past QUOTED_ITEMS items it is not read further, so a story quoting the whole
  // meeting costs no more than one quoting a sentence)
  const found = ranges.slice(0, QUOTED_ITEMS).flatMap(([start, end]) => itemsIn(items, start, end, QUOTED_ITEMS));
  if (found.some((x) => x.kind === "ask" || x.kind === "decision" || x.kind === "rejected" || x.kind === "postponed"))
    return [];
  const task = found.find((x) => x.kind === "action");
  const question = found.find((x) => x.kind === "question");
  if (task || question) {
    const item = (task ?? question)!;
    const quote = quoteOf(transcript.slice(item.start, item.end));
    return [
      {
        criterion: "asked",
        severity: "error",
        message: task
          ? `The evidence is a task for someone in the meeting, not something the product should do: “${quote}”${stop(quote)} Remove the story, or quote where the meeting asked for what the story describes.`
          : `The evidence is a question the meeting did not settle: “${quote}”${stop(quote)} Remove the story, or quote where the meeting agreed on it.`,
        field: "evidence",
      },
    ];
  }
  return [
    {
      criterion: "asked",
      severity: "warning",
      message:
        "The evidence does not show the meeting asking for this or deciding on it: check that it was asked for, and quote where.",
      field: "evidence",
    },
  ];
}

export interface CheckOptions {
  transcript?: string;
  /** The transcript already read (a repair checks the same transcript two or three times; the embedded generator's
   * reading is the gate's). */
  reading?: Reading;
}

export function checkQuality(stories: GeneratedStories, options: CheckOptions = {}): Quality {
  const { transcript } = options;
  const coverage =
    transcript !== undefined && transcript.trim() !== "" ? coverageReport(transcript, stories, options.reading) : null;
  const items = coverage && transcript ? itemsOf(transcript, options.reading) : [];
  const scopes = new Map(items.filter((x) => x.scope).map((x) => [x.start, x.scope!]));
  const refusals = coverage ? refusalsOf(coverage, scopes) : [];
  const set = checkSet(stories.userStories);
  const repeats = repeatedAsks(set, stories.userStories);
  const perStory: StoryQuality[] = stories.userStories.map((story, index) => {
    const issues = checkStory(story, transcript);
    issues.push(...checkRejected(story, refusals));
    if (transcript && items.length) issues.push(...checkAsked(story, transcript, items));
    const first = repeats.get(index);
    if (first !== undefined)
      issues.push({
        criterion: "unique",
        severity: "error",
        message: `Story ${index + 1} asks for the same thing as story ${first + 1}: merge it into story ${first + 1}, or say how the two differ.`,
        field: "title",
      });
    return { index, score: scoreOf(issues), issues };
  });
  return { stories: perStory, set, coverage };
}

/**
 * Each story that repeats another's ask (the set's `unique` issues), with the story it repeats: of the two, the one
 * whose title says less (fewer words; the later one on a tie) carries the error, so its score says what a product
 * manager does with it (issue 40: duplicates were 17 of 81 stories thrown away, and the gate passed them), and the
 * other keeps its score.
 */
function repeatedAsks(set: readonly SetIssue[], stories: readonly UserStory[]): Map<number, number> {
  const words = (i: number) => stories[i]!.title.trim().split(/\s+/).length;
  const out = new Map<number, number>();
  for (const issue of set) {
    if (issue.criterion !== "unique" || issue.stories.length !== 2) continue;
    const [a, b] = issue.stories as [number, number];
    const [kept, repeat] = words(b) > words(a) ? [b, a] : [a, b];
    if (!out.has(repeat) && !out.has(kept)) out.set(repeat, kept);
  }
  return out;
}

/** How many errors the gate finds, per story position: what repair rounds act on. */
export function storiesWithErrors(quality: Quality): number[] {
  return quality.stories.filter((s) => s.issues.some((i) => i.severity === "error")).map((s) => s.index);
}

/**
 * The version of the rules a stored report was made with. Raise it when a check or its messages change (a stored
 * report holds its messages' words): stored reports of another version are recomputed on read (not written back: a
 * read does not write). 9: the messages in plain words (issue 43, item 6).
 */
export const GATE_VERSION = 9;

export interface StoredQuality {
  gate: number;
  report: Quality;
}

export function toStored(report: Quality): StoredQuality {
  return { gate: GATE_VERSION, report };
}

/**
 * The report of the current stories: the stored one when it is of this gate's version, else checked now (the only
 * case that needs the language layer, loaded on first use).
 */
export async function currentQuality(
  stored: unknown,
  stories: GeneratedStories | null,
  transcript: string,
): Promise<Quality | null> {
  if (!stories) return null;
  const saved = stored as StoredQuality | null;
  if (saved && saved.gate === GATE_VERSION && saved.report.stories.length === stories.userStories.length)
    return saved.report;
  await loadLanguage();
  return checkQuality(stories, { transcript });
}
