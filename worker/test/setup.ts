import { applyD1Migrations, env, introspectWorkflow } from "cloudflare:test";
import { afterEach, beforeEach, vi } from "vitest";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// A durable generation retries a failing provider with backoff of seconds to minutes (worker/workflows/generation.ts):
// in tests its tries run back to back.
let generationRuns: Awaited<ReturnType<typeof introspectWorkflow>> | undefined;
beforeEach(async () => {
  generationRuns = await introspectWorkflow(env.GENERATION_WORKFLOW);
  await generationRuns.modifyAll(async (run) => {
    await run.disableRetryDelays();
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await generationRuns?.dispose();
});
