import * as z from "zod";

// A durable generation (an LLM provider's: worker/workflows/generation.ts) as the API reports it.

/** POST /api/generate (or a transcript's generate) answered before the stories were ready: 202 and where to look. */
export const generationPendingSchema = z.object({
  transcriptId: z.number().int(),
  status: z.literal("processing"),
  statusUrl: z.string().describe("GET it for the generation's progress; the stories are on the transcript when done."),
});
export type GenerationPending = z.infer<typeof generationPendingSchema>;

/** GET /api/transcripts/{id}/generation. */
export const generationStatusSchema = z.object({
  state: z
    .enum(["running", "done", "failed", "cancelled", "idle"])
    .describe(
      "running; done (the stories are saved); failed (error says why); cancelled (someone stopped it); idle (never generated).",
    ),
  partsDone: z.number().int().describe("Parts of the transcript read so far (a long meeting is read in parts)."),
  partsTotal: z.number().int().nullable().describe("How many parts; null until the run has split the transcript."),
  error: z.string().nullable(),
  storiesVersion: z.number().int(),
});
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

/** DELETE /api/transcripts/{id}/generation: the run stopped, as its status now reads, and whether it stays counted. */
export const generationCancelledSchema = generationStatusSchema.extend({
  counted: z
    .boolean()
    .describe(
      "True when the model had started on it: the generation stays counted in the monthly allowance. False when it was cancelled before that and given back.",
    ),
});
export type GenerationCancelled = z.infer<typeof generationCancelledSchema>;
