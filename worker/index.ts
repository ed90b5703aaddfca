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
    ctx.waitUntil(Promise.all([purgeExpired(db, now), failStaleGenerations(db, now)]));
    // After the retention jobs are handed over, so a configuration problem cannot stop them.
    const config = getConfig(env);
    const billing = selectBilling(config);
    if (billing && config.billing) ctx.waitUntil(reconcilePayments(db, billing, config.billing.prices, now));
  },
} satisfies ExportedHandler<Bindings>;
