// The epic and its stories as Azure DevOps work items: JSON Patch documents (the body of
// POST …/_apis/wit/workitems/${type}, see worker/test/contracts/README.md, "Pitfalls when mocking Azure DevOps").
// Pure: no I/O. Description and Acceptance Criteria are HTML fields, so every piece of text is escaped; nothing the
// model or the user wrote can become markup.
import type { Epic, StoryPriority, UserStory } from "../../../schema/api/transcripts";
import type { AppendNote } from "../tracker";
import { AZURE_DEVOPS_HOST } from "./index";

export interface PatchOperation {
  /** "add" sets a field (replacing its value) or adds a relation; "test" makes the whole patch fail unless it holds. */
  op: "add" | "test";
  path: string;
  value: unknown;
}

/** Azure DevOps refuses a System.Title over 255 characters; StoryLoom's titles may have 300. */
export const TITLE_MAX = 255;
export const PARENT_LINK = "System.LinkTypes.Hierarchy-Reverse";
/** "Related": not directional, shown on both items (the review's "Link to"). */
export const RELATED_LINK = "System.LinkTypes.Related";
/**
 * States an open item is not in: the completed and removed states of the standard processes (Agile and CMMI
 * Closed, Scrum and Basic Done, Removed) and the Cancelled some inherited processes add.
 */
export const CLOSED_STATES = ["Closed", "Done", "Removed", "Cancelled"] as const;
export const FIELD = {
  title: "System.Title",
  description: "System.Description",
  tags: "System.Tags",
  parent: "System.Parent",
  workItemType: "System.WorkItemType",
  state: "System.State",
  acceptanceCriteria: "Microsoft.VSTS.Common.AcceptanceCriteria",
  priority: "Microsoft.VSTS.Common.Priority",
} as const;
/** The story-points fields of the standard processes, in the order they are preferred. */
export const STORY_POINTS_FIELDS = [
  "Microsoft.VSTS.Scheduling.StoryPoints", // Agile
  "Microsoft.VSTS.Scheduling.Effort", // Scrum, Basic
  "Microsoft.VSTS.Scheduling.Size", // CMMI
] as const;

/** Microsoft.VSTS.Common.Priority: 1 is the highest of the four values every standard process allows. */
const PRIORITY_VALUES: Record<StoryPriority, number> = { Highest: 1, High: 1, Medium: 2, Low: 3, Lowest: 4 };

export function priorityValue(priority: StoryPriority): number {
  return PRIORITY_VALUES[priority];
}

/** The tags every exported work item carries: `storyloom` for people, the export's marker for findExported. */
export function exportTags(marker: string): string {
  return `storyloom; ${marker}`;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** One line of text; what is past TITLE_MAX is cut with an ellipsis (the service matches found titles exactly). */
export function workItemTitle(title: string): string {
  const line = title.replace(/\s+/g, " ").trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1).trimEnd()}…` : line;
}

/** Blank lines split paragraphs, single line breaks become <br>; empty paragraphs are left out. */
export function htmlParagraphs(text: string | undefined): string {
  return (text ?? "")
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .map(escapeHtml)
        .join("<br>"),
    )
    .filter(Boolean)
    .map((p) => `<p>${p}</p>`)
    .join("");
}

function labelled(label: string, value: string | undefined): string {
  const text = value?.trim();
  return text ? `<p><strong>${label}:</strong> ${escapeHtml(text)}</p>` : "";
}

/** The criteria as a bullet list (the Acceptance Criteria field, or a section of the description). */
export function acceptanceCriteriaHtml(criteria: readonly string[]): string {
  const items = criteria.map((c) => c.trim()).filter(Boolean);
  return items.length
    ? `<ul>${items.map((c) => `<li>${htmlParagraphs(c).replace(/^<p>|<\/p>$/g, "")}</li>`).join("")}</ul>`
    : "";
}

export function epicDescription(epic: Epic): string {
  return [
    htmlParagraphs(epic.description),
    labelled("Team", epic.team),
    labelled("Timeline", epic.timeline),
    labelled("Priority", epic.priority),
  ].join("");
}

export interface StoryFormat {
  /** The story type has an Acceptance Criteria field; otherwise the criteria are a section of the description. */
  acceptanceCriteriaField: boolean;
  /** The story type's points field; otherwise the points are written in the estimate line only. */
  storyPointsField: string | null;
}

export function storyDescription(story: UserStory, format: StoryFormat): string {
  const criteria = format.acceptanceCriteriaField ? "" : acceptanceCriteriaHtml(story.acceptanceCriteria);
  const quotes = (story.evidence ?? [])
    .map((e) => e.quote.trim())
    .filter(Boolean)
    .map((q) => `<blockquote>${htmlParagraphs(q)}</blockquote>`)
    .join("");
  const points = `${story.storyPoints} story ${story.storyPoints === 1 ? "point" : "points"}`;
  const hours = `${story.estimatedHours} ${story.estimatedHours === 1 ? "hour" : "hours"}`;
  return [
    htmlParagraphs(story.description),
    criteria ? `<h3>Acceptance criteria</h3>${criteria}` : "",
    quotes ? `<h3>Evidence</h3>${quotes}` : "",
    `<p><strong>Estimate:</strong> ${points}, ${hours}.</p>`,
  ].join("");
}

const add = (field: string, value: unknown): PatchOperation => ({ op: "add", path: `/fields/${field}`, value });

/** The API address of a work item, as relations name it (`…/_apis/wit/workItems/{id}` on the organisation). */
export function workItemRelationUrl(organization: string, id: number | string): string {
  return `${AZURE_DEVOPS_HOST}/${encodeURIComponent(organization)}/_apis/wit/workItems/${encodeURIComponent(String(id))}`;
}

/** The relation that makes a work item the child of `parentUrl` (on the child: "my parent is"). */
export function parentRelation(parentUrl: string): PatchOperation {
  return { op: "add", path: "/relations/-", value: { rel: PARENT_LINK, url: parentUrl } };
}

export function epicPatch(epic: Epic, marker: string, options: { priorityField: boolean }): PatchOperation[] {
  return [
    add(FIELD.title, workItemTitle(epic.title)),
    add(FIELD.description, epicDescription(epic)),
    add(FIELD.tags, exportTags(marker)),
    ...(options.priorityField ? [add(FIELD.priority, priorityValue(epic.priority))] : []),
  ];
}

export function storyPatch(
  story: UserStory,
  marker: string,
  options: StoryFormat & { priorityField: boolean; parentUrl: string },
): PatchOperation[] {
  const criteria = options.acceptanceCriteriaField ? acceptanceCriteriaHtml(story.acceptanceCriteria) : "";
  return [
    add(FIELD.title, workItemTitle(story.title)),
    add(FIELD.description, storyDescription(story, options)),
    ...(criteria ? [add(FIELD.acceptanceCriteria, criteria)] : []),
    ...(options.storyPointsField ? [add(options.storyPointsField, story.storyPoints)] : []),
    ...(options.priorityField ? [add(FIELD.priority, priorityValue(story.priority))] : []),
    add(FIELD.tags, exportTags(marker)),
    parentRelation(options.parentUrl),
  ];
}

/** The relation that relates a work item to `url` ("Related"; the other item shows it too). */
export function relatedRelation(url: string): PatchOperation {
  return {
    op: "add",
    path: "/relations/-",
    value: { rel: RELATED_LINK, url, attributes: { comment: "Linked by StoryLoom" } },
  };
}

/** The work item id a relation's url names (`…/_apis/wit/workItems/123`), or null when it names none. */
export function relationTarget(url: string | null | undefined): number | null {
  const match = /\/_apis\/wit\/workItems\/(\d+)\/?$/i.exec(url ?? "");
  return match ? Number(match[1]) : null;
}

/** A string in a WIQL query: single quotes doubled. */
export function wiqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The project's open work items (of `type` when given), most recently changed first: the query of the review's
 * backlog read and of its epic list.
 */
export function openItemsWiql(type: string | null): string {
  return [
    "SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project",
    ...(type === null ? [] : [`AND [System.WorkItemType] = ${wiqlString(type)}`]),
    `AND [System.State] NOT IN (${CLOSED_STATES.map(wiqlString).join(", ")})`,
    "ORDER BY [System.ChangedDate] DESC",
  ].join(" ");
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const BLOCK_TAGS =
  /<\/?(?:p|div|h[1-6]|ul|ol|blockquote|pre|table|thead|tbody|tr|section|article|header|footer|hr)\b[^>]*>/gi;

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith("#")) {
    const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : "";
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

/**
 * An HTML field (System.Description) as plain text: tags dropped (scripts, styles and comments with their content),
 * line breaks where blocks and <br> were, list items as "- ", entities decoded, runs of blanks collapsed.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<\/li\s*>/gi, "")
    .replace(/<\/t[dh]\s*>/gi, " ")
    .replace(BLOCK_TAGS, "\n")
    .replace(/<\/?[a-z][^>]*>/gi, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntity)
    .replace(/[^\S\n]+/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** At most `max` characters (UTF-16 units), never ending inside a surrogate pair. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * "Add to": what is appended to an item's description, as HTML with every piece of text escaped: the heading, the
 * criteria as a list, the quote as a quotation and a last line carrying the marker as visible text (HTML comments
 * or attributes may be dropped by Azure DevOps' sanitiser or an editor; text is kept).
 */
export function appendNoteHtml(note: AppendNote): string {
  const quote = note.quote?.trim();
  return [
    "<div>",
    `<h3>${escapeHtml(note.heading.replace(/\s+/g, " ").trim())}</h3>`,
    acceptanceCriteriaHtml(note.criteria),
    quote ? `<blockquote>${htmlParagraphs(quote)}</blockquote>` : "",
    `<p>Added by StoryLoom (${escapeHtml(note.marker)})</p>`,
    "</div>",
  ].join("");
}

/**
 * The description holds `marker` already (an earlier append of the same note). Whole markers only:
 * "storyloom-…-1" is not found in "storyloom-…-12".
 */
export function hasMarker(description: string, marker: string): boolean {
  if (!marker) return false;
  for (let at = description.indexOf(marker); at >= 0; at = description.indexOf(marker, at + 1)) {
    if (!/[0-9A-Za-z_-]/.test(description.charAt(at + marker.length))) return true;
  }
  return false;
}
