import type { Quality } from "../../../schema/api/quality-body";
import type { CheckStoriesInput } from "../../../schema/api/story-check";
import { loadLanguage } from "../../reading";
import type { Deps } from "../../deps";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { checkQuality } from "./index";

/**
 * POST /api/stories/check: the gate over stories from anywhere (an API client's LLM, the editor's unsaved edits).
 * It reads the whole transcript, so it is limited like generation (the editor re-checks at most once a second).
 */
export async function checkStories(deps: Deps, userId: number, input: CheckStoriesInput): Promise<Quality> {
  await enforceLimit(
    deps.limits,
    `story-check:user:${userId}`,
    RATE_RULES.storyChecks,
    "You are checking stories very quickly. Please wait a moment.",
  );
  await loadLanguage();
  return checkQuality(input.stories, { transcript: input.transcript });
}
