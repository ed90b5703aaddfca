import { and, eq, isNull, ne } from "drizzle-orm";
import { passwordResetTokens, sessions, users } from "../../schema/db";
import { PREVIOUS_CHANGED, type Database } from "./db";

export async function insertPasswordResetToken(
  db: Database,
  values: { id: string; userId: number; expiresAt: number },
) {
  await db.insert(passwordResetTokens).values(values);
}

export async function findPasswordResetToken(db: Database, id: string) {
  return db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, id)).get();
}

/**
 * Sets the new password, uses the token and ends every session of the account: all or nothing. It never marks an
 * address verified: reset links go to verified accounts only (services/auth/passwords.ts), and verifying here
 * would skip the deletion of the other sign-ups waiting for the address (data/email-verification.ts). Returns false when the token was used meanwhile (a second click racing).
 */
export async function completePasswordReset(
  db: Database,
  values: { tokenId: string; userId: number; passwordHash: string; now: number },
): Promise<boolean> {
  const [used] = await db.batch([
    db
      .update(passwordResetTokens)
      .set({ usedAt: values.now })
      .where(and(eq(passwordResetTokens.id, values.tokenId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id }),
    db
      .update(users)
      .set({ passwordHash: values.passwordHash })
      // Only when this call used the token (a racing second click changes nothing).
      .where(and(eq(users.id, values.userId), PREVIOUS_CHANGED)),
    db.delete(sessions).where(and(eq(sessions.userId, values.userId), PREVIOUS_CHANGED)),
  ]);
  return used.length === 1;
}

/** A new password for a signed-in account; every other session ends, the one making the change stays. */
export async function savePassword(db: Database, userId: number, passwordHash: string, keepSessionId: string) {
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))),
  ]);
}
