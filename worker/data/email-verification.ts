import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { emailVerificationTokens, users } from "../../schema/db";
import { PREVIOUS_CHANGED, type Database } from "./db";
import { PENDING_SIGN_UP } from "./users";

export async function insertVerificationToken(
  db: Database,
  values: { id: string; userId: number; email: string; expiresAt: number },
) {
  await db.insert(emailVerificationTokens).values(values);
}

/** A verification token with the account it was sent for: what the confirmation page shows. */
export async function findVerificationLink(db: Database, id: string) {
  return db
    .select({
      userId: emailVerificationTokens.userId,
      sentTo: emailVerificationTokens.email,
      expiresAt: emailVerificationTokens.expiresAt,
      usedAt: emailVerificationTokens.usedAt,
      username: users.username,
      accountEmail: users.email,
      emailVerified: users.emailVerified,
    })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(eq(emailVerificationTokens.id, id))
    .get();
}

/** The token, while it is unused and unexpired: each batch below starts by using it, so a link acts once. */
function useToken(db: Database, tokenId: string, now: number) {
  return db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.id, tokenId),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({ id: emailVerificationTokens.id });
}

/**
 * "Yes, this is my account": in one batch, uses the token, marks the address verified (only while the account still
 * has that address and no account has verified it) and deletes every other sign-up waiting for the address. The first
 * account verified wins; nothing is half-written. Returns whether the account is now verified by this call.
 */
export async function confirmVerification(
  db: Database,
  values: { tokenId: string; userId: number; email: string; now: number },
): Promise<boolean> {
  const { tokenId, userId, email, now } = values;
  const [, verified] = await db.batch([
    useToken(db, tokenId, now),
    db
      .update(users)
      .set({ emailVerified: true })
      .where(
        and(
          eq(users.id, userId),
          eq(users.email, email),
          eq(users.emailVerified, false),
          PREVIOUS_CHANGED,
          // Checked here rather than left to the unique index, whose violation would fail the whole batch.
          sql`NOT EXISTS (SELECT 1 FROM ${users} AS holder WHERE holder.email = ${email} AND holder.email_verified = 1)`,
        ),
      )
      .returning({ id: users.id }),
    db
      .delete(users)
      .where(
        and(
          eq(users.email, email),
          PENDING_SIGN_UP,
          ne(users.id, userId),
          sql`EXISTS (SELECT 1 FROM ${users} AS winner WHERE winner.id = ${userId} AND winner.email = ${email} AND winner.email_verified = 1)`,
        ),
      ),
  ]);
  return verified.length === 1;
}

/**
 * "No, I did not sign up": uses the token and deletes its account, only while that account is still a pending
 * sign-up (a verified account is never deleted from an emailed link). The account's tokens go with it (cascade).
 * Returns whether the account was deleted.
 */
export async function rejectSignUp(
  db: Database,
  values: { tokenId: string; userId: number; now: number },
): Promise<boolean> {
  const { tokenId, userId, now } = values;
  const [, deleted] = await db.batch([
    db
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.id, tokenId),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
          sql`EXISTS (SELECT 1 FROM ${users} AS pending WHERE pending.id = ${userId} AND pending.email_verified = 0 AND pending.password_hash IS NOT NULL)`,
        ),
      ),
    db
      .delete(users)
      .where(and(eq(users.id, userId), PENDING_SIGN_UP, PREVIOUS_CHANGED))
      .returning({ id: users.id }),
  ]);
  return deleted.length === 1;
}
