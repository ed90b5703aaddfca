import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

const now = () => sql`(unixepoch() * 1000)`;

/**
 * What platform admins did (issue 18): who, what, whom, when. Shown nowhere, kept. When an account is deleted its
 * id here becomes null; the action and its details (no personal data) stay.
 */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: ["make_admin", "update_subscription"] }).notNull(),
    targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "set null" }),
    // JSON of what changed, e.g. {"from":"free","to":"pro"}.
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt)],
);

/** One exchange with the help assistant (docs/product-spec.md §2 Chatbot Logs), kept 90 days (docs/product-decisions.md). */
export const chatbotConversations = sqliteTable(
  "chatbot_conversations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null for a visitor who is not signed in; the row goes with the account.
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    // The username at the time, for the log (null for a guest).
    username: text("username"),
    userMessage: text("user_message").notNull(),
    botResponse: text("bot_response").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [
    index("chatbot_conversations_created_idx").on(t.createdAt),
    index("chatbot_conversations_user_idx").on(t.userId),
  ],
);

export type ChatbotConversationRow = typeof chatbotConversations.$inferSelect;

/**
 * One audio transcription (issue 19): the recording kept in R2 under a key the server built (`audio/{user}/{id}`),
 * for 7 days, so a failed transcription can be retried without uploading again; and the usage the admin counts.
 */
export const audioTranscriptions = sqliteTable(
  "audio_transcriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Random, 22 characters: the recording's R2 key is audio/{userId}/{recordingId}.
    recordingId: text("recording_id").notNull(),
    format: text("format").notNull(),
    bytes: integer("bytes").notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["stored", "transcribed", "failed"] })
      .notNull()
      .default("stored"),
    provider: text("provider"),
    characters: integer("characters"),
    error: text("error"),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
    updatedAt: integer("updated_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [
    uniqueIndex("audio_transcriptions_recording_unique").on(t.recordingId),
    index("audio_transcriptions_user_created_idx").on(t.userId, t.createdAt),
    index("audio_transcriptions_created_idx").on(t.createdAt),
  ],
);
