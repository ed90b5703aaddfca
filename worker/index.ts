import { OAuthProvider } from "@cloudflare/workers-oauth-provider";
import { MCP_OAUTH, mcpOAuthOptions } from "./adapters/mcp-oauth";
import { createDurableObjectRateLimits } from "./adapters/rate-limit/durable-object";
import { app } from "./app";
import { addressKey } from "./lib/ip";
import { RATE_RULES } from "./services/rate-limit";
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

/** The app as the OAuth provider's handlers: everything it does not answer itself, and /mcp with a valid token. */
const appHandler = { fetch: (request: Request, env: Bindings, ctx: ExecutionContext) => app.fetch(request, env, ctx) };
const providers = new Map<string, OAuthProvider<Bindings>>();

/**
 * Sign-in for MCP clients (worker/adapters/mcp-oauth): the provider answers its metadata, registration and token
 * endpoints, and checks OAuth access tokens on /mcp. Every other request, and /mcp with a personal access token
 * (routes/mcp.ts checks those), goes straight to the app, so the rest of the API pays nothing for it.
 */
function viaOAuthProvider(request: Request): boolean {
  const { pathname } = new URL(request.url);
  if (pathname === MCP_OAUTH.resource) return !/^Bearer +slp_/i.test(request.headers.get("Authorization") ?? "");
  return pathname === MCP_OAUTH.token || pathname === MCP_OAUTH.register || pathname.startsWith("/.well-known/oauth-");
}

export default {
  async fetch(request: Request, env: Bindings, ctx: ExecutionContext) {
    if (!env.OAUTH_KV || !viaOAuthProvider(request)) return app.fetch(request, env, ctx);
    const origin = getConfig(env).appUrl ?? new URL(request.url).origin;
    let provider = providers.get(origin);
    if (!provider) providers.set(origin, (provider = new OAuthProvider(mcpOAuthOptions(origin, appHandler))));
    if (new URL(request.url).pathname === MCP_OAUTH.register) {
      // each registration is a record in KV: limited per address (RATE_RULES.mcpClientRegistrations)
      const limits = createDurableObjectRateLimits(env.RATE_LIMITER);
      const key = `mcp-register:address:${addressKey(request.headers.get("CF-Connecting-IP") ?? undefined)}`;
      const result = await limits.consume(key, RATE_RULES.mcpClientRegistrations);
      if (!result.allowed) {
        return Response.json(
          { error: "slow_down", error_description: "Too many client registrations. Please try again later." },
          { status: 429, headers: { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) } },
        );
      }
    }
    return provider.fetch(request, env, ctx);
  },
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
