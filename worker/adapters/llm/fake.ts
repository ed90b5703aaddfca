import type { GeneratedStories } from "../../../schema/api/transcripts";
import type { StoryGenerator } from "./types";

type Answer =
  | GeneratedStories
  | Error
  | ((input: { transcript: string; title?: string }) => GeneratedStories | Promise<GeneratedStories>);

/**
 * Tests: answers with the given stories (or throws the given error) and records every request, so services can be
 * tested without a provider. Evidence offsets are the service's job, as with a real model.
 */
export function createFakeStoryGenerator(
  answer: Answer,
): StoryGenerator & { requests: Array<{ transcript: string; title?: string }> } {
  const requests: Array<{ transcript: string; title?: string }> = [];
  return {
    name: "fake",
    requests,
    async generate(input) {
      requests.push(input);
      if (answer instanceof Error) throw answer;
      return typeof answer === "function" ? answer(input) : structuredClone(answer);
    },
  };
}
