/**
 * What the quality checks read of a story (issue 27): its description split at the template's indicators (as AQUSA
 * does: "As a" opens the role, "I want" and its kin open the means, "so that" opens the end) and the words of each
 * part from the language layer (worker/reading), so rules speak of word classes and lemmas,
 * never of any story's wording.
 */
import { analyse, FRAME_LEMMAS, nounLemma, type Token } from "../../reading";

export interface StoryParts {
  /** The role phrase after "As a/an/the", or null when the description does not open with one. */
  role: string | null;
  /** The capability after "I want (to)", "I can", "I need"…, or null. */
  means: string | null;
  /** The benefit after "so that" / "in order to", or null. */
  end: string | null;
  /** The description after the story's first sentence (extra content), trimmed; "" when there is none. */
  rest: string;
  /** Which of the template's parts the description has: "role-means-end", "role-means", or "other". */
  template: "role-means-end" | "role-means" | "other";
  /** Where the means is in the description, [start, end), or null. */
  meansAt: [number, number] | null;
}

const ROLE = /^\s*as\s+(?:an?|the|one of the)?\s*([^,]{1,120}?)\s*,?\s+(?=(?:i|we)\b)/i;
const MEANS_INDICATOR =
  /^(?:i|we)\s+(?:(?:really\s+)?(?:want|wanna|need|wish|require|expect)(?:\s+to)?|would\s+like(?:\s+to)?|'d\s+like(?:\s+to)?|can|could|should\s+be\s+able\s+to|must\s+be\s+able\s+to|am\s+able\s+to|are\s+able\s+to|would\s+love(?:\s+to)?|(?:want|need)\s+to\s+be\s+able\s+to)\b\s*/i;
const END_INDICATOR = /,?\s+(?:so\s+that|so|in\s+order\s+to|in\s+order\s+that|because)\s+/i;

/** Where the story's first sentence ends: a full stop, "!" or "?" followed by space and more text. */
function firstSentenceEnd(text: string): number {
  const pattern = /[.!?](?=\s+\S)/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 4), m.index + 1).toLowerCase();
    // "e.g." and "i.e." and "etc." inside a sentence are not its end
    if (/(?:e\.g|i\.e|etc|vs|approx)\.$/.test(before)) continue;
    return m.index + 1;
  }
  return text.length;
}

export function storyParts(description: string): StoryParts {
  const lead = description.length - description.trimStart().length;
  const text = description.trim();
  const role = ROLE.exec(text);
  if (!role) return { role: null, means: null, end: null, rest: "", template: "other", meansAt: null };
  const afterRole = text.slice(role[0].length);
  const indicator = MEANS_INDICATOR.exec(afterRole);
  if (!indicator) return { role: role[1]!.trim(), means: null, end: null, rest: "", template: "other", meansAt: null };
  const bodyAt = lead + role[0].length + indicator[0].length;
  const body = afterRole.slice(indicator[0].length);
  const sentenceEnd = firstSentenceEnd(body);
  const sentence = body.slice(0, sentenceEnd).replace(/[.!?]\s*$/, "");
  const rest = body.slice(sentenceEnd).trim();
  const endAt = END_INDICATOR.exec(sentence);
  const rawMeans = endAt ? sentence.slice(0, endAt.index) : sentence;
  const means = rawMeans.trim();
  const end = endAt ? sentence.slice(endAt.index + endAt[0].length).trim() : null;
  const meansStart = bodyAt + (rawMeans.length - rawMeans.trimStart().length);
  return {
    role: role[1]!.trim(),
    means: means || null,
    end,
    rest,
    template: end ? "role-means-end" : "role-means",
    meansAt: means ? [meansStart, meansStart + means.length] : null,
  };
}

/**
 * Short texts read recently: one check reads a story's title, means and criteria several times (each rule, the set
 * rules, coverage), and the editor re-checks stories that mostly did not change. Bounded: a short text's tokens take
 * a few kilobytes, so 1,000 of them stay within a few megabytes of the isolate's 128 MB.
 */
const READ_CACHE = new Map<string, Token[]>();
const READ_CACHE_SIZE = 1_000;

/** The speech tokens of a short text (a title, a role, a means, a criterion), punctuation included. */
export function tokensOf(text: string): Token[] {
  const cached = READ_CACHE.get(text);
  if (cached) return cached;
  const tokens = analyse(text).sentences.flatMap((s) => s.tokens.filter((t) => !t.noise));
  if (READ_CACHE.size >= READ_CACHE_SIZE) READ_CACHE.delete(READ_CACHE.keys().next().value!);
  READ_CACHE.set(text, tokens);
  return tokens;
}

/**
 * The means' tokens read in its sentence: alone, "export the report" reads "export" as a noun, while after "I want
 * to" it is the verb it is.
 */
export function meansTokens(description: string, parts: StoryParts): Token[] {
  if (!parts.meansAt) return [];
  const [start, end] = parts.meansAt;
  return tokensOf(description).filter((t) => t.start >= start && t.end <= end);
}

/** A title's tokens read as what someone wants to do ("Export the report" is an imperative, not a noun phrase). */
export function titleTokens(title: string): Token[] {
  const lead = "I want to ";
  const text = title.trim();
  const lowered = /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
  return tokensOf(lead + lowered)
    .filter((t) => t.start >= lead.length)
    .map((t) => ({
      ...t,
      start: t.start - lead.length,
      end: t.end - lead.length,
      text: text.slice(t.start - lead.length, t.end - lead.length),
    }));
}

export function wordsOf(text: string): Token[] {
  return tokensOf(text).filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM");
}

/** A token's lemma for comparing meanings: nouns singular, verbs in base form, lower case. */
export function lemmaOf(t: Token): string {
  return t.pos === "NOUN" || t.pos === "PROPN" ? nounLemma(t) : t.lemma.toLowerCase();
}

/** Content lemmas (nouns, verbs, adjectives, numbers) of a text, without frame verbs and stop words. */
export function contentLemmas(tokens: readonly Token[]): Set<string> {
  const out = new Set<string>();
  for (const t of tokens) {
    if (t.noise || t.stop) continue;
    if (t.pos !== "NOUN" && t.pos !== "PROPN" && t.pos !== "VERB" && t.pos !== "ADJ" && t.pos !== "NUM") continue;
    const lemma = lemmaOf(t);
    if (lemma.length < 2 || FRAME_LEMMAS.has(lemma)) continue;
    out.add(lemma);
  }
  return out;
}

export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const shared = overlap(a, b);
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

export function quoteOf(text: string, max = 80): string {
  const t = text.trim().replace(/\s+/g, " ");
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
