import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Epoch milliseconds, stored as an integer and read back as a number. */
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Absent for OAuth accounts. Stored as typed; uniqueness is case-insensitive through the index below.
    username: text("username"),
    // Lower-cased before storage.
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    // Self-describing PBKDF2 string (see worker/lib/password.ts); null for OAuth-only accounts.
    passwordHash: text("password_hash"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    // An address belongs to the one account that verified it; until then any number of sign-ups may wait for it
    // (worker/services/auth/accounts.ts register), and the first one verified deletes the others.
    uniqueIndex("users_verified_email_unique")
      .on(t.email)
      .where(sql`${t.emailVerified} = 1`),
    index("users_email_idx").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the cookie token, hex. The token itself is never stored.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider", { enum: ["google", "github", "apple"] }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("oauth_accounts_provider_user_unique").on(t.provider, t.providerUserId),
    index("oauth_accounts_user_id_idx").on(t.userId),
  ],
);

export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    // SHA-256 of the token sent in the link, hex.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    // Kept (not deleted) once used so a second click can say "already used" rather than "invalid".
    usedAt: integer("used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_id_idx").on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    // SHA-256 of the token sent in the link, hex.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    // Kept once used so a second click can say "already used"; purged with the expired ones.
    usedAt: integer("used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("password_reset_tokens_user_id_idx").on(t.userId),
    index("password_reset_tokens_expires_at_idx").on(t.expiresAt),
  ],
);

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier", { enum: ["free", "pro", "enterprise"] })
      .notNull()
      .default("free"),
    // Stripe's status vocabulary (active, incomplete, past_due, canceled...) plus "complete".
    status: text("status").notNull(),
    currentPeriodEnd: integer("current_period_end", { mode: "number" }),
    // The user's one Stripe customer, created once and reused (null until they first choose a paid plan).
    stripeCustomerId: text("stripe_customer_id"),
    // The live (or last) Stripe subscription; null for tiers set without Stripe (development, admin grants).
    stripeSubscriptionId: text("stripe_subscription_id"),
    // Access ends at currentPeriodEnd (Cancel Subscription sets it; Stripe says so on the subscription).
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    // "stripe" when Stripe is the source of truth for this row; "manual" for development and admin grants.
    source: text("source", { enum: ["stripe", "manual"] })
      .notNull()
      .default("manual"),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("subscriptions_stripe_customer_unique").on(t.stripeCustomerId),
    uniqueIndex("subscriptions_stripe_subscription_unique").on(t.stripeSubscriptionId),
  ],
);

/** Stripe webhook events already applied: a redelivery of the same event id changes nothing. */
export const stripeEvents = sqliteTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    processedAt: integer("processed_at", { mode: "number" }).notNull(),
  },
  (t) => [index("stripe_events_processed_at_idx").on(t.processedAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Personal access tokens (schema/api/access-tokens.ts). Only the SHA-256 of a token is stored. Rows go with the
 * account (cascade), on a password reset and an account takeover's recovery (worker/data/password-reset.ts,
 * worker/data/users.ts), and when a plan change takes away what the export scope needs (a trigger in
 * migrations/0018_access_tokens.sql).
 */
export const accessTokens = sqliteTable(
  "access_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // Space-separated scopes, in TOKEN_SCOPES order.
    scopes: text("scopes").notNull(),
    tokenHash: text("token_hash").notNull(),
    // The last four characters of the token, for the list.
    lastFour: text("last_four").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }),
    lastUsedAt: integer("last_used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("access_tokens_hash_unique").on(t.tokenHash), index("access_tokens_user_id_idx").on(t.userId)],
);
