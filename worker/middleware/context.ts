import { createMiddleware } from "hono/factory";
import { buildDeps } from "../deps";
import type { AppEnv } from "../env";

/** Attaches the request's dependencies (built by deps.ts) for the services the routes call. */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const deps = buildDeps(c.env, c.req.raw, c.executionCtx);
  c.set("deps", deps);
  await next();
  if (deps.statementCount) c.header("X-D1-Statements", String(deps.statementCount()));
});
