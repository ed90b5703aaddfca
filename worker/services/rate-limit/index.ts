import type { LimitRule, RateLimits } from "../../adapters/rate-limit";
import { rateLimited } from "../../lib/errors";

/** Named rules, so every limit in the product is listed in one place. */
export const RATE_RULES = {
  /** Brute-force protection (architecture.md): 10 failures → 10-minute block, per account and per IP. */
  loginFailure: { limit: 10, windowMs: 10 * 60_000, blockMs: 10 * 60_000 },
  /** product-decisions.md: 3 verification emails per 15 minutes per address. */
  verificationEmail: { limit: 3, windowMs: 15 * 60_000 },
  /** The same, per IP, so one client cannot mail many addresses. */
  verificationEmailPerIp: { limit: 10, windowMs: 15 * 60_000 },
  /** Generations per user per minute: a burst guard on top of the monthly allowance. */
  generation: { limit: 10, windowMs: 60_000 },
  /** Registrations per IP, against scripted sign-ups. */
  registration: { limit: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, LimitRule>;

/** Counts one hit and throws a 429 (with Retry-After) when the key is over its limit. */
export async function enforceLimit(limits: RateLimits, key: string, rule: LimitRule, message?: string) {
  const result = await limits.consume(key, rule);
  if (!result.allowed) throw rateLimited(result.retryAfterMs / 1000, message);
}
