import { createMiddleware } from "hono/factory";
import { createHttpSender, createOutboxSender, type EmailSender } from "../adapters/email";
import { getConfig, type AppEnv, type Config } from "../env";
import { createDb, type Database } from "../data/db";
import { createRateLimits, type RateLimits } from "../services/rate-limit";

/** Everything a service may use, built once per request. Services never see Hono's context. */
export interface Deps {
  db: Database;
  config: Config;
  email: EmailSender;
  limits: RateLimits;
  now: () => number;
  /** The public origin used in links (APP_URL, or the origin the request came to). */
  origin: string;
}

export function buildDeps(bindings: AppEnv["Bindings"], requestUrl: string): Deps {
  const config = getConfig(bindings);
  const db = createDb(bindings.DB);
  return {
    db,
    config,
    email: config.email ? createHttpSender(config.email) : createOutboxSender(db),
    limits: createRateLimits(bindings.RATE_LIMITER),
    now: Date.now,
    origin: config.appUrl ?? new URL(requestUrl).origin,
  };
}

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("deps", buildDeps(c.env, c.req.url));
  await next();
});
