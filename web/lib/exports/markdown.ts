import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import {
  ACCEPTANCE_CRITERIA,
  DECISIONS,
  epicFields,
  noteLine,
  OPEN_QUESTIONS,
  oneLine,
  paragraphs,
  storyFields,
  userStoriesHeading,
  type Field,
  type MeetingNotes,
} from "./fields";

/**
 * CommonMark characters that can open or close markup anywhere in a line: emphasis (* _), code spans (`), links and
 * images ([ ]: with these escaped, "!" and "( )" are plain), raw HTML and autolinks (< >), strikethrough (~) and GFM
 * tables (|), and the backslash itself. Everything else is only special at the start of a line (below), so the
 * file stays readable ("Done." rather than "Done\.") while every character still comes back literal.
 */
const INLINE_SPECIAL = /[\\`*_[\]<>|~]/g;
/** Headings (#), block quotes (>), list markers (- + "1." "1)"), setext underlines (= -). */
const LINE_START_SPECIAL = /^(\s*)(?:([#>+=-])|(\d{1,9})([.)]))/;

/** User text as literal CommonMark inline text on one line. */
export function escapeMarkdown(text: string): string {
  return (
    oneLine(text)
      .replace(INLINE_SPECIAL, "\\$&")
      // "&amp;" or "&#42;" would be read as an entity.
      .replace(/&(?=#?\w+;)/g, "\\&")
      .replace(LINE_START_SPECIAL, (_, space: string, mark?: string, digits?: string, dot?: string) =>
        mark ? `${space}\\${mark}` : `${space}${digits}\\${dot}`,
      )
  );
}

/** A free-text field as escaped paragraphs; a newline inside a paragraph stays a (soft) line break. */
function markdownParagraphs(text: string): string[] {
  return paragraphs(text).map((lines) => lines.map(escapeMarkdown).join("\n"));
}

function fieldList(fields: Field[]): string {
  return fields.map(({ label, value }) => `- **${label}:** ${escapeMarkdown(value)}`).join("\n");
}

/**
 * The epic and its stories as CommonMark: `# epic title`, the epic's facts as a list, its description, then
 * `## User Stories (N)` with one `### N. title` section per story (facts, description, `#### Acceptance criteria`
 * list). All user text is escaped, so nothing a transcript or an editor put in a field can become markup. When a
 * title (the transcript's) is given and differs from the epic's, it is listed as the epic's first fact. The meeting's
 * decisions and open questions (`meetingNotes` of the quality report) follow the stories as `## Decisions` and
 * `## Open questions` lists, each only when it has items.
 */
export function storiesToMarkdown(stories: GeneratedStories, title?: string | null, notes?: MeetingNotes): string {
  const { epic, userStories } = stories;
  const fields = epicFields(epic);
  const transcriptTitle = title ? oneLine(title) : "";
  if (transcriptTitle && transcriptTitle !== oneLine(epic.title))
    fields.unshift({ label: "Transcript", value: transcriptTitle });

  const blocks: string[] = [
    `# ${escapeMarkdown(epic.title)}`,
    fieldList(fields),
    ...markdownParagraphs(epic.description),
  ];
  blocks.push(`## ${userStoriesHeading(userStories.length)}`);
  userStories.forEach((story, index) => blocks.push(...storyBlocks(story, index + 1)));
  for (const [heading, list] of [
    [DECISIONS, notes?.decisions ?? []],
    [OPEN_QUESTIONS, notes?.questions ?? []],
  ] as const) {
    if (list.length > 0)
      blocks.push(`## ${heading}`, list.map((note) => `- ${escapeMarkdown(noteLine(note))}`).join("\n"));
  }
  return `${blocks.join("\n\n")}\n`;
}

function storyBlocks(story: UserStory, number: number): string[] {
  const blocks = [`### ${number}. ${escapeMarkdown(story.title)}`, fieldList(storyFields(story))];
  blocks.push(...markdownParagraphs(story.description));
  const criteria = story.acceptanceCriteria.map(escapeMarkdown).filter((criterion) => criterion.length > 0);
  if (criteria.length > 0) {
    blocks.push(`#### ${ACCEPTANCE_CRITERIA}`, criteria.map((criterion) => `- ${criterion}`).join("\n"));
  }
  return blocks;
}
