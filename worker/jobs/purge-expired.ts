import { and, isNotNull, lt, or } from "drizzle-orm";
import { emailOutbox, emailVerificationTokens, sessions } from "../../schema/db";
import type { Database } from "../data/db";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Retention: expired sessions and verification tokens, and week-old dev outbox mail. Idempotent. */
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
    db.delete(emailOutbox).where(lt(emailOutbox.createdAt, now - 7 * DAY_MS)),
  ]);
}
