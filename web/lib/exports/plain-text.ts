import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import {
  ACCEPTANCE_CRITERIA,
  epicFields,
  oneLine,
  paragraphs,
  storyFields,
  storyHeading,
  userStoriesHeading,
} from "./fields";

/**
 * Plain-text rendering of an epic and its stories, for the clipboard (docs/product-spec.md §9 'plain-text copy'). It shares its
 * ordering and wording (fields.ts) with the Markdown, JIRA wiki and PDF exports.
 */
export function storiesToPlainText(stories: GeneratedStories): string {
  const { epic, userStories } = stories;
  const lines: string[] = [`EPIC: ${epic.title}`];
  lines.push(facts(epicFields(epic)));
  if (epic.description) lines.push("", epic.description);
  lines.push("", userStoriesHeading(userStories.length).toUpperCase());
  userStories.forEach((story, index) => lines.push("", ...storyLines(story, index + 1)));
  return `${lines.join("\n")}\n`;
}

function storyLines(story: UserStory, number: number): string[] {
  const lines = [storyHeading(story, number), `   ${facts(storyFields(story))}`];
  // Every line of a story stays indented under its heading, so multi-line text cannot look like another story.
  const description = paragraphs(story.description).map((paragraph) =>
    paragraph.map((line) => `   ${line}`).join("\n"),
  );
  if (description.length > 0) lines.push(description.join("\n\n"));
  if (story.acceptanceCriteria.length > 0) {
    lines.push(`   ${ACCEPTANCE_CRITERIA}:`);
    for (const criterion of story.acceptanceCriteria) lines.push(`   - ${oneLine(criterion)}`);
  }
  return lines;
}

function facts(fields: { label: string; value: string }[]): string {
  return fields.map(({ label, value }) => `${label}: ${value}`).join(" | ");
}
