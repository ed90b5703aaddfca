// Generated stories as Notion blocks (pure). Notion's documented request limits shape everything here: a rich-text
// item's text.content is at most 2,000 characters, a request carries at most 100 children, and a request body at most
// 500 KB. All blocks are top-level (no nesting), so an export is a plain sequence cut into batches.
import type { Epic, GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import type { NotionBlock } from "./index";

/** Notion's limit on one rich-text item's text.content (UTF-16 code units, as JavaScript counts). */
export const RICH_TEXT_MAX_CHARS = 2000;
/** Notion's limit on the children of one create-page or append-children request. */
export const MAX_CHILDREN_PER_REQUEST = 100;
/** Notion refuses request bodies over 500 KB; batches stay well under it, leaving room for the page's own fields. */
export const MAX_BATCH_BYTES = 400_000;

export interface RichTextItem {
  type: "text";
  text: { content: string };
}

/**
 * `text` as a Notion rich-text array: items of at most 2,000 characters, cut so that no surrogate pair (an emoji, say)
 * is split between two items. Concatenated, the items are `text` exactly. Empty text gives an empty array.
 */
export function richText(text: string): RichTextItem[] {
  const items: RichTextItem[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + RICH_TEXT_MAX_CHARS, text.length);
    // A high surrogate as the last unit would leave its low half to the next item: cut one earlier.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    items.push({ type: "text", text: { content: text.slice(start, end) } });
    start = end;
  }
  return items;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

type TextBlockType = "paragraph" | "heading_2" | "bulleted_list_item";

function textBlock(type: TextBlockType, text: string): NotionBlock {
  return { object: "block", type, [type]: { rich_text: richText(text) } };
}

/** Paragraphs separated by blank lines become separate paragraph blocks; single line breaks stay inside one. */
function paragraphs(text: string): NotionBlock[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => textBlock("paragraph", part));
}

/** "Team: Platform · Timeline: Q3 · Priority: High", leaving out what is not set. */
function epicLine(epic: Epic): string {
  const parts: string[] = [];
  if (epic.team.trim()) parts.push(`Team: ${epic.team.trim()}`);
  if (epic.timeline?.trim()) parts.push(`Timeline: ${epic.timeline.trim()}`);
  if (epic.priority) parts.push(`Priority: ${epic.priority}`);
  return parts.join(" · ");
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A story's estimate line, in the format "Priority: {priority} · {n} story point(s) · {n} hour(s)", e.g.
 * "Priority: High · 5 story points · 8 hours" or "Priority: Low · 1 story point · 1 hour".
 */
export function storyEstimateLine(story: Pick<UserStory, "priority" | "storyPoints" | "estimatedHours">): string {
  return `Priority: ${story.priority} · ${plural(story.storyPoints, "story point", "story points")} · ${plural(story.estimatedHours, "hour", "hours")}`;
}

/**
 * The page body of an export: the epic's description (one paragraph per blank-line-separated part) and its team,
 * timeline and priority line; then per story a heading_2 with its title, its description, its acceptance criteria
 * as bulleted items and its estimate line. Empty text makes no block. The epic's title is the page's title, not a block.
 */
export function storiesToBlocks(stories: GeneratedStories): NotionBlock[] {
  const blocks: NotionBlock[] = [...paragraphs(stories.epic.description)];
  const line = epicLine(stories.epic);
  if (line) blocks.push(textBlock("paragraph", line));
  for (const story of stories.userStories) {
    if (story.title.trim()) blocks.push(textBlock("heading_2", story.title.trim()));
    blocks.push(...paragraphs(story.description));
    for (const criterion of story.acceptanceCriteria) {
      if (criterion.trim()) blocks.push(textBlock("bulleted_list_item", criterion.trim()));
    }
    blocks.push(textBlock("paragraph", storyEstimateLine(story)));
  }
  return blocks;
}

/** `items` in consecutive runs of at most `size` (the last may be shorter); none for no items. */
export function batches<T>(items: readonly T[], size = MAX_CHILDREN_PER_REQUEST): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Batch size must be a positive integer, not ${size}`);
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

/**
 * Blocks in consecutive runs that Notion accepts in one request: at most 100 blocks and at most `maxBytes` of JSON
 * (UTF-8). Plain `batches` suffices for typical stories; 100 blocks of 5,000-character descriptions would pass 500 KB.
 */
export function blockBatches(blocks: readonly NotionBlock[], maxBytes = MAX_BATCH_BYTES): NotionBlock[][] {
  const encoder = new TextEncoder();
  const runs: NotionBlock[][] = [];
  let run: NotionBlock[] = [];
  let bytes = 2;
  for (const block of blocks) {
    const size = encoder.encode(JSON.stringify(block)).length + 1;
    if (run.length > 0 && (run.length >= MAX_CHILDREN_PER_REQUEST || bytes + size > maxBytes)) {
      runs.push(run);
      run = [];
      bytes = 2;
    }
    run.push(block);
    bytes += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
