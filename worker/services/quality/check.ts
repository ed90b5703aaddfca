import type { CheckStoriesInput } from "../../../schema/api/story-check";
import { locateStoriesEvidence, type LocatedQuote } from "../../lib/evidence";
import { loadLanguage } from "../../reading";
import type { Deps } from "../../deps";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { checkQuality } from "./index";

/**
 * POST /api/stories/check: the gate over stories from anywhere (an API client's LLM, the editor's unsaved edits).
 * It reads the whole transcript, so it is limited like generation (the editor re-checks at most once a second). Quotes
 * sent without offsets are found in the transcript first, all in one pass (lib/evidence.ts locateQuotes).
 */
export async function checkStories(deps: Deps, userId: number, input: CheckStoriesInput) {
  await enforceLimit(
    deps.limits,
    `story-check:user:${userId}`,
    RATE_RULES.storyChecks,
    "You are checking stories very quickly. Please wait a moment.",
  );
  await loadLanguage();
  const { transcript } = input;
  if (transcript === undefined) {
    // (without a transcript the gate reads no evidence: offsets do not matter)
    const userStories = input.stories.userStories.map((story) => ({
      ...story,
      evidence: story.evidence?.map((e) => ({ quote: e.quote, start: e.start ?? 0, end: e.end ?? 0 })),
    }));
    return { ...checkQuality({ ...input.stories, userStories }), evidence: [] as LocatedQuote[] };
  }
  const located = locateStoriesEvidence(transcript, input.stories.userStories);
  return {
    ...checkQuality({ ...input.stories, userStories: located.stories }, { transcript }),
    evidence: located.quotes,
  };
}
