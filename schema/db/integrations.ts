import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { projects, transcripts } from "./projects";
import { users } from "./users";

const now = () => sql`(unixepoch() * 1000)`;

export type JiraSettings = { domain: string; email: string; projectKey: string };
export type NotionSettings = { pageUrl: string; pageId: string };
/** Linear: the team (its UUID for the API, key and name for people) and whether the epic is an issue or a project. */
export type LinearSettings = { teamId: string; teamKey: string; teamName: string; epicAs: "issue" | "project" };
export type GitHubSettings = { owner: string; repo: string };
export type AzureDevOpsSettings = { organization: string; project: string; projectId: string };

/**
 * What the review before an export decided for one story (issue 41), by position: "skip" (not exported), "link"
 * (created, then related to the existing item `key`), "add" (not created: its criteria and quote appended to the
 * existing item `key`). `done` once the tracker confirmed the link or the append. A story without one is created.
 */
export type StoryPlacement =
  { action: "skip" } | { action: "link"; key: string; done: boolean } | { action: "add"; key: string; done: boolean };

/** An existing epic an integration's exports go under, remembered for the project's next export. */
export type EpicChoiceRow = { key: string; url: string; title: string };

/** The settings of an integration that are not secret (the secret is sealed in its own column). */
export type IntegrationSettings = JiraSettings | NotionSettings | LinearSettings | GitHubSettings | AzureDevOpsSettings;

/** A JIRA, Notion, Linear, GitHub Issues or Azure DevOps destination of a project (docs/product-spec.md §3 Integration). */
export const integrations = sqliteTable(
  "integrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    // The project's owner: whose credential this is, and part of the seal's additional data.
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // A text column without a CHECK: the types are held by schema/api/integrations.ts (INTEGRATION_TYPES).
    type: text("type", { enum: ["jira", "notion", "linear", "github", "azure-devops"] }).notNull(),
    name: text("name").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    settings: text("settings", { mode: "json" }).$type<IntegrationSettings>().notNull(),
    // The existing epic the project's exports to this destination go under, when the person chose one; null: each
    // export makes its own epic.
    epic: text("epic", { mode: "json" }).$type<EpicChoiceRow | null>(),
    // The API token or integration secret, sealed by worker/lib/secrets.ts; never stored or answered in plaintext.
    secretSealed: text("secret_sealed").notNull(),
    // A random name for this credential, bound into the seal's additional data. The row id cannot be, because the
    // value is sealed before the row exists; a sealed value copied onto another row still fails to open.
    secretRef: text("secret_ref").notNull(),
    // What answers show instead of the secret ("••••1234"), so listing never decrypts.
    secretMask: text("secret_mask").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
    updatedAt: integer("updated_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [
    index("integrations_project_idx").on(t.projectId, t.createdAt),
    uniqueIndex("integrations_secret_ref_unique").on(t.secretRef),
  ],
);

/**
 * What went where: one row per transcript, integration and copy, so an export happens exactly once. It records each
 * created item as soon as JIRA or Notion answers, so an attempt cut short (a failed story, a Worker stopped
 * mid-way) is resumed by the next one, which creates only what is missing.
 */
export const integrationExports = sqliteTable(
  "integration_exports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    integrationId: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    transcriptId: integer("transcript_id")
      .notNull()
      .references(() => transcripts.id, { onDelete: "cascade" }),
    // A random marker put on everything this export creates (JIRA: the label storyloom-{ref}), so an attempt after
    // an unanswered create can find what was made instead of making it twice.
    ref: text("ref").notNull(),
    // 1 for the first export; "Export as new" makes the next copy, a second, separate epic. The newest copy is the
    // one the transcript's menu offers to update.
    copy: integer("copy").notNull().default(1),
    // The attempt running now and until when its claim holds; a second click finds it held (409).
    claimToken: text("claim_token"),
    claimedUntil: integer("claimed_until", { mode: "number" }),
    // Set while a create is sent and its answer not yet recorded: the next attempt searches before creating.
    inDoubt: integer("in_doubt", { mode: "boolean" }).notNull().default(false),
    // Stories + 1 (the epic or page), for the progress dialog.
    total: integer("total").notNull().default(0),
    // The epic's key ("SL-12", "ENG-42", "#42", "1234") or the Notion page id, and its link.
    targetKey: text("target_key"),
    targetUrl: text("target_url"),
    // JIRA and the trackers: each story's key by position (null until created). Notion: blocks appended so far.
    storyKeys: text("story_keys", { mode: "json" })
      .$type<(string | null)[]>()
      .notNull()
      .default(sql`'[]'`),
    // A fingerprint of each story as it was last sent, by the position of storyKeys, and of the epic: what changed
    // since is what "Update in …" sends (services/integrations/story-versions.ts). Empty for records from before.
    storyHashes: text("story_hashes", { mode: "json" })
      .$type<(string | null)[]>()
      .notNull()
      .default(sql`'[]'`),
    epicHash: text("epic_hash"),
    // The review's decisions by story position, fixed when the first attempt starts (see StoryPlacement).
    placements: text("placements", { mode: "json" })
      .$type<(StoryPlacement | null)[]>()
      .notNull()
      .default(sql`'[]'`),
    // The epic is an existing one the person chose: it is never created, rewritten or counted as this export's.
    epicChosen: integer("epic_chosen", { mode: "boolean" }).notNull().default(false),
    // When an update last changed anything there (the export itself is completedAt).
    syncedAt: integer("synced_at", { mode: "number" }),
    // Notion: an update rewrites the page, so its content is erased before the blocks are written again. Cleared
    // only once Notion confirms the erase, so an interrupted update erases again rather than append to old blocks.
    erasePending: integer("erase_pending", { mode: "boolean" }).notNull().default(false),
    blocksDone: integer("blocks_done").notNull().default(0),
    blocksTotal: integer("blocks_total").notNull().default(0),
    completedAt: integer("completed_at", { mode: "number" }),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
    updatedAt: integer("updated_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [
    uniqueIndex("integration_exports_copy_unique").on(t.integrationId, t.transcriptId, t.copy),
    index("integration_exports_transcript_idx").on(t.transcriptId),
  ],
);

export type IntegrationRow = typeof integrations.$inferSelect;
export type IntegrationExportRow = typeof integrationExports.$inferSelect;
