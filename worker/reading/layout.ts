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
  /** A chat export's message header line ("Jordan Reyes  10:42 AM", "#team · Jordan · 10:42 AM"), and its echo of a
   * message a reply answers ("Jordan Reyes  replied to a thread: <the start of that message>…"). */
  | "header"
  /** A bare link, and the target of a Markdown link. */
  | "url"
  /** A label that opens a line but names no speaker: "Decision:", "RESOLUTION:", "ACTION:", "Q:". */
  | "label"
  /** Chat-room commands and queue lines ("q+", "ack dana", "present+"): not speech. */
  | "command";

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
  /**
   * The heading in force, lower case: a Markdown heading, a line that is only a label ("Decisions:", "**Open
   * questions**", "Here is what we agreed:"), or a "Topic:" line. What a section means is the grammar's business.
   */
  section: string | null;
  /** The non-speaker label that opened the segment's line, lower case ("decision", "resolution", "action"), or null. */
  label: string | null;
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
const TIMING_LINE =
  /^\s*(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?\s*-->\s*(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?.*$/;
const CLOCK = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?(?:\s?[AaPp]\.?[Mm]\.?)?`;
// (chat exports put a date before the clock: "[2026-03-02 10:42]", "[02/03/2026, 10:42:13]", "02/03/2026, 10:42 - ")
const DATE = String.raw`(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}),?\s+`;
const LEADING_TIMESTAMP = new RegExp(String.raw`^[[(]?(?:${DATE})?${CLOCK}[\])]?(?:\s*[-–—|:]\s+|\s+|$)`);
const MARKDOWN = /^(?:#{1,6}\s+|>\s*|(?:[-*+•·▪◦‣]|\d{1,3}[.)])\s+)(?:\[[ xX]\]\s+)?/;
const VOICE = /^<v(?:\.[\w.-]+)?\s+([^>]{1,60})>/;
// One to four capitalised words (or a numbered/underscored label such as "Speaker 2", "SPEAKER_01"), an optional
// parenthesised role, an optional bracketed time ("Tom Baker [10:42 AM]:", as chat tools copy a message), optional
// Markdown emphasis around the name, a colon, then space or the end of the line.
const NAME_WORD = String.raw`(?:\p{Lu}[\p{L}\p{M}\d.'’_-]*|\d{1,3})`;
const NAME = String.raw`\p{Lu}[\p{L}\p{M}\d.'’_-]*(?:[ \t]+(?:${NAME_WORD}|de|van|von|da|di|del|la|le|bin|al)){0,3}`;
const SPEAKER = new RegExp(
  String.raw`^(\*\*|__)?(${NAME})\s*(?:\([^()\n]{1,30}\))?\s*(?:\[${CLOCK}\]\s*)?(?:\*\*|__)?:(?:\*\*|__)?(?:\s+|$)`,
  "u",
);
const THREAD_ECHO = new RegExp(String.raw`^(${NAME})\s+replied to a thread:\s`, "u");
const HEADER = new RegExp(String.raw`^(?:#[\w-]+\s*[·•|—–-]\s*)?(${NAME})\s*(?:[·•|—–-]\s*|\s)\[?${CLOCK}\]?\s*$`, "u");
// Labels that open ordinary text, not a speaker's turn.
const NOT_SPEAKERS = new Set(
  (
    "note notes todo action actions next steps decision decisions decided agreed agreement question questions answer " +
    "answers context goal goals problem problems risk risks status priority scope background outcome outcomes " +
    "result results summary agenda re fyi edit update updates ps example examples subject date time attendees " +
    "participants present absent location meeting owner owners due deadline estimate estimates requirement " +
    "requirements blocker blockers follow-up follow-ups followups important warning tip tl;dr " +
    "resolution resolutions resolved proposal proposals proposed propose topic subtopic q a"
  )
    .split(" ")
    .concat([
      "action item",
      "action items",
      "next step",
      "next steps",
      "out of scope",
      "open questions",
      "acceptance criteria",
    ]),
);
/** A label of up to three words before a colon ("Decision:", "**Action items:**"); NOT_SPEAKERS says which are labels. */
const LABEL = /^(?:\*\*|__)?([A-Za-z][\w'’-]*(?:[ \t]+[A-Za-z][\w'’-]*){0,2})(?:\*\*|__)?:(?:\*\*|__)?\s+/;
/** Labels whose line's text names a section rather than saying something ("Topic: Availability API"). */
const HEADING_LABELS = new Set(["topic", "subtopic", "agenda", "subject"]);
/** A line that is only a heading-like label: bold words, or a few words ending in a colon. */
const LABEL_LINE = /^(?:(?:\*\*|__)([^*_\n]{2,60}?)(?:\*\*|__):?|([^:\n]{2,60}?):(?:\*\*|__)?)$/;
/** Chat-room commands and queue lines of IRC minutes. */
const COMMAND_LINE =
  /^(?:q[+?-]|queue[+?-]|ack\s+\S+|present[+-].*|regrets?[+-].*|(?:zakim|rrsagent|trackbot|github-bot)\b.*|(?:scribenick|scribe|chair|chairs|present|regrets|minutes|irc|date|attendees):.*)$/i;
/** An IRC log line: "<nick> text". */
const IRC_NICK = /^<([A-Za-z][\w.|^-]{0,30})>\s+(?=\S)/;
/** A lower-case chat nick as a label ("dana: …"); taken as a speaker only when it opens two or more lines. */
const LOWER_NICK = /^([a-z][a-z0-9_.-]{1,24}):\s+(?=\S)/;
/** A bracketed nick opening a line of minutes ("* [rob] Have some thoughts"); speakers only where three or more lines
 * open so (a minutes format, not one aside), and never an annotation ("[laughs]"). */
const BRACKET_NICK = /^\[([A-Za-z][\w.-]{1,24})\]\s+(?=\S)/;
const BULLET = /^(?:[-*+•]\s+)/;
/** "... goes on": a scribe's continuation of the speaker's previous line. */
const CONTINUATION = /^(?:\.\.\.|…)\s*/;

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

/** A numbered reference that opens a line like a name ("Issue 12:", "PR 934:", "Step 2:"): a topic, not a speaker. */
const NUMBERED_REFERENCE =
  /^(?:issue|pr|pull request|bug|ticket|item|step|point|option|phase|question|topic)\s*#?\d+$/i;

function isSpeakerName(name: string): boolean {
  return (
    name.length <= 40 &&
    !NOT_SPEAKERS.has(name.toLowerCase().replace(/\s+/g, " ")) &&
    !NUMBERED_REFERENCE.test(name.trim())
  );
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
  // Lower-case chat nicks ("dana: …") count as speakers only when one opens two or more lines.
  const nickCounts = new Map<string, number>();
  for (const l of lines) {
    const m = LOWER_NICK.exec(text.slice(l.start, l.end).trimStart());
    if (m && isSpeakerName(m[1]!)) nickCounts.set(m[1]!, (nickCounts.get(m[1]!) ?? 0) + 1);
  }
  const nicks = new Set([...nickCounts].filter(([, c]) => c >= 2).map(([n]) => n));
  const bracketCounts = new Map<string, number>();
  for (const l of lines) {
    const m = BRACKET_NICK.exec(text.slice(l.start, l.end).trimStart().replace(BULLET, ""));
    if (m && isSpeakerName(m[1]!) && !ANNOTATION_WORDS.test(m[1]!))
      bracketCounts.set(m[1]!, (bracketCounts.get(m[1]!) ?? 0) + 1);
  }
  const bracketLines = [...bracketCounts.values()].reduce((a, b) => a + b, 0);
  const bracketNicks = new Set(bracketLines >= 3 ? bracketCounts.keys() : []);
  // Auto-captions without punctuation: a cue that does not end a sentence cannot be told from one that does, so
  // each cue stands alone rather than running a whole turn into one sentence.
  const joinCues = punctuatedCues(text, lines);
  let section: string | null = null;
  // A Markdown heading holds until the next heading; a label line until a new speaker or a blank line and prose.
  let sectionFrom: "heading" | "line" | null = null;
  let sectionMayEnd = false;
  const sectionText = (s: string) =>
    s
      .replace(/[*_`#:]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase() || null;
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
      if (sectionFrom === "line") sectionMayEnd = true;
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
    if (
      TIMING_LINE.test(trimmed) ||
      (next && TIMING_LINE.test(text.slice(next.start, next.end)) && trimmed.length <= 60)
    ) {
      sawCues = true;
      addNoise(lineStart, lineEnd, "cue");
      afterBreak = true;
      continue;
    }
    if (COMMAND_LINE.test(trimmed)) {
      addNoise(lineStart, lineEnd, "command");
      continue;
    }
    if (sectionMayEnd) {
      sectionMayEnd = false;
      if (!MARKDOWN.test(trimmed)) [section, sectionFrom] = [null, null];
    }
    // A line that is only a label and names no speaker ("Decisions:", "**Open questions**") heads what follows.
    const labelLine = LABEL_LINE.exec(trimmed);
    const labelText = labelLine ? (labelLine[1] ?? labelLine[2])!.trim() : "";
    if (
      labelLine &&
      labelText.split(/\s+/).length <= 8 &&
      !(SPEAKER.test(trimmed) && isSpeakerName(SPEAKER.exec(trimmed)![2]!))
    ) {
      addNoise(lineStart, lineEnd, "label");
      section = sectionText(labelText);
      sectionFrom = "line";
      current = null;
      afterBreak = true;
      continue;
    }
    // (a reply's header echoes the message it answers, words already read: not speech; it names the reply's speaker)
    const header = HEADER.exec(trimmed) ?? THREAD_ECHO.exec(trimmed);
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
    let lineLabel: string | null = null;
    let heading = false;
    for (let guard = 0; guard < 5 && at < lineEnd && labelled === null; guard++) {
      const rest = text.slice(at, lineEnd);
      let m: RegExpExecArray | null;
      if ((m = LEADING_TIMESTAMP.exec(rest)) && m[0].trim() !== "") {
        addNoise(at, at + m[0].trimEnd().length, "timestamp");
        newTurn = true;
      } else if ((m = MARKDOWN.exec(rest))) {
        addNoise(at, at + m[0].trimEnd().length, "markup");
        newTurn = true;
        if (/^#/.test(m[0])) heading = true;
        if (/^#/.test(m[0]) && speakerFrom !== "header") {
          speaker = null;
          speakerFrom = null;
        }
      } else if ((m = VOICE.exec(rest))) {
        addNoise(at, at + m[0].length, "tag");
        labelled = m[1]!;
      } else if (
        ((m = IRC_NICK.exec(rest) ?? LOWER_NICK.exec(rest)) && (m[0].startsWith("<") || nicks.has(m[1]!))) ||
        ((m = BRACKET_NICK.exec(rest)) && bracketNicks.has(m[1]!))
      ) {
        addNoise(at, at + m[0].trimEnd().length, "speaker");
        labelled = m[1]!;
      } else if ((m = SPEAKER.exec(rest)) && isSpeakerName(m[2]!)) {
        addNoise(at, at + m[0].trimEnd().length, "speaker");
        labelled = m[2]!;
      } else if (
        lineLabel === null &&
        (m = LABEL.exec(rest)) &&
        NOT_SPEAKERS.has(m[1]!.toLowerCase().replace(/\s+/g, " "))
      ) {
        // "Decision: …", "RESOLUTION: …", "Action items: …", "Topic: …": a label, not a speaker
        addNoise(at, at + m[0].trimEnd().length, "label");
        lineLabel = m[1]!.toLowerCase().replace(/\s+/g, " ");
        newTurn = true;
        if (HEADING_LABELS.has(lineLabel)) heading = true;
      } else if (at === lineStart && (m = CONTINUATION.exec(rest)) && m[0].trim() !== "") {
        addNoise(at, at + m[0].trimEnd().length, "markup");
        newTurn = true;
      } else break;
      at += m[0].length;
    }
    if (heading) {
      section = sectionText(text.slice(at, lineEnd));
      sectionFrom = "heading";
    }
    if (labelled !== null) {
      if (sectionFrom === "line") [section, sectionFrom] = [null, null];
      const name = addSpeaker(labelled);
      // A new cue of the same speaker that goes on with an unfinished sentence continues it.
      newTurn = !(sawCues && joinCues && current && speaker === name && afterBreak && !endsSentence(current));
      speaker = name;
      speakerFrom = "label";
    } else if (sawCues && joinCues && afterBreak && at === lineStart && current && !endsSentence(current)) {
      newTurn = false;
    } else if (
      !newTurn &&
      !sawCues &&
      !(
        prevLine &&
        prevLine.end - prevLine.start >= WRAP_WIDTH &&
        !/[.!?…:;]$/.test(text.slice(prevLine.start, prevLine.end))
      )
    ) {
      // A plain line goes on with the line above only when that one looks hard-wrapped (long, sentence unfinished);
      // short lines in chat messages and notes are separate thoughts. Subtitles are the exception: a cue's lines
      // are wrapped short (about 42 characters), so a cue's second line goes on with its first.
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
      current = { start: at, end: lineEnd, speaker, section, label: lineLabel };
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

/** True unless the text is subtitles (3+ timing lines) whose cues mostly end without sentence punctuation. */
function punctuatedCues(text: string, lines: readonly Line[]): boolean {
  let cues = 0;
  let ended = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!TIMING_LINE.test(text.slice(lines[i]!.start, lines[i]!.end))) continue;
    let j = i + 1;
    while (j < lines.length && text.slice(lines[j]!.start, lines[j]!.end).trim() !== "") j++;
    if (j === i + 1) continue;
    cues++;
    if (/[.!?…]["'’”)\]]*(?:<\/v>)?\s*$/.test(text.slice(lines[j - 1]!.start, lines[j - 1]!.end))) ended++;
  }
  return cues < 3 || ended >= cues * 0.2;
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
