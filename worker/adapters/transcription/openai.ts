import OpenAI, { toFile } from "openai";
import { AUDIO_MIME } from "../../lib/audio-format";
import { AppError } from "../../lib/errors";
import type { Transcriber } from "./index";

const UPSTREAM = "openai";

/** OpenAI's transcription API through the official SDK; any OpenAI-compatible server (a local Whisper) through baseURL. */
export function createOpenAITranscriber(options: {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs?: number;
}): Transcriber {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? 120_000,
    maxRetries: 0,
  });
  return {
    name: UPSTREAM,
    async transcribe({ audio, format, fileName }) {
      try {
        const file = await toFile(audio, fileName, { type: AUDIO_MIME[format] });
        const result: unknown = await client.audio.transcriptions.create({
          file,
          model: options.model,
          response_format: "json",
        });
        // A 200 without text (a proxy's page, another API's answer) is a failed transcription, said as one here
        // rather than left to crash wherever the text is first used.
        const text = (result as { text?: unknown } | null)?.text;
        if (typeof text !== "string") {
          throw new AppError(
            "upstream_error",
            "The transcription service answered without a transcript. Please try again.",
            { upstream: UPSTREAM },
          );
        }
        return text;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw toAppError(error);
      }
    },
  };
}

function toAppError(error: unknown): AppError {
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new AppError("service_unavailable", "The transcription service did not answer in time. Please try again.", {
      cause: error,
      upstream: UPSTREAM,
    });
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401 || error.status === 403)
      return new AppError("service_unavailable", "The transcription service refused the configured credentials.", {
        cause: error,
        upstream: UPSTREAM,
      });
    if (error.status === 429)
      return new AppError(
        "service_unavailable",
        "The transcription service is busy right now. Please try again in a minute.",
        { cause: error, upstream: UPSTREAM },
      );
    if (error.status === 400 || error.status === 413 || error.status === 415) {
      return new AppError(
        "upstream_error",
        "The transcription service could not read this recording. Try another file or format.",
        { cause: error, upstream: UPSTREAM },
      );
    }
    return new AppError(
      "upstream_error",
      `The transcription service failed (${error.status ?? "no response"}). Please try again.`,
      { cause: error, upstream: UPSTREAM },
    );
  }
  return new AppError("upstream_error", "The transcription service failed. Please try again.", {
    cause: error,
    upstream: UPSTREAM,
  });
}
