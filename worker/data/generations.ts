import { and, eq } from "drizzle-orm";
import type { GeneratedStories } from "../../schema/api/transcripts";
import { generations, transcripts } from "../../schema/db";
import type { Database } from "./db";

export interface AllowanceCheck {
  userId: number;
  provider: string;
  now: number;
  /** Generations counted from this instant (the start of the calendar month, UTC). */
  since: number;
  /** null: unlimited. */
  limit: number | null;
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** Counts the generation only while the allowance has room (one statement: racing requests cannot both pass). */
function allowanceInsert(d1: D1Database, check: AllowanceCheck, transcriptId: number | null) {
  return d1
    .prepare(
      `INSERT INTO generations (user_id, transcript_id, provider, created_at)
       SELECT ?1, ?2, ?3, ?4 WHERE (SELECT count(*) FROM generations WHERE user_id = ?1 AND created_at >= ?5) < ?6
       RETURNING id`,
    )
    .bind(check.userId, transcriptId, check.provider, check.now, check.since, check.limit ?? UNLIMITED);
}

/**
 * Counts a generation and saves the new transcript ("Processing") with its activity entry, all or nothing.
 * Returns undefined when the monthly allowance is used up.
 */
export async function startGeneration(
  db: Database,
  check: AllowanceCheck,
  transcript: { projectId: number | null; projectName: string | null; title: string; content: string },
): Promise<{ generationId: number; transcriptId: number } | undefined> {
  const d1 = db.$client;
  const [generation, inserted] = await d1.batch<{ id: number }>([
    allowanceInsert(d1, check, null),
    // changes() refers to the statement before: no counted generation, no transcript.
    d1
      .prepare(
        `INSERT INTO transcripts (owner_id, project_id, title, content, content_length, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?6 WHERE changes() = 1 RETURNING id`,
      )
      .bind(check.userId, transcript.projectId, transcript.title, transcript.content, transcript.content.length, check.now),
    d1
      .prepare(
        `INSERT INTO activity_events (owner_id, kind, subject, project_id, project_name, transcript_id, created_at)
         SELECT owner_id, 'transcript_created', title, project_id, ?2, id, created_at FROM transcripts
         WHERE id = last_insert_rowid() AND owner_id = ?1 AND changes() = 1`,
      )
      .bind(check.userId, transcript.projectName),
  ]);
  const generationId = generation?.results[0]?.id;
  const transcriptId = inserted?.results[0]?.id;
  if (generationId === undefined || transcriptId === undefined) return undefined;
  await db.update(generations).set({ transcriptId }).where(eq(generations.id, generationId));
  return { generationId, transcriptId };
}

/** Counts a generation for an existing transcript; undefined when the allowance is used up. */
export async function startRegeneration(db: Database, check: AllowanceCheck, transcriptId: number) {
  const result = await allowanceInsert(db.$client, check, transcriptId).first<{ id: number }>();
  return result?.id;
}

export async function saveGeneratedStories(
  db: Database,
  transcriptId: number,
  stories: GeneratedStories,
  now: number,
  title?: string,
) {
  await db
    .update(transcripts)
    .set({
      generatedStories: stories,
      // A new generation is a new original: Reset to Original returns to it.
      originalStories: stories,
      storyCount: stories.userStories.length,
      generationError: null,
      updatedAt: now,
      ...(title ? { title } : {}),
    })
    .where(eq(transcripts.id, transcriptId));
}

/** The provider failed: keep the transcript, say why, and give the generation back. */
export async function recordGenerationFailure(db: Database, transcriptId: number, generationId: number, message: string) {
  await db.batch([
    db.update(transcripts).set({ generationError: message }).where(eq(transcripts.id, transcriptId)),
    db.delete(generations).where(and(eq(generations.id, generationId), eq(generations.transcriptId, transcriptId))),
  ]);
}
