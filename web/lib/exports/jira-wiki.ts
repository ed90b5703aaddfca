import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import {
  ACCEPTANCE_CRITERIA,
  epicFields,
  oneLine,
  paragraphs,
  storyFields,
  userStoriesHeading,
  type Field,
} from "./fields";

/**
 * The characters JIRA's wiki renderer treats as markup and lets a backslash escape (its backslash-escape component
 * accepts exactly - # * _ + ? ^ ~ | % { } [ ] ( ) ! @): bold, italics, strike-through, dashes, underline, super- and
 * subscript, citations, tables, macros ({code}, {noformat}, {color}…), links, mentions, images, lists, and the
 * parenthesised emoticons such as (y) or (!).
 */
const JIRA_SPECIAL = /\\|&(?=#?\w+;)|:(?=[DPp]\b)|[-#*_+?^~|%{}[\]()!@]/g;

/**
 * User text as literal JIRA wiki inline text on one line.
 * - A backslash cannot be escaped with a backslash (`\\` is a forced line break, and `\\*` would leave the `*`
 *   unescaped), so it is written as the HTML entity `&#92;`, which the renderer passes through.
 * - An `&` that would start an entity is written `&amp;`, so `&copy;` stays literal.
 * - `:D` / `:P` emoticons get their colon as `&#58;`; the others contain an escaped parenthesis.
 */
export function escapeJira(text: string): string {
  return oneLine(text).replace(JIRA_SPECIAL, (c) => {
    if (c === "\\") return "&#92;";
    if (c === "&") return "&amp;";
    if (c === ":") return "&#58;";
    return `\\${c}`;
  });
}

/**
 * A block that starts a source line must not begin with a block signature. Lists (* # -), rules (----), tables (|)
 * and macros ({) are already escaped; headings (h1. … h6.) and block quotes (bq.) are broken by writing the dot as
 * the entity `&#46;`.
 */
function neutraliseLineStart(text: string): string {
  return text.replace(/^(h[1-6]|bq)\./i, "$1&#46;");
}

/**
 * A free-text field as one paragraph: its lines are joined with JIRA's forced line break `\\` (two for a paragraph
 * break), so a description with newlines keeps its shape but can never start a new block (a heading, a list, a
 * table, a {code} macro) in the middle of the document.
 */
function jiraParagraph(text: string): string | null {
  const parts = paragraphs(text).map((lines) => lines.map(escapeJira).join(" \\\\ "));
  return parts.length > 0 ? neutraliseLineStart(parts.join(" \\\\ \\\\ ")) : null;
}

function fieldList(fields: Field[]): string {
  return fields.map(({ label, value }) => `* *${label}:* ${escapeJira(value)}`).join("\n");
}

/**
 * The epic and its stories as JIRA wiki markup: `h1.` epic title, its facts as a bullet list with bold labels and
 * its description, then `h2. User Stories (N)` and one `h3. N. title` section per story (facts, description, and
 * the acceptance criteria as a numbered list). All user text is escaped (escapeJira) and kept on one source line.
 */
export function storiesToJiraWiki(stories: GeneratedStories): string {
  const { epic, userStories } = stories;
  const blocks: (string | null)[] = [
    `h1. ${escapeJira(epic.title)}`,
    fieldList(epicFields(epic)),
    jiraParagraph(epic.description),
    `h2. ${userStoriesHeading(userStories.length)}`,
  ];
  userStories.forEach((story, index) => blocks.push(...storyBlocks(story, index + 1)));
  return `${blocks.filter((block) => block !== null).join("\n\n")}\n`;
}

function storyBlocks(story: UserStory, number: number): (string | null)[] {
  const criteria = story.acceptanceCriteria.map(escapeJira).filter((criterion) => criterion.length > 0);
  return [
    `h3. ${number}. ${escapeJira(story.title)}`,
    fieldList(storyFields(story)),
    jiraParagraph(story.description),
    criteria.length > 0
      ? [`*${ACCEPTANCE_CRITERIA}:*`, ...criteria.map((criterion) => `# ${criterion}`)].join("\n")
      : null,
  ];
}
