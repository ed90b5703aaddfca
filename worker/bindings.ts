import type { ChatSession } from "./durable-objects/chat-session";
import type { RateLimiter } from "./durable-objects/rate-limiter";
import type { ConfigBindings } from "./lib/config";

/**
 * The Worker's bindings (wrangler.toml): storage, the Durable Objects and the assets, and the variables and secrets
 * that lib/config.ts parses. Its own module, above lib (it names the Durable Object classes) and below deps.ts and
 * env.ts, which both need it.
 */
export interface Bindings extends ConfigBindings {
  DB: D1Database;
  AUDIO: R2Bucket;
  ASSETS: Fetcher;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  CHAT_SESSION: DurableObjectNamespace<ChatSession>;
}
