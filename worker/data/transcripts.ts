import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { GeneratedStories } from "../../schema/api/transcripts";
import { activityEvents, transcripts, type TranscriptRow } from "../../schema/db";
import type { Database } from "./db";

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
  createdAt: transcripts.createdAt,
};

export type TranscriptSummaryRow = Omit<TranscriptRow, "content" | "generatedStories" | "originalStories" | "updatedAt"> & {
  hasStories: number;
};

/** Newest first, without the text or the stories (a history card loads those when expanded). */
export async function listTranscriptSummaries(
  db: Database,
  ownerId: number,
  filter: { projectId?: number } = {},
): Promise<TranscriptSummaryRow[]> {
  const conditions: SQL[] = [eq(transcripts.ownerId, ownerId)];
  if (filter.projectId !== undefined) conditions.push(eq(transcripts.projectId, filter.projectId));
  return db
    .select(summaryColumns)
    .from(transcripts)
    .where(and(...conditions))
    .orderBy(desc(transcripts.createdAt), desc(transcripts.id));
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

function transcriptValues(t: NewTranscript) {
  return {
    ...t,
    storyCount: t.generatedStories?.userStories.length ?? 0,
    contentLength: t.content.length,
    updatedAt: t.createdAt,
  };
}

/** Inserts transcripts, each with its activity entry, in one atomic batch. Returns the new ids in order. */
export async function insertTranscripts(db: Database, rows: NewTranscript[], projectNames: Map<number, string>) {
  if (rows.length === 0) return [];
  // Raw D1 statements so each activity entry can take its transcript's id (last_insert_rowid) inside the batch.
  const d1 = db.$client;
  const statements = rows.flatMap((row) => {
    const v = transcriptValues(row);
    return [
      d1
        .prepare(
          `INSERT INTO transcripts (owner_id, project_id, title, content, generated_stories, original_stories, story_count, content_length, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7, ?8, ?9) RETURNING id`, // ?5 twice: the stories start as their own original
        )
        .bind(
          v.ownerId,
          v.projectId,
          v.title,
          v.content,
          v.generatedStories === null ? null : JSON.stringify(v.generatedStories),
          v.storyCount,
          v.contentLength,
          v.createdAt,
          v.updatedAt,
        ),
      d1
        .prepare(
          `INSERT INTO activity_events (owner_id, kind, subject, project_id, project_name, transcript_id, created_at)
           SELECT owner_id, 'transcript_created', title, project_id, ?, id, created_at FROM transcripts WHERE id = last_insert_rowid()`,
        )
        .bind(row.projectId ? (projectNames.get(row.projectId) ?? null) : null),
    ];
  });
  const results = await d1.batch<{ id: number }>(statements);
  return results.filter((_, i) => i % 2 === 0).map((r) => r.results[0]!.id);
}

export async function moveTranscript(
  db: Database,
  transcript: TranscriptRow,
  project: { id: number; name: string } | null,
  now: number,
) {
  await db.batch([
    db.update(transcripts).set({ projectId: project?.id ?? null, updatedAt: now }).where(eq(transcripts.id, transcript.id)),
    db.insert(activityEvents).values({
      ownerId: transcript.ownerId,
      kind: "transcript_moved",
      subject: transcript.title,
      projectId: project?.id ?? null,
      projectName: project?.name ?? null,
      transcriptId: transcript.id,
      createdAt: now,
    }),
  ]);
}

export async function deleteTranscript(db: Database, transcript: TranscriptRow, now: number) {
  await db.batch([
    db.delete(transcripts).where(eq(transcripts.id, transcript.id)),
    db.insert(activityEvents).values({
      ownerId: transcript.ownerId,
      kind: "transcript_deleted",
      subject: transcript.title,
      projectId: transcript.projectId,
      transcriptId: transcript.id,
      createdAt: now,
    }),
  ]);
}

/** Replaces a transcript's stories with an edited version; the original generation stays for Reset. */
export async function saveEditedStories(db: Database, transcriptId: number, stories: GeneratedStories, now: number) {
  await db
    .update(transcripts)
    .set({ generatedStories: stories, storyCount: stories.userStories.length, updatedAt: now })
    .where(eq(transcripts.id, transcriptId));
}
