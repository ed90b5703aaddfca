import * as z from "zod";
import { withData } from "./envelope";
import { qualitySchema } from "./quality-body";
import { epicSchema, MAX_TRANSCRIPT_CHARS, STORY_LIMITS, storyEvidenceSchema, userStorySchema } from "./transcripts";

/**
 * Evidence as a writer outside StoryLoom has it (issue 42): the quote, and its offsets only if it knows them. StoryLoom
 * finds a quote sent without offsets, or with wrong ones, in the transcript.
 */
export const quotedEvidenceSchema = storyEvidenceSchema.partial({ start: true, end: true });

/** POST /api/stories/check (issue 27): any stories, with the transcript they came from when there is one. */
export const checkStoriesInputSchema = z.object({
  transcript: z
    .string()
    .max(MAX_TRANSCRIPT_CHARS, `Transcripts can be at most ${MAX_TRANSCRIPT_CHARS.toLocaleString("en-GB")} characters.`)
    .optional(),
  stories: z.object({
    epic: epicSchema,
    userStories: z
      .array(userStorySchema.extend({ evidence: z.array(quotedEvidenceSchema).max(STORY_LIMITS.evidence).optional() }))
      .max(STORY_LIMITS.stories),
  }),
});
export type CheckStoriesInput = z.infer<typeof checkStoriesInputSchema>;

/** Where one quote of the stories was found in the transcript: `story` is its story's index, offsets null if nowhere. */
export const locatedQuoteSchema = z.object({
  story: z.number().int(),
  quote: z.string(),
  found: z.boolean(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
});

/**
 * The quality gate's report on the stories, coverage of the transcript included when one was sent, and where each
 * evidence quote is in it (empty without a transcript).
 */
export const checkStoriesResponseSchema = withData(qualitySchema.extend({ evidence: z.array(locatedQuoteSchema) }));
export type CheckStoriesResponse = z.infer<typeof checkStoriesResponseSchema>;
