import OpenAI from "openai";
import type { GeneratedStories } from "../../../schema/api/transcripts";
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

export { splitTranscript } from "./model-output";

export interface OpenAIOptions {
  apiKey: string;
  /** Any OpenAI-compatible server (e.g. a local one): https://host/v1 */
  baseURL?: string;
  model: string;
  timeoutMs?: number;
  /** Characters of transcript per request; longer transcripts are split and the results merged. */
  chunkChars?: number;
}

const UPSTREAM = "openai";

export function createOpenAIGenerator(options: OpenAIOptions): StoryGenerator {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? 60_000,
    // Retries are ours (withOneRetry), bounded and only where another try can help.
    maxRetries: 0,
  });

  async function once(prompt: string): Promise<ModelOutput> {
    let response;
    try {
      response = await client.chat.completions.create({
        model: options.model,
        temperature: 0.2,
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: prompt },
        ],
        response_format: {
          type: "json_schema",
          json_schema: { name: "stories", strict: true, schema: storiesJsonSchema() },
        },
      });
    } catch (error) {
      // A 200 whose body is not JSON (cut off, or a proxy's page) was an answer, not a failure to reach the provider:
      // worth the one retry of an unusable answer, and reported as such.
      if (error instanceof SyntaxError) throw new InvalidModelOutput("The answer was not JSON");
      throw toAppError(error);
    }
    // `choices` is read defensively: a compatible server may answer 200 with JSON of another shape (fault grid).
    const choice = Array.isArray(response.choices) ? response.choices[0] : undefined;
    if (!choice) throw new InvalidModelOutput("The answer had no choices");
    if (choice.finish_reason === "length") throw new InvalidModelOutput("The answer was cut off");
    return parseModelOutput(choice.message.content ?? "");
  }

  const parts = {
    chars: options.chunkChars ?? 48_000,
    generate: ({ text, title }: { text: string; title?: string }) =>
      withOneRetry(
        () => once(userPrompt(text, title)),
        (e) =>
          new AppError("upstream_error", `The AI provider's answer could not be used: ${e.message.toLowerCase()}.`, {
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

function toAppError(error: unknown): AppError {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AppError("service_unavailable", "The AI provider did not answer in time. Please try again.", {
      cause: error,
      upstream: UPSTREAM,
      retryable: true,
    });
  }
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401 || error.status === 403) {
      return new AppError("service_unavailable", "The AI provider refused the configured credentials.", {
        cause: error,
        upstream: UPSTREAM,
      });
    }
    if (error.status === 429) {
      return new AppError("service_unavailable", "The AI provider is busy right now. Please try again in a minute.", {
        cause: error,
        upstream: UPSTREAM,
        retryable: true,
      });
    }
    return new AppError(
      "upstream_error",
      `The AI provider failed (${error.status ?? "no response"}). Please try again.`,
      // a 5xx (or an answer without a status) may pass; another 4xx would be refused again
      { cause: error, upstream: UPSTREAM, retryable: error.status === undefined || error.status >= 500 },
    );
  }
  return new AppError("upstream_error", "The AI provider could not be reached. Please try again.", {
    cause: error,
    upstream: UPSTREAM,
    retryable: true,
  });
}
