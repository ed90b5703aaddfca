import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUDIO_MAX_BYTES } from "../../schema/api/audio";
import type { TranscribeAudioResponse } from "../../schema/api/audio-body";
import { deleteRecordingsBefore, RECORDING_TTL_MS } from "../data/audio-objects";
import worker from "../index";
import { sniffAudioFormat } from "../lib/audio-format";
import type { Bindings } from "../bindings";
import { checkAgainstDescription } from "../test/api-description";
import { json, ORIGIN } from "../test/client";
import { countRows, createUser, setTier, type TestUser } from "../test/factories";
import m4a from "../test/fixtures/audio/speech.m4a";
import mp3 from "../test/fixtures/audio/speech.mp3";
import ogg from "../test/fixtures/audio/speech.ogg";
import wav from "../test/fixtures/audio/speech.wav";
import webm from "../test/fixtures/audio/speech.webm";

// POST /api/transcribe-audio through the real Worker and the real OpenAI client, with the transcription API mocked at
// the HTTP boundary (issue 19): formats by their bytes, hostile files, the size limit, plans, retries, R2, the purge.

const API = "https://transcribe.example/v1";
const TRANSCRIBING: Partial<Bindings> = { TRANSCRIPTION_API_BASE: API };
const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const FIXTURES = { mp3: bytes(mp3), wav: bytes(wav), ogg: bytes(ogg), webm: bytes(webm), m4a: bytes(m4a) };

/** The provider: records each upload's bytes and answers a transcript, or fails while `failing` is set. */
function mockTranscriptionApi(options: { failing?: () => boolean; text?: string } = {}) {
  const received: { file: Uint8Array; model: string; name: string }[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (!request.url.startsWith(`${API}/audio/transcriptions`)) return realFetch(input, init);
    const form = await request.formData();
    const file = form.get("file") as File;
    received.push({
      file: new Uint8Array(await file.arrayBuffer()),
      model: String(form.get("model")),
      name: file.name,
    });
    if (options.failing?.()) return Response.json({ error: { message: "overloaded" } }, { status: 500 });
    return Response.json({ text: options.text ?? "Nurses need to see the bed count for every ward." });
  });
  return received;
}
afterEach(() => vi.restoreAllMocks());

async function upload(
  user: TestUser,
  file: Blob | null,
  name = "recording.wav",
  bindings: Partial<Bindings> = TRANSCRIBING,
  path = "/api/transcribe-audio",
) {
  const form = new FormData();
  if (file) form.append("audio", file, name);
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: `__Host-sl_session=${user.session}`, "CF-Connecting-IP": "198.51.100.90" },
    body: file ? form : undefined,
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...bindings } as Bindings, ctx);
  await waitOnExecutionContext(ctx);
  // multipart, so not through call(): held to the API's description here instead
  await checkAgainstDescription("POST", new URL(request.url), response);
  return response;
}

async function proUser() {
  const user = await createUser();
  await setTier(user, "pro");
  return user;
}

describe("transcribe audio", () => {
  it("accepts each format by its bytes, stores it under a server key, and sends the bytes unchanged", async () => {
    const received = mockTranscriptionApi();
    const user = await proUser();
    for (const [format, audio] of Object.entries(FIXTURES)) {
      expect(sniffAudioFormat(audio), format).toBe(format);
      // a misleading name does not matter: the bytes decide
      const response = await upload(user, new Blob([audio]), `notes-${format}.txt`);
      expect(response.status, format).toBe(200);
      const body = await json<TranscribeAudioResponse>(response);
      expect(body).toMatchObject({ transcript: "Nurses need to see the bed count for every ward.", characters: 48 });
      expect(received.at(-1)!.file).toEqual(audio);
      const stored = await env.AUDIO.get(`audio/${user.id}/${body.recordingId}`);
      expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(audio);
    }
    expect(received.map((r) => r.model)).toEqual(Array(5).fill("whisper-1"));
    expect(await countRows("audio_transcriptions", "user_id = ? AND status = 'transcribed'", user.id)).toBe(5);
  });

  it("refuses disguised files: text named .mp3, a program named .wav, a truncated header", async () => {
    const received = mockTranscriptionApi();
    const user = await proUser();
    const hostile: [string, Uint8Array][] = [
      ["notes.mp3", new TextEncoder().encode("Ana: We need a password reset link.\n")],
      [
        "setup.wav",
        new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]),
      ],
      ["cut.wav", FIXTURES.wav.slice(0, 8)],
      ["fake.webm", new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode("matroska-but-video")])],
    ];
    for (const [name, content] of hostile) {
      const response = await upload(user, new Blob([content]), name);
      expect(response.status, name).toBe(415);
      expect((await json<{ error: string }>(response)).error).toMatch(
        /^This file is not a recording StoryLoom can read/,
      );
    }
    expect(received).toHaveLength(0);
    expect(await countRows("audio_transcriptions", "user_id = ?", user.id)).toBe(0);
  });

  it("takes a recording of exactly 25 MB and refuses one byte more", async () => {
    mockTranscriptionApi();
    const user = await proUser();
    const atLimit = new Uint8Array(AUDIO_MAX_BYTES);
    atLimit.set(FIXTURES.wav.subarray(0, 44));
    expect((await upload(user, new Blob([atLimit]))).status).toBe(200);
    const over = new Uint8Array(AUDIO_MAX_BYTES + 1);
    over.set(FIXTURES.wav.subarray(0, 44));
    const refused = await upload(user, new Blob([over]));
    expect(refused.status).toBe(413);
    expect((await json<{ error: string }>(refused)).error).toBe("Recordings can be at most 25 MB.");
  });

  it("refuses the free plan, and says when transcription is not configured", async () => {
    const free = await createUser();
    const refused = await upload(free, new Blob([FIXTURES.mp3]), "a.mp3");
    expect(refused.status).toBe(403);
    expect((await json<{ error: string }>(refused)).error).toContain("Pro subscription required");
    const notConfigured = await upload(await proUser(), new Blob([FIXTURES.mp3]), "a.mp3", {});
    expect(notConfigured.status).toBe(503);
    expect((await json<{ error: string }>(notConfigured)).error).toBe("Audio transcription is not configured");
  });

  it("keeps the recording when the provider fails, and retries it without a new upload; nobody else can", async () => {
    let failing = true;
    const received = mockTranscriptionApi({ failing: () => failing });
    const user = await proUser();
    const failed = await upload(user, new Blob([FIXTURES.ogg]), "standup.ogg");
    expect(failed.status).toBe(502);
    const { details, error } = await json<{ error: string; details: { recordingId: string } }>(failed);
    expect(error).toMatch(/try again without uploading it again/);
    const other = await proUser();
    expect(
      (await upload(other, null, "", TRANSCRIBING, `/api/transcribe-audio/${details.recordingId}/retry`)).status,
    ).toBe(404);
    // an id the server never makes answers like a missing one, whoever asks
    for (const malformed of [`${details.recordingId}x`, "short", "not%20an%20id"])
      expect((await upload(user, null, "", TRANSCRIBING, `/api/transcribe-audio/${malformed}/retry`)).status).toBe(404);

    failing = false;
    const retried = await upload(user, null, "", TRANSCRIBING, `/api/transcribe-audio/${details.recordingId}/retry`);
    expect(retried.status).toBe(200);
    expect((await json<TranscribeAudioResponse>(retried)).recordingId).toBe(details.recordingId);
    expect(received.map((r) => r.file)).toEqual([FIXTURES.ogg, FIXTURES.ogg]);
    expect(await countRows("audio_transcriptions", "user_id = ?", user.id)).toBe(1);
  });

  it("deletes recordings older than 7 days in the cron's purge, and keeps newer ones", async () => {
    mockTranscriptionApi();
    const user = await proUser();
    const { recordingId } = await json<TranscribeAudioResponse>(await upload(user, new Blob([FIXTURES.mp3]), "a.mp3"));
    const key = `audio/${user.id}/${recordingId}`;
    await deleteRecordingsBefore(env.AUDIO, Date.now() - RECORDING_TTL_MS);
    expect(await env.AUDIO.head(key)).not.toBeNull();
    // eight days later
    await deleteRecordingsBefore(env.AUDIO, Date.now() + 8 * 24 * 3600 * 1000 - RECORDING_TTL_MS);
    expect(await env.AUDIO.head(key)).toBeNull();
  });
});
