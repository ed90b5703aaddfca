// The epic and its stories in Linear's terms: Markdown descriptions (Linear's `description` input is Markdown),
// Linear's priority numbers, estimates on the team's scale, and the ids an export chooses for what it creates.
// Pure: no I/O (the ids use Web Crypto's digest, which is deterministic).
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import { exportMarker, type AppendNote } from "../tracker";
import { ADDED_BY } from "../tracker/markdown-text";

export { ADDED_BY, hasMarker, markdownText as plainText } from "../tracker/markdown-text";
import type { LinearEstimation } from "./index";

export const CRITERIA_HEADING = "## Acceptance criteria";
export const EVIDENCE_HEADING = "## Evidence";
/**
 * Linear keeps a project's `description` short (the long text is its `content`): the summary is cut to this many
 * characters, and the full Markdown goes into `content`.
 */
export const PROJECT_SUMMARY_MAX = 255;

type Priority = UserStory["priority"];

/**
 * Linear's priority numbers (0 none, 1 urgent, 2 high, 3 medium, 4 low) for StoryLoom's five priorities: Highest is
 * Urgent, and Lowest is Low, Linear's lowest.
 */
const PRIORITIES: Record<Priority, number> = { Highest: 1, High: 2, Medium: 3, Low: 4, Lowest: 4 };
export function linearPriority(priority: Priority): number {
  return PRIORITIES[priority];
}

/**
 * The estimates a team allows, smallest first: each scale has five values, seven when extended, and 0 in front when
 * the team allows zero. T-shirt sizes are stored as the Fibonacci numbers (XS 1, S 2, M 3, L 5, XL 8, XXL 13,
 * XXXL 21). An unknown scale type gives no values, so no estimate is sent rather than one the team would refuse.
 */
export function allowedEstimates(estimation: LinearEstimation): number[] {
  const scales: Record<string, number[]> = {
    exponential: [1, 2, 4, 8, 16, 32, 64],
    fibonacci: [1, 2, 3, 5, 8, 13, 21],
    linear: [1, 2, 3, 4, 5, 6, 7],
    tShirt: [1, 2, 3, 5, 8, 13, 21],
  };
  const scale = scales[estimation.type];
  if (!scale) return [];
  return [...(estimation.allowZero ? [0] : []), ...scale.slice(0, estimation.extended ? 7 : 5)];
}

/**
 * The story points as the nearest estimate the team allows (a tie goes to the larger, the cautious side); null when
 * the team does not estimate, so the create carries no `estimate`.
 */
export function estimateFor(storyPoints: number, estimation: LinearEstimation | null): number | null {
  if (!estimation) return null;
  const allowed = allowedEstimates(estimation);
  let best: number | null = null;
  for (const value of allowed) {
    if (best === null || Math.abs(value - storyPoints) <= Math.abs(best - storyPoints)) best = value;
  }
  return best;
}

/**
 * The last line of every description: what made the item and the export's marker. A plain line rather than an HTML
 * comment, since Linear stores descriptions in its own document model and is not known to keep raw HTML; the ids
 * (exportId) are what findExported relies on, this line is for people and searches.
 */
export function markerLine(ref: string): string {
  return `Exported from StoryLoom · ${exportMarker(ref)}`;
}

/** One line for a list item or a quote: inner line breaks would end the item. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

export function epicMarkdown(epic: Epic, ref: string): string {
  const facts = [
    epic.team ? `**Team:** ${oneLine(epic.team)}` : null,
    epic.timeline ? `**Timeline:** ${oneLine(epic.timeline)}` : null,
    `**Priority:** ${epic.priority}`,
  ].filter((line): line is string => line !== null);
  return [epic.description.trim(), facts.join("  \n"), markerLine(ref)].filter(Boolean).join("\n\n");
}

/** A project's short description: the epic's first line, cut to PROJECT_SUMMARY_MAX with an ellipsis. */
export function projectSummary(epic: Epic): string {
  const first = oneLine(epic.description.trim().split(/\n\s*\n/)[0] ?? "");
  return first.length > PROJECT_SUMMARY_MAX ? `${first.slice(0, PROJECT_SUMMARY_MAX - 1).trimEnd()}…` : first;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function storyMarkdown(story: UserStory, ref: string): string {
  const parts: string[] = [];
  if (story.description.trim()) parts.push(story.description.trim());
  const criteria = story.acceptanceCriteria.map(oneLine).filter(Boolean);
  if (criteria.length) parts.push(`${CRITERIA_HEADING}\n\n${criteria.map((c) => `- [ ] ${c}`).join("\n")}`);
  const quotes = (story.evidence ?? []).map((e) => oneLine(e.quote)).filter(Boolean);
  if (quotes.length) parts.push(`${EVIDENCE_HEADING}\n\n${quotes.map((q) => `> ${q}`).join("\n>\n")}`);
  parts.push(
    `**Estimate:** ${plural(story.storyPoints, "story point", "story points")}, ${plural(story.estimatedHours, "hour", "hours")}`,
  );
  parts.push(markerLine(ref));
  return parts.join("\n\n");
}

/**
 * The id the export gives what it creates (IssueCreateInput and ProjectCreateInput take a client-chosen `id`): a
 * UUID (version 4 layout) from SHA-256 of `${ref}:epic` or `${ref}:${position}`. Creating the same item twice cannot
 * make a second one, and findExported asks for the epic by this id directly.
 */
export async function exportId(ref: string, part: "epic" | number): Promise<string> {
  exportMarker(ref); // throws on anything but 12 hex digits
  if (part !== "epic" && !(Number.isInteger(part) && part >= 0)) throw new Error(`Not a story position: ${part}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${ref}:${part}`)));
  const bytes = digest.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ——— the review before an export (issue 41) ———

/**
 * What "Add to" appends, in Markdown: the heading (bold), the criteria as a bulleted list, the quote as a quotation,
 * and a plain last line naming the marker (Linear keeps visible text; it is not known to keep HTML comments).
 */
export function noteMarkdown(note: AppendNote): string {
  const parts = [`**${oneLine(note.heading)}**`];
  const criteria = note.criteria.map(oneLine).filter(Boolean);
  if (criteria.length) parts.push(criteria.map((c) => `- ${c}`).join("\n"));
  const quote = note.quote ? oneLine(note.quote) : "";
  if (quote) parts.push(`> ${quote}`);
  parts.push(`${ADDED_BY} (${note.marker})`);
  return parts.join("\n\n");
}

/**
 * The item's description with the note after it: the old text exactly as Linear gave it (not a character changed),
 * then as many line breaks as make a blank line before the note.
 */
export function appendedDescription(description: string | null | undefined, note: AppendNote): string {
  const old = description ?? "";
  if (!old) return noteMarkdown(note);
  const gap = old.endsWith("\n\n") ? "" : old.endsWith("\n") ? "\n" : "\n\n";
  return `${old}${gap}${noteMarkdown(note)}`;
}
