import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

const now = () => sql`(unixepoch() * 1000)`;

export const projects = sqliteTable(
  "projects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    color: text("color").notNull().default("#3B82F6"),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
    updatedAt: integer("updated_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [index("projects_owner_name_idx").on(t.ownerId, t.name)],
);

export const transcripts = sqliteTable(
  "transcripts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    // Who made it. `owner_id` is whose workspace it lives in (and whose allowance its generations use): a team
    // member generating into the owner's project makes a transcript the owner owns and the member created.
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    // JSON of GeneratedStories (schema/api/transcripts.ts); null while stories are being generated.
    generatedStories: text("generated_stories", { mode: "json" }),
    // The stories as last generated, before any edits, so the editor's Reset to Original works after a reload.
    originalStories: text("original_stories", { mode: "json" }),
    // The edited stories a regeneration replaced, so they can be restored; null when there were no edits to keep.
    previousStories: text("previous_stories", { mode: "json" }),
    // Grows with every write of the stories (generation, edit, restore): a save must name the version it edited.
    storiesVersion: integer("stories_version").notNull().default(0),
    // When the running generation started; null when none runs. A row left running past the provider's timeout
    // (the Worker was stopped mid-call) is marked failed by the scheduled sweep.
    generationStartedAt: integer("generation_started_at", { mode: "number" }),
    // A generation run as a Workflow (worker/workflows/generation.ts) reads the transcript in parts: how many, and
    // which are done (bit i for part i; idempotent, and parts finishing at once never lose each other's bit). Null
    // and 0 for a generation that runs in one go.
    generationParts: integer("generation_parts"),
    generationPartsDone: integer("generation_parts_done").notNull().default(0),
    // Who started the running (or last) generation: they may cancel it, as may the workspace's owner and team admins
    // (docs/decisions/2026-12-07-cancelled-generations-stay-counted.md). Null for rows from before it was recorded.
    generationStartedBy: integer("generation_started_by").references(() => users.id, { onDelete: "set null" }),
    // Kept beside the JSON so lists never parse or ship it.
    storyCount: integer("story_count").notNull().default(0),
    // Set when the last generation failed (the transcript is kept so it can be generated again).
    generationError: text("generation_error"),
    contentLength: integer("content_length").notNull().default(0),
    // The quality gate's report on the current stories (services/quality: `{ gate, report }`), written with them;
    // null before the first generation, after a restore until it is checked again, and for rows from before the gate.
    quality: text("quality", { mode: "json" }),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
    updatedAt: integer("updated_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [
    index("transcripts_owner_created_idx").on(t.ownerId, t.createdAt),
    index("transcripts_project_created_idx").on(t.projectId, t.createdAt),
    index("transcripts_generation_started_idx")
      .on(t.generationStartedAt)
      .where(sql`${t.generationStartedAt} IS NOT NULL`),
  ],
);

/**
 * One row per generation started, for the monthly allowance (docs/product-decisions.md: counted per calendar month in
 * UTC; deleting a transcript does not give it back). A generation the provider failed is removed again.
 */
export const generations = sqliteTable(
  "generations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Whose allowance it uses: the account that owns the transcript.
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    transcriptId: integer("transcript_id"),
    provider: text("provider").notNull(),
    // When the run's first model call started (a durable run's first part; a run in the request at once). From then
    // on a cancel keeps the generation counted; only the platform's own failures give it back.
    modelStartedAt: integer("model_started_at", { mode: "number" }),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [index("generations_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * Transcript characters each account handed to story generation per UTC day (`day`: that day's 00:00 UTC in ms), for
 * the daily ceiling (services/generation DAILY_GENERATION_CHARS), whatever the plan. Charged when a generation starts,
 * by the person who starts it; never given back (a failed run's characters were still sent).
 */
export const generationCharsDaily = sqliteTable(
  "generation_chars_daily",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: integer("day", { mode: "number" }).notNull(),
    chars: integer("chars").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const activityEvents = sqliteTable(
  "activity_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    // Names are copied, not joined, so the feed still reads after a rename or deletion.
    subject: text("subject").notNull(),
    projectId: integer("project_id"),
    projectName: text("project_name"),
    transcriptId: integer("transcript_id"),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [index("activity_events_owner_created_idx").on(t.ownerId, t.createdAt)],
);

export type ProjectRow = typeof projects.$inferSelect;
export type TranscriptRow = typeof transcripts.$inferSelect;
