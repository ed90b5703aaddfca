import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

const now = () => sql`(unixepoch() * 1000)`;

/**
 * A seat in an owner's team (docs/product-spec.md §3 Team membership; docs/product-decisions.md Teams): an invitation while pending, a
 * membership once accepted. The owner has no row; their seat is counted by the service.
 *
 * The invitation token is never stored: `invite_ref` (random) and the server's PASSWORD_PEPPER derive it, so those who
 * manage the team can copy the link again, and `token_hash` (its SHA-256) finds the row when someone follows it.
 */
export const teamMemberships = sqliteTable(
  "team_memberships",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Null until the invitation is accepted.
    memberId: integer("member_id").references(() => users.id, { onDelete: "cascade" }),
    // Lower-cased.
    invitedEmail: text("invited_email").notNull(),
    role: text("role", { enum: ["admin", "member"] })
      .notNull()
      .default("member"),
    status: text("status", { enum: ["pending", "active"] })
      .notNull()
      .default("pending"),
    inviteRef: text("invite_ref").notNull(),
    // Cleared when the invitation is accepted: a token is good once.
    tokenHash: text("token_hash"),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
    acceptedAt: integer("accepted_at", { mode: "number" }),
    // Set on every active membership when the owner takes the account back (a password reset, or an OAuth link that
    // removes the password), cleared when the owner keeps the member: who is still to review
    // (docs/decisions/2026-12-07-account-recovery-reviews-the-team.md).
    reviewRequestedAt: integer("review_requested_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("team_memberships_token_hash_unique").on(t.tokenHash),
    uniqueIndex("team_memberships_invite_ref_unique").on(t.inviteRef),
    // One membership per account and team, and one pending invitation per address and team.
    uniqueIndex("team_memberships_owner_member_unique")
      .on(t.ownerId, t.memberId)
      .where(sql`${t.memberId} IS NOT NULL`),
    uniqueIndex("team_memberships_owner_pending_email_unique")
      .on(t.ownerId, t.invitedEmail)
      .where(sql`${t.status} = 'pending'`),
    index("team_memberships_member_idx").on(t.memberId, t.status),
    index("team_memberships_owner_created_idx").on(t.ownerId, t.createdAt),
  ],
);

export type TeamMembershipRow = typeof teamMemberships.$inferSelect;
