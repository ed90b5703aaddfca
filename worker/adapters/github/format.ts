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
import { exportMarker, type AppendNote } from "../tracker/index";
import { ADDED_BY, cut } from "../tracker/markdown-text";

export { ADDED_BY, hasMarker, markdownText as backlogText } from "../tracker/markdown-text";

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
