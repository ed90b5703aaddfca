import { and, eq, isNotNull, lt, or } from "drizzle-orm";
import {
  chatbotConversations,
  emailOutbox,
  emailVerificationTokens,
  passwordResetTokens,
  sessions,
  stripeEvents,
  users,
} from "../../schema/db";
import type { Database } from "./db";

/** One retention sweep's cut-offs (ms since the epoch): what is older goes. services/retention says how old. */
export interface RetentionCutoffs {
  sessionsExpiredBefore: number;
  verificationTokensExpiredBefore: number;
  verificationTokensUsedBefore: number;
  resetTokensExpiredBefore: number;
  /** Password sign-ups never verified (they cannot sign in, and they hold the address). */
  unverifiedAccountsCreatedBefore: number;
  stripeEventsProcessedBefore: number;
  outboxMailCreatedBefore: number;
  chatLogsCreatedBefore: number;
}

/** Deletes, in one batch, every row past its cut-off. Idempotent. */
export async function deleteExpired(db: Database, before: RetentionCutoffs): Promise<void> {
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, before.sessionsExpiredBefore)),
    db
      .delete(emailVerificationTokens)
      .where(
        or(
          lt(emailVerificationTokens.expiresAt, before.verificationTokensExpiredBefore),
          and(
            isNotNull(emailVerificationTokens.usedAt),
            lt(emailVerificationTokens.usedAt, before.verificationTokensUsedBefore),
          ),
        ),
      ),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, before.resetTokensExpiredBefore)),
    db
      .delete(users)
      .where(
        and(
          eq(users.emailVerified, false),
          isNotNull(users.email),
          isNotNull(users.passwordHash),
          lt(users.createdAt, before.unverifiedAccountsCreatedBefore),
        ),
      ),
    db.delete(stripeEvents).where(lt(stripeEvents.processedAt, before.stripeEventsProcessedBefore)),
    db.delete(emailOutbox).where(lt(emailOutbox.createdAt, before.outboxMailCreatedBefore)),
    db.delete(chatbotConversations).where(lt(chatbotConversations.createdAt, before.chatLogsCreatedBefore)),
  ]);
}
