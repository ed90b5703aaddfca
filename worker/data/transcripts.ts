import { and, desc, eq, exists, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { GeneratedStories } from "../../schema/api/transcripts";
import { projects, transcripts, type TranscriptRow } from "../../schema/db";
import { activityStatement } from "./activity";
import { LAST_INSERTED_ID, type Database } from "./db";

export type { TranscriptRow };

const summaryColumns = {
  id: transcripts.id,
  ownerId: transcripts.ownerId,
  projectId: transcripts.projectId,
  title: transcripts.title,
  storyCount: transcripts.storyCount,
  contentLength: transcripts.contentLength,
  generationError: transcripts.generationError,
  // Tested in SQL so the list never reads or ships the stories' JSON.
  hasStories: sql<number>`(${transcripts.generatedStories} IS NOT NULL)`,
  generating: sql<number>`(${transcripts.generationStartedAt} IS NOT NULL)`,
  createdBy: transcripts.createdBy,
  createdAt: transcripts.createdAt,
};

export type TranscriptSummaryRow = Omit<
  TranscriptRow,
  | "content"
  | "quality"
  | "generatedStories"
  | "originalStories"
  | "previousStories"
  | "storiesVersion"
  | "generationStartedAt"
  | "generationStartedBy"
  | "generationParts"
  | "generationPartsDone"
  | "updatedAt"
> & {
  hasStories: number;
  generating: number;
};

/** Where a page of the list starts: after the row created at `createdAt` with `id` (the previous page's last). */
export interface ListPosition {
  createdAt: number;
  id: number;
}

export interface TranscriptListPage {
  projectId?: number;
  after?: ListPosition;
  limit: number;
}

/**
 * The two statements of a page of the list (exported for the query-plan test): `limit + 1` summaries, newest first,
 * so the caller knows whether another page follows, and the whole list's size. The (owner, created_at) and
 * (project, created_at) indexes end in the row id, so the order and the cursor's row-value comparison are an index
 * range scan, not a sort of the whole history.
 */
export function transcriptPageStatements(
  db: Database,
  viewer: { userId: number; teamOwnerIds: readonly number[] },
  page: TranscriptListPage,
) {
  // The viewer's own transcripts, and those filed in the projects of the teams they belong to (services/access).
  const visible: SQL =
    page.projectId !== undefined
      ? eq(transcripts.projectId, page.projectId)
      : viewer.teamOwnerIds.length
        ? or(
            eq(transcripts.ownerId, viewer.userId),
            and(isNotNull(transcripts.projectId), inArray(transcripts.ownerId, [...viewer.teamOwnerIds])),
          )!
        : eq(transcripts.ownerId, viewer.userId);
  const after = page.after
    ? sql`(${transcripts.createdAt}, ${transcripts.id}) < (${page.after.createdAt}, ${page.after.id})`
    : undefined;
  return [
    db
      .select(summaryColumns)
      .from(transcripts)
      .where(and(visible, after))
      .orderBy(desc(transcripts.createdAt), desc(transcripts.id))
      .limit(page.limit + 1),
    db
      .select({ total: sql<number>`count(*)`.as("total") })
      .from(transcripts)
      .where(visible),
  ] as const;
}

/** A page of the list without the text or the stories (a card loads those when expanded), in one round trip. */
export async function listTranscriptSummaries(
  db: Database,
  viewer: { userId: number; teamOwnerIds: readonly number[] },
  page: TranscriptListPage,
): Promise<{ rows: TranscriptSummaryRow[]; total: number }> {
  const [rows, [count]] = await db.batch(transcriptPageStatements(db, viewer, page));
  return { rows, total: count?.total ?? 0 };
}

export async function findTranscript(db: Database, id: number): Promise<TranscriptRow | undefined> {
  return db.select().from(transcripts).where(eq(transcripts.id, id)).get();
}

export interface NewTranscript {
  ownerId: number;
  projectId: number | null;
  title: string;
  content: string;
  generatedStories: GeneratedStories | null;
  createdAt: number;
}

/** Inserts transcripts, each with its activity entry, in one atomic batch. Returns the new ids in order. */
export async function insertTranscripts(db: Database, rows: NewTranscript[], projectNames: Map<number, string>) {
  const [first, ...rest] = rows.flatMap((row) => [
    db
      .insert(transcripts)
      .values({
        ...row,
        createdBy: row.ownerId,
        // The stories start as their own original (the editor's Reset to Original).
        originalStories: row.generatedStories,
        storyCount: row.generatedStories?.userStories.length ?? 0,
        contentLength: row.content.length,
        updatedAt: row.createdAt,
      })
      .returning({ id: transcripts.id }),
    activityStatement(db, {
      ownerId: row.ownerId,
      kind: "transcript_created",
      subject: row.title,
      projectId: row.projectId,
      projectName: row.projectId ? (projectNames.get(row.projectId) ?? null) : null,
      transcriptId: LAST_INSERTED_ID,
      createdAt: row.createdAt,
    }),
  ]);
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return results.filter((_, i) => i % 2 === 0).map((r) => (r as Array<{ id: number }>)[0]!.id);
}

/**
 * Files a transcript under a project (or none) in one conditional statement: it writes only while the transcript
 * exists and the project still exists and belongs to the transcript's owner, so a move racing the project's
 * deletion changes nothing instead of failing on the foreign key. Returns whether it moved; the activity entry is
 * written only if it did.
 */
export async function moveTranscript(
  db: Database,
  transcript: TranscriptRow,
  project: { id: number; name: string; ownerId: number } | null,
  now: number,
): Promise<boolean> {
  // A transcript filed into a team's project moves into that workspace: its owner becomes the project's owner
  // (services/access decides who may do that).
  const ownerId = project?.ownerId ?? transcript.ownerId;
  const projectStillOwned = project
    ? exists(
        db
          .select({ id: projects.id })
          .from(projects)
          .where(and(eq(projects.id, project.id), eq(projects.ownerId, ownerId))),
      )
    : undefined;
  const [moved] = await db.batch([
    db
      .update(transcripts)
      .set({ projectId: project?.id ?? null, ownerId, updatedAt: now })
      .where(and(eq(transcripts.id, transcript.id), eq(transcripts.ownerId, transcript.ownerId), projectStillOwned))
      .returning({ id: transcripts.id }),
    activityStatement(db, {
      ownerId,
      kind: "transcript_moved",
      subject: transcript.title,
      projectId: project?.id ?? null,
      projectName: project?.name ?? null,
      transcriptId: transcript.id,
      createdAt: now,
    }),
  ]);
  return moved.length === 1;
}

export async function deleteTranscriptRows(db: Database, transcript: TranscriptRow, now: number) {
  await db.batch([
    db.delete(transcripts).where(eq(transcripts.id, transcript.id)),
    activityStatement(db, {
      ownerId: transcript.ownerId,
      kind: "transcript_deleted",
      subject: transcript.title,
      projectId: transcript.projectId,
      transcriptId: transcript.id,
      createdAt: now,
    }),
  ]);
}

/**
 * Replaces a transcript's stories with an edited version, only if they are still at `editedVersion`: the check and
 * the write are one statement, so of two racing saves exactly one succeeds. The original generation stays for
 * Reset. Returns the new version, or undefined when nothing was written (stale version, no stories, or no row).
 */
export async function saveEditedStories(
  db: Database,
  transcriptId: number,
  editedVersion: number,
  stories: GeneratedStories,
  quality: unknown,
  now: number,
): Promise<number | undefined> {
  const [saved] = await db
    .update(transcripts)
    .set({
      generatedStories: stories,
      quality,
      storyCount: stories.userStories.length,
      storiesVersion: sql`${transcripts.storiesVersion} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(transcripts.id, transcriptId),
        eq(transcripts.storiesVersion, editedVersion),
        isNotNull(transcripts.generatedStories),
      ),
    )
    .returning({ storiesVersion: transcripts.storiesVersion });
  return saved?.storiesVersion;
}

/**
 * Swaps the stories with the previous version a regeneration kept, so restoring twice goes back again. The stories
 * change, so the version grows. Undefined when there is no previous version (or no row).
 */
export async function swapPreviousStories(
  db: Database,
  transcriptId: number,
  now: number,
): Promise<TranscriptRow | undefined> {
  // SET expressions read the row as it was, so the two columns trade places.
  const [swapped] = await db
    .update(transcripts)
    .set({
      generatedStories: sql`${transcripts.previousStories}`,
      previousStories: sql`${transcripts.generatedStories}`,
      // the report was on the stories that leave; services/transcripts checks the ones that come back
      quality: null,
      storyCount: sql`json_array_length(${transcripts.previousStories}, '$.userStories')`,
      storiesVersion: sql`${transcripts.storiesVersion} + 1`,
      updatedAt: now,
    })
    .where(and(eq(transcripts.id, transcriptId), isNotNull(transcripts.previousStories)))
    .returning();
  return swapped;
}

/** Stores the quality report of the stories at `storiesVersion`; a write since then (a newer version) keeps its own. */
export async function saveQuality(
  db: Database,
  transcriptId: number,
  storiesVersion: number,
  quality: unknown,
): Promise<void> {
  await db
    .update(transcripts)
    .set({ quality })
    .where(and(eq(transcripts.id, transcriptId), eq(transcripts.storiesVersion, storiesVersion)));
}
