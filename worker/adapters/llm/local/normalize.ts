/**
 * Parses the transcript formats people paste (plain text, "Name: text", timestamped auto-transcripts, WebVTT, SRT,
 * Markdown notes) into sentences of word tokens. Every token keeps its offsets in the ORIGINAL text, so evidence
 * quotes can always be cut verbatim from what the user sent, annotations and odd spacing included.
 */
import { STOPWORDS } from "./lexicon";

export interface Token {
  /** Display form: acronyms like "T_V_" are joined, the original spelling is kept in the source. */
  text: string;
  lower: string;
  start: number;
  end: number;
  kind: "word" | "punct";
  /** A filler or annotation was dropped right before this token: a likely clause boundary in unpunctuated speech. */
  gap?: boolean;
}

export interface Sentence {
  index: number;
  /** Index of the speaker turn (or line/bullet) the sentence belongs to. */
  turn: number;
  speaker: string | null;
  tokens: Token[];
  /** Clean text: no annotations, fillers, timestamps or stutters. */
  text: string;
  start: number;
  end: number;
}

export interface ParsedTranscript {
  source: string;
  sentences: Sentence[];
  speakers: string[];
}

const ANNOTATION_WORDS =
  /^(?:laugh\w*|chuckl\w*|giggl\w*|inaudible|unintelligible|indistinct|crosstalk|cross-talk|silence|pause\w*|cough\w*|sigh\w*|applause|music|noise|background\s+noise|static|beep|sneez\w*|clears?\s+throat|audio\s+cuts?\s+out|overlapping|overtalk|no\s+audio|unclear|vocalsound|disfmarker|gap|nonvocalsound|laughter)$/i;

// Single tokens that carry no content in speech; "like" is handled separately because it is often a real verb.
const FILLERS = new Set(["um", "umm", "uh", "uhh", "uhm", "erm", "er", "hmm", "hm", "mm", "mmm", "mhm", "mm-hmm", "uh-huh", "ah", "eh", "oh", "ooh", "oof", "huh", "ha", "haha", "heh"]);
const LIKE_FILLER_PREV = new Set(["is", "was", "just", "of", "has", "so", "and", "or", "are", "it's", "that's", "said", "yeah", "okay", "for", "me", "um", "uh", "in"]);

const PREPOSITION = /^(?:in|on|under|over|at|to|for|with|from|into|onto|by|of|about)$/;
const DETERMINER = /^(?:the|a|an|our|your|my|their)$/;

const TIMING_LINE = /^\s*(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?\s*-->\s*(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?.*$/;
const LEADING_TIMESTAMP = /^\s*[[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?[\])]?\s*(?:[-–—|]\s*)?/;
const SPEAKER_PREFIX = /^\s*((?:\p{Lu}[\p{L}\p{M}\d.'’_-]*|\p{Ll}[\p{L}\d.'’_-]*\d)(?:[ \t]+(?:\p{Lu}[\p{L}\p{M}\d.'’_-]*|\d+|de|van|von|da|la|le)){0,3})\s*(?:\([^)]{0,30}\))?\s*:\s+/u;
// Words that look like a speaker label but introduce ordinary text ("Note: ...").
const NOT_SPEAKERS = new Set(["note", "notes", "todo", "action", "action items", "next steps", "decision", "decisions", "decided", "agreed", "question", "questions", "answer", "context", "goal", "goals", "problem", "risk", "risks", "status", "priority", "scope", "out of scope", "background", "outcome", "result", "results", "summary", "agenda", "q", "a", "re", "fyi", "edit", "update", "tl;dr", "ps", "http", "https", "example", "e.g", "i.e"]);

interface Range {
  start: number;
  end: number;
}

/** Spans of a line that are not speech: bracketed/braced annotations, tags, markdown syntax, URLs. */
function skippedRanges(line: string, offset: number): Range[] {
  const ranges: Range[] = [];
  const add = (m: RegExpExecArray, from = 0, to = m[0].length) => ranges.push({ start: offset + m.index + from, end: offset + m.index + to });
  let m: RegExpExecArray | null;
  const braces = /\{[^{}\n]{0,60}\}/g;
  while ((m = braces.exec(line))) add(m);
  const tags = /<\/?[a-zA-Z][^<>\n]{0,80}>/g;
  while ((m = tags.exec(line))) add(m);
  const links = /\[([^\]\n]{1,200})\]\(([^)\s]{1,500})\)/g;
  while ((m = links.exec(line))) {
    add(m, 0, 1);
    add(m, 1 + (m[1]?.length ?? 0), m[0].length);
  }
  const brackets = /\[[^\]\n]{0,120}\](?!\()/g;
  while ((m = brackets.exec(line))) {
    if (m.index > 0 && line[m.index - 1] === "]") continue;
    add(m);
  }
  const parens = /\(([^()\n]{1,40})\)/g;
  while ((m = parens.exec(line))) if (ANNOTATION_WORDS.test((m[1] ?? "").trim())) add(m);
  const urls = /\bhttps?:\/\/\S+/g;
  while ((m = urls.exec(line))) add(m);
  const emphasis = /\*\*|__|~~|`+/g;
  while ((m = emphasis.exec(line))) add(m);
  return ranges;
}

const WORD = /[\p{L}\p{N}$#@£€][\p{L}\p{N}'’_\-%.,/@+&]*/gu;
const PUNCT = /[.!?;:,—–…]+|(?<=\s)[+&=](?=\s)/gu;

function cleanWord(raw: string): string {
  // AMI-style spelled acronyms ("T_V_", "L_C_D_") read as plain acronyms.
  if (/^(?:[A-Za-z]_)+[A-Za-z]?_?$/.test(raw)) return raw.replace(/_/g, "").toUpperCase();
  return raw.replace(/_/g, " ");
}

/** Word and punctuation tokens of one line segment, skipping the given ranges. */
function tokenize(text: string, offset: number, skip: Range[]): Token[] {
  const tokens: Token[] = [];
  const inSkip = (s: number, e: number) => skip.some((r) => s < r.end && e > r.start);
  const found: { s: number; e: number; kind: "word" | "punct" }[] = [];
  for (const m of text.matchAll(WORD)) {
    let raw = m[0];
    // Trailing dots/commas/apostrophes belong to the sentence, not the word ("2.0" keeps its dot).
    const trimmed = raw.replace(/[.,'’\-/@+&]+$/u, "");
    raw = trimmed;
    if (!raw) continue;
    const s = offset + (m.index ?? 0);
    found.push({ s, e: s + raw.length, kind: "word" });
  }
  // Which word (by index) covers each character, so punctuation inside words ("2.0", "100,000") is found in O(n).
  const owner = new Int32Array(text.length).fill(-1);
  found.forEach((w, i) => owner.fill(i, w.s - offset, w.e - offset));
  const words = found.length;
  for (const m of text.matchAll(PUNCT)) {
    const s = offset + (m.index ?? 0);
    const e = s + m[0].length;
    let inner = -1;
    for (let c = s - offset; c < e - offset; c++) if (owner[c]! >= 0 && owner[c]! < words) inner = owner[c]!;
    if (inner >= 0) {
      const w = found[inner]!;
      if (e > w.e && w.e > s) found.push({ s: w.e, e, kind: "punct" });
      continue;
    }
    found.push({ s, e, kind: "punct" });
  }
  found.sort((a, b) => a.s - b.s);
  let gap = false;
  for (const f of found) {
    if (inSkip(f.s, f.e)) {
      gap = true;
      continue;
    }
    const raw = text.slice(f.s - offset, f.e - offset);
    const display = f.kind === "word" ? (/^w$/i.test(raw) && text[f.e - offset] === "/" ? "with" : cleanWord(raw)) : raw;
    const token: Token = { text: display, lower: display.toLowerCase().replace(/’/g, "'"), start: f.s, end: f.e, kind: f.kind };
    if (gap) token.gap = true;
    gap = false;
    tokens.push(token);
  }
  return tokens;
}

/** Removes fillers, stutters ("the the") and spelled-out acronyms ("F D I C"), keeping original offsets. */
function dropNoise(tokens: Token[]): Token[] {
  const out: Token[] = [];
  let gap = false;
  const push = (t: Token) => {
    out.push(gap && !t.gap ? { ...t, gap: true } : t);
    gap = false;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === "word") {
      if (FILLERS.has(t.lower)) {
        gap = true;
        continue;
      }
      const prev = out[out.length - 1];
      if (t.lower === "like" && prev && LIKE_FILLER_PREV.has(prev.lower) && tokens[i + 1]?.lower !== "to") continue;
      if ((t.lower === "you" && tokens[i + 1]?.lower === "know") || (t.lower === "i" && tokens[i + 1]?.lower === "mean")) {
        gap = true;
        i++;
        continue;
      }
      // Lone letters other than "a" and "I" are cut-off words in speech ("h I mean", "z the design").
      if (/^[b-hj-z]$/.test(t.text)) {
        gap = true;
        continue;
      }
      if (prev && prev.kind === "word" && prev.lower === t.lower && !/^\d/.test(t.lower)) continue;
      const next = tokens[i + 1];
      // A word broken off and restarted ("bu button", "univ universal", "didn didn't"); real short words that begin
      // the next one ("on one", "in into") are function words and stay.
      if (next?.kind === "word" && /^\p{L}{2,6}$/u.test(t.lower) && !STOPWORDS.has(t.lower) && next.lower.length > t.lower.length && next.lower.startsWith(t.lower)) continue;
      // Restarted phrases: "under the on the home station" keeps "on the home station"; "a the remote" keeps "the".
      if (PREPOSITION.test(t.lower) && DETERMINER.test(next?.lower ?? "") && PREPOSITION.test(tokens[i + 2]?.lower ?? "") && DETERMINER.test(tokens[i + 3]?.lower ?? "")) {
        i++;
        continue;
      }
      if (/^(?:the|a|an)$/.test(t.lower) && next?.kind === "word" && DETERMINER.test(next.lower)) continue;
      // Two-word stutters: "we want we want large buttons".
      const prev2 = out[out.length - 2];
      if (prev && prev2 && next && prev2.kind === "word" && prev2.lower === t.lower && prev.lower === next.lower && prev.kind === "word") {
        i++;
        continue;
      }
      // Runs of three or more single capitals are one spelled-out acronym.
      if (/^[A-Z]$/.test(t.text) && /^[A-Z]$/.test(tokens[i + 1]?.text ?? "") && /^[A-Z]$/.test(tokens[i + 2]?.text ?? "")) {
        let j = i;
        let acronym = "";
        while (j < tokens.length && /^[A-Z]$/.test(tokens[j]!.text)) acronym += tokens[j++]!.text;
        push({ text: acronym, lower: acronym.toLowerCase(), start: t.start, end: tokens[j - 1]!.end, kind: "word" });
        i = j - 1;
        continue;
      }
    } else if (out.length === 0 || out[out.length - 1]!.kind === "punct") {
      // Punctuation left dangling by a removed filler ("Um . Okay") says nothing.
      if (!/[.!?]/.test(t.text) || out.length === 0) continue;
    }
    push(t);
  }
  return out;
}

export function joinTokens(tokens: readonly Token[]): string {
  let s = "";
  for (const t of tokens) {
    if (t.kind === "punct") s += /^[—–+&=]/.test(t.text) ? ` ${t.text}` : t.text;
    else s += s ? ` ${t.text}` : t.text;
  }
  return s.replace(/\s+([,.;:!?])/g, "$1").trim();
}

interface Line {
  text: string;
  start: number;
}

function splitLines(source: string): Line[] {
  const lines: Line[] = [];
  const re = /[^\r\n]*(?:\r\n|\r|\n|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(source)) && m[0] !== "") {
    lines.push({ text: m[0].replace(/[\r\n]+$/, ""), start: m.index });
    if (re.lastIndex >= source.length) break;
  }
  return lines;
}

export function parseTranscript(source: string): ParsedTranscript {
  const lines = splitLines(source);
  const speakers: string[] = [];
  const sentences: Sentence[] = [];
  let turn = -1;
  let speaker: string | null = null;
  let current: Token[] = [];
  let inNote = false;
  let openTurn = false;

  const flush = () => {
    let buf: Token[] = [];
    const emit = () => {
      while (buf.length && buf[0]!.kind === "punct") buf.shift();
      const words = buf.filter((t) => t.kind === "word");
      if (words.length > 0) {
        sentences.push({
          index: sentences.length,
          turn,
          speaker,
          tokens: buf,
          text: joinTokens(buf),
          start: buf[0]!.start,
          end: buf[buf.length - 1]!.end,
        });
      }
      buf = [];
    };
    for (const t of current) {
      buf.push(t);
      if (t.kind === "punct" && /[.!?;…]/.test(t.text) && !/^[+&=]$/.test(t.text)) emit();
    }
    emit();
    current = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let text = line.text;
    let start = line.start;
    const trimmed = text.trim();
    if (trimmed === "") {
      inNote = false;
      flush();
      openTurn = false;
      continue;
    }
    if (inNote) continue;
    if (/^WEBVTT\b/.test(trimmed) || /^(?:STYLE|REGION)$/.test(trimmed)) {
      inNote = true;
      continue;
    }
    if (/^NOTE\b/.test(trimmed)) {
      inNote = true;
      continue;
    }
    // A cue number (SRT, or a WebVTT cue id) is recognised by the timing line right after it.
    if (TIMING_LINE.test(lines[i + 1]?.text ?? "") && !TIMING_LINE.test(text)) continue;
    let newTurn = !openTurn;
    if (TIMING_LINE.test(text)) {
      flush();
      openTurn = false;
      continue;
    }
    const ts = LEADING_TIMESTAMP.exec(text);
    if (ts && ts[0].length < text.length) {
      start += ts[0].length;
      text = text.slice(ts[0].length);
      newTurn = true;
    }
    const md = /^\s*(?:#{1,6}\s+|>\s*|(?:[-*+•·▪◦‣]|\d{1,3}[.)])\s+)/.exec(text);
    if (md) {
      start += md[0].length;
      text = text.slice(md[0].length);
      newTurn = true;
    }
    let lineSpeaker: string | null = null;
    const voice = /^\s*<v(?:\.[\w.]+)?\s+([^>]{1,60})>/.exec(text);
    if (voice) lineSpeaker = (voice[1] ?? "").trim();
    const bareText = text.replace(/\*\*|__/g, "");
    const sp = SPEAKER_PREFIX.exec(bareText);
    if (!voice && sp && sp[1] && !NOT_SPEAKERS.has(sp[1].toLowerCase()) && sp[1].length <= 40) {
      // Map the prefix length back through the emphasis markers we ignored when matching.
      let consumed = 0;
      let seen = 0;
      while (seen < sp[0].length && consumed < text.length) {
        if (text.startsWith("**", consumed) || text.startsWith("__", consumed)) consumed += 2;
        else {
          consumed++;
          seen++;
        }
      }
      while (text.startsWith("**", consumed) || text.startsWith("__", consumed)) consumed += 2;
      lineSpeaker = sp[1].trim();
      start += consumed;
      text = text.slice(consumed);
    }
    if (lineSpeaker) {
      newTurn = true;
      const name = lineSpeaker.replace(/\s+/g, " ");
      if (!speakers.includes(name)) speakers.push(name);
    }
    if (newTurn) {
      flush();
      turn++;
      speaker = lineSpeaker ? lineSpeaker.replace(/\s+/g, " ") : lineSpeaker === null && ts ? speaker : null;
      if (lineSpeaker === null && !ts) speaker = null;
    }
    openTurn = true;
    const tokens = tokenize(text, start, skippedRanges(text, start));
    current.push(...dropNoise(tokens));
    // A line that ends a sentence, or a bullet/timestamped line, closes its turn for sentence purposes.
    if (md || ts) {
      flush();
      openTurn = false;
    }
  }
  flush();
  return { source, sentences, speakers };
}
