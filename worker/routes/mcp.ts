import { createMcpHandler } from "agents/mcp/server";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { authenticateAccessToken, bearerToken, invalidAccessToken } from "../middleware/session";
import { grantCaller, MCP_PATH } from "../services/auth/mcp-authorization";
import { enforceLimit, RATE_RULES } from "../services/rate-limit";
import { storyLoomMcpServer, type McpCaller } from "./mcp-tools";

/** An MCP request body larger than this is refused (as the API's JSON bodies are: app.ts MAX_JSON_BODY_BYTES). */
const MAX_MCP_BODY_BYTES = 1024 * 1024;

/**
 * POST /mcp: StoryLoom's MCP server over Streamable HTTP (issue 42; docs/decisions/2026-12-08-mcp-server.md). The
 * caller is an MCP client signed in with OAuth (the provider checked its token: worker/index.ts) or a personal access
 * token, checked here exactly as on the API (middleware/session.ts); each has its own rate limit, then its owner's. Cloudflare's handler (the agents package over the MCP SDK) validates Host and Origin
 * against the app's own address, so a web page elsewhere cannot drive it through a visitor's browser, and answers
 * statelessly: a server is made for each request, with the caller's tools.
 */
export async function serveMcp(c: Context<AppEnv>): Promise<Response> {
  const caller = (await oauthCaller(c)) ?? (await tokenCaller(c));
  const appHost = c.var.deps.config.appUrl ? [new URL(c.var.deps.config.appUrl).hostname] : undefined;
  const handler = createMcpHandler(() => storyLoomMcpServer(c.var.deps, caller), {
    route: MCP_PATH,
    corsOptions: false,
    // production: the app's own host only; development and tests: the handler's localhost defaults
    allowedHostnames: appHost,
    allowedOriginHostnames: appHost,
    maxRequestBodySize: MAX_MCP_BODY_BYTES,
  });
  return handler.fetch(c.req.raw, {
    // (no secret in it: tools learn who calls from the server they were built for)
    authInfo: { token: caller.label, clientId: caller.label, scopes: [...caller.scopes] },
  });
}

/**
 * The caller of an OAuth access token: the provider checked the token before handing the request over, and put the
 * grant's props on the context (worker/index.ts). The account must still exist; the grant's own rate limit applies.
 */
async function oauthCaller(c: Context<AppEnv>): Promise<McpCaller | null> {
  const ctx = c.executionCtx as ExecutionContext & { props?: unknown; auth?: { clientId?: string } };
  const grant = await grantCaller(c.var.deps, ctx.props);
  if (grant === null) return null;
  if (grant === "gone") throw invalidAccessToken(c);
  const label = `oauth:${ctx.auth?.clientId ?? "client"}`;
  await enforceLimit(c.var.deps.limits, `access-token:${label}:user:${grant.userId}`, RATE_RULES.accessTokenCalls);
  return { ...grant, label };
}

/** The caller of a personal access token, checked exactly as on the API (middleware/session.ts). */
async function tokenCaller(c: Context<AppEnv>): Promise<McpCaller> {
  const deps = c.var.deps;
  const bearer = bearerToken(c);
  if (!bearer) {
    c.header("WWW-Authenticate", `Bearer resource_metadata="${deps.origin}/.well-known/oauth-protected-resource/mcp"`);
    throw new AppError(
      "unauthenticated",
      "Sign in with OAuth, or send a personal access token as Authorization: Bearer slp_…",
    );
  }
  const token = await authenticateAccessToken(c, bearer);
  return { userId: token.user.id, scopes: token.scopes, label: `access-token:${token.id}` };
}
