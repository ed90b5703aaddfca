/**
 * Every table that holds an account's data, how the data export carries it and how the deletion removes it (issue 17).
 * `account-coverage.test.ts` reads the tables of schema/db and fails when a table that points to a user (directly,
 * or through a table that does) is missing here, or when its user columns differ: a table added later cannot be
 * forgotten by the export or the deletion.
 */
export interface TableCoverage {
  /** Columns that name the user (ids, or the address for the outbox). */
  userColumns: string[];
  /** Where the export puts it (a key of the export document). */
  exportedAs: string;
  /** How the deletion removes it. */
  deletion:
    | "the user row"
    | "cascade from users"
    | "cascade from a parent"
    | "set to null (the row is another account's)"
    | "deleted by address";
}

export const ACCOUNT_TABLES: Record<string, TableCoverage> = {
  users: { userColumns: ["id"], exportedAs: "account", deletion: "the user row" },
  sessions: { userColumns: ["user_id"], exportedAs: "sessions", deletion: "cascade from users" },
  access_tokens: { userColumns: ["user_id"], exportedAs: "accessTokens", deletion: "cascade from users" },
  oauth_accounts: { userColumns: ["user_id"], exportedAs: "account.signInMethods", deletion: "cascade from users" },
  email_verification_tokens: {
    userColumns: ["user_id"],
    exportedAs: "emailVerifications",
    deletion: "cascade from users",
  },
  password_reset_tokens: { userColumns: ["user_id"], exportedAs: "passwordResets", deletion: "cascade from users" },
  subscriptions: { userColumns: ["user_id"], exportedAs: "subscription", deletion: "cascade from users" },
  projects: { userColumns: ["owner_id"], exportedAs: "projects", deletion: "cascade from users" },
  // (created_by and generation_started_by of another account's transcript are set to null)
  transcripts: {
    userColumns: ["owner_id", "created_by", "generation_started_by"],
    exportedAs: "transcripts",
    deletion: "cascade from users",
  },
  generations: { userColumns: ["user_id"], exportedAs: "generations", deletion: "cascade from users" },
  generation_chars_daily: {
    userColumns: ["user_id"],
    exportedAs: "generationCharacters",
    deletion: "cascade from users",
  },
  // Other accounts' events that name the person (username or address) are rewritten to "a former member" in the
  // deletion's batch (data/activity.ts forgetPersonStatement).
  activity_events: { userColumns: ["owner_id"], exportedAs: "activity", deletion: "cascade from users" },
  integrations: { userColumns: ["owner_id"], exportedAs: "integrations", deletion: "cascade from users" },
  integration_exports: { userColumns: [], exportedAs: "exports", deletion: "cascade from a parent" },
  // Invitations still pending for the person's address (in any team; they name no user) are deleted by address in
  // the same batch (data/account.ts deleteAccountRows).
  team_memberships: {
    userColumns: ["owner_id", "member_id", "invited_by"],
    exportedAs: "team",
    deletion: "cascade from users",
  },
  email_outbox: { userColumns: ["to"], exportedAs: "emails", deletion: "deleted by address" },
  chatbot_conversations: {
    userColumns: ["user_id"],
    exportedAs: "assistantConversations",
    deletion: "cascade from users",
  },
  audio_transcriptions: { userColumns: ["user_id"], exportedAs: "audioTranscriptions", deletion: "cascade from users" },
  admin_audit_log: {
    userColumns: ["actor_id", "target_user_id"],
    exportedAs: "adminActions",
    deletion: "set to null (the row is another account's)",
  },
};

/** Tables that hold no account's data, and why. */
export const NOT_ACCOUNT_TABLES: Record<string, string> = {
  stripe_events: "ids of Stripe events already applied: no user, no content",
};
