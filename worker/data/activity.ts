import { desc, eq, type SQL } from "drizzle-orm";
import type { ActivityKind } from "../../schema/api/transcripts";
import { activityEvents } from "../../schema/db";
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

export async function listActivity(db: Database, ownerId: number, limit: number) {
  return db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.ownerId, ownerId))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(limit);
}
