import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import type { Reading } from "../../reading";
import type { ModelOutput } from "./model-output";

/** The stories the quality gate flagged and what it found in each (services/quality), for one repair round. */
export interface RepairRequest {
  /** The whole transcript: the repaired stories' evidence is checked against it. */
  transcript: string;
  /** What the model reads: the transcript, or for a long one the passages around the stories' evidence. */
  context: string;
  stories: GeneratedStories;
  /** Per story of `stories`, the gate's error messages. */
  issues: string[][];
}

/** Turns a meeting transcript into an epic and user stories; local, OpenAI and Workers AI implement it. */
/**
 * Writes the epic from the stories the quality gate kept: the embedded generator's epic names its stories and takes
 * its priority from theirs, so it is written after the gate, from what the person will see (issue 40).
 */
export type EpicWriter = (kept: readonly UserStory[]) => GeneratedStories["epic"];

export interface StoryGenerator {
  readonly name: string;
  /**
   * The stories. The embedded generator adds the writer of its epic (`epicFor`, used after the gate) and its reading
   * of the transcript (`reading`), which the gate and the coverage report use instead of reading it again.
   */
  generate(input: {
    transcript: string;
    title?: string;
  }): Promise<GeneratedStories & { epicFor?: EpicWriter; reading?: Reading }>;
  /**
   * LLM providers: a long transcript is read in parts of at most `chars` characters, one call each (`generate`
   * above runs them in turn; the generation Workflow runs them in parallel and merges what they return).
   */
  parts?: { chars: number; generate(part: { text: string; title?: string }): Promise<ModelOutput> };
  /** LLM providers: one call that rewrites the flagged stories (the embedded generator mends its own instead). */
  repair?(request: RepairRequest): Promise<GeneratedStories>;
}
