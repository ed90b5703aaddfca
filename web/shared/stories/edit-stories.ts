import { impliedHours, STORY_POINT_SCALE } from "../../../schema/api/sizing";
import { STORY_LIMITS, type Epic, type GeneratedStories, type UserStory } from "../../../schema/api/transcripts";

// The story editor's state logic, kept pure so it can be tested without a browser. The dialog holds a draft
// (a deep copy of the saved stories) and changes it only through these functions; nothing here mutates its input.

const QUARTER_MONTHS = ["Jan - Mar", "Apr - Jun", "Jul - Sep", "Oct - Dec"] as const;

/**
 * docs/product-spec.md §5 as amended (docs/decisions/2026-12-07-timeline-from-this-quarter.md): six timeline choices,
 * the quarter of `today` (UTC) and the five after it, each shown with its months. The value saved is the quarter itself.
 */
export function timelineChoices(today: Date = new Date()): { value: string; label: string }[] {
  const first = today.getUTCFullYear() * 4 + Math.floor(today.getUTCMonth() / 3);
  return Array.from({ length: 6 }, (_, i) => {
    const quarter = first + i;
    const value = `Q${(quarter % 4) + 1} ${Math.floor(quarter / 4)}`;
    return { value, label: `${value} (${QUARTER_MONTHS[quarter % 4]})` };
  });
}

/** Whether a timeline is one of today's six choices (anything else, a past quarter or a generated 'Next sprint', is kept as it is). */
export function isTimelineChoice(timeline: string | undefined, today: Date = new Date()): boolean {
  return timelineChoices(today).some((choice) => choice.value === timeline);
}

/** Blank titles are saved with these instead of blocking the save (docs/product-spec.md §5: no required-field checks shown). */
export const UNTITLED_STORY = "Untitled story";
export const UNTITLED_EPIC = "Untitled epic";

/**
 * The points the editor offers: the scale every generator and the quality gate use (schema/api/sizing.ts). The schema
 * takes any whole number to 100, so a story saved with another value keeps it (see `pointChoices`).
 */
export const STORY_POINT_CHOICES = STORY_POINT_SCALE;

/** Hours a size in points implies: the middle of its range in the sizing model, within the editor's limit. */
export function hoursForPoints(points: number): number {
  return Math.min(impliedHours(points), STORY_LIMITS.hours);
}

/** The choices for a story's points: the scale, plus the story's own value when it is off the scale (0, 4, 21…). */
export function pointChoices(current: number): number[] {
  const scale: number[] = [...STORY_POINT_CHOICES];
  return scale.includes(current) ? scale : [...scale, current].sort((a, b) => a - b);
}

/**
 * New points for a story. Hours nobody has set (0) or left at what the old points implied follow the new points;
 * hours someone chose stay as they are.
 */
export function setStoryPoints(stories: GeneratedStories, index: number, points: number): GeneratedStories {
  const story = stories.userStories[index];
  if (!story) return stories;
  const follow = story.estimatedHours === 0 || story.estimatedHours === hoursForPoints(story.storyPoints);
  return updateStory(
    stories,
    index,
    follow ? { storyPoints: points, estimatedHours: hoursForPoints(points) } : { storyPoints: points },
  );
}

/** What an empty criterion line shows (docs/product-spec.md §3's default criterion text, as a hint rather than text to delete). */
export const CRITERION_PLACEHOLDER = "Acceptance criteria here";

/** docs/product-spec.md §3 and §8: a new story is 'New User Story', Medium, 5 points; its hours are what 5 points imply, not 0. */
export const NEW_STORY_POINTS = 5;

/**
 * The story 'Add Story' appends (docs/product-spec.md §3). Its one criterion line is empty, showing CRITERION_PLACEHOLDER, so it can
 * be typed into at once; an empty line is dropped on save.
 */
export function newStory(): UserStory {
  return {
    title: "New User Story",
    description: "As a user, I want...",
    acceptanceCriteria: [""],
    priority: "Medium",
    storyPoints: NEW_STORY_POINTS,
    estimatedHours: hoursForPoints(NEW_STORY_POINTS),
  };
}

/** A deep copy: the draft can be edited without touching the caller's objects (evidence included). */
export function copyStories(stories: GeneratedStories): GeneratedStories {
  return structuredClone(stories);
}

export function updateEpic(stories: GeneratedStories, patch: Partial<Epic>): GeneratedStories {
  return { ...stories, epic: { ...stories.epic, ...patch } };
}

export function updateStory(stories: GeneratedStories, index: number, patch: Partial<UserStory>): GeneratedStories {
  if (!stories.userStories[index]) return stories;
  return {
    ...stories,
    userStories: stories.userStories.map((story, i) => (i === index ? { ...story, ...patch } : story)),
  };
}

export function canAddStory(stories: GeneratedStories): boolean {
  return stories.userStories.length < STORY_LIMITS.stories;
}

/** Appends the default new story (no evidence: it did not come from the transcript). */
export function addStory(stories: GeneratedStories): GeneratedStories {
  if (!canAddStory(stories)) return stories;
  return { ...stories, userStories: [...stories.userStories, newStory()] };
}

export function removeStory(stories: GeneratedStories, index: number): GeneratedStories {
  if (!stories.userStories[index]) return stories;
  return { ...stories, userStories: stories.userStories.filter((_, i) => i !== index) };
}

/** Puts a deleted story back at `index` (or at the end when fewer stories are left), unless the epic is full. */
export function restoreStory(stories: GeneratedStories, index: number, story: UserStory): GeneratedStories {
  if (!canAddStory(stories)) return stories;
  const at = Math.max(0, Math.min(index, stories.userStories.length));
  return { ...stories, userStories: [...stories.userStories.slice(0, at), story, ...stories.userStories.slice(at)] };
}

export function canAddCriterion(story: UserStory): boolean {
  return story.acceptanceCriteria.length < STORY_LIMITS.criteria;
}

/** Appends an empty criterion line to a story (empty lines are dropped on save). */
export function addCriterion(stories: GeneratedStories, storyIndex: number): GeneratedStories {
  const story = stories.userStories[storyIndex];
  if (!story || !canAddCriterion(story)) return stories;
  return updateStory(stories, storyIndex, { acceptanceCriteria: [...story.acceptanceCriteria, ""] });
}

export function updateCriterion(
  stories: GeneratedStories,
  storyIndex: number,
  criterionIndex: number,
  text: string,
): GeneratedStories {
  const story = stories.userStories[storyIndex];
  if (!story || criterionIndex < 0 || criterionIndex >= story.acceptanceCriteria.length) return stories;
  return updateStory(stories, storyIndex, {
    acceptanceCriteria: story.acceptanceCriteria.map((c, i) => (i === criterionIndex ? text : c)),
  });
}

export function removeCriterion(
  stories: GeneratedStories,
  storyIndex: number,
  criterionIndex: number,
): GeneratedStories {
  const story = stories.userStories[storyIndex];
  if (!story || criterionIndex < 0 || criterionIndex >= story.acceptanceCriteria.length) return stories;
  return updateStory(stories, storyIndex, {
    acceptanceCriteria: story.acceptanceCriteria.filter((_, i) => i !== criterionIndex),
  });
}

/** Where the caret goes after a change to a story's criteria: which line, and where in it. */
export interface CriterionCaret {
  criterion: number;
  caret: number;
}

/**
 * Text typed or pasted into a criterion between `start` and `end`. A criterion is one line (docs/product-spec.md §2 'acceptance-criteria
 * lines'; every export puts it on one line, web/lib/exports/fields.ts oneLine), so a line break starts a new criterion:
 * Enter splits the line at the caret, and a pasted list becomes one criterion per line (blank lines skipped). Past
 * the schema's 30 criteria the extra lines are joined to the last one with spaces.
 */
export function typeIntoCriterion(
  stories: GeneratedStories,
  storyIndex: number,
  criterionIndex: number,
  start: number,
  end: number,
  inserted: string,
): { stories: GeneratedStories; caret: CriterionCaret } | null {
  const story = stories.userStories[storyIndex];
  const text = story?.acceptanceCriteria[criterionIndex];
  if (!story || text === undefined) return null;
  const before = text.slice(0, start);
  const after = text.slice(end);
  const parts = inserted.split(/\r\n|\r|\n/);
  const middle = parts.slice(1, -1).filter((line) => line.trim() !== "");
  const first = parts[0]!;
  const lastPart = parts[parts.length - 1]!;
  // Spaces where a line was split go: "when I pay, | then …" gives "when I pay," and "then …".
  let lines =
    parts.length === 1
      ? [before + inserted + after]
      : [first ? before + first : before.trimEnd(), ...middle, lastPart ? lastPart + after : after.trimStart()];
  const room = STORY_LIMITS.criteria - story.acceptanceCriteria.length + 1;
  // Enter on a full list does nothing (rather than joining the two halves with a space).
  if (parts.length > 1 && room <= 1 && inserted.trim() === "") return null;
  if (lines.length > room) {
    const kept = lines.slice(0, Math.max(room - 1, 0));
    const joined = lines
      .slice(kept.length)
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .join(" ");
    lines = [...kept, joined];
  }
  const last = lines.length - 1;
  const caret = Math.min(parts.length === 1 ? start + inserted.length : lastPart.length, lines[last]!.length);
  const criteria = [
    ...story.acceptanceCriteria.slice(0, criterionIndex),
    ...lines,
    ...story.acceptanceCriteria.slice(criterionIndex + 1),
  ];
  return {
    stories: updateStory(stories, storyIndex, { acceptanceCriteria: criteria }),
    caret: { criterion: criterionIndex + last, caret },
  };
}

/** Backspace at the start of a criterion: it joins the one above, with the caret where they meet. */
export function joinWithPreviousCriterion(
  stories: GeneratedStories,
  storyIndex: number,
  criterionIndex: number,
): { stories: GeneratedStories; caret: CriterionCaret } | null {
  const story = stories.userStories[storyIndex];
  const text = story?.acceptanceCriteria[criterionIndex];
  const previous = story?.acceptanceCriteria[criterionIndex - 1];
  if (!story || text === undefined || previous === undefined) return null;
  const criteria = story.acceptanceCriteria.filter((_, i) => i !== criterionIndex);
  criteria[criterionIndex - 1] = previous + text;
  return {
    stories: updateStory(stories, storyIndex, { acceptanceCriteria: criteria }),
    caret: { criterion: criterionIndex - 1, caret: previous.length },
  };
}

/** docs/product-spec.md §5: estimated hours are parsed as an integer, 0 when blank or invalid, at least 0 (and at most the schema's 10,000). */
export function parseHours(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, STORY_LIMITS.hours);
}

function clampInt(value: number, max: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(Math.trunc(value), max);
}

function clean(text: string | undefined, max: number): string {
  return (text ?? "").trim().slice(0, max).trim();
}

/**
 * What Save and Export send: strings trimmed (and cut to the schema's limits), empty criterion lines dropped,
 * blank titles replaced, an empty timeline left out, numbers made whole and in range. Evidence is carried through
 * untouched. The result passes `generatedStoriesSchema`.
 */
export function normaliseForSave(stories: GeneratedStories): GeneratedStories {
  const { epic } = stories;
  const timeline = clean(epic.timeline, STORY_LIMITS.timeline);
  return {
    epic: {
      title: clean(epic.title, STORY_LIMITS.title) || UNTITLED_EPIC,
      description: clean(epic.description, STORY_LIMITS.description),
      ...(timeline ? { timeline } : {}),
      team: clean(epic.team, STORY_LIMITS.team),
      priority: epic.priority,
    },
    userStories: stories.userStories.slice(0, STORY_LIMITS.stories).map((story) => ({
      title: clean(story.title, STORY_LIMITS.title) || UNTITLED_STORY,
      description: clean(story.description, STORY_LIMITS.description),
      acceptanceCriteria: story.acceptanceCriteria
        .map((criterion) => clean(criterion, STORY_LIMITS.criterion))
        .filter((criterion) => criterion !== "")
        .slice(0, STORY_LIMITS.criteria),
      priority: story.priority,
      storyPoints: clampInt(story.storyPoints, STORY_LIMITS.storyPoints),
      estimatedHours: clampInt(story.estimatedHours, STORY_LIMITS.hours),
      ...(story.evidence !== undefined ? { evidence: story.evidence } : {}),
    })),
  };
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const aKeys = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bKeys = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * Whether saving `draft` would change `saved`: both are compared as they would be saved, so whitespace at the ends
 * or an empty criterion line does not count as an unsaved change.
 */
export function isDirty(draft: GeneratedStories, saved: GeneratedStories): boolean {
  return !deepEqual(normaliseForSave(draft), normaliseForSave(saved));
}
