import { z } from "zod";
import type { GeneratedStories } from "../../../schema/api/transcripts";
import { generatedStoriesSchema } from "../../../schema/api/transcripts";
import { verifyEvidence } from "../../lib/evidence";

/** What an LLM returns: GeneratedStories, but evidence carries only quotes (offsets are found on the server). */
export const modelOutputSchema = generatedStoriesSchema.extend({
  epic: generatedStoriesSchema.shape.epic.extend({ timeline: z.string().optional() }),
  userStories: z.array(
    generatedStoriesSchema.shape.userStories.element.extend({
      evidence: z.array(z.object({ quote: z.string() })).optional(),
    }),
  ),
});
export type ModelOutput = z.infer<typeof modelOutputSchema>;

/** Raised when an answer cannot be used (not JSON, wrong shape, cut off): worth one more try. */
export class InvalidModelOutput extends Error {}

export function parseModelOutput(value: unknown): ModelOutput {
  let data = value;
  if (typeof value === "string") {
    try {
      data = JSON.parse(value);
    } catch {
      throw new InvalidModelOutput("The answer was not JSON");
    }
  }
  const parsed = modelOutputSchema.safeParse(data);
  if (!parsed.success) throw new InvalidModelOutput("The answer did not match the story schema");
  return parsed.data;
}

const normalizeTitle = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

/** Merges the answers for a transcript's parts (duplicate titles once) and locates evidence in the full text. */
export function mergeModelOutputs(transcript: string, outputs: ModelOutput[]): GeneratedStories {
  const seen = new Set<string>();
  const userStories = outputs
    .flatMap((o) => o.userStories)
    .filter((story) => {
      const key = normalizeTitle(story.title);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const epic = outputs[0]!.epic;
  return {
    epic: { ...epic, timeline: epic.timeline || undefined },
    userStories: userStories.map((story) => ({ ...story, evidence: verifyEvidence(transcript, story.evidence ?? []) })),
  };
}

/** Splits on line boundaries into chunks of at most `size` characters, keeping each chunk's offset. */
export function splitTranscript(text: string, size: number): Array<{ text: string; offset: number }> {
  if (text.length <= size) return [{ text, offset: 0 }];
  const chunks: Array<{ text: string; offset: number }> = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const newline = text.lastIndexOf("\n", end);
      if (newline > start + size / 2) end = newline + 1;
    }
    chunks.push({ text: text.slice(start, end), offset: start });
    start = end;
  }
  return chunks;
}

/** Runs `once` with one bounded retry when the answer is unusable; then fails with a clear upstream error. */
export async function withOneRetry<T>(once: () => Promise<T>, onGiveUp: (error: InvalidModelOutput) => Error): Promise<T> {
  try {
    return await once();
  } catch (error) {
    if (!(error instanceof InvalidModelOutput)) throw error;
    try {
      return await once();
    } catch (again) {
      if (again instanceof InvalidModelOutput) throw onGiveUp(again);
      throw again;
    }
  }
}
