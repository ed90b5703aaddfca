import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import type { GenerationJobOutcome, GenerationJobParams } from "../adapters/generation-jobs";
import type { Bindings } from "../bindings";
import { buildDeps } from "../deps";
import { AppError } from "../lib/errors";
import { causeMessage, logEvent } from "../lib/log";
import { failRun, finishParts, generatePart, planParts } from "../services/generation/parts";

/**
 * A provider call: a timeout, a busy (429) or failing (5xx) provider is tried again with backoff, 10 s doubling to
 * 80 s (about 2½ minutes of waiting over 5 tries, the length of a short outage); each try has the adapter's own 60 s
 * limit and one retry of an unusable answer. What cannot pass on another try fails at once (NonRetryableError).
 */
const PROVIDER_STEP: WorkflowStepConfig = {
  retries: { limit: 4, delay: "10 seconds", backoff: "exponential" },
  timeout: "3 minutes",
};
/** D1 only: a brief hiccup is worth two more tries. */
const DATA_STEP: WorkflowStepConfig = { retries: { limit: 2, delay: "2 seconds", backoff: "exponential" } };

/**
 * Runs a step's work, telling Workflows which failures are worth another try. Each failed try is logged with its
 * cause (redacted): the request that waits for the run sees only the outcome, without the upstream's own words.
 */
const attempt =
  <T>(run: GenerationJobParams, step: string, work: () => Promise<T>) =>
  async (): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      logEvent("warn", "generation_attempt_failed", {
        transcriptId: run.transcriptId,
        step,
        retryable: error instanceof AppError ? error.retryable : true,
        upstream: error instanceof AppError ? error.upstream : undefined,
        cause: causeMessage(error),
      });
      // (the code rides in the message: Workflows keeps a failed step's message, and tells a NonRetryableError by
      // its name)
      if (error instanceof AppError && !error.retryable)
        throw new NonRetryableError(`[${error.code}] ${error.message}`);
      throw error;
    }
  };

/** `count` items through `work`, at most `width` at a time, results in order. */
async function inParallel<T>(count: number, width: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < count; index = next++) results[index] = await work(index);
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, lane));
  return results;
}

const CODES = ["upstream_error", "service_unavailable", "not_found"] as const;

/**
 * A failed step's outcome. Its error arrives re-made by Workflows, as "<name>: <message>"; a failure that no retry
 * could mend carries its code as "[code] message" (attempt above). A retried AppError keeps its message, and is a
 * provider failure.
 */
function failureOf(error: unknown): Extract<GenerationJobOutcome, { saved: false }> {
  const text = error instanceof Error ? error.message : String(error);
  const tagged = /\[(\w+)\] ([\s\S]*)$/.exec(text);
  const code = CODES.find((known) => known === tagged?.[1]) ?? "upstream_error";
  const message = (tagged?.[2] ?? text.replace(/^\w*Error: /, "")).trim();
  return { saved: false, code, message: message || "Story generation failed. Please try again." };
}

/**
 * One generation with an LLM provider (services/generation/index.ts starts it; services/generation/parts.ts has
 * the steps): split the transcript into parts, read the parts in parallel, then merge, check and save. A failure
 * records its reason on the transcript and gives the generation back, so history offers Try Again.
 */
export class GenerationWorkflow extends WorkflowEntrypoint<Bindings, GenerationJobParams> {
  override async run(event: WorkflowEvent<GenerationJobParams>, step: WorkflowStep): Promise<GenerationJobOutcome> {
    const deps = buildDeps(this.env, null, this.ctx);
    const run = event.payload;
    try {
      const split = "split the transcript";
      const parts = await step.do(
        split,
        DATA_STEP,
        attempt(run, split, () => planParts(deps, run)),
      );
      const outputs = await inParallel(parts, deps.config.llm.parallelParts, (index) => {
        const name = `part ${index + 1} of ${parts}`;
        return step.do(
          name,
          PROVIDER_STEP,
          attempt(run, name, () => generatePart(deps, run, index)),
        );
      });
      const finish = "merge, check and save";
      return await step.do(
        finish,
        PROVIDER_STEP,
        attempt(run, finish, () => finishParts(deps, run, outputs)),
      );
    } catch (error) {
      const failure = failureOf(error);
      logEvent("warn", "generation_failed", {
        transcriptId: run.transcriptId,
        code: failure.code,
        message: failure.message,
      });
      await step.do("record the failure", DATA_STEP, () => failRun(deps, run, failure.message));
      return failure;
    }
  }
}
