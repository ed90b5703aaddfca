import { and, asc, eq, gt, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { TeamRole } from "../../schema/api/teams";
import {
  activityEvents,
  projects,
  teamMemberships,
  transcripts,
  users,
  type ProjectRow,
  type TeamMembershipRow,
  type TranscriptRow,
} from "../../schema/db";
import { activityStatement } from "./activity";
import { insertWhere, type Database } from "./db";

export type { TeamMembershipRow };

/** The teams a user is an active member of, with their role and the owner's name. */
export async function activeTeamsOf(db: Database, memberId: number) {
  return db
    .select({
      ownerId: teamMemberships.ownerId,
      role: teamMemberships.role,
      acceptedAt: teamMemberships.acceptedAt,
      reviewRequestedAt: teamMemberships.reviewRequestedAt,
      ownerUsername: users.username,
      ownerEmail: users.email,
    })
    .from(teamMemberships)
    .innerJoin(users, eq(users.id, teamMemberships.ownerId))
    .where(and(eq(teamMemberships.memberId, memberId), eq(teamMemberships.status, "active")))
    .orderBy(asc(teamMemberships.acceptedAt), asc(teamMemberships.id));
}

/**
 * Access is decided by a join on an aliased membership table, never by a correlated sub-select: drizzle renders a
 * sub-select's columns unqualified, so `owner_id = owner_id` compared the membership row with itself and any active
 * membership opened every account's projects (issue 26). With a join every column is table-qualified, and
 * worker/data/teams.test.ts pins the generated SQL.
 */
const membership = alias(teamMemberships, "membership");
const activeMembershipOf = (memberId: number, ownerColumn: typeof projects.ownerId | typeof transcripts.ownerId) =>
  and(eq(membership.ownerId, ownerColumn), eq(membership.memberId, memberId), eq(membership.status, "active"));

export function projectWithRoleQuery(db: Database, projectId: number, userId: number) {
  return db
    .select({ project: projects, memberRole: membership.role })
    .from(projects)
    .leftJoin(membership, activeMembershipOf(userId, projects.ownerId))
    .where(eq(projects.id, projectId));
}

export function transcriptWithRoleQuery(db: Database, transcriptId: number, userId: number) {
  return db
    .select({ transcript: transcripts, memberRole: membership.role })
    .from(transcripts)
    .leftJoin(membership, activeMembershipOf(userId, transcripts.ownerId))
    .where(eq(transcripts.id, transcriptId));
}

/** The project and, when `userId` is an active member of its owner's team, their role there (one query). */
export async function findProjectWithRole(
  db: Database,
  projectId: number,
  userId: number,
): Promise<{ project: ProjectRow; memberRole: TeamRole | null } | undefined> {
  return (await projectWithRoleQuery(db, projectId, userId).get()) ?? undefined;
}

/** The transcript and, when `userId` is an active member of its owner's team, their role there (one query). */
export async function findTranscriptWithRole(
  db: Database,
  transcriptId: number,
  userId: number,
): Promise<{ transcript: TranscriptRow; memberRole: TeamRole | null } | undefined> {
  return (await transcriptWithRoleQuery(db, transcriptId, userId).get()) ?? undefined;
}

/** Memberships with the member's account where accepted: what the team list and the review list show. */
function membershipsWithAccounts(db: Database) {
  return db
    .select({ membership: teamMemberships, memberUsername: users.username, memberEmail: users.email })
    .from(teamMemberships)
    .leftJoin(users, eq(users.id, teamMemberships.memberId));
}

/** The owner's memberships and invitations, oldest first, with the member's account where accepted. */
export async function listTeam(db: Database, ownerId: number, now: number) {
  return membershipsWithAccounts(db)
    .where(
      and(
        eq(teamMemberships.ownerId, ownerId),
        or(eq(teamMemberships.status, "active"), gt(teamMemberships.expiresAt, now)),
      ),
    )
    .orderBy(asc(teamMemberships.createdAt), asc(teamMemberships.id));
}

/** Seats other than the owner's: active members and invitations still pending. */
const seatsTaken = (ownerId: number, now: number) =>
  sql<number>`(SELECT count(*) FROM ${teamMemberships} WHERE ${teamMemberships.ownerId} = ${ownerId} AND (${teamMemberships.status} = 'active' OR ${teamMemberships.expiresAt} > ${now}))`;

export async function countSeats(
  db: Database,
  ownerId: number,
  now: number,
): Promise<{ active: number; pending: number }> {
  const row = await db
    .select({
      active: sql<number>`coalesce(sum(${teamMemberships.status} = 'active'), 0)`,
      pending: sql<number>`coalesce(sum(${teamMemberships.status} = 'pending' AND ${teamMemberships.expiresAt} > ${now}), 0)`,
    })
    .from(teamMemberships)
    .where(eq(teamMemberships.ownerId, ownerId))
    .get();
  return { active: Number(row?.active ?? 0), pending: Number(row?.pending ?? 0) };
}

export async function findMembershipByEmail(db: Database, ownerId: number, email: string, now: number) {
  return db
    .select({ membership: teamMemberships, memberEmail: users.email })
    .from(teamMemberships)
    .leftJoin(users, eq(users.id, teamMemberships.memberId))
    .where(
      and(
        eq(teamMemberships.ownerId, ownerId),
        or(eq(teamMemberships.invitedEmail, email), eq(users.email, email)),
        or(eq(teamMemberships.status, "active"), gt(teamMemberships.expiresAt, now)),
      ),
    )
    .get();
}

export interface NewInvitation {
  ownerId: number;
  invitedEmail: string;
  role: TeamRole;
  inviteRef: string;
  tokenHash: string;
  expiresAt: number;
  invitedBy: number;
  createdAt: number;
}

/**
 * Inserts the invitation only while the team has a free seat (one atomic statement: two racing invitations cannot
 * both take the last seat), after clearing the address's expired invitation, and records it in the owner's feed.
 * Returns the new row's id, or null when the team was full.
 */
export async function insertInvitation(db: Database, invite: NewInvitation, maxSeats: number): Promise<number | null> {
  const [, inserted] = await db.batch([
    db
      .delete(teamMemberships)
      .where(
        and(
          eq(teamMemberships.ownerId, invite.ownerId),
          eq(teamMemberships.invitedEmail, invite.invitedEmail),
          eq(teamMemberships.status, "pending"),
          sql`${teamMemberships.expiresAt} <= ${invite.createdAt}`,
        ),
      ),
    insertWhere(
      db,
      teamMemberships,
      { ...invite, status: "pending" },
      sql`1 + ${seatsTaken(invite.ownerId, invite.createdAt)} < ${maxSeats}`,
    ).returning({ id: teamMemberships.id }),
    activityStatement(db, {
      ownerId: invite.ownerId,
      kind: "member_invited",
      subject: invite.invitedEmail,
      createdAt: invite.createdAt,
    }),
  ]);
  return inserted[0]?.id ?? null;
}

export async function findInvitationByTokenHash(db: Database, tokenHash: string) {
  return db.select().from(teamMemberships).where(eq(teamMemberships.tokenHash, tokenHash)).get();
}

/** Active members of the owner's team (the owner not counted), as a sub-select bound to the owner's id. */
const activeMembersOf = (ownerId: number) =>
  sql<number>`(SELECT count(*) FROM ${teamMemberships} AS "seat" WHERE "seat"."owner_id" = ${ownerId} AND "seat"."status" = 'active')`;

export type AcceptOutcome = "accepted" | "full" | "invalid";

/**
 * Turns a pending, unexpired invitation into the user's membership. The UPDATE's conditions make it single use
 * (two racing accepts: one row changes), keep one membership per account and team (the partial unique index) and
 * count the seats in the same statement: N accepts racing for the last free seats take at most those seats, since
 * D1 runs each statement alone and each one sees the memberships the ones before it made.
 */
export async function acceptInvitation(
  db: Database,
  invitation: { id: number; ownerId: number; tokenHash: string },
  memberId: number,
  memberName: string,
  now: number,
  maxSeats: number,
): Promise<AcceptOutcome> {
  const [updated] = await db.batch([
    db
      .update(teamMemberships)
      .set({ status: "active", memberId, tokenHash: null, acceptedAt: now })
      .where(
        and(
          eq(teamMemberships.id, invitation.id),
          eq(teamMemberships.tokenHash, invitation.tokenHash),
          eq(teamMemberships.status, "pending"),
          gt(teamMemberships.expiresAt, now),
          // the owner's seat, the members', and this one
          sql`1 + ${activeMembersOf(invitation.ownerId)} + 1 <= ${maxSeats}`,
        ),
      )
      .returning({ id: teamMemberships.id }),
    activityStatement(db, { ownerId: invitation.ownerId, kind: "member_joined", subject: memberName, createdAt: now }),
  ]);
  if (updated.length === 1) return "accepted";
  // Nothing changed: either the invitation was taken meanwhile or the seats ran out; the row says which.
  const row = await db
    .select({ status: teamMemberships.status, tokenHash: teamMemberships.tokenHash })
    .from(teamMemberships)
    .where(eq(teamMemberships.id, invitation.id))
    .get();
  return row?.status === "pending" && row.tokenHash === invitation.tokenHash ? "full" : "invalid";
}

export async function findMembership(db: Database, ownerId: number, membershipId: number) {
  return db
    .select({ membership: teamMemberships, memberUsername: users.username, memberEmail: users.email })
    .from(teamMemberships)
    .leftJoin(users, eq(users.id, teamMemberships.memberId))
    .where(and(eq(teamMemberships.id, membershipId), eq(teamMemberships.ownerId, ownerId)))
    .get();
}

export async function deleteMembership(
  db: Database,
  ownerId: number,
  membershipId: number,
  subject: string,
  kind: "member_removed" | "invitation_revoked",
  now: number,
): Promise<boolean> {
  const [deleted] = await db.batch([
    db
      .delete(teamMemberships)
      .where(and(eq(teamMemberships.id, membershipId), eq(teamMemberships.ownerId, ownerId)))
      .returning({ id: teamMemberships.id }),
    activityStatement(db, { ownerId, kind, subject, createdAt: now }),
  ]);
  return deleted.length === 1;
}

/**
 * The member leaves the owner's team: their active membership goes, with a "member_left" entry in the owner's feed,
 * in one batch (the entry is written only when the membership was deleted, so a second leave adds nothing).
 * Returns false when they were not an active member.
 */
export async function deleteOwnMembership(
  db: Database,
  ownerId: number,
  memberId: number,
  subject: string,
  now: number,
): Promise<boolean> {
  const [deleted] = await db.batch([
    db
      .delete(teamMemberships)
      .where(
        and(
          eq(teamMemberships.ownerId, ownerId),
          eq(teamMemberships.memberId, memberId),
          eq(teamMemberships.status, "active"),
        ),
      )
      .returning({ id: teamMemberships.id }),
    activityStatement(db, { ownerId, kind: "member_left", subject, createdAt: now }),
  ]);
  return deleted.length === 1;
}

export async function updateMemberRole(
  db: Database,
  ownerId: number,
  membershipId: number,
  role: TeamRole,
  subject: string,
  now: number,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(teamMemberships)
      .set({ role })
      .where(
        and(
          eq(teamMemberships.id, membershipId),
          eq(teamMemberships.ownerId, ownerId),
          eq(teamMemberships.status, "active"),
          sql`${teamMemberships.role} <> ${role}`,
        ),
      )
      .returning({ id: teamMemberships.id }),
    activityStatement(db, {
      ownerId,
      kind: role === "admin" ? "member_made_admin" : "member_made_member",
      subject,
      createdAt: now,
    }),
  ]);
  return updated.length === 1;
}

/** Owners whose projects `memberId` works in: for listing shared projects and transcripts. */
export async function ownersOfTeamsOf(db: Database, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ ownerId: teamMemberships.ownerId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.memberId, memberId), eq(teamMemberships.status, "active")));
  return rows.map((r) => r.ownerId);
}

/**
 * What taking an account back does to its own team (issue 39), as statements for the batch that takes it back: every
 * pending invitation of the team is withdrawn, with an "invitation_revoked" entry in the owner's feed for each one that
 * could still have been accepted, and every active member is marked for the owner to review. Each statement runs only
 * while `when` holds, so the caller ties them to the statement of its batch that proves the recovery (the reset link
 * used by this very call; the password an OAuth link removes). Results: the feed entries, the withdrawn invitations
 * (with their expiry) and the memberships marked.
 */
export function reclaimTeamStatements(db: Database, ownerId: number, now: number, when: SQL) {
  const pending = and(eq(teamMemberships.ownerId, ownerId), eq(teamMemberships.status, "pending"), when);
  return [
    db.insert(activityEvents).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          ownerId: teamMemberships.ownerId,
          kind: sql<string>`${"invitation_revoked"}`.as("kind"),
          subject: teamMemberships.invitedEmail,
          projectId: sql<null>`NULL`.as("project_id"),
          projectName: sql<null>`NULL`.as("project_name"),
          transcriptId: sql<null>`NULL`.as("transcript_id"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(teamMemberships)
        .where(and(pending, gt(teamMemberships.expiresAt, now))),
    ),
    db
      .delete(teamMemberships)
      .where(pending)
      .returning({ id: teamMemberships.id, expiresAt: teamMemberships.expiresAt }),
    db
      .update(teamMemberships)
      .set({ reviewRequestedAt: now })
      .where(and(eq(teamMemberships.ownerId, ownerId), eq(teamMemberships.status, "active"), when))
      .returning({ id: teamMemberships.id }),
  ] as const;
}

/** The owner's active members still to review after the account was taken back, in the order they joined. */
export async function listMembersToReview(db: Database, ownerId: number) {
  return membershipsWithAccounts(db)
    .where(
      and(
        eq(teamMemberships.ownerId, ownerId),
        eq(teamMemberships.status, "active"),
        isNotNull(teamMemberships.reviewRequestedAt),
      ),
    )
    .orderBy(asc(teamMemberships.acceptedAt), asc(teamMemberships.id));
}

/** How many of the owner's active members are still to review. */
export async function countMembersToReview(db: Database, ownerId: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(teamMemberships)
    .where(
      and(
        eq(teamMemberships.ownerId, ownerId),
        eq(teamMemberships.status, "active"),
        isNotNull(teamMemberships.reviewRequestedAt),
      ),
    )
    .get();
  return Number(row?.n ?? 0);
}

/** The owner keeps an active member: no longer to review. False when no such active member is in the owner's team. */
export async function keepReviewedMember(db: Database, ownerId: number, membershipId: number): Promise<boolean> {
  const kept = await db
    .update(teamMemberships)
    .set({ reviewRequestedAt: null })
    .where(
      and(
        eq(teamMemberships.id, membershipId),
        eq(teamMemberships.ownerId, ownerId),
        eq(teamMemberships.status, "active"),
      ),
    )
    .returning({ id: teamMemberships.id });
  return kept.length === 1;
}
