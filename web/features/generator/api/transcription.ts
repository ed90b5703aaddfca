// Audio transcription calls (docs/product-spec.md §7 POST /api/transcribe-audio; contract in schema/api/audio.ts).
import { AUDIO_MAX_BYTES, RECORDING_ID } from "../../../../schema/api/audio";
import type { TranscribeAudioResponse } from "../../../../schema/api/audio-body";
import { ApiError, api, apiUpload } from "../../../lib/api";

/** Uploads a recording (multipart, field `audio`) and returns its transcript. */
export function transcribeAudio(file: File): Promise<TranscribeAudioResponse> {
  const form = new FormData();
  form.append("audio", file, file.name);
  return apiUpload<TranscribeAudioResponse>("/api/transcribe-audio", form);
}

/** Transcribes a recording the server already stored (after a provider failure), without uploading it again. */
export function retryTranscription(recordingId: string): Promise<TranscribeAudioResponse> {
  return api.post<TranscribeAudioResponse>(`/api/transcribe-audio/${encodeURIComponent(recordingId)}/retry`);
}

/** docs/product-spec.md §8: the plan check is recognised by its message text. */
export function isProRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.serverMessage.includes("Pro subscription required");
}

/**
 * The stored recording a failed transcription can be retried with: only a provider failure (502/503) whose upload
 * was kept carries one; anything else (a bad file, too large, rate limited) is not worth the same call again.
 */
export function retryableRecordingId(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || (error.status !== 502 && error.status !== 503)) return undefined;
  const id = error.details?.recordingId;
  return typeof id === "string" && RECORDING_ID.test(id) ? id : undefined;
}

/** Larger files are refused before the upload starts (the server would answer 413 after receiving them). */
export function isTooLarge(file: Pick<File, "size">): boolean {
  return file.size > AUDIO_MAX_BYTES;
}
