import { describe, expect, it } from "vitest";
import { AUDIO_MAX_BYTES } from "../../../../schema/api/audio";
import { ApiError } from "../../../lib/api";
import { isProRequiredError, isTooLarge, retryableRecordingId } from "./transcription";

const failure = (status: number, fields: Record<string, unknown>) =>
  new ApiError(status, "", JSON.stringify({ success: false, code: "x", requestId: "req_1", ...fields }));
const RECORDING = "AbCdEfGhIjKlMnOpQrSt_-";

describe("retryableRecordingId", () => {
  it("gives the stored recording of a provider failure", () => {
    expect(retryableRecordingId(failure(502, { error: "Provider failed", details: { recordingId: RECORDING } }))).toBe(
      RECORDING,
    );
    expect(
      retryableRecordingId(
        failure(503, { error: "Audio transcription is not configured", details: { recordingId: RECORDING } }),
      ),
    ).toBe(RECORDING);
  });

  it("gives nothing without a well-formed id or for other failures", () => {
    expect(retryableRecordingId(failure(502, { error: "Provider failed" }))).toBeUndefined();
    expect(retryableRecordingId(failure(502, { error: "x", details: { recordingId: "../../admin" } }))).toBeUndefined();
    expect(
      retryableRecordingId(failure(415, { error: "Not audio", details: { recordingId: RECORDING } })),
    ).toBeUndefined();
    expect(retryableRecordingId(new Error("offline"))).toBeUndefined();
  });
});

describe("isProRequiredError", () => {
  it("recognises the plan check by its message", () => {
    expect(isProRequiredError(failure(403, { error: "Pro subscription required for audio transcription" }))).toBe(true);
    expect(isProRequiredError(failure(403, { error: "Forbidden" }))).toBe(false);
    expect(isProRequiredError(new Error("Pro subscription required"))).toBe(false);
  });
});

describe("isTooLarge", () => {
  it("refuses files above the 25 MB limit", () => {
    expect(isTooLarge({ size: AUDIO_MAX_BYTES })).toBe(false);
    expect(isTooLarge({ size: AUDIO_MAX_BYTES + 1 })).toBe(true);
  });
});
