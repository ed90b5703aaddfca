import { app } from "./app";
import { createDb } from "./data/db";
import { selectBilling } from "./deps";
import { failStaleGenerations } from "./jobs/fail-stale-generations";
import { purgeExpired } from "./jobs/purge-expired";
import { reconcilePayments } from "./jobs/reconcile-payments";
import { getConfig, type Bindings } from "./lib/config";

export { RateLimiter } from "./durable-objects/rate-limiter";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    const db = createDb(env.DB);
    const now = Date.now();
    const jobs: Array<Promise<unknown>> = [purgeExpired(db, now), failStaleGenerations(db, now)];
    const config = getConfig(env);
    const billing = selectBilling(config);
    if (billing && config.billing) jobs.push(reconcilePayments(db, billing, config.billing.prices, now));
    ctx.waitUntil(Promise.all(jobs));
  },
} satisfies ExportedHandler<Bindings>;
