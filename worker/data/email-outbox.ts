import { desc } from "drizzle-orm";
import { emailOutbox } from "../../schema/db";
import type { Database } from "./db";

export async function insertOutboxEmail(
  db: Database,
  values: { to: string; subject: string; text: string; html: string },
) {
  await db.insert(emailOutbox).values(values);
}

export async function listOutboxEmails(db: Database, limit = 50) {
  return db
    .select({
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}
