import { app } from "./app";
import type { Bindings } from "./lib/config";
import { createDb } from "./data/db";
import { purgeExpired } from "./jobs/purge-expired";

export { RateLimiter } from "./durable-objects/rate-limiter";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    // Payment reconciliation joins this handler with the billing work.
    ctx.waitUntil(purgeExpired(createDb(env.DB), Date.now()));
  },
} satisfies ExportedHandler<Bindings>;
