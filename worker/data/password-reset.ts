import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { passwordResetTokens, sessions, users } from "../../schema/db";
import { PREVIOUS_CHANGED, type Database } from "./db";
import { deleteAccessTokensStatement } from "./access-tokens";
import { reclaimTeamStatements } from "./teams";

export async function insertPasswordResetToken(
  db: Database,
  values: { id: string; userId: number; expiresAt: number },
) {
  await db.insert(passwordResetTokens).values(values);
}

export async function findPasswordResetToken(db: Database, id: string) {
  return db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, id)).get();
}

/** What a reset did to the account's own team (issue 39). */
export interface ReclaimedTeam {
  /** Pending invitations withdrawn that could still have been accepted. */
  invitationsRevoked: number;
  /** Active members marked for the owner to review. */
  membersToReview: number;
}

/**
 * Sets the new password, uses the token, ends every session and access token of the account, and takes its own team
 * back (every pending invitation withdrawn, every member marked for review: data/teams.ts reclaimTeamStatements): all
 * or nothing.
 * It never marks an address verified: reset links go to verified accounts only (services/auth/passwords.ts), and
 * verifying here would skip the deletion of the other sign-ups waiting for the address (data/email-verification.ts).
 * Returns null when the token was used meanwhile (a second click racing).
 */
export async function completePasswordReset(
  db: Database,
  values: { tokenId: string; userId: number; passwordHash: string; now: number },
): Promise<ReclaimedTeam | null> {
  // True in the statements after the first only when this call used the token (its used_at is this call's now).
  const usedHere = sql`EXISTS (SELECT 1 FROM ${passwordResetTokens} WHERE ${passwordResetTokens.id} = ${values.tokenId} AND ${passwordResetTokens.usedAt} = ${values.now})`;
  const [used, , , , revoked, marked] = await db.batch([
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
    ...reclaimTeamStatements(db, values.userId, values.now, usedHere),
    // a reset is how an owner takes the account back: whatever a thief minted with it ends too
    deleteAccessTokensStatement(db, values.userId, usedHere),
  ]);
  if (used.length !== 1) return null;
  return {
    invitationsRevoked: revoked.filter((r) => r.expiresAt > values.now).length,
    membersToReview: marked.length,
  };
}

/** A new password for a signed-in account; every other session ends, the one making the change stays. */
export async function savePassword(db: Database, userId: number, passwordHash: string, keepSessionId: string) {
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))),
  ]);
}
