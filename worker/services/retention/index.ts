import type { Database } from "../../data/db";
import { deleteExpired } from "../../data/retention";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sign-ups that never verified their address are deleted after this (they cannot sign in, and they hold the address). */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * DAY_MS;
/** Help assistant conversations are kept this long (docs/product-decisions.md), then deleted. */
export const CHAT_LOG_TTL_MS = 90 * DAY_MS;
/** Stripe retries a webhook for up to 3 days; an event id older than this cannot come again. */
export const STRIPE_EVENT_TTL_MS = 30 * DAY_MS;

/**
 * Retention: expired sessions, verification and password-reset tokens, password accounts that never verified their
 * address within 7 days, Stripe event ids past Stripe's retry window, week-old dev outbox mail, and help assistant
 * conversations older than 90 days. Idempotent.
 */
export async function applyRetention(db: Database, now: number): Promise<void> {
  await deleteExpired(db, {
    sessionsExpiredBefore: now,
    verificationTokensExpiredBefore: now - DAY_MS,
    verificationTokensUsedBefore: now - 7 * DAY_MS,
    resetTokensExpiredBefore: now - DAY_MS,
    unverifiedAccountsCreatedBefore: now - UNVERIFIED_ACCOUNT_TTL_MS,
    stripeEventsProcessedBefore: now - STRIPE_EVENT_TTL_MS,
    outboxMailCreatedBefore: now - 7 * DAY_MS,
    chatLogsCreatedBefore: now - CHAT_LOG_TTL_MS,
  });
}
