import { eq } from "drizzle-orm";
import { emailVerificationTokens, users } from "../../schema/db";
import type { Database } from "./db";

export async function insertVerificationToken(
  db: Database,
  values: { id: string; userId: number; email: string; expiresAt: number },
) {
  await db.insert(emailVerificationTokens).values(values);
}

export async function findVerificationToken(db: Database, id: string) {
  return db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.id, id)).get();
}

/** Marks the token used and the address verified in one atomic batch. */
export async function consumeVerificationToken(db: Database, id: string, userId: number, now: number) {
  await db.batch([
    db.update(emailVerificationTokens).set({ usedAt: now }).where(eq(emailVerificationTokens.id, id)),
    db.update(users).set({ emailVerified: true }).where(eq(users.id, userId)),
  ]);
}
