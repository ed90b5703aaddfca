import * as z from "zod";

/**
 * The answers of audio transcription (the contract is described in audio.ts). Apart from audio.ts, whose values the
 * SPA imports: this file brings zod with it, and the SPA only takes its types.
 */

/** POST /api/transcribe-audio (multipart, field `audio`) and POST /api/transcribe-audio/{recordingId}/retry. */
export const transcribeAudioResponseSchema = z.object({
  transcript: z.string(),
  recordingId: z
    .string()
    .describe("The stored recording: a failed or slow transcription can be retried with it, without uploading again."),
  characters: z.number().int().describe("The transcript's length in characters."),
});
export type TranscribeAudioResponse = z.infer<typeof transcribeAudioResponseSchema>;
