import { and, eq, gt, sql } from "drizzle-orm";
import { oauthAccounts, sessions, subscriptions, users, type UserRow } from "../../schema/db";
import type { Database } from "./db";

export type { UserRow };

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

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
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
 * A sign-up for an address an unverified account holds: that account (it never proved the mailbox and cannot sign
 * in) is deleted and the new one inserted, in one batch. Nothing is deleted if it was verified meanwhile.
 */
export async function replaceUnverifiedUser(db: Database, unverifiedId: number, values: NewUser): Promise<UserRow> {
  const [, inserted] = await db.batch([
    db.delete(users).where(and(eq(users.id, unverifiedId), eq(users.emailVerified, false))),
    db.insert(users).values(values).returning(),
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

export async function deleteUserSessions(db: Database, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function findOAuthAccount(db: Database, provider: "google" | "github" | "apple", providerUserId: string) {
  return db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .get();
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
