import { createMcpHandler } from "agents/mcp/server";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { bearerToken } from "../middleware/session";
import { resolveAccessToken } from "../services/auth/access-tokens";
import { enforceLimit, RATE_RULES } from "../services/rate-limit";
import { storyLoomMcpServer } from "./mcp-tools";

/** An MCP request body larger than this is refused (as the API's JSON bodies are: app.ts MAX_JSON_BODY_BYTES). */
const MAX_MCP_BODY_BYTES = 1024 * 1024;

/**
 * POST /mcp: StoryLoom's MCP server over Streamable HTTP (issue 42; docs/decisions/2026-12-08-mcp-server.md). The
 * caller is a personal access token, checked here exactly as on the API (middleware/session.ts): the token's own rate
 * limit, then its owner's. Cloudflare's handler (the agents package over the MCP SDK) validates Host and Origin
 * against the app's own address, so a web page elsewhere cannot drive it through a visitor's browser, and answers
 * statelessly: a server is made for each request, with the caller's tools.
 */
export async function serveMcp(c: Context<AppEnv>): Promise<Response> {
  const deps = c.var.deps;
  const bearer = bearerToken(c);
  if (!bearer) {
    c.header("WWW-Authenticate", "Bearer");
    throw new AppError("unauthenticated", "Send a personal access token as Authorization: Bearer slp_…");
  }
  const token = await resolveAccessToken(deps, bearer);
  if (!token) {
    c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
    throw new AppError("unauthenticated", "The access token is not valid: it is mistyped, expired or revoked");
  }
  await enforceLimit(deps.limits, `access-token:token:${token.id}`, RATE_RULES.accessTokenCalls);
  const appHost = deps.config.appUrl ? [new URL(deps.config.appUrl).hostname] : undefined;
  const handler = createMcpHandler(() => storyLoomMcpServer(deps, { userId: token.user.id, scopes: token.scopes }), {
    route: "/mcp",
    corsOptions: false,
    // production: the app's own host only; development and tests: the handler's localhost defaults
    allowedHostnames: appHost,
    allowedOriginHostnames: appHost,
    maxRequestBodySize: MAX_MCP_BODY_BYTES,
  });
  return handler.fetch(c.req.raw, {
    // (no secret in it: tools learn who calls from the server they were built for)
    authInfo: { token: `access-token:${token.id}`, clientId: `access-token:${token.id}`, scopes: [...token.scopes] },
  });
}
