import * as z from "zod";
import {
  epicSchema,
  generatedStoriesSchema,
  STORY_LIMITS,
  userStorySchema,
  type GeneratedStories,
} from "../../../schema/api/transcripts";
import { toSingleLine } from "../../../schema/api/text";
import { verifyStoriesEvidence } from "../../lib/evidence";
import { STORY_POINT_SCALE } from "../../../schema/api/sizing";

// Both shapes below derive from the one story schema (schema/api/transcripts.ts), so a change there reaches the
// models' instructions and the validation of their answers together.

/** Models return evidence as quotes only: offsets are found on the server, because models cannot count characters. */
const quotesOnly = z.array(z.object({ quote: z.string() }));

/** What an LLM answer must be to be used: the story shape with quote-only evidence, timeline optional. */
export const modelOutputSchema = generatedStoriesSchema.extend({
  epic: epicSchema.extend({ timeline: z.string().optional() }),
  userStories: z.array(userStorySchema.extend({ evidence: quotesOnly.optional() })).max(STORY_LIMITS.stories),
});
export type ModelOutput = z.infer<typeof modelOutputSchema>;

/** The three priorities and the points (schema/api/sizing.ts) the instructions (prompt.ts) ask for. */
const REQUESTED_PRIORITIES = ["High", "Medium", "Low"] as const;
const REQUESTED_POINTS = STORY_POINT_SCALE;

/**
 * What the models are asked for, narrower than what is accepted: strict structured output has no optional fields
 * (every property is required; an empty timeline means none), and the priorities and points are the prompt's.
 */
export const requestedOutputSchema = z.object({
  epic: epicSchema.extend({ timeline: z.string(), priority: z.enum(REQUESTED_PRIORITIES) }),
  userStories: z
    .array(
      userStorySchema.extend({
        priority: z.enum(REQUESTED_PRIORITIES),
        storyPoints: z.literal(REQUESTED_POINTS),
        evidence: quotesOnly,
      }),
    )
    .max(STORY_LIMITS.stories),
});

/** Keywords OpenAI's strict mode rejects: lengths are enforced on our side by modelOutputSchema instead. */
const UNSUPPORTED_IN_STRICT_MODE = ["minLength", "maxLength"] as const;

let cachedJsonSchema: Record<string, unknown> | undefined;

/**
 * The JSON Schema sent to OpenAI (strict structured output) and Workers AI, generated from requestedOutputSchema on
 * first use (not at start-up: most isolates never call a model).
 */
export function storiesJsonSchema(): Record<string, unknown> {
  if (!cachedJsonSchema) {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(requestedOutputSchema, {
      target: "draft-7",
      io: "output",
      override: ({ jsonSchema }) => {
        for (const keyword of UNSUPPORTED_IN_STRICT_MODE) delete jsonSchema[keyword];
      },
    });
    cachedJsonSchema = schema;
  }
  return cachedJsonSchema;
}

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
  const parsed = modelOutputSchema.safeParse(withSingleLineTitles(data));
  if (!parsed.success) throw new InvalidModelOutput("The answer did not match the story schema");
  return parsed.data;
}

/** A model may copy a direction mark or a line break from the transcript into a title: cleaned, not refused. */
function withSingleLineTitles(data: unknown): unknown {
  if (!data || typeof data !== "object") return data;
  const answer = data as { epic?: { title?: unknown }; userStories?: Array<{ title?: unknown }> };
  const clean = <T extends { title?: unknown }>(item: T): T =>
    item && typeof item === "object" && typeof item.title === "string"
      ? { ...item, title: toSingleLine(item.title) }
      : item;
  return {
    ...answer,
    epic: answer.epic ? clean(answer.epic) : answer.epic,
    userStories: Array.isArray(answer.userStories) ? answer.userStories.map(clean) : answer.userStories,
  };
}

const normalizeTitle = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

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
  return verifyStoriesEvidence(transcript, {
    epic: { ...epic, timeline: epic.timeline || undefined },
    userStories: userStories.map((story) => ({ ...story, evidence: story.evidence ?? [] })),
  }).stories;
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
export async function withOneRetry<T>(
  once: () => Promise<T>,
  onGiveUp: (error: InvalidModelOutput) => Error,
): Promise<T> {
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
