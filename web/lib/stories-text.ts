import type { GeneratedStories, UserStory } from "../../schema/api/transcripts";

/**
 * Plain-text rendering of an epic and its stories, for the clipboard (spec §9 'plain-text copy'). Kept in one place
 * so the Markdown, JIRA wiki and PDF exports can share its ordering and wording.
 */
export function storiesToPlainText(stories: GeneratedStories): string {
  const { epic, userStories } = stories;
  const lines: string[] = [`EPIC: ${epic.title}`];
  const facts = [`Priority: ${epic.priority}`];
  if (epic.timeline) facts.push(`Timeline: ${epic.timeline}`);
  if (epic.team) facts.push(`Team: ${epic.team}`);
  lines.push(facts.join(" | "));
  if (epic.description) lines.push("", epic.description);
  lines.push("", `USER STORIES (${userStories.length})`);
  userStories.forEach((story, index) => lines.push("", ...storyLines(story, index + 1)));
  return `${lines.join("\n")}\n`;
}

function storyLines(story: UserStory, number: number): string[] {
  const lines = [
    `${number}. ${story.title}`,
    `   Priority: ${story.priority} | Story points: ${story.storyPoints} | Estimated hours: ${story.estimatedHours}`,
  ];
  if (story.description) lines.push(`   ${story.description}`);
  if (story.acceptanceCriteria.length > 0) {
    lines.push("   Acceptance criteria:");
    for (const criterion of story.acceptanceCriteria) lines.push(`   - ${criterion}`);
  }
  return lines;
}
