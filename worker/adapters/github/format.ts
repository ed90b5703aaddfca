// The epic and its stories as GitHub issues: a title, a Markdown body and labels. Pure: no I/O.
//
// Every body ends with the export's marker as an HTML comment (`<!-- storyloom-{ref} -->`), which GitHub keeps in
// the body but does not show, so findExported can recognise what one export created. Text from the transcript is
// kept as it is, except for what would change what the issue does: an HTML comment opener or closer (it could hide
// the rest of the body, or fake a marker) and an @mention (GitHub would notify whoever is named).
//
// For the review before an export (issue 41): an existing issue's Markdown as plain text (backlogText), and what
// "Add to" and "Link to" append to an existing issue's body, after its text kept exactly as it was (appendToBody).
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import { BACKLOG_TEXT, exportMarker, type AppendNote } from "../tracker/index";

/** GitHub's limit for an issue body, in characters. Counted here in UTF-16 units, never fewer than GitHub counts. */
export const GITHUB_BODY_MAX_CHARS = 65_536;
/** The API refuses longer titles with 422 "title is too long (maximum is 256 characters)". */
export const GITHUB_TITLE_MAX_CHARS = 256;
export const SHORTENED_NOTE = "…(shortened: the full text is in StoryLoom)";
export const CRITERIA_HEADING = "## Acceptance criteria";
export const EVIDENCE_HEADING = "## Evidence";

/** The label every exported issue carries; the export is found again by it (with the marker in the body). */
export const STORYLOOM_LABEL = "storyloom";

export interface GitHubLabelSpec {
  name: string;
  /** Six hex digits, no "#": GitHub refuses anything else. */
  color: string;
  description: string;
}

const PRIORITY_COLORS: Record<Epic["priority"], string> = {
  Highest: "b60205",
  High: "d93f0b",
  Medium: "fbca04",
  Low: "0e8a16",
  Lowest: "c5def5",
};

/** `priority: high` and so on, one label per StoryLoom priority (all five, so none is merged into another). */
export function priorityLabel(priority: Epic["priority"]): GitHubLabelSpec {
  return {
    name: `priority: ${priority.toLowerCase()}`,
    color: PRIORITY_COLORS[priority],
    description: `${priority} priority (set by StoryLoom)`,
  };
}

export const STORYLOOM_LABEL_SPEC: GitHubLabelSpec = {
  name: STORYLOOM_LABEL,
  color: "5319e7",
  description: "Exported from StoryLoom",
};

/** The labels an issue of this priority carries, in the order they are sent. */
export function issueLabels(priority: Epic["priority"]): GitHubLabelSpec[] {
  return [STORYLOOM_LABEL_SPEC, priorityLabel(priority)];
}

export interface GitHubIssueDraft {
  title: string;
  body: string;
  labels: string[];
}

/** The marker as it ends every body. */
export function markerComment(ref: string): string {
  return `<!-- ${exportMarker(ref)} -->`;
}

/** Text from the transcript, made inert: no HTML comment, no @mention (a zero-width space after the @). */
export function inert(text: string): string {
  return text
    .replace(/<!--/g, "&lt;!--")
    .replace(/--!?>/g, (m) => m.replace(">", "&gt;"))
    .replace(/(^|[^\w`])@(?=[A-Za-z0-9])/g, "$1@\u200b");
}

/** One line: line breaks become spaces (a task-list item or a title is one line). */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, " ").trim();

/** Cut to at most `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** A title GitHub accepts: one line, at most 256 characters (the last one "…" when cut). */
export function issueTitle(title: string): string {
  const line = oneLine(title);
  return line.length <= GITHUB_TITLE_MAX_CHARS ? line : `${cut(line, GITHUB_TITLE_MAX_CHARS - 1).trimEnd()}…`;
}

/**
 * Joins the blocks and the marker into a body within GitHub's limit. Over it, the blocks are cut from the end and
 * the body says so; the marker always stays last, whole.
 */
export function issueBody(blocks: string[], ref: string): string {
  const marker = markerComment(ref);
  const text = blocks.filter((b) => b.trim()).join("\n\n");
  const whole = `${text}\n\n${marker}`;
  if (whole.length <= GITHUB_BODY_MAX_CHARS) return whole;
  const room = GITHUB_BODY_MAX_CHARS - marker.length - SHORTENED_NOTE.length - 4;
  return `${cut(text, room).trimEnd()}\n\n${SHORTENED_NOTE}\n\n${marker}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function epicIssue(epic: Epic, ref: string): GitHubIssueDraft {
  const facts = [
    epic.team.trim() ? `**Team:** ${inert(oneLine(epic.team))}` : "",
    epic.timeline?.trim() ? `**Timeline:** ${inert(oneLine(epic.timeline))}` : "",
    `**Priority:** ${epic.priority}`,
  ].filter(Boolean);
  return {
    title: issueTitle(epic.title),
    // Two spaces end a Markdown line without starting a paragraph.
    body: issueBody([inert(epic.description), facts.join("  \n")], ref),
    labels: issueLabels(epic.priority).map((l) => l.name),
  };
}

export function storyIssue(story: UserStory, ref: string): GitHubIssueDraft {
  const criteria = story.acceptanceCriteria.map((c) => oneLine(c)).filter(Boolean);
  const quotes = (story.evidence ?? []).map((e) => e.quote.trim()).filter(Boolean);
  const blocks = [
    inert(story.description),
    criteria.length ? `${CRITERIA_HEADING}\n\n${criteria.map((c) => `- [ ] ${inert(c)}`).join("\n")}` : "",
    quotes.length
      ? `${EVIDENCE_HEADING}\n\n${quotes
          .map((q) =>
            inert(q)
              .split(/\r?\n/)
              .map((line) => `> ${line}`.trimEnd())
              .join("\n"),
          )
          .join("\n\n")}`
      : "",
    `**Estimate:** ${plural(story.storyPoints, "story point", "story points")}, ${plural(story.estimatedHours, "hour", "hours")}  \n**Priority:** ${story.priority}`,
  ];
  return {
    title: issueTitle(story.title),
    body: issueBody(blocks, ref),
    labels: issueLabels(story.priority).map((l) => l.name),
  };
}

// ——— the review before an export (issue 41) ———

/** The visible last line of what "Add to" appends, naming the note's marker: `Added by StoryLoom (storyloom-…)`. */
export const ADDED_BY = "Added by StoryLoom";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * An issue body (GitHub-flavoured Markdown, with HTML) as plain text for matching: no comments (the export's marker
 * among them), tags, link targets, headings, list and quote markers, emphasis, code fences or table rules; entities
 * decoded; blank lines kept between paragraphs; at most `max` characters.
 */
export function backlogText(markdown: string | null | undefined, max = BACKLOG_TEXT): string {
  const escaped: string[] = [];
  let text = (markdown ?? "")
    .replace(/\r\n?/g, "\n")
    // A backslash-escaped character is text: set aside, so no rule below takes it for markup.
    .replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => `\ue000${escaped.push(c) - 1}\ue001`)
    .replace(/<!--[\s\S]*?(?:--!?>|$)/g, " ")
    .replace(/<((?:https?|mailto):[^>\s]+)>/gi, "$1")
    .replace(/<\/?[a-z][^>\n]*>/gi, " ")
    .replace(/!\[([^\]\n]*)\]\([^)\n]*\)/g, "$1")
    .replace(/\[([^\]\n]+)\](?:\([^)\n]*\)|\[[^\]\n]*\])/g, "$1");
  text = text
    .split("\n")
    .flatMap((line) => {
      // Lines that are only markup (code fences, link definitions, rules, a table's rule) go, gaps and all.
      if (/^ {0,3}(?:```|~~~)/.test(line)) return [];
      if (/^ {0,3}\[[^\]]+\]:\s*\S+/.test(line)) return [];
      if (/^ {0,3}(?:[-*_][ \t]*){3,}$/.test(line)) return [];
      if (/^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$/.test(line)) return [];
      let rest = line
        .replace(/^ {0,3}(?:>[ \t]?)+/, "")
        .replace(/^\s*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/, "")
        .replace(/^ {0,3}#{1,6}(?:[ \t]+|$)/, "")
        .replace(/^ {0,3}(?:=+|-+)[ \t]*$/, "");
      if (/^\s*\|/.test(rest)) rest = rest.replace(/\|/g, " ");
      return [rest];
    })
    .join("\n")
    .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/g, "$1$2")
    .replace(/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/g, "$1$2")
    .replace(/~~(?=\S)([^~\n]*?\S)~~/g, "$1")
    .replace(/(`+)([^`\n]+?)\1/g, "$2");
  text = decodeEntities(text)
    .replace(/\ue000(\d+)\ue001/g, (_, i: string) => escaped[Number(i)] ?? "")
    .replace(/\u200b|\u200c|\u200d|\ufeff/g, "")
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return cut(text, max).trimEnd();
}

/** True when `text` holds `marker` as a whole token (so `storyloom-…-1` is not found in `storyloom-…-12`). */
export function hasMarker(text: string | null | undefined, marker: string): boolean {
  if (!marker) return false;
  const escaped = marker.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(text ?? "");
}

/** "Link to": the line the existing issue gets, `Related: #12`; GitHub shows the mention as a cross-reference. */
export function relatedLine(storyNumber: number): string {
  return `Related: #${storyNumber}`;
}

/** The body holds the line relatedLine writes (alone on its line: `Related: #1` is not `Related: #12`). */
export function hasRelatedLine(body: string | null | undefined, storyNumber: number): boolean {
  return new RegExp(`^[ \\t]*Related: #${storyNumber}[ \\t\\r]*$`, "m").test(body ?? "");
}

/**
 * "Add to": the note as Markdown: its heading, the criteria as a bulleted list, the quote as a quotation, and a last
 * visible line naming the marker (`Added by StoryLoom (storyloom-…)`), which GitHub keeps as it is.
 */
export function appendNote(note: AppendNote): string {
  const criteria = note.criteria.map((c) => oneLine(c)).filter(Boolean);
  const quote = note.quote?.trim() ?? "";
  return [
    `### ${inert(oneLine(note.heading))}`,
    criteria.map((c) => `- ${inert(c)}`).join("\n"),
    quote
      ? inert(quote)
          .split(/\r?\n/)
          .map((line) => `> ${line}`.trimEnd())
          .join("\n")
      : "",
    `${ADDED_BY} (${oneLine(note.marker)})`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The body kept exactly as it is, then `addition` as a paragraph of its own. */
export function appendToBody(body: string | null | undefined, addition: string): string {
  const old = body ?? "";
  if (!old.trim()) return `${old}${addition}`;
  const gap = /\n[ \t\r]*\n[ \t\r]*$/.test(old) ? "" : /\n[ \t\r]*$/.test(old) ? "\n" : "\n\n";
  return `${old}${gap}${addition}`;
}
