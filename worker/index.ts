import { app } from "./app";
import type { Bindings } from "./lib/config";
import { createDb } from "./data/db";
import { failStaleGenerations } from "./jobs/fail-stale-generations";
import { purgeExpired } from "./jobs/purge-expired";

export { RateLimiter } from "./durable-objects/rate-limiter";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    // Payment reconciliation joins this handler with the billing work.
    const db = createDb(env.DB);
    const now = Date.now();
    ctx.waitUntil(Promise.all([purgeExpired(db, now), failStaleGenerations(db, now)]));
  },
} satisfies ExportedHandler<Bindings>;
