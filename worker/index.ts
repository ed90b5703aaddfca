import { app } from "./app";
import { deleteRecordingsBefore, RECORDING_TTL_MS } from "./data/audio-objects";
import { createWorkflowGenerationJobs } from "./adapters/generation-jobs/workflow";
import { createDb } from "./data/db";
import { selectBilling } from "./deps";
import { failStaleGenerations } from "./jobs/fail-stale-generations";
import { purgeExpired } from "./jobs/purge-expired";
import { reconcilePayments } from "./jobs/reconcile-payments";
import { getConfig } from "./lib/config";
import type { Bindings } from "./bindings";

export { ChatSession } from "./durable-objects/chat-session";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { GenerationWorkflow } from "./workflows/generation";
export type { AppType } from "./app";

/**
 * The cron triggers of wrangler.toml: every 10 minutes retention and the sweep of interrupted generations; hourly
 * the payment reconciliation, which lists every Stripe subscription (one list call per 100), so it runs less often.
 */
export const CRONS = { frequent: "*/10 * * * *", reconcile: "7 * * * *" } as const;

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    const db = createDb(env.DB);
    const now = Date.now();
    if (controller.cron !== CRONS.reconcile) {
      ctx.waitUntil(
        Promise.all([
          purgeExpired(db, now),
          failStaleGenerations(
            db,
            env.GENERATION_WORKFLOW ? createWorkflowGenerationJobs(env.GENERATION_WORKFLOW) : null,
            now,
          ),
          deleteRecordingsBefore(env.AUDIO, now - RECORDING_TTL_MS),
        ]),
      );
      return;
    }
    const config = getConfig(env);
    const billing = selectBilling(config);
    if (billing && config.billing) ctx.waitUntil(reconcilePayments(db, billing, config.billing.prices, now));
  },
} satisfies ExportedHandler<Bindings>;
