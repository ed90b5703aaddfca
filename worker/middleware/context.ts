import { createMiddleware } from "hono/factory";
import { createHttpSender, createOutboxSender, type EmailSender } from "../adapters/email";
import { createStoryGenerator, type StoryGenerator } from "../adapters/llm";
import { getConfig, type AppEnv, type Config } from "../env";
import { createDb, type Database } from "../data/db";
import { countStatements } from "../data/query-counter";
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
  /** The configured story generator (built on first use: most requests never generate). */
  storyGenerator: () => StoryGenerator;
  /** Local development only: SQL statements prepared so far in this request. */
  statementCount?: () => number;
}

export function buildDeps(bindings: AppEnv["Bindings"], requestUrl: string): Deps {
  const config = getConfig(bindings);
  const counted = config.env === "development" ? countStatements(bindings.DB) : undefined;
  const db = createDb(counted?.db ?? bindings.DB);
  return {
    db,
    statementCount: counted?.count,
    config,
    email: config.email ? createHttpSender(config.email) : createOutboxSender(db),
    limits: createRateLimits(bindings.RATE_LIMITER),
    storyGenerator: () => createStoryGenerator(config, bindings),
    now: Date.now,
    origin: config.appUrl ?? new URL(requestUrl).origin,
  };
}

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const deps = buildDeps(c.env, c.req.url);
  c.set("deps", deps);
  await next();
  if (deps.statementCount) c.header("X-D1-Statements", String(deps.statementCount()));
});
