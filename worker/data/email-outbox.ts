import { desc } from "drizzle-orm";
import { emailOutbox } from "../../schema/db";
import type { Database } from "./db";

/** What a sealed outbox message is bound to (lib/secrets.ts sealText): its address, so a copy on another row stays shut. */
export const outboxContext = (to: string) => `outbox:${to}`;

export async function insertOutboxEmail(
  db: Database,
  values: { to: string; subject: string; text: string; html: string; sealed: string | null },
) {
  await db.insert(emailOutbox).values(values);
}

/** The newest mail, for the dev outbox reader only (services/dev/shortcuts.ts opens `sealed`). */
export async function listOutboxEmails(db: Database, limit = 50) {
  return db
    .select({
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      sealed: emailOutbox.sealed,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}
