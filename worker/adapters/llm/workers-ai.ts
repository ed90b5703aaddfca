import type { GeneratedStories } from "../../../schema/api/transcripts";
import { withDeadline } from "../../lib/deadline";
import { AppError } from "../../lib/errors";
import {
  InvalidModelOutput,
  mergeModelOutputs,
  parseModelOutput,
  splitTranscript,
  storiesJsonSchema,
  withOneRetry,
  type ModelOutput,
} from "./model-output";
import { repairPrompt, SYSTEM_PROMPT, userPrompt } from "./prompt";
import type { StoryGenerator } from "./types";

/** The part of the `AI` binding this adapter uses (so tests can pass a fake). */
export interface AiRunner {
  run(model: string, input: Record<string, unknown>): Promise<unknown>;
}

export interface WorkersAIOptions {
  model: string;
  chunkChars?: number;
  /** Per call; 60 s by default, like the OpenAI adapter. */
  timeoutMs?: number;
}

/**
 * A binding call that never settles would otherwise hold the person's request until the generation's 5-minute
 * deadline (fault grid): each call gets the same 60 s an OpenAI call gets.
 */
export const WORKERS_AI_TIMEOUT_MS = 60_000;

/** Workers AI through the `AI` binding, with JSON-schema output, validated like every provider's. */
const UPSTREAM = "workers-ai";

export function createWorkersAIGenerator(ai: AiRunner, options: WorkersAIOptions): StoryGenerator {
  async function once(prompt: string): Promise<ModelOutput> {
    let result: unknown;
    try {
      result = await withDeadline(
        ai.run(options.model, {
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            { role: "user", content: prompt },
          ],
          response_format: { type: "json_schema", json_schema: storiesJsonSchema() },
          max_tokens: 4096,
          temperature: 0.2,
        }),
        options.timeoutMs ?? WORKERS_AI_TIMEOUT_MS,
        () =>
          new AppError("service_unavailable", "Workers AI did not answer in time. Please try again.", {
            upstream: UPSTREAM,
            retryable: true,
          }),
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("upstream_error", "Workers AI failed. Please try again.", {
        cause: error,
        upstream: UPSTREAM,
        retryable: true,
      });
    }
    const response = (result as { response?: unknown } | null)?.response;
    if (response === undefined || response === null) throw new InvalidModelOutput("The answer was empty");
    return parseModelOutput(response);
  }

  // Workers AI models have smaller windows than hosted OpenAI models.
  const parts = {
    chars: options.chunkChars ?? 24_000,
    generate: ({ text, title }: { text: string; title?: string }) =>
      withOneRetry(
        () => once(userPrompt(text, title)),
        (e) =>
          new AppError("upstream_error", `Workers AI's answer could not be used: ${e.message.toLowerCase()}.`, {
            upstream: UPSTREAM,
          }),
      ),
  };

  return {
    name: UPSTREAM,
    parts,
    async generate({ transcript, title }): Promise<GeneratedStories> {
      const outputs: ModelOutput[] = [];
      for (const chunk of splitTranscript(transcript, parts.chars))
        outputs.push(await parts.generate({ text: chunk.text, title }));
      return mergeModelOutputs(transcript, outputs);
    },
    // one call, no retry: a failed repair leaves the stories as they were, with their issues shown
    async repair({ transcript, context, stories, issues }): Promise<GeneratedStories> {
      return mergeModelOutputs(transcript, [await once(repairPrompt(context, stories, issues))]);
    },
  };
}
