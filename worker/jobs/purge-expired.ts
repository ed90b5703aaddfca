import { and, eq, isNotNull, lt, or } from "drizzle-orm";
import { chatbotConversations, emailOutbox, emailVerificationTokens, passwordResetTokens, sessions, stripeEvents, users } from "../../schema/db";
import type { Database } from "../data/db";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sign-ups that never verified their address are deleted after this (they cannot sign in, and they hold the address). */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * DAY_MS;
/** Help assistant conversations are kept this long (product-decisions.md), then deleted. */
export const CHAT_LOG_TTL_MS = 90 * DAY_MS;
/** Stripe retries a webhook for up to 3 days; an event id older than this cannot come again. */
export const STRIPE_EVENT_TTL_MS = 30 * DAY_MS;

/**
 * Retention: expired sessions, verification and password-reset tokens, password accounts that never verified their
 * address within 7 days, Stripe event ids past Stripe's retry window, week-old dev outbox mail, and help assistant
 * conversations older than 90 days. Idempotent.
 */
export async function purgeExpired(db: Database, now: number): Promise<void> {
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db
      .delete(emailVerificationTokens)
      .where(
        or(
          lt(emailVerificationTokens.expiresAt, now - DAY_MS),
          and(isNotNull(emailVerificationTokens.usedAt), lt(emailVerificationTokens.usedAt, now - 7 * DAY_MS)),
        ),
      ),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now - DAY_MS)),
    db
      .delete(users)
      .where(
        and(
          eq(users.emailVerified, false),
          isNotNull(users.email),
          isNotNull(users.passwordHash),
          lt(users.createdAt, now - UNVERIFIED_ACCOUNT_TTL_MS),
        ),
      ),
    db.delete(stripeEvents).where(lt(stripeEvents.processedAt, now - STRIPE_EVENT_TTL_MS)),
    db.delete(emailOutbox).where(lt(emailOutbox.createdAt, now - 7 * DAY_MS)),
    db.delete(chatbotConversations).where(lt(chatbotConversations.createdAt, now - CHAT_LOG_TTL_MS)),
  ]);
}
