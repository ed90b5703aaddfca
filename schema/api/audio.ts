// Audio transcription (issue 19; docs/product-spec.md §1, §2, §4 Audio, §5, §7 POST /api/transcribe-audio).

/** The upload limit: the common provider limit (OpenAI's transcription API takes at most 25 MB). */
export const AUDIO_MAX_BYTES = 25 * 1024 * 1024;

/** Formats accepted, each recognised by its bytes, not its name. */
export const AUDIO_FORMATS = ["mp3", "wav", "m4a", "ogg", "webm"] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

// The answer's shape, TranscribeAudioResponse, is a zod schema in audio-body.ts: this file stays free of zod, since
// the SPA imports its values.

/** The `details` of a failed transcription: the recording is kept, so the same call can be retried. */
export interface TranscriptionFailureDetails {
  recordingId?: string;
}

/** A recording id as the server makes it: a random 22-character token. */
export const RECORDING_ID = /^[A-Za-z0-9_-]{22}$/;
