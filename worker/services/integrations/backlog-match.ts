/**
 * Which open items of a tracker already ask for what a story asks (issue 41, "review before export"). Each text is
 * read by the language layer (worker/reading: content words as stems, frame verbs and stop words left out), a small
 * table of general product words folds words that name the same thing ("download" and "export"), and a story is
 * compared with an item by the cosine of their weighted words, each word weighed by how rare it is in the backlog.
 *
 * Linear in the input: MiniSearch (an inverted index) proposes a few candidates per story, and only those are
 * scored; no story is compared with every item.
 */
import MiniSearch from "minisearch";
import type { UserStory } from "../../../schema/api/transcripts";
import type { BacklogItem } from "../../adapters/tracker";
import { keyOf, loadLanguage, type Token } from "../../reading";
import { meansTokens, storyParts, titleTokens, tokensOf } from "../quality/story-text";

export interface BacklogMatch {
  item: BacklogItem;
  /** 0-1: the cosine of the two texts' weighted words. */
  score: number;
  /** The words the two share, most telling first, as the story writes them: why it matched. */
  shared: string[];
}

/** One story's matches, and the one to act on by default. */
export interface MatchResult {
  matches: BacklogMatch[];
  suggested: BacklogMatch | null;
}

/** A match at least this close is suggested (Link to); below it the story is created. Tuned on the tuning set only. */
export const SUGGEST_AT = 0.5;
/** Matches shown to the person, closest first, including ones below SUGGEST_AT (they may still choose one). */
export const SHOW_AT = 0.15;
const CANDIDATES = 5;
const SHOWN = 3;

/**
 * Words that name one thing in product work, folded to the group's first word. General vocabulary of software
 * products, written before any labelled backlog was read; never a phrase of one.
 */
const SAME_THING = [
  "export download",
  "import upload",
  "notify notification alert remind reminder",
  "email mail",
  "delete remove erase purge",
  "search lookup",
  "spreadsheet csv excel xlsx",
  "pay payment charge",
  "cancel cancellation",
  "book booking reserve reservation",
  "customer client",
  "photo picture image",
  "phone mobile smartphone",
  "slow speed performance latency fast",
  "translate translation localize localise localization localisation",
  "edit modify amend",
  "analytics statistics stats metric",
  "permission access",
  "attach attachment",
  "copy clone duplicate",
  "audit history",
  "comment note remark",
  "tag label",
  "invoice receipt bill",
  "refund reimburse reimbursement",
  "subscribe subscription",
  "signup register registration onboard onboarding",
  "bulk batch",
  "accessibility accessible",
  "crash freeze",
];

let folded: Map<string, string> | null = null;
function foldOf(key: string): string {
  if (!folded) {
    folded = new Map();
    for (const group of SAME_THING) {
      const [head, ...rest] = group.split(" ").map(keyWord);
      for (const word of rest) folded.set(word!, head!);
    }
  }
  return folded.get(key) ?? key;
}

/** A single word's key the way keyOf makes it from a token (lower case, derivational ending off). */
function keyWord(word: string): string {
  const token = tokensOf(word)[0];
  return (token && keyOf(token)) ?? word.toLowerCase();
}

type Weights = Map<string, number>;

/** Adds each content word of `tokens` with `weight`; remembers the first spelling of each key for `shared`. */
function addWords(into: Weights, tokens: readonly Token[], weight: number, spelling?: Map<string, string>) {
  for (const token of tokens) {
    const raw = keyOf(token);
    if (!raw || raw.length < 2) continue;
    const key = foldOf(raw);
    into.set(key, (into.get(key) ?? 0) + weight);
    if (spelling && !spelling.has(key)) spelling.set(key, token.text.toLowerCase());
  }
}

/**
 * What a story asks: every word of its title, description and criteria, the title's and the means' ("I want …")
 * counted again. More of the story's own words find more items written in other words (measured on the tuning set).
 */
function storyWords(story: UserStory, spelling: Map<string, string>): Weights {
  const words: Weights = new Map();
  addWords(words, titleTokens(story.title), 2, spelling);
  addWords(words, meansTokens(story.description, storyParts(story.description)), 1, spelling);
  addWords(words, tokensOf(story.description), 1, spelling);
  for (const criterion of story.acceptanceCriteria) addWords(words, tokensOf(criterion), 1, spelling);
  return words;
}

/** An item: its title twice, its description one and a half times (most items say little more than a title). */
function itemWords(item: BacklogItem): Weights {
  const words: Weights = new Map();
  addWords(words, titleTokens(item.title), 2);
  if (item.description) addWords(words, tokensOf(item.description.slice(0, 2000)), 1.5);
  return words;
}

function cosine(a: Weights, b: Weights, idf: (key: string) => number): { score: number; shared: string[] } {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  const shared: Array<[string, number]> = [];
  for (const [key, wa] of a) {
    const weighed = wa * idf(key);
    normA += weighed * weighed;
    const wb = b.get(key);
    if (wb !== undefined) {
      const part = weighed * wb * idf(key);
      dot += part;
      shared.push([key, part]);
    }
  }
  for (const [key, wb] of b) normB += (wb * idf(key)) ** 2;
  const score = normA && normB ? dot / Math.sqrt(normA * normB) : 0;
  return { score, shared: shared.sort((x, y) => y[1] - x[1]).map(([key]) => key) };
}

/**
 * For each story, the backlog items that may already ask for it, closest first (at most three, none below
 * SHOW_AT). `suggested` is the closest when it reaches SUGGEST_AT.
 */
export async function matchBacklog(
  stories: readonly UserStory[],
  backlog: readonly BacklogItem[],
): Promise<MatchResult[]> {
  await loadLanguage(); // the language layer is imported on first use (worker/reading/analyse.ts)
  const items = backlog.map((item, id) => ({ id, item, words: itemWords(item) }));
  // How many items use each word: a word most of the backlog uses tells little.
  const used = new Map<string, number>();
  for (const { words } of items) for (const key of words.keys()) used.set(key, (used.get(key) ?? 0) + 1);
  const idf = (key: string) => Math.log(1 + (items.length + 1) / ((used.get(key) ?? 0) + 1));

  const index = new MiniSearch<{ id: number; keys: string }>({
    fields: ["keys"],
    tokenize: (text) => text.split(" "),
    processTerm: (term) => term || null,
  });
  index.addAll(items.map(({ id, words }) => ({ id, keys: [...words.keys()].join(" ") })));

  return stories.map((story) => {
    const spelling = new Map<string, string>();
    const words = storyWords(story, spelling);
    const hits = words.size ? index.search([...words.keys()].join(" "), { combineWith: "OR" }) : [];
    const matches = hits
      .slice(0, CANDIDATES)
      .map((hit): BacklogMatch => {
        const { item, words: theirs } = items[hit.id as number]!;
        const { score, shared } = cosine(words, theirs, idf);
        return { item, score: Math.round(score * 1000) / 1000, shared: shared.map((k) => spelling.get(k) ?? k) };
      })
      .filter((m) => m.score >= SHOW_AT)
      .sort((a, b) => b.score - a.score)
      .slice(0, SHOWN);
    const best = matches[0];
    return { matches, suggested: best && best.score >= SUGGEST_AT ? best : null };
  });
}
