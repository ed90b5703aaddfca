import * as z from "zod";
import { withData } from "./envelope";
import { qualitySchema } from "./quality-body";
import { generatedStoriesSchema, MAX_TRANSCRIPT_CHARS } from "./transcripts";

/** POST /api/stories/check (issue 27): any stories, with the transcript they came from when there is one. */
export const checkStoriesInputSchema = z.object({
  transcript: z
    .string()
    .max(MAX_TRANSCRIPT_CHARS, `Transcripts can be at most ${MAX_TRANSCRIPT_CHARS.toLocaleString("en-GB")} characters.`)
    .optional(),
  stories: generatedStoriesSchema,
});
export type CheckStoriesInput = z.infer<typeof checkStoriesInputSchema>;

/** The quality gate's report on the stories, coverage of the transcript included when one was sent. */
export const checkStoriesResponseSchema = withData(qualitySchema);
export type CheckStoriesResponse = z.infer<typeof checkStoriesResponseSchema>;
