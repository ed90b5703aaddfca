import type { Quality } from "../../../schema/api/quality-body";
import type { CheckStoriesInput, CheckStoriesResponse } from "../../../schema/api/story-check";
import { apiRequest } from "../../lib/api";

/**
 * POST /api/stories/check: the quality gate over stories that are not saved (the editor's draft), with the
 * transcript they came from for the coverage report. Not cached: every draft is new. `signal` cancels it.
 */
export async function checkStories(input: CheckStoriesInput, signal?: AbortSignal): Promise<Quality> {
  const answer = await apiRequest<CheckStoriesResponse>("POST", "/api/stories/check", input, signal);
  return answer.data;
}
