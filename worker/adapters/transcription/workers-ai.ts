import { withDeadline } from "../../lib/deadline";
import { AppError } from "../../lib/errors";
import type { AiRunner } from "../llm/workers-ai";
import type { Transcriber } from "./index";

/**
 * The longest one transcription may take, as for the OpenAI transcriber (120 s). Without it a binding call that never
 * settles held the upload's request open indefinitely, with the recording's row left "pending" (fault grid).
 */
export const WORKERS_AI_TRANSCRIPTION_TIMEOUT_MS = 120_000;

/** Workers AI Whisper through the AI binding (the model is configurable: WORKERS_AI_TRANSCRIPTION_MODEL). */
export function createWorkersAITranscriber(
  ai: AiRunner,
  model: string,
  timeoutMs = WORKERS_AI_TRANSCRIPTION_TIMEOUT_MS,
): Transcriber {
  return {
    name: "workers-ai",
    async transcribe({ audio }) {
      let result: unknown;
      try {
        // @cf/openai/whisper takes the bytes as an array of numbers; the large-v3 models take base64
        result = await withDeadline(
          ai.run(model, model.includes("large") ? { audio: toBase64(audio) } : { audio: Array.from(audio) }),
          timeoutMs,
          () =>
            new AppError("service_unavailable", "The transcription service did not answer in time. Please try again.", {
              upstream: "workers-ai",
            }),
        );
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError("upstream_error", "The transcription service failed. Please try again.", {
          cause: error,
          upstream: "workers-ai",
        });
      }
      const text = (result as { text?: unknown } | null)?.text;
      if (typeof text !== "string")
        throw new AppError("upstream_error", "The transcription service answered without a transcript.", {
          upstream: "workers-ai",
        });
      return text;
    },
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  // in slices: spreading 25 MB into one call would overflow the stack
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
