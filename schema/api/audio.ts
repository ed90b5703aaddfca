// Audio transcription (issue 19; docs/product-spec.md §1, §2, §4 Audio, §5, §7 POST /api/transcribe-audio).

/** The upload limit: the common provider limit (OpenAI's transcription API takes at most 25 MB). */
export const AUDIO_MAX_BYTES = 25 * 1024 * 1024;

/** Formats accepted, each recognised by its bytes, not its name. */
export const AUDIO_FORMATS = ["mp3", "wav", "m4a", "ogg", "webm"] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

/** POST /api/transcribe-audio (multipart, field `audio`) and POST /api/transcribe-audio/{recordingId}/retry. */
export interface TranscribeAudioResponse {
  transcript: string;
  /** The stored recording: a failed or slow transcription can be retried with it, without uploading again. */
  recordingId: string;
  characters: number;
}

/** The `details` of a failed transcription: the recording is kept, so the same call can be retried. */
export interface TranscriptionFailureDetails {
  recordingId?: string;
}

/** A recording id as the server makes it: a random 22-character token. */
export const RECORDING_ID = /^[A-Za-z0-9_-]{22}$/;
