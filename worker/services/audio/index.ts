import { AUDIO_FORMATS, AUDIO_MAX_BYTES, RECORDING_ID } from "../../../schema/api/audio";
import type { TranscribeAudioResponse } from "../../../schema/api/audio-body";
import type { Deps } from "../../deps";
import { findUserRecording, insertTranscription, markTranscription } from "../../data/audio";
import { recordingKey } from "../../data/audio-objects";
import { findSubscription } from "../../data/users";
import { AUDIO_MIME, sniffAudioFormat } from "../../lib/audio-format";
import { randomToken } from "../../lib/crypto";
import { AppError, notFound } from "../../lib/errors";
import { MAX_TRANSCRIPT_CHARS } from "../../../schema/api/transcripts";
import { effectiveTier, limitsFor } from "../plans";
import { enforceLimit, RATE_RULES } from "../rate-limit";

// Audio transcription (issue 19; docs/product-spec.md §1, §2, §4 Audio, §5, §7 POST /api/transcribe-audio): Pro and Enterprise only.
// The recording is checked by its bytes, kept in R2 under a key the server builds (7 days, so a failed transcription
// can be retried without uploading again), and sent to the configured provider unchanged.

export const PRO_REQUIRED =
  "Pro subscription required to transcribe audio. Upgrade to Pro or Enterprise to upload recordings.";
const NOT_AUDIO = `This file is not a recording StoryLoom can read. Upload ${AUDIO_FORMATS.map((f) => f.toUpperCase()).join(", ")} audio.`;
const TOO_LARGE = `Recordings can be at most ${AUDIO_MAX_BYTES / 1024 / 1024} MB.`;

async function requireAudioPlan(deps: Deps, userId: number): Promise<void> {
  const tier = effectiveTier(await findSubscription(deps.db, userId));
  if (!limitsFor(tier).audioTranscription) throw new AppError("plan_limit", PRO_REQUIRED, { details: { tier } });
}

/** Transcribes a stored recording; its row records the outcome. A failure keeps the recording for a retry. */
async function transcribeStored(
  deps: Deps,
  row: { id: number; recordingId: string; format: string; fileName: string },
  audio: Uint8Array,
): Promise<TranscribeAudioResponse> {
  const transcriber = deps.transcriber();
  let transcript: string;
  try {
    transcript = (
      await transcriber.transcribe({
        audio,
        format: row.format as (typeof AUDIO_FORMATS)[number],
        fileName: row.fileName,
      })
    ).trim();
  } catch (error) {
    const failure =
      error instanceof AppError
        ? error
        : new AppError("upstream_error", "The transcription service failed. Please try again.", { cause: error });
    await markTranscription(
      deps.db,
      row.id,
      { status: "failed", provider: transcriber.name, error: failure.message },
      deps.now(),
    );
    throw new AppError(
      failure.code,
      `${failure.message} Your recording is kept for 7 days: try again without uploading it again.`,
      {
        details: { recordingId: row.recordingId },
      },
    );
  }
  if (transcript.length > MAX_TRANSCRIPT_CHARS) {
    await markTranscription(
      deps.db,
      row.id,
      { status: "failed", provider: transcriber.name, error: "transcript too long" },
      deps.now(),
    );
    throw new AppError(
      "payload_too_large",
      `This recording's transcript has ${transcript.length.toLocaleString("en-GB")} characters; the text area takes at most ${MAX_TRANSCRIPT_CHARS.toLocaleString("en-GB")}. Split the recording and upload the parts.`,
    );
  }
  if (!transcript) {
    await markTranscription(
      deps.db,
      row.id,
      { status: "failed", provider: transcriber.name, error: "empty transcript" },
      deps.now(),
    );
    throw new AppError("upstream_error", "No speech was recognised in this recording.", {
      details: { recordingId: row.recordingId },
    });
  }
  await markTranscription(
    deps.db,
    row.id,
    { status: "transcribed", provider: transcriber.name, characters: transcript.length },
    deps.now(),
  );
  return { transcript, recordingId: row.recordingId, characters: transcript.length };
}

/** The plan, then the provider: checked before a recording's body is read. */
export async function checkAudioAccess(deps: Deps, userId: number): Promise<void> {
  await requireAudioPlan(deps, userId);
  // a misconfigured provider fails before anything is read, stored or counted
  deps.transcriber();
}

/** POST /api/transcribe-audio: checks, stores, transcribes. */
export async function transcribeUpload(
  deps: Deps,
  userId: number,
  file: File | null,
): Promise<TranscribeAudioResponse> {
  await checkAudioAccess(deps, userId);
  if (!file)
    throw new AppError("validation_failed", 'Choose a recording to upload (form field "audio").', {
      details: { field: "audio" },
    });
  if (file.size > AUDIO_MAX_BYTES) throw new AppError("payload_too_large", TOO_LARGE);
  if (file.size === 0) throw new AppError("unsupported_media_type", NOT_AUDIO);
  const format = sniffAudioFormat(new Uint8Array(await file.slice(0, 64).arrayBuffer()));
  if (!format) throw new AppError("unsupported_media_type", NOT_AUDIO);
  await enforceLimit(
    deps.limits,
    `transcribe:user:${userId}`,
    RATE_RULES.transcriptions,
    "You have transcribed a lot of recordings this hour. Please try again later.",
  );

  const audio = new Uint8Array(await file.arrayBuffer());
  const recordingId = randomToken(16);
  const fileName = (file.name || `recording.${format}`).replace(/[^\w .()-]/g, "_").slice(0, 120);
  await deps.audio.put(recordingKey(userId, recordingId), audio, {
    httpMetadata: { contentType: AUDIO_MIME[format] },
    customMetadata: { format, fileName },
  });
  const row = await insertTranscription(deps.db, {
    userId,
    recordingId,
    format,
    bytes: audio.byteLength,
    fileName,
    createdAt: deps.now(),
  });
  return transcribeStored(deps, row, audio);
}

/** POST /api/transcribe-audio/{recordingId}/retry: the stored recording again, no upload. */
export async function retryTranscription(
  deps: Deps,
  userId: number,
  recordingId: string,
): Promise<TranscribeAudioResponse> {
  await checkAudioAccess(deps, userId);
  if (!RECORDING_ID.test(recordingId)) throw notFound("Recording");
  const row = await findUserRecording(deps.db, userId, recordingId);
  if (!row) throw notFound("Recording");
  const object = await deps.audio.get(recordingKey(userId, recordingId));
  if (!object)
    throw new AppError(
      "not_found",
      "This recording is no longer kept (recordings are deleted after 7 days). Upload it again.",
    );
  await enforceLimit(
    deps.limits,
    `transcribe:user:${userId}`,
    RATE_RULES.transcriptions,
    "You have transcribed a lot of recordings this hour. Please try again later.",
  );
  return transcribeStored(deps, row, new Uint8Array(await object.arrayBuffer()));
}
