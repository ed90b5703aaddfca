/**
 * The layout of a pasted transcript: which characters are speech and which are format noise (timestamps, cue
 * lines, speaker labels, annotations, tags, Markdown syntax, Slack headers), and how speech is cut into
 * segments (one speaker turn, bullet or paragraph each) that the NLP library reads one at a time.
 *
 * Nothing is removed from the text: noise is reported as spans of the original, and `masked` is the original
 * with every noise character (and every line break between two lines of one segment) replaced by a space, so
 * offsets in `masked` are offsets in the original.
 *
 * These are format rules only (how exports look); there is no language handling here.
 */

export type NoiseKind =
  /** "[00:01:02]", "00:12 -", "10:42 AM" at the start of a line. */
  | "timestamp"
  /** WebVTT/SRT structure: "WEBVTT" and its header, NOTE blocks, cue numbers and ids, "00:00:01,000 --> …". */
  | "cue"
  /** A "Name:" label that starts a line (the name itself is in `Sentence.speaker`). */
  | "speaker"
  /** "{vocalsound}", "[laughter]", "(laughs)", ":tada:": not speech. */
  | "annotation"
  /** Markup tags, WebVTT voice tags included: "<v Ana>", "</v>", "<i>". */
  | "tag"
  /** Markdown syntax: bullets, numbers of numbered lists, headings' "#", quotes' ">", "**", "__", "`", link brackets. */
  | "markup"
  /** A chat export's message header line ("Jordan Reyes  10:42 AM", "#team · Jordan · 10:42 AM"). */
  | "header"
  /** A bare link, and the target of a Markdown link. */
  | "url";

export interface NoiseSpan {
  start: number;
  end: number;
  kind: NoiseKind;
}

export interface Segment {
  /** Range of the original text from the first to the last speech character. */
  start: number;
  end: number;
  speaker: string | null;
}

export interface Layout {
  masked: string;
  noise: NoiseSpan[];
  segments: Segment[];
  /** Speakers in order of first appearance. */
  speakers: string[];
}

/** A line at least this long that ends mid-sentence is taken as hard-wrapped: the next plain line goes on with it. */
const WRAP_WIDTH = 60;
const TIMING_LINE = /^\s*(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?\s*-->\s*(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?.*$/;
const CLOCK = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?(?:\s?[AaPp]\.?[Mm]\.?)?`;
const LEADING_TIMESTAMP = new RegExp(String.raw`^[[(]?${CLOCK}[\])]?(?:\s*[-–—|:]\s+|\s+|$)`);
const MARKDOWN = /^(?:#{1,6}\s+|>\s*|(?:[-*+•·▪◦‣]|\d{1,3}[.)])\s+)(?:\[[ xX]\]\s+)?/;
const VOICE = /^<v(?:\.[\w.-]+)?\s+([^>]{1,60})>/;
// One to four capitalised words (or a numbered/underscored label such as "Speaker 2", "SPEAKER_01"), an optional
// parenthesised role, optional Markdown emphasis around the name, a colon, then space or the end of the line.
const NAME_WORD = String.raw`(?:\p{Lu}[\p{L}\p{M}\d.'’_-]*|\d{1,3})`;
const NAME = String.raw`\p{Lu}[\p{L}\p{M}\d.'’_-]*(?:[ \t]+(?:${NAME_WORD}|de|van|von|da|di|del|la|le|bin|al)){0,3}`;
const SPEAKER = new RegExp(String.raw`^(\*\*|__)?(${NAME})\s*(?:\([^()\n]{1,30}\))?\s*(?:\*\*|__)?:(?:\*\*|__)?(?:\s+|$)`, "u");
const HEADER = new RegExp(String.raw`^(?:#[\w-]+\s*[·•|—–-]\s*)?(${NAME})\s*(?:[·•|—–-]\s*|\s)\[?${CLOCK}\]?\s*$`, "u");
// Labels that open ordinary text, not a speaker's turn.
const NOT_SPEAKERS = new Set(
  ("note notes todo action actions next steps decision decisions decided agreed agreement question questions answer " +
    "answers context goal goals problem problems risk risks status priority scope background outcome outcomes " +
    "result results summary agenda re fyi edit update updates ps example examples subject date time attendees " +
    "participants present absent location meeting owner owners due deadline estimate estimates requirement " +
    "requirements blocker blockers follow-up follow-ups followups important warning tip tl;dr")
    .split(" ")
    .concat(["action item", "action items", "next step", "next steps", "out of scope", "open questions", "acceptance criteria"]),
);
const ANNOTATION_WORDS =
  /^(?:laugh\w*|chuckl\w*|giggl\w*|inaudible|unintelligible|indistinct|crosstalk|cross-talk|silence|pause\w*|cough\w*|sigh\w*|applause|music|noise|static|beep|sneez\w*|clears? throat|overlapping|overtalk|no audio|unclear|edited|vocalsound|disfmarker|nonvocalsound|gap)$/i;
const INLINE: ReadonlyArray<[RegExp, NoiseKind | "link"]> = [
  [/\{[^{}\n]{0,80}\}/g, "annotation"],
  [/<\/?[a-zA-Z][^<>\n]{0,80}>/g, "tag"],
  [/\[[^\]\n]{1,200}\]\([^)\s]{1,500}\)/g, "link"],
  [/\[[^\]\n]{0,200}\](?!\()/g, "annotation"],
  [/\(([^()\n]{1,40})\)/g, "annotation"],
  [/\bhttps?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/g, "url"],
  [/(?<![\p{L}\p{N}]):[a-z0-9_+-]{2,40}:(?![\p{L}\p{N}])/gu, "annotation"],
  [/\*\*|__|~~|`+/g, "markup"],
];

interface Line {
  start: number;
  /** End of the line's content, before its line break. */
  end: number;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf("\n", start);
    const stop = nl === -1 ? text.length : nl;
    lines.push({ start, end: stop > start && text[stop - 1] === "\r" ? stop - 1 : stop });
    if (nl === -1) return lines;
    start = nl + 1;
  }
}

function isSpeakerName(name: string): boolean {
  return name.length <= 40 && !NOT_SPEAKERS.has(name.toLowerCase().replace(/\s+/g, " "));
}

export function layout(text: string): Layout {
  const noise: NoiseSpan[] = [];
  const segments: Segment[] = [];
  const speakers: string[] = [];
  const blank = new Uint8Array(text.length);
  const addNoise = (start: number, end: number, kind: NoiseKind) => {
    if (end <= start) return;
    noise.push({ start, end, kind });
    blank.fill(1, start, end);
  };
  const addSpeaker = (name: string) => {
    const clean = name.replace(/\s+/g, " ").trim();
    if (!speakers.includes(clean)) speakers.push(clean);
    return clean;
  };

  const lines = splitLines(text);
  let current: Segment | null = null;
  let speaker: string | null = null;
  // Where the current speaker came from: a chat header holds until the next header, a label until a blank line.
  let speakerFrom: "label" | "header" | null = null;
  let inHeaderBlock = false;
  let sawCues = false;
  let afterBreak = true;
  let prevLine: { start: number; end: number } | null = null;

  const endsSentence = (segment: Segment) => {
    let i = segment.end - 1;
    while (i > segment.start && (blank[i] || /[\s"'’”)]/.test(text[i]!))) i--;
    return /[.!?…]/.test(text[i] ?? "");
  };

  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    const raw = text.slice(line.start, line.end);
    const trimmed = raw.trim();
    if (trimmed === "") {
      inHeaderBlock = false;
      afterBreak = true;
      if (speakerFrom === "label" && !sawCues) {
        speaker = null;
        speakerFrom = null;
      }
      continue;
    }
    const lead = raw.length - raw.trimStart().length;
    const lineStart = line.start + lead;
    const lineEnd = line.start + raw.trimEnd().length;
    if (inHeaderBlock) {
      addNoise(lineStart, lineEnd, "cue");
      continue;
    }
    if (/^WEBVTT\b/.test(trimmed) || (sawCues && /^(?:NOTE|STYLE|REGION)\b/.test(trimmed))) {
      inHeaderBlock = true;
      sawCues = true;
      addNoise(lineStart, lineEnd, "cue");
      afterBreak = true;
      continue;
    }
    const next = lines[li + 1];
    if (TIMING_LINE.test(trimmed) || (next && TIMING_LINE.test(text.slice(next.start, next.end)) && trimmed.length <= 60)) {
      sawCues = true;
      addNoise(lineStart, lineEnd, "cue");
      afterBreak = true;
      continue;
    }
    const header = HEADER.exec(trimmed);
    if (header && isSpeakerName(header[1]!)) {
      addNoise(lineStart, lineEnd, "header");
      speaker = addSpeaker(header[1]!);
      speakerFrom = "header";
      current = null;
      afterBreak = true;
      continue;
    }

    // Line prefixes, in any order: a timestamp, Markdown syntax, a voice tag, a speaker label.
    let at = lineStart;
    let newTurn = afterBreak;
    let labelled: string | null = null;
    for (let guard = 0; guard < 4 && at < lineEnd && labelled === null; guard++) {
      const rest = text.slice(at, lineEnd);
      let m: RegExpExecArray | null;
      if ((m = LEADING_TIMESTAMP.exec(rest)) && m[0].trim() !== "") {
        addNoise(at, at + m[0].trimEnd().length, "timestamp");
        newTurn = true;
      } else if ((m = MARKDOWN.exec(rest))) {
        addNoise(at, at + m[0].trimEnd().length, "markup");
        newTurn = true;
        if (/^#/.test(m[0]) && speakerFrom !== "header") {
          speaker = null;
          speakerFrom = null;
        }
      } else if ((m = VOICE.exec(rest))) {
        addNoise(at, at + m[0].length, "tag");
        labelled = m[1]!;
      } else if ((m = SPEAKER.exec(rest)) && isSpeakerName(m[2]!)) {
        addNoise(at, at + m[0].trimEnd().length, "speaker");
        labelled = m[2]!;
      } else break;
      at += m[0].length;
    }
    if (labelled !== null) {
      const name = addSpeaker(labelled);
      // A new cue of the same speaker that goes on with an unfinished sentence continues it.
      newTurn = !(sawCues && current && speaker === name && afterBreak && !endsSentence(current));
      speaker = name;
      speakerFrom = "label";
    } else if (sawCues && afterBreak && at === lineStart && current && !endsSentence(current)) {
      newTurn = false;
    } else if (!newTurn && !(prevLine && prevLine.end - prevLine.start >= WRAP_WIDTH && !/[.!?…:;]$/.test(text.slice(prevLine.start, prevLine.end)))) {
      // A plain line goes on with the line above only when that one looks hard-wrapped (long, sentence unfinished);
      // short lines in chat messages and notes are separate thoughts.
      newTurn = true;
    }

    // Inline noise in the rest of the line.
    const body = text.slice(at, lineEnd);
    for (const [re, kind] of INLINE) {
      re.lastIndex = 0;
      for (let m = re.exec(body); m; m = re.exec(body)) {
        const s = at + m.index;
        if (kind === "link") {
          const close = m[0].indexOf("](");
          addNoise(s, s + 1, "markup");
          addNoise(s + close, s + close + 2, "markup");
          addNoise(s + close + 2, s + m[0].length - 1, "url");
          addNoise(s + m[0].length - 1, s + m[0].length, "markup");
        } else if (kind === "annotation" && m[0].startsWith("(")) {
          if (!blank[s] && ANNOTATION_WORDS.test((m[1] ?? "").trim())) addNoise(s, s + m[0].length, kind);
        } else if (!blank[s]) addNoise(s, s + m[0].length, kind);
      }
    }
    // A line that is only a label ("Dana:") opens a turn on the next line.
    afterBreak = at >= lineEnd;
    prevLine = afterBreak ? null : { start: at, end: lineEnd };
    if (at >= lineEnd) continue;
    if (newTurn || !current) {
      current = { start: at, end: lineEnd, speaker };
      segments.push(current);
    } else {
      // The same turn goes on: what lies between (line breaks, cue lines) is blanked so the library reads on.
      blank.fill(1, current.end, at);
      current.end = lineEnd;
    }
  }

  noise.sort((a, b) => a.start - b.start || a.end - b.end);
  return { masked: mask(text, blank), noise, segments: segments.filter((s) => hasSpeech(s, blank, text)), speakers };
}

function hasSpeech(segment: Segment, blank: Uint8Array, text: string): boolean {
  for (let i = segment.start; i < segment.end; i++) if (!blank[i] && !/\s/.test(text[i]!)) return true;
  return false;
}

function mask(text: string, blank: Uint8Array): string {
  let out = "";
  let from = 0;
  let i = 0;
  while (i < text.length) {
    if (!blank[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && blank[j]) j++;
    out += text.slice(from, i) + " ".repeat(j - i);
    from = i = j;
  }
  return out + text.slice(from);
}
