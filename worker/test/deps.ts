import { createWorkflowGenerationJobs } from "../adapters/generation-jobs/workflow";
import { env } from "cloudflare:test";
import { createFakeEmailSender } from "../adapters/email/fake";
import { createHttpJira } from "../adapters/jira/http";
import { createLocalGenerator } from "../adapters/llm/local";
import { createNotionClient } from "../adapters/notion/client";
import { createFakeOAuth } from "../adapters/oauth/fake";
import { createFakeRateLimits } from "../adapters/rate-limit/fake";
import { createDb } from "../data/db";
import { createTrackers, type Deps } from "../deps";
import { getConfig } from "../lib/config";
import type { Bindings } from "../bindings";
import { ORIGIN } from "./client";
import { createFakeChatSessions } from "../adapters/chat-session/fake";
import { createFakeTranscriber } from "../adapters/transcription/fake";

/** A clock a test can move: `now()` for Deps, `advance(ms)` to pass time. */
export function testClock(start = Date.UTC(2026, 10, 23, 12, 0, 0)) {
  let current = start;
  return {
    now: () => current,
    advance: (ms: number) => void (current += ms),
    set: (at: number) => void (current = at),
  };
}

const pending: Array<Promise<unknown>> = [];

/** Waits for everything handed to `waitUntil` so far (emails, background generation). */
export async function settled(): Promise<void> {
  while (pending.length > 0) await Promise.all(pending.splice(0));
}

export type TestDeps = Deps & {
  email: ReturnType<typeof createFakeEmailSender>;
  limits: ReturnType<typeof createFakeRateLimits>;
};

/**
 * Deps for calling services directly, without HTTP: the real D1 of this test file (migrated), the test
 * configuration, fakes for every outside system (email, rate limits, OAuth), a clock that stands still, and the
 * embedded story generator (deterministic and offline; pass `createFakeStoryGenerator` for exact answers). Override any part, e.g. `buildTestDeps({ storyGenerator: () => fake })`.
 */
export function buildTestDeps(overrides: Partial<Deps> & { bindings?: Partial<Bindings> } = {}): TestDeps {
  const { bindings, ...rest } = overrides;
  const config = getConfig(bindings ? ({ ...env, ...bindings } as Bindings) : (env as Bindings));
  const clock = testClock();
  const now = rest.now ?? clock.now;
  const base: TestDeps = {
    db: createDb(env.DB),
    config,
    now,
    origin: ORIGIN,
    email: createFakeEmailSender(),
    limits: createFakeRateLimits(now),
    oauth: createFakeOAuth(),
    mcpAuthorization: () => null,
    // The real clients: tests answer their fetches with the fake JIRA and fake Notion (worker/test/jira, notion).
    jira: createHttpJira({ apiBase: null }),
    notion: createNotionClient({ apiBase: null }),
    // Linear, GitHub and Azure DevOps likewise: the real clients, answered by the fakes in worker/test/{system}.
    trackers: createTrackers({ linear: null, github: null, "azure-devops": null }),
    billing: null,
    audio: env.AUDIO,
    chatSessions: createFakeChatSessions(now),
    helpModel: () => null,
    backlogJudge: () => null,
    transcriber: () => createFakeTranscriber(),
    storyGenerator: createLocalGenerator,
    // The real Workflow binding of the test Worker (wrangler.toml): durable runs execute in the test's isolate.
    generationJobs: createWorkflowGenerationJobs(env.GENERATION_WORKFLOW),
    // Background work joins `pending`; `await settled(deps)` waits for it like the Workers runtime would.
    waitUntil: (work) => void pending.push(work.catch(() => undefined)),
  };
  return { ...base, ...rest } as TestDeps;
}
