import type { Bindings, Config } from "../../env";
import { AppError } from "../../lib/errors";
import { createLocalGenerator } from "./local";
import { createOpenAIGenerator } from "./openai";
import type { StoryGenerator } from "./types";
import { createWorkersAIGenerator } from "./workers-ai";

export type { StoryGenerator } from "./types";

/** The configured story generator: `local` (embedded, no key) unless OpenAI or Workers AI is configured. */
export function createStoryGenerator(config: Config, bindings: Pick<Bindings, "AI">): StoryGenerator {
  const { llm } = config;
  if (llm.provider === "openai" && llm.openai) return createOpenAIGenerator(llm.openai);
  if (llm.provider === "workers-ai") {
    if (!bindings.AI) throw new AppError("service_unavailable", "Workers AI is selected but the AI binding is missing.");
    return createWorkersAIGenerator(bindings.AI as unknown as { run: (m: string, i: Record<string, unknown>) => Promise<unknown> }, {
      model: llm.workersAiModel,
    });
  }
  return createLocalGenerator();
}
