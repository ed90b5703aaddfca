import { and, desc, eq, inArray, isNotNull, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { ACTIVITY_KINDS, type ActivityKind } from "../../schema/api/transcripts";
import { activityEvents, teamMemberships } from "../../schema/db";
import { insertWhere, PREVIOUS_CHANGED, type Database } from "./db";

export interface ActivityEvent {
  ownerId: number;
  kind: ActivityKind;
  /** The project's name or the transcript's title at the time (copied, so the feed reads after a rename). */
  subject: string;
  /** A number, or LAST_INSERTED_ID for the row the statement before created. */
  projectId?: number | SQL | null;
  projectName?: string | null;
  transcriptId?: number | SQL | null;
  createdAt: number;
}

/**
 * The one writer of the activity feed: a statement for the batch that makes the change, placed right after the
 * statement it records. It writes only if that statement changed a row, so a change stopped by a limit (or aimed at
 * a row that was already gone) leaves no event behind.
 */
export function activityStatement(db: Database, event: ActivityEvent) {
  return insertWhere(db, activityEvents, event, PREVIOUS_CHANGED);
}

/**
 * The account's feed: all its own events, and from the accounts whose teams it is an active member of
 * (`sharedOwnerIds`) only the events of their projects, which it works in (issue 29). Their transcripts outside a
 * project and their team events (invitations, members) stay theirs.
 */
export async function listActivityRows(
  db: Database,
  ownerId: number,
  limit: number,
  sharedOwnerIds: readonly number[] = [],
) {
  const own = eq(activityEvents.ownerId, ownerId);
  const shared = sharedOwnerIds.length
    ? and(
        inArray(activityEvents.ownerId, [...sharedOwnerIds]),
        isNotNull(activityEvents.projectId),
        notInArray(activityEvents.kind, [...PERSON_KINDS]),
      )
    : undefined;
  return db
    .select()
    .from(activityEvents)
    .where(shared ? or(own, shared) : own)
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(limit);
}

/** What a deleted account is called in the feeds of the teams it was in or invited to (security issue 26). */
export const FORMER_MEMBER = "a former member";

/**
 * The events whose subject is a person (a username or an email address, data/teams.ts), not a project or transcript:
 * every team event, derived from the kinds so a new one is anonymised on deletion too.
 */
const PERSON_KINDS = ACTIVITY_KINDS.filter((kind) => kind.startsWith("member_") || kind.startsWith("invitation_"));

/**
 * For the account deletion's batch, before the user row goes (its memberships go with it): in every other account's
 * feed, the person events naming the account (its username, its email address, or an address it was invited at and
 * accepted) are rewritten to name FORMER_MEMBER. The account's own feed is deleted with it.
 */
export function forgetPersonStatement(
  db: Database,
  person: { userId: number; username: string | null; email: string | null },
) {
  const subject = activityEvents.subject;
  return db
    .update(activityEvents)
    .set({ subject: FORMER_MEMBER })
    .where(
      and(
        ne(activityEvents.ownerId, person.userId),
        inArray(activityEvents.kind, [...PERSON_KINDS]),
        or(
          person.username ? eq(subject, person.username) : undefined,
          person.email ? sql`lower(${subject}) = ${person.email.toLowerCase()}` : undefined,
          // invitations are stored lower-cased (schema/db/teams.ts)
          sql`lower(${subject}) IN (SELECT ${teamMemberships.invitedEmail} FROM ${teamMemberships} WHERE ${teamMemberships.memberId} = ${person.userId})`,
        ),
      ),
    );
}
