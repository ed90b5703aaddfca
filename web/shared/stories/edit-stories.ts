import { STORY_LIMITS, type Epic, type GeneratedStories, type UserStory } from "../../../schema/api/transcripts";

// The story editor's state logic, kept pure so it can be tested without a browser. The dialog holds a draft
// (a deep copy of the saved stories) and changes it only through these functions; nothing here mutates its input.

/** Spec §5: six timeline choices, each shown with its months. The value saved is the quarter itself. */
export const TIMELINE_CHOICES = [
  { value: "Q1 2025", label: "Q1 2025 (Jan - Mar)" },
  { value: "Q2 2025", label: "Q2 2025 (Apr - Jun)" },
  { value: "Q3 2025", label: "Q3 2025 (Jul - Sep)" },
  { value: "Q4 2025", label: "Q4 2025 (Oct - Dec)" },
  { value: "Q1 2026", label: "Q1 2026 (Jan - Mar)" },
  { value: "Q2 2026", label: "Q2 2026 (Apr - Jun)" },
] as const;

/** Whether a timeline is one of the six choices (anything else, e.g. a generated 'Next sprint', is kept as it is). */
export function isTimelineChoice(timeline: string | undefined): boolean {
  return TIMELINE_CHOICES.some((choice) => choice.value === timeline);
}

/** Blank titles are saved with these instead of blocking the save (spec §5: no required-field checks shown). */
export const UNTITLED_STORY = "Untitled story";
export const UNTITLED_EPIC = "Untitled epic";

/** Spec §3: the story 'Add Story' appends. Hours are not given there; spec §5 makes them 0 when not entered. */
export function newStory(): UserStory {
  return {
    title: "New User Story",
    description: "As a user, I want...",
    acceptanceCriteria: ["Acceptance criteria here"],
    priority: "Medium",
    storyPoints: 5,
    estimatedHours: 0,
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

export function removeCriterion(stories: GeneratedStories, storyIndex: number, criterionIndex: number): GeneratedStories {
  const story = stories.userStories[storyIndex];
  if (!story || criterionIndex < 0 || criterionIndex >= story.acceptanceCriteria.length) return stories;
  return updateStory(stories, storyIndex, {
    acceptanceCriteria: story.acceptanceCriteria.filter((_, i) => i !== criterionIndex),
  });
}

/** Spec §5: estimated hours are parsed as an integer, 0 when blank or invalid, at least 0 (and at most the schema's 10,000). */
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
