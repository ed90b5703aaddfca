// Fault grid: audio transcription × the seven faults. OpenAI's transcription API (any compatible server; HTTP, the
// official SDK) through POST /api/transcribe-audio; and Workers AI Whisper (the `AI` binding, chosen only in
// production, so through the audio service with a faulty binding). The design: the recording is stored (R2 and its
// row) before the provider is called, a failure marks the row failed and answers 502/503 saying the recording is
// kept, and POST /api/transcribe-audio/{id}/retry transcribes it again without an upload.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { recordingKey } from "../../data/audio-objects";
import worker from "../../index";
import type { Bindings } from "../../bindings";
import { AppError } from "../../lib/errors";
import { createWorkersAITranscriber } from "../../adapters/transcription/workers-ai";
import { transcribeUpload } from "../../services/audio";
import { ORIGIN } from "../../test/client";
import { buildTestDeps } from "../../test/deps";
import { createUser, setTier, type TestUser } from "../../test/factories";
import wav from "../../test/fixtures/audio/speech.wav";
import { jsonResponse, mockOutbound } from "../../test/outbound";
import {
  captureLogs,
  compressTime,
  expectClearError,
  expectHumanMessage,
  FAULT_NAMES,
  FAULT_ROWS,
  faultyAi,
  type Fault,
} from "./faults";

const API = "https://transcribe.example/v1";
const TRANSCRIBING: Partial<Bindings> = { TRANSCRIPTION_API_BASE: API };
const RECORDING = Uint8Array.from(atob(wav), (c) => c.charCodeAt(0));
const TEXT = "Nurses need to see the bed count for every ward.";

async function proUser(): Promise<TestUser> {
  const user = await createUser();
  await setTier(user, "pro");
  return user;
}

async function post(user: TestUser, path: string, form?: FormData): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: `__Host-sl_session=${user.session}`, "CF-Connecting-IP": "198.51.100.91" },
    body: form,
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...TRANSCRIBING } as Bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const recordingRow = (userId: number) =>
  env.DB.prepare("SELECT recording_id, status, error FROM audio_transcriptions WHERE user_id = ?")
    .bind(userId)
    .first<{ recording_id: string; status: string; error: string | null }>();

async function uploadWith(fault: Fault) {
  compressTime();
  captureLogs();
  const user = await proUser();
  const { calls } = mockOutbound({ [`POST ${API}/audio/transcriptions`]: fault.handler });
  const form = new FormData();
  form.append("audio", new Blob([RECORDING], { type: "audio/wav" }), "standup.wav");
  const response = await post(user, "/api/transcribe-audio", form);
  const retry = async (recordingId: string) => {
    vi.restoreAllMocks();
    const healthy = mockOutbound({ [`POST ${API}/audio/transcriptions`]: () => jsonResponse({ text: TEXT }) });
    const response = await post(user, `/api/transcribe-audio/${recordingId}/retry`);
    return { response, calls: healthy.calls.filter((c) => c.url.startsWith(API)) };
  };
  return { user, response, calls: calls.filter((c) => c.url.startsWith(API)), retry };
}

describe("fault grid: transcription (OpenAI API) × upload", () => {
  it.each(FAULT_ROWS)(
    "%s: 502/503 saying the recording is kept, the row failed and the file in R2, one call, a retry works",
    async (_name, fault) => {
      const { user, response, calls, retry } = await uploadWith(fault);
      const body = await expectClearError(response, [502, 503], ["fake-transcription-key"]);
      expect(body.error).toContain("Your recording is kept for 7 days");
      const row = await recordingRow(user.id);
      expect(row).toMatchObject({ status: "failed", recording_id: body.details?.recordingId });
      expect(await env.AUDIO.head(recordingKey(user.id, row!.recording_id))).not.toBeNull();
      // The SDK's own retries are off (maxRetries 0): one call. (The SDK also probes fetch with a `data:` URL; not counted.)
      expect(calls).toHaveLength(1);

      const again = await retry(row!.recording_id);
      expect(again.response.status).toBe(200);
      expect(await again.response.json()).toMatchObject({ transcript: TEXT, recordingId: row!.recording_id });
      expect(again.calls).toHaveLength(1);
      expect(await recordingRow(user.id)).toMatchObject({ status: "transcribed" });
    },
  );
});

describe("fault grid: transcription (Workers AI Whisper) × upload", () => {
  it.each(FAULT_NAMES)(
    "%s: 502/503 saying the recording is kept, the row failed and the file in R2, one call",
    async (fault) => {
      compressTime();
      captureLogs();
      const user = await proUser();
      const ai = faultyAi(fault, {
        garbage: "<html>502 Bad Gateway</html>",
        wrongShape: { transcription: { words: [] }, vtt: "" },
      });
      const deps = buildTestDeps({
        now: Date.now,
        transcriber: () => createWorkersAITranscriber(ai, "@cf/openai/whisper"),
      });
      const file = new File([RECORDING], "standup.wav", { type: "audio/wav" });
      const error = await transcribeUpload(deps, user.id, file).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect([502, 503]).toContain((error as AppError).status);
      expectHumanMessage((error as AppError).message);
      expect((error as AppError).message).toContain("Your recording is kept for 7 days");
      const row = await recordingRow(user.id);
      expect(row).toMatchObject({ status: "failed", recording_id: (error as AppError).details?.recordingId });
      expect(await env.AUDIO.head(recordingKey(user.id, row!.recording_id))).not.toBeNull();
      expect(ai.calls).toBe(1);
    },
  );
});
