import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The outbox: every email the app would send when no email provider is configured, for the dev-only reader route.
 * `text` and `html` are stored with the message's secret (its link's token) replaced by "[removed]", so the account's
 * data export and anything else that reads them carries no working link. Only where APP_ENV is development or test,
 * `sealed` holds the whole message (AES-256-GCM, lib/secrets.ts), which only GET /api/dev/outbox opens; elsewhere it
 * is null and the secret is stored nowhere.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    sealed: text("sealed"),
    createdAt: integer("created_at", { mode: "number" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("email_outbox_created_at_idx").on(t.createdAt)],
);
