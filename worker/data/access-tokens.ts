import { and, asc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { accessTokens, users } from "../../schema/db";
import { insertWhere, type Database } from "./db";

export type AccessTokenRow = typeof accessTokens.$inferSelect;

/** Stores a token unless the account already holds `limit` of them (one statement, so racing creations cannot pass). */
export async function insertAccessToken(
  db: Database,
  values: {
    userId: number;
    name: string;
    scopes: string;
    tokenHash: string;
    lastFour: string;
    expiresAt: number | null;
    createdAt: number;
  },
  limit: number,
): Promise<AccessTokenRow | undefined> {
  const held = sql`(SELECT COUNT(*) FROM ${accessTokens} WHERE ${accessTokens.userId} = ${values.userId})`;
  const [row] = await insertWhere(db, accessTokens, values, sql`${held} < ${limit}`).returning();
  return row;
}

/** The account's tokens, oldest first (served by access_tokens_user_id_idx; at most MAX_ACCESS_TOKENS rows). */
export async function listAccessTokens(db: Database, userId: number): Promise<AccessTokenRow[]> {
  return db.select().from(accessTokens).where(eq(accessTokens.userId, userId)).orderBy(asc(accessTokens.id));
}

/** Revokes one of the account's tokens; false when it has no such token. */
export async function deleteAccessToken(db: Database, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  return deleted.length > 0;
}

/** One query: a live token by its hash, with its user (access_tokens_hash_unique). */
export async function findAccessTokenUser(db: Database, tokenHash: string, now: number) {
  return db
    .select({ token: accessTokens, user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(eq(accessTokens.tokenHash, tokenHash), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now))),
    )
    .get();
}

/** Notes a use, at most once per `every` ms per token, so a busy script costs no write per call. */
export async function touchAccessToken(db: Database, id: number, now: number, every: number) {
  await db
    .update(accessTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(accessTokens.id, id), or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, now - every))));
}

/** For the batches that end a user's credentials (password reset, account recovery). */
export function deleteAccessTokensStatement(db: Database, userId: number, condition: SQL) {
  return db.delete(accessTokens).where(and(eq(accessTokens.userId, userId), condition));
}
