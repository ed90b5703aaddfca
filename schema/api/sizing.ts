// One sizing model for stories (issue 40): the scale of story points, the hours each size plausibly takes, and how
// far hours may stray from the points before the two disagree. The model prompt (worker/adapters/llm/prompt.ts), its
// output schema (model-output.ts), the embedded generator, the quality gate, its repair and the story editor all read
// it here. Free of zod: the SPA's editor imports it.

/**
 * The sizes a story may have (Fibonacci, to 13). 21 is not one: a story that big is split, and the gate says so
 * (worker/services/quality/stories.ts).
 */
export const STORY_POINT_SCALE = [1, 2, 3, 5, 8, 13] as const;
export type StoryPointSize = (typeof STORY_POINT_SCALE)[number];

/** The largest size on the scale. */
export const LARGEST_STORY_POINTS = STORY_POINT_SCALE[STORY_POINT_SCALE.length - 1]!;

/**
 * Hours a team plausibly plans for each size, low to high: about 2–4 hours a point for small stories, fewer per point
 * as stories grow.
 */
export const HOURS_FOR_POINTS: Readonly<Record<StoryPointSize, readonly [low: number, high: number]>> = {
  1: [2, 4],
  2: [4, 8],
  3: [6, 12],
  5: [12, 24],
  8: [20, 40],
  13: [32, 64],
};

/** Beyond these hours a point, the hours and the points of one story contradict each other (the gate's error). */
export const HOURS_PER_POINT_BOUNDS = { min: 0.5, max: 16 } as const;

export function isOnScale(points: number): points is StoryPointSize {
  return (STORY_POINT_SCALE as readonly number[]).includes(points);
}

/** The size on the scale nearest to `points` (the smaller of two equally near). */
export function nearestOnScale(points: number): StoryPointSize {
  let best: StoryPointSize = STORY_POINT_SCALE[0];
  for (const size of STORY_POINT_SCALE) if (Math.abs(size - points) < Math.abs(best - points)) best = size;
  return best;
}

/** The hours range for any number of points: the scale's own, else 2–5 hours a point. */
export function hoursRangeFor(points: number): readonly [low: number, high: number] {
  return isOnScale(points) ? HOURS_FOR_POINTS[points] : [points * 2, points * 5];
}

/** The hours a size implies when nobody said: the middle of its range, rounded. */
export function impliedHours(points: number): number {
  if (!Number.isFinite(points) || points <= 0) return 0;
  const [low, high] = hoursRangeFor(points);
  return Math.round((low + high) / 2);
}

/** The scale and the hours for the model's instructions, e.g. "1 → 2–4 hours, 2 → 4–8 hours, …". */
export function sizingForPrompt(): string {
  return STORY_POINT_SCALE.map((p) => `${p} → ${HOURS_FOR_POINTS[p][0]}–${HOURS_FOR_POINTS[p][1]} hours`).join(", ");
}
