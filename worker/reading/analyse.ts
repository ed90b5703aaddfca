import type { ItsFunction, PartOfSpeech, WinkMethods } from "wink-nlp";
import { layout, type NoiseKind, type NoiseSpan } from "./layout";

/** Universal POS tags as the library gives them ("SPACE" never reaches a token here). */
export type Pos = Exclude<PartOfSpeech, "SPACE">;

export interface Token {
  /** Exactly `source.slice(start, end)`. */
  text: string;
  /** Lower case, contractions spelt out by the library ("n't" → "not", "wo" in "won't" → "will", "'s" → "is"). */
  normal: string;
  lemma: string;
  pos: Pos;
  start: number;
  end: number;
  /** The library's negation flag: the token is in the scope of a negation ("don't want X" flags "want X"). */
  negated: boolean;
  /** A number or quantity word or figure ("3", "24", "twenty", "3rd", "100,000"). */
  isNumber: boolean;
  /** The value of a single-token number ("3" → 3, "twenty" → 20, "2.5" → 2.5), else null. */
  value: number | null;
  /** The library's stop-word flag. */
  stop: boolean;
  /** The library's token type: "word", "number", "ordinal", "punctuation", "symbol", "emoji", "url", "email",
   * "hashtag", "mention", "time", "currency", …; "noise" for noise tokens. */
  type: string;
  /** Set when the token is format noise, not speech; such tokens get pos "X" and are never negated. */
  noise: NoiseKind | null;
}

export interface Sentence {
  index: number;
  /** Index of the block the sentence belongs to: a speaker's line or turn, a bullet, a paragraph, a chat line. */
  block: number;
  /** The "Name:", "<v Name>" or chat-header speaker of the sentence's line, or null. */
  speaker: string | null;
  /** Range of the original text from the first to the last speech token. */
  start: number;
  end: number;
  /** Exactly `source.slice(start, end)`, noise inside included. */
  text: string;
  /** Speech and noise tokens in the sentence's range, in order. */
  tokens: Token[];
  /** The speech tokens that are neither punctuation nor symbols. */
  words: Token[];
  /** The heading in force over the sentence's line, lower case (./layout `Segment.section`), or null. */
  section: string | null;
  /** The non-speaker label that opened the sentence's line ("decision", "resolution", "action"), or null. */
  label: string | null;
  /** Ends with "?", or (unpunctuated speech) opens with an auxiliary and its subject or a wh-word and an auxiliary. */
  isQuestion: boolean;
}

export interface Analysis {
  source: string;
  sentences: Sentence[];
  /** Every token of the text in order: all sentences' tokens and noise outside sentences (labels, cue lines…). */
  tokens: Token[];
  noise: NoiseSpan[];
  speakers: string[];
}

let engine: WinkMethods | null = null;

/**
 * Loads the library and its model once per isolate (~50 ms in workerd) and keeps them. Imported on demand, not at the
 * top of the module: evaluating the model's module alone took ~40 ms of every isolate's start-up CPU (issue 29's
 * budget, `npm run budgets`), paid even by isolates that never read a transcript. Every caller of `analyse` is async
 * at its entry (generation, the quality gate, stored stories' quality) and awaits this first.
 */
export async function loadLanguage(): Promise<void> {
  if (engine) return;
  const [{ default: winkNLP }, { default: model }] = await Promise.all([
    import("wink-nlp"),
    import("wink-eng-lite-web-model"),
  ]);
  engine ??= winkNLP(model, ["sbd", "negation", "pos"]);
}

function nlp(): WinkMethods {
  if (!engine) throw new Error("The language layer is not loaded: await loadLanguage() before analyse().");
  return engine;
}

const SMALL =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split(" ");
const WORD_VALUES = new Map<string, number>([
  ...SMALL.map((w, i) => [w, i] as [string, number]),
  ...TENS.map((w, i) => [w, (i + 2) * 10] as [string, number]),
  ["hundred", 100],
  ["thousand", 1000],
  ["million", 1_000_000],
  ["billion", 1_000_000_000],
  ["dozen", 12],
  ["half", 0.5],
  ["a couple", 2],
]);

function numberValue(normal: string): number | null {
  const digits = /^[$€£]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:st|nd|rd|th|k|%)?$/.exec(normal);
  if (digits) {
    const n = Number(digits[1]!.replace(/,/g, "") + (digits[2] ?? ""));
    return normal.endsWith("k") ? n * 1000 : n;
  }
  return WORD_VALUES.get(normal) ?? null;
}

const NOISE_TOKEN = /[\p{L}\p{N}]+(?:[:.,'’_-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;

function noiseTokens(source: string, spans: readonly NoiseSpan[]): Token[] {
  const out: Token[] = [];
  for (const span of spans) {
    const text = source.slice(span.start, span.end);
    NOISE_TOKEN.lastIndex = 0;
    for (let m = NOISE_TOKEN.exec(text); m; m = NOISE_TOKEN.exec(text)) {
      const start = span.start + m.index;
      const lower = m[0].toLowerCase();
      out.push({
        text: m[0],
        normal: lower,
        lemma: lower,
        pos: "X",
        start,
        end: start + m[0].length,
        negated: false,
        isNumber: false,
        value: null,
        stop: false,
        type: "noise",
        noise: span.kind,
      });
    }
  }
  return out;
}

const AUX_OPENERS = new Set([
  "do",
  "be",
  "have",
  "can",
  "will",
  "would",
  "should",
  "could",
  "may",
  "might",
  "shall",
  "must",
]);
const WH = new Set(["what", "where", "when", "why", "how", "who", "whom", "which", "whose"]);
const SUBJECT_POS = new Set<Pos>(["PRON", "PROPN", "NOUN", "DET"]);

function isQuestion(words: readonly Token[], tokens: readonly Token[]): boolean {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.noise || /^["'’”)\]]+$/.test(t.text)) continue;
    if (t.text.includes("?")) return true;
    if (/[.!…]/.test(t.text) && t.pos === "PUNCT") return false;
    break;
  }
  const [first, second] = words;
  if (!first || !second) return false;
  if (first.pos === "AUX" && AUX_OPENERS.has(first.lemma) && SUBJECT_POS.has(second.pos)) return true;
  return WH.has(first.normal) && second.pos === "AUX";
}

/** A dot inside a code name: a word before it, and after it a lower-case word going on in camel case, a call or another dot. */
const CODE_DOT = /(?<=[\w$])\.(?=[a-z_$][a-z0-9_$]*(?:[A-Z_][\w$]*|\(|\.[A-Za-z_$]))/g;

/**
 * Sentences and tokens of a transcript, with offsets into `text` itself. Format noise stays in the text and is
 * reported (noise spans, noise tokens, speakers); the library reads only the speech, one segment at a time, so a
 * sentence never runs from one speaker's turn into the next and negation never crosses a turn.
 */
export function analyse(text: string): Analysis {
  const laid = layout(text);
  const { noise, segments, speakers } = laid;
  // (the library ends a sentence at the dot of a code name, "invoices.getTotal", "orders.list()", and splits the
  // name at "_" too: it reads those dots as a letter, the same length, so the name is one token, kept as written)
  const masked = laid.masked.replace(CODE_DOT, "x");
  const { its } = nlp();
  const noiseToks = noiseTokens(text, noise);
  const sentences: Sentence[] = [];
  const all: Token[] = [];
  let n = 0;
  const takeNoiseBefore = (offset: number, into: Token[]) => {
    while (n < noiseToks.length && noiseToks[n]!.start < offset) into.push(noiseToks[n++]!);
  };

  segments.forEach((segment, block) => {
    const doc = nlp().readDoc(masked.slice(segment.start, segment.end));
    const toks = doc.tokens();
    const values = toks.out() as string[];
    const spaces = toks.out(its.precedingSpaces) as string[];
    const pos = toks.out(its.pos) as PartOfSpeech[];
    // wink-nlp's declaration of `its.lemma` (three parameters) does not fit its own `out()` signature; it works as documented.
    const lemmas = toks.out(its.lemma as unknown as ItsFunction<string>) as string[];
    const normals = toks.out(its.normal) as string[];
    const negs = toks.out(its.negationFlag) as boolean[];
    const stops = toks.out(its.stopWordFlag) as boolean[];
    const types = toks.out(its.type) as string[];
    const mapped: (Token | null)[] = new Array(values.length);
    let at = segment.start;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      at += spaces[i]!.length;
      if (!masked.startsWith(value, at)) {
        const found = masked.indexOf(value, at);
        if (found >= 0) at = found;
      }
      const start = at;
      at += value.length;
      const p = pos[i]!;
      if (p === "SPACE" || value.trim() === "") {
        mapped[i] = null;
        continue;
      }
      const type = types[i]!;
      const written = text.slice(start, at);
      const codeName = written !== value && written.includes(".");
      const normal = codeName ? written.toLowerCase() : normals[i]!;
      const isNumber = p === "NUM" || type === "number" || type === "ordinal";
      mapped[i] = {
        text: written,
        normal,
        lemma: codeName ? normal : lemmas[i]!,
        pos: p,
        start,
        end: at,
        negated: negs[i]!,
        isNumber,
        value: isNumber ? numberValue(normal) : null,
        stop: stops[i]!,
        type,
        noise: null,
      };
    }
    for (const [from, to] of doc.sentences().out(its.span) as unknown as [number, number][]) {
      const speech = mapped.slice(from, to + 1).filter((t): t is Token => t !== null);
      if (speech.length === 0) continue;
      const start = speech[0]!.start;
      const end = speech[speech.length - 1]!.end;
      takeNoiseBefore(start, all);
      const tokens: Token[] = [];
      for (const t of speech) {
        takeNoiseBefore(t.start, tokens);
        tokens.push(t);
      }
      all.push(...tokens);
      const words = speech.filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM");
      sentences.push({
        index: sentences.length,
        block,
        speaker: segment.speaker,
        section: segment.section,
        label: segment.label,
        start,
        end,
        text: text.slice(start, end),
        tokens,
        words,
        isQuestion: isQuestion(words, tokens),
      });
    }
  });
  takeNoiseBefore(Infinity, all);
  return { source: text, sentences, tokens: all, noise, speakers };
}

/**
 * The sentence's speech for display: its speech tokens, one space wherever the source had space, a line break or
 * noise between two of them, none before closing punctuation. Evidence quotes should use `text` (or other ranges of the source), never this.
 */
export function speechText(sentence: Sentence): string {
  let out = "";
  let prev: Token | null = null;
  let gap = false;
  for (const t of sentence.tokens) {
    if (t.noise) {
      gap = true;
      continue;
    }
    if (prev) {
      const between = gap ? " " : sentence.text.slice(prev.end - sentence.start, t.start - sentence.start);
      // Spoken-corpus spacing ("menus ." / "well , yes") and line breaks are display noise too.
      out += between === "" ? "" : t.pos === "PUNCT" && /^[.,!?;:…)]/.test(t.text) ? "" : " ";
    }
    out += t.text;
    prev = t;
    gap = false;
  }
  return out;
}
