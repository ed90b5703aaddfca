// Stories and epics as Atlassian Document Format (version 1), the only description JIRA Cloud's REST API v3 takes.
// Pure: no I/O. ADF allows no empty text nodes, so empty lines and items are skipped, and JIRA refuses a description
// over 32,767 characters, so a long story is cut from the end and says so.
import type { Epic, UserStory } from "../../../schema/api/transcripts";

export interface AdfText {
  type: "text";
  text: string;
}
export interface AdfHardBreak {
  type: "hardBreak";
}
export type AdfInline = AdfText | AdfHardBreak;
export interface AdfParagraph {
  type: "paragraph";
  content: AdfInline[];
}
export interface AdfHeading {
  type: "heading";
  attrs: { level: 1 | 2 | 3 | 4 | 5 | 6 };
  content: AdfInline[];
}
export interface AdfListItem {
  type: "listItem";
  content: AdfParagraph[];
}
export interface AdfBulletList {
  type: "bulletList";
  content: AdfListItem[];
}
export interface AdfBlockquote {
  type: "blockquote";
  content: AdfParagraph[];
}
export type AdfBlock = AdfParagraph | AdfHeading | AdfBulletList | AdfBlockquote;

export interface AdfDoc {
  type: "doc";
  version: 1;
  content: AdfBlock[];
}

/**
 * JIRA's limit for a description. It is counted here on the document's JSON, which is longer than any rendering of
 * the same text, so a document within it is within JIRA's limit however JIRA counts.
 */
export const ADF_MAX_CHARS = 32_767;
export const SHORTENED_NOTE = "…(shortened)";
export const CRITERIA_HEADING = "Acceptance criteria";

/**
 * The document as a list of units, each one paragraph's worth: a description paragraph, the heading, one criterion,
 * one quote. Consecutive criteria make one bullet list, consecutive quotes one blockquote. Cutting from the end is
 * dropping units, or shortening the last one kept.
 */
type Unit = { kind: "paragraph" | "heading" | "item" | "quote"; text: string };

/** Text with single line breaks as hardBreaks; empty lines and surrounding spaces left out. */
function inline(text: string): AdfInline[] {
  const content: AdfInline[] = [];
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    if (content.length) content.push({ type: "hardBreak" });
    content.push({ type: "text", text: trimmed });
  }
  return content;
}

/** Blank lines split paragraphs; paragraphs with nothing but spaces are left out. */
function paragraphs(text: string | undefined): Unit[] {
  return (text ?? "")
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .filter((p) => inline(p).length > 0)
    .map((p) => ({ kind: "paragraph", text: p }));
}

function assemble(units: readonly Unit[]): AdfDoc {
  const content: AdfBlock[] = [];
  for (const unit of units) {
    const text = inline(unit.text);
    if (!text.length) continue;
    const last = content.at(-1);
    if (unit.kind === "paragraph") content.push({ type: "paragraph", content: text });
    else if (unit.kind === "heading") content.push({ type: "heading", attrs: { level: 3 }, content: text });
    else if (unit.kind === "item") {
      const item: AdfListItem = { type: "listItem", content: [{ type: "paragraph", content: text }] };
      if (last?.type === "bulletList") last.content.push(item);
      else content.push({ type: "bulletList", content: [item] });
    } else {
      const paragraph: AdfParagraph = { type: "paragraph", content: text };
      if (last?.type === "blockquote") last.content.push(paragraph);
      else content.push({ type: "blockquote", content: [paragraph] });
    }
  }
  return { type: "doc", version: 1, content };
}

const size = (doc: AdfDoc) => JSON.stringify(doc).length;

/** The first `length` UTF-16 units of `text`, never ending inside a surrogate pair, with an ellipsis. */
function cut(text: string, length: number): string {
  let end = Math.max(0, length);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  const kept = text.slice(0, end).trimEnd();
  return kept ? `${kept}…` : "";
}

/** The whole document when it fits; otherwise as much as fits from the start, then the note. */
function fit(units: readonly Unit[], limit = ADF_MAX_CHARS): AdfDoc {
  const whole = assemble(units);
  if (size(whole) <= limit) return whole;
  const note: Unit = { kind: "paragraph", text: SHORTENED_NOTE };
  const fits = (kept: readonly Unit[]) => size(assemble([...kept, note])) <= limit;
  // The most whole units that fit (binary search: every prefix of a fitting prefix fits).
  let low = 0;
  let high = units.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(units.slice(0, middle))) low = middle;
    else high = middle - 1;
  }
  const kept = units.slice(0, low);
  // Then as much of the next unit's text as still fits.
  const next = units[low];
  if (next && next.kind !== "heading") {
    let shortest = 0;
    let longest = next.text.length;
    while (shortest < longest) {
      const middle = Math.ceil((shortest + longest) / 2);
      if (fits([...kept, { ...next, text: cut(next.text, middle) }])) shortest = middle;
      else longest = middle - 1;
    }
    const partial = cut(next.text, shortest);
    if (inline(partial).length) kept.push({ ...next, text: partial });
  }
  // A heading with nothing under it says nothing.
  while (kept.at(-1)?.kind === "heading") kept.pop();
  return assemble([...kept, note]);
}

/** A user story: its description, then "Acceptance criteria" as a bullet list, then the transcript quotes. */
export function storyDescription(story: Pick<UserStory, "description" | "acceptanceCriteria" | "evidence">): AdfDoc {
  const criteria = story.acceptanceCriteria.filter((c) => inline(c).length > 0);
  const quotes = (story.evidence ?? []).map((e) => e.quote).filter((q) => inline(q).length > 0);
  return fit([
    ...paragraphs(story.description),
    ...(criteria.length ? [{ kind: "heading" as const, text: CRITERIA_HEADING }] : []),
    ...criteria.map((text) => ({ kind: "item" as const, text })),
    ...quotes.map((text) => ({ kind: "quote" as const, text })),
  ]);
}

/** An epic: its description, then "Team: …" and "Timeline: …" when they are set. */
export function epicDescription(epic: Pick<Epic, "description" | "team" | "timeline">): AdfDoc {
  const team = epic.team.trim();
  const timeline = epic.timeline?.trim();
  return fit([
    ...paragraphs(epic.description),
    ...(team ? [{ kind: "paragraph" as const, text: `Team: ${team}` }] : []),
    ...(timeline ? [{ kind: "paragraph" as const, text: `Timeline: ${timeline}` }] : []),
  ]);
}

/** The document's plain text (paragraphs and items on their own lines), for tests and logs. */
export function adfText(doc: AdfDoc): string {
  const lines: string[] = [];
  const text = (content: AdfInline[]) => content.map((n) => (n.type === "text" ? n.text : "\n")).join("");
  for (const block of doc.content) {
    if (block.type === "paragraph" || block.type === "heading") lines.push(text(block.content));
    else
      for (const child of block.content)
        lines.push(
          child.type === "listItem" ? child.content.map((p) => text(p.content)).join("\n") : text(child.content),
        );
  }
  return lines.join("\n");
}

// ——— descriptions JIRA holds (issue 41: review before export) ———

/**
 * A description as JIRA holds it: an ADF document that people wrote in JIRA's editor, with any of ADF's nodes
 * (mentions, panels, tables, media…). Read as unknown and written back unchanged.
 */
export interface AdfDocument {
  type: "doc";
  version: number;
  content: unknown[];
  [key: string]: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An ADF document (any nodes inside), or null when `value` is not one. */
export function asAdfDocument(value: unknown): AdfDocument | null {
  return isRecord(value) && value.type === "doc" && Array.isArray(value.content) ? (value as AdfDocument) : null;
}

/** Inline nodes: they run on within their block; every other node with content is a block of its own lines. */
const INLINE_NODES = new Set([
  "text",
  "hardBreak",
  "mention",
  "emoji",
  "inlineCard",
  "status",
  "date",
  "placeholder",
  "mediaInline",
]);
/** Deeper nodes are not read: an answer nested deeper than any editor writes is not a description worth matching. */
const MAX_DEPTH = 64;

/** The text an inline node shows: a text's text, a mention's name, an emoji, a card's link, a status lozenge. */
function shown(node: Record<string, unknown>): string {
  const attrs = isRecord(node.attrs) ? node.attrs : {};
  const pick = (...names: string[]) => {
    for (const name of names) if (typeof attrs[name] === "string" && attrs[name]) return attrs[name];
    return "";
  };
  switch (node.type) {
    case "text":
      return typeof node.text === "string" ? node.text : "";
    case "hardBreak":
      return "\n";
    case "mention":
    case "status":
    case "placeholder":
      return pick("text");
    case "emoji":
      return pick("text", "shortName");
    case "inlineCard":
    case "blockCard":
    case "embedCard":
      return pick("url");
    default:
      return "";
  }
}

/**
 * What people read in a description, without its markup: each paragraph, heading, list item, quote line, table cell
 * or code line on a line of its own, blank lines and surrounding spaces left out, at most `max` UTF-16 units (never
 * ending inside a surrogate pair). Any ADF is read; what is not a document reads as "".
 */
export function adfPlainText(doc: unknown, max = Number.POSITIVE_INFINITY): string {
  if (!asAdfDocument(doc)) return "";
  let out = "";
  // Past this much the rest cannot change what is kept (lines are trimmed, so a little slack is enough).
  const enough = () => out.length > max + 1024;
  const walk = (node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > MAX_DEPTH || enough()) return;
    const type = typeof node.type === "string" ? node.type : "";
    const block = type !== "doc" && !INLINE_NODES.has(type);
    if (block) out += "\n";
    out += shown(node);
    if (Array.isArray(node.content)) for (const child of node.content) walk(child, depth + 1);
    if (block) out += "\n";
  };
  walk(doc, 0);
  const text = out
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end).trimEnd();
}

/** What "Add to" appends to a description (adapters/tracker's AppendNote, with its marker line in words). */
export interface AdfNote {
  heading: string;
  criteria: readonly string[];
  quote: string | null;
  /** The last line, carrying the marker as plain visible text: "Added by StoryLoom (storyloom-…)". */
  markerLine: string;
}

/**
 * `old` (kept exactly: its nodes, attributes and order, whatever they are) followed by the note: the heading (level
 * 3), the criteria as a bullet list, the quote as a blockquote and the marker line. When the whole does not fit in
 * JIRA's limit, the note is cut from its end (criteria, quote) and says so; the heading and the marker line always
 * stay. Null when not even they fit after the old description.
 */
export function appendNote(old: AdfDocument | null, note: AdfNote, limit = ADF_MAX_CHARS): AdfDocument | null {
  const base: AdfDocument = old ?? { type: "doc", version: 1, content: [] };
  const marker = assemble([{ kind: "paragraph", text: note.markerLine }]).content;
  const units: Unit[] = [
    ...note.criteria.filter((c) => inline(c).length > 0).map((text) => ({ kind: "item" as const, text })),
    ...(note.quote !== null && inline(note.quote).length > 0 ? [{ kind: "quote" as const, text: note.quote }] : []),
  ];
  const heading: Unit = { kind: "heading", text: note.heading };
  const build = (kept: readonly Unit[], shortened: boolean): AdfDocument => ({
    ...base,
    content: [
      ...base.content,
      ...assemble([heading, ...kept, ...(shortened ? [{ kind: "paragraph" as const, text: SHORTENED_NOTE }] : [])])
        .content,
      ...marker,
    ],
  });
  const fits = (doc: AdfDocument) => JSON.stringify(doc).length <= limit;
  const whole = build(units, false);
  if (fits(whole)) return whole;
  if (!fits(build([], true))) return null;
  // The most whole units that fit, then as much of the next one's text as still fits.
  let low = 0;
  let high = units.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(build(units.slice(0, middle), true))) low = middle;
    else high = middle - 1;
  }
  const kept = units.slice(0, low);
  const next = units[low];
  if (next) {
    let shortest = 0;
    let longest = next.text.length;
    while (shortest < longest) {
      const middle = Math.ceil((shortest + longest) / 2);
      if (fits(build([...kept, { ...next, text: cut(next.text, middle) }], true))) shortest = middle;
      else longest = middle - 1;
    }
    const partial = cut(next.text, shortest);
    if (inline(partial).length) kept.push({ ...next, text: partial });
  }
  return build(kept, true);
}
