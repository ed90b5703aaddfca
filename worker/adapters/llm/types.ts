import type { GeneratedStories } from "../../../schema/api/transcripts";

/** Turns a meeting transcript into an epic and user stories; local, OpenAI and Workers AI implement it. */
export interface StoryGenerator {
  readonly name: string;
  generate(input: { transcript: string; title?: string }): Promise<GeneratedStories>;
}
