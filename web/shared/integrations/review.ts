import type { ExportReview, StoryPlacementRequest } from "../../../schema/api/integrations";

// The review before an export without UI (issue 41), so it can be tested in Node: each story's choice, its default,
// and the placements an export sends.

/** "create", "skip", or an action on an existing item: "link:ENG-4", "add:ENG-4". */
export type StoryChoice = "create" | "skip" | `link:${string}` | `add:${string}`;

/** The review's defaults: the suggested action on the suggested item, else create. */
export function defaultChoices(review: ExportReview): StoryChoice[] {
  return review.stories.map((story) =>
    story.suggested ? (`${story.suggested.action}:${story.suggested.key}` as StoryChoice) : "create",
  );
}

/** Whether the review found anything worth a look: a suggested match for some story, or items the meeting left out. */
export function reviewNeedsEyes(review: ExportReview): boolean {
  if (review.alreadyExported) return false;
  return review.stories.some((story) => story.suggested !== null) || review.unmentioned.length > 0;
}

/** What an export sends: every story that is not simply created. */
export function placementsFrom(choices: readonly StoryChoice[]): StoryPlacementRequest[] {
  return choices.flatMap((choice, position): StoryPlacementRequest[] => {
    if (choice === "create") return [];
    if (choice === "skip") return [{ position, action: "skip" }];
    const [action, key] = [choice.slice(0, choice.indexOf(":")), choice.slice(choice.indexOf(":") + 1)];
    return [{ position, action: action === "add" ? "add" : "link", key }];
  });
}

/** "Export 5 stories", "Export 3 stories, link 1, skip 1": what the button will do. */
export function exportButtonText(choices: readonly StoryChoice[]): string {
  const count = (test: (c: StoryChoice) => boolean) => choices.filter(test).length;
  const created = count((c) => c === "create" || c.startsWith("link:"));
  const added = count((c) => c.startsWith("add:"));
  const skipped = count((c) => c === "skip");
  const parts = [`Export ${created} ${created === 1 ? "story" : "stories"}`];
  if (added) parts.push(`add ${added} to existing`);
  if (skipped) parts.push(`skip ${skipped}`);
  return parts.join(", ");
}
