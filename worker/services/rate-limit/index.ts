import type { AttemptPolicy, LimitRule, RateLimits } from "../../adapters/rate-limit";
import { rateLimited } from "../../lib/errors";

/** Named rules, so every limit in the product is listed in one place. Addresses are IPv4 or IPv6 /64 (lib/ip.ts). */
export const RATE_RULES = {
  /** docs/product-decisions.md: 3 verification emails per 15 minutes per account. */
  verificationEmail: { limit: 3, windowMs: 15 * 60_000 },
  /** Per address, so one client cannot mail many addresses. */
  verificationEmailPerIp: { limit: 10, windowMs: 15 * 60_000 },
  /** Password-reset emails: per account (applied silently) and per address. */
  passwordResetEmail: { limit: 3, windowMs: 60 * 60_000 },
  passwordResetEmailPerIp: { limit: 10, windowMs: 15 * 60_000 },
  /**
   * Sign-in link emails (a blocked sign-in's way in, services/auth/sign-in-link.ts): per account (applied silently,
   * each is a mail to its owner) and per address.
   */
  signInLinkEmail: { limit: 3, windowMs: 15 * 60_000 },
  signInLinkEmailPerIp: { limit: 10, windowMs: 15 * 60_000 },
  /**
   * Calls per personal access token per minute, on top of the owner's own limits (which a token's calls count against
   * exactly as the browser's do): a runaway script is held back without locking its owner out of the app.
   */
  accessTokenCalls: { limit: 300, windowMs: 60_000 },
  /** Access tokens made per user per hour: each is a write, and a burst of them is more likely a script gone wrong. */
  accessTokenCreation: { limit: 20, windowMs: 60 * 60_000 },
  /**
   * Sign-in for MCP clients, per address: client registrations and authorization requests each store a record in KV,
   * and the consent screen's reads and answers check a handle. A person connects an app now and then; 30 in 10 minutes
   * leaves an office room while a script filling KV is held back.
   */
  mcpClientRegistrations: { limit: 30, windowMs: 10 * 60_000 },
  mcpAuthorizations: { limit: 30, windowMs: 10 * 60_000 },
  mcpConsents: { limit: 60, windowMs: 10 * 60_000 },
  /** Generations per user per minute: a burst guard on top of the monthly allowance. */
  generation: { limit: 10, windowMs: 60_000 },
  /**
   * Quality checks per user per minute (POST /api/stories/check): like generation a burst guard per user, but
   * higher, since the editor re-checks as the person types (debounced: at most one a second while typing).
   */
  storyChecks: { limit: 60, windowMs: 60_000 },
  /**
   * Story saves and restores per user per minute: each runs the quality gate over the whole transcript (issue 39). The
   * editor saves when the person presses Save, so 30 a minute is far above a person's pace.
   */
  storySaves: { limit: 30, windowMs: 60_000 },
  /** The JIRA wizard's checks per user: each calls the site the user named, so they must not become a prober. */
  integrationChecks: { limit: 30, windowMs: 60_000 },
  /** Exports per user per minute: each makes several JIRA or Notion calls. */
  integrationExports: { limit: 10, windowMs: 60_000 },
  /** Reviews before an export per user per minute: each reads up to two pages of the destination's open items. */
  backlogReviews: { limit: 20, windowMs: 60_000 },
  /** Team invitations per user per hour: each sends an email to an address the user typed. */
  teamInvitations: { limit: 20, windowMs: 60 * 60_000 },
  /** Invitation accepts per user per minute: tokens are 256 bits, this only keeps guessing noisy and slow. */
  teamAccepts: { limit: 10, windowMs: 60_000 },
  /**
   * Help assistant messages of guests per address (IPv4, or IPv6 /64), cookie or not: a guest can drop its cookie,
   * so only the address bounds a script. 200 in 10 minutes leaves an office's visitors room (40 people asking 5
   * questions each) while one noisy guest, held to assistantVisitorMessages, uses at most 30 of it. Signed-in
   * accounts are not counted here: each has its own limit below, so nobody behind a shared address locks out the rest.
   */
  assistantMessages: { limit: 200, windowMs: 10 * 60_000 },
  /** Per visitor (a signed-in account, or a guest's chat cookie): a burst of 6 in a minute is faster than anyone reads. */
  assistantVisitorBurst: { limit: 6, windowMs: 60_000 },
  /** Per visitor over 10 minutes: 30, a long help session (the earlier limit was 20 per visitor and address). */
  assistantVisitorMessages: { limit: 30, windowMs: 10 * 60_000 },
  /** Audio transcriptions per user per hour: each is a paid call to the provider. */
  transcriptions: { limit: 20, windowMs: 60 * 60_000 },
  /** Registrations per IP, against scripted sign-ups. */
  registration: { limit: 20, windowMs: 60 * 60_000 },
  /**
   * Emailed links opened per address (password-reset confirm, email verification, sign-in link; one key each). Their tokens are
   * 256 bits, so this only keeps guessing noisy and slow; 30 in 15 minutes is far above what an office clicks.
   */
  linkTokensPerIp: { limit: 30, windowMs: 15 * 60_000 },
  /** The settings page's data summary per user: counts over every table the account owns plus an R2 listing. */
  accountSummary: { limit: 60, windowMs: 10 * 60_000 },
  /** Account data exports per user: each reads and streams everything the account owns (the heaviest D1 read). */
  accountExport: { limit: 10, windowMs: 60 * 60_000 },
  /** Account deletions per user: a failing one (Stripe down) is retried, and each try calls Stripe and R2. */
  accountDeletion: { limit: 5, windowMs: 15 * 60_000 },
  /**
   * Payment calls per user (create, confirm, cancel, retry payment, clean up): each is one or more Stripe API calls,
   * and Stripe's rate limit is per platform account. The header polls confirm every 30 s while a payment is pending,
   * 20 calls in 10 minutes per open tab, so 120 leaves room for several tabs.
   */
  billing: { limit: 120, windowMs: 10 * 60_000 },
} satisfies Record<string, LimitRule>;

/**
 * Sign-in attempts (adapters/rate-limit/attempts.ts), reserved before a password is checked.
 * - Per account (or per unknown name, so both look alike): 5 free failures, then delays of 2, 4, 8, 16, 32 s, then a
 *   15-minute block, except from addresses that signed in to the account within 30 days.
 * - Per address: 100 failures in 10 minutes, enough for an office or a mobile carrier behind one address.
 */
export const LOGIN_POLICIES = {
  account: {
    windowMs: 15 * 60_000,
    freeFailures: 5,
    maxFailures: 10,
    backoffMs: 2_000,
    blockMs: 15 * 60_000,
    trustMs: 30 * 24 * 60 * 60_000,
  },
  address: {
    windowMs: 10 * 60_000,
    freeFailures: 100,
    maxFailures: 100,
    backoffMs: 0,
    blockMs: 10 * 60_000,
    trustMs: 0,
  },
} satisfies Record<string, AttemptPolicy>;

/** Counts one hit and throws a 429 (with Retry-After) when the key is over its limit. */
export async function enforceLimit(limits: RateLimits, key: string, rule: LimitRule, message?: string) {
  const result = await limits.consume(key, rule);
  if (!result.allowed) throw rateLimited(result.retryAfterMs / 1000, message);
}
