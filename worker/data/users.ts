import { and, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { oauthAccounts, sessions, subscriptions, users, type UserRow } from "../../schema/db";
import { deleteAccessTokensStatement } from "./access-tokens";
import type { Database } from "./db";
import { reclaimTeamStatements } from "./teams";

export type { UserRow };

/**
 * A password sign-up whose address is not verified yet. It cannot sign in, may share its address with other such
 * sign-ups, and is deleted when another account verifies the address (or after 7 days: services/retention).
 * OAuth accounts (no password) are never counted as pending.
 */
export const PENDING_SIGN_UP = and(
  eq(users.emailVerified, false),
  isNotNull(users.email),
  isNotNull(users.passwordHash),
)!;

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** Case-insensitive; served by the `lower(username)` unique index. */
export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .get();
}

/**
 * The account an address belongs to: the one that verified it (at most one, by the partial unique index). Accounts
 * still waiting for verification never answer to the address (services/auth/accounts.ts register).
 */
export async function findVerifiedUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.emailVerified, true)))
    .get();
}

/**
 * Every password sign-up waiting for this address to be verified, newest first: no count caps it (issue 39), since a
 * cap lets squatters' sign-ups push the owner's out; registrations per network and the 7-day expiry bound how many.
 */
export async function findPendingSignUps(
  db: Database,
  email: string,
): Promise<Array<{ id: number; username: string | null; email: string | null }>> {
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), PENDING_SIGN_UP))
    .orderBy(desc(users.createdAt), desc(users.id))
    .all();
}

/** Whether any account, verified or not, has this address. */
export async function isEmailInUse(db: Database, email: string): Promise<boolean> {
  const row = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1).get();
  return row !== undefined;
}

export interface NewUser {
  username?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  passwordHash?: string | null;
  emailVerified?: boolean;
  isAdmin?: boolean;
}

export async function insertUser(db: Database, values: NewUser): Promise<UserRow> {
  return db.insert(users).values(values).returning().get();
}

/**
 * An OAuth account whose provider vouches for its address: it is created verified and, in the same batch, the
 * password sign-ups still waiting for that address are deleted (the first account verified wins the address).
 */
export async function insertUserClaimingEmail(db: Database, values: NewUser & { email: string }): Promise<UserRow> {
  const [, inserted] = await db.batch([
    db.delete(users).where(and(eq(users.email, values.email), PENDING_SIGN_UP)),
    db
      .insert(users)
      .values({ ...values, emailVerified: true })
      .returning(),
  ]);
  return inserted[0]!;
}

export async function updateUser(db: Database, id: number, values: Partial<NewUser>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** One query: the session's user, or nothing when the session is unknown or expired. */
export async function findSessionUser(db: Database, sessionId: string, now: number) {
  return db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .get();
}

export async function insertSession(db: Database, values: { id: string; userId: number; expiresAt: number }) {
  await db.insert(sessions).values(values);
}

export async function updateSessionExpiry(db: Database, id: string, expiresAt: number) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function findOAuthAccount(db: Database, provider: "google" | "github" | "apple", providerUserId: string) {
  return db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .get();
}

/**
 * Links a provider identity to an existing account through the address the provider vouches for. When the account has
 * a password, the same batch removes it, ends every session and access token and takes the account's own team back (pending
 * invitations withdrawn, members marked for review: data/teams.ts reclaimTeamStatements), all or nothing. Returns
 * how many members are to review, or null when the account had no password (nothing was taken back).
 */
export async function linkOAuthAccount(
  db: Database,
  values: { provider: "google" | "github" | "apple"; providerUserId: string; userId: number; now: number },
): Promise<{ membersToReview: number } | null> {
  // Evaluated before the password goes (the statements of a batch run in order, in one transaction).
  const hasPassword = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${values.userId} AND ${users.passwordHash} IS NOT NULL)`;
  const [, , marked, , , removed] = await db.batch([
    ...reclaimTeamStatements(db, values.userId, values.now, hasPassword),
    db.delete(sessions).where(and(eq(sessions.userId, values.userId), hasPassword)),
    deleteAccessTokensStatement(db, values.userId, hasPassword),
    db
      .update(users)
      .set({ passwordHash: null })
      .where(and(eq(users.id, values.userId), isNotNull(users.passwordHash)))
      .returning({ id: users.id }),
    db
      .insert(oauthAccounts)
      .values({ provider: values.provider, providerUserId: values.providerUserId, userId: values.userId })
      .onConflictDoNothing(),
  ]);
  return removed.length === 1 ? { membersToReview: marked.length } : null;
}

export async function insertOAuthAccount(
  db: Database,
  values: { provider: "google" | "github" | "apple"; providerUserId: string; userId: number },
) {
  await db.insert(oauthAccounts).values(values).onConflictDoNothing();
}

export async function findSubscription(db: Database, userId: number) {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
}

export async function setSubscription(
  db: Database,
  userId: number,
  tier: "free" | "pro" | "enterprise",
  status: string,
  now: number,
) {
  await db
    .insert(subscriptions)
    .values({ userId, tier, status, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { tier, status, updatedAt: now } });
}
