import { and, eq, sql } from "drizzle-orm";
import type { GeneratedStories } from "../../schema/api/transcripts";
import { generations, transcripts } from "../../schema/db";
import { activityStatement } from "./activity";
import { insertWhere, LAST_INSERTED_ID, PREVIOUS_CHANGED, type Database } from "./db";

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
function allowanceInsert(db: Database, check: AllowanceCheck, transcriptId: number | null) {
  const used = sql`(SELECT count(*) FROM ${generations} WHERE ${generations.userId} = ${check.userId} AND ${generations.createdAt} >= ${check.since})`;
  return insertWhere(
    db,
    generations,
    { userId: check.userId, transcriptId, provider: check.provider, createdAt: check.now },
    sql`${used} < ${check.limit ?? UNLIMITED}`,
  ).returning({ id: generations.id });
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
  // Each statement runs only if the one before it inserted: no counted generation, no transcript, no event.
  const [generation, inserted] = await db.batch([
    allowanceInsert(db, check, null),
    insertWhere(
      db,
      transcripts,
      {
        ownerId: check.userId,
        projectId: transcript.projectId,
        title: transcript.title,
        content: transcript.content,
        contentLength: transcript.content.length,
        createdAt: check.now,
        updatedAt: check.now,
      },
      PREVIOUS_CHANGED,
    ).returning({ id: transcripts.id }),
    activityStatement(db, {
      ownerId: check.userId,
      kind: "transcript_created",
      subject: transcript.title,
      projectId: transcript.projectId,
      projectName: transcript.projectName,
      transcriptId: LAST_INSERTED_ID,
      createdAt: check.now,
    }),
  ]);
  const generationId = generation[0]?.id;
  const transcriptId = inserted[0]?.id;
  if (generationId === undefined || transcriptId === undefined) return undefined;
  await db.update(generations).set({ transcriptId }).where(eq(generations.id, generationId));
  return { generationId, transcriptId };
}

/** Counts a generation for an existing transcript; undefined when the allowance is used up. */
export async function startRegeneration(db: Database, check: AllowanceCheck, transcriptId: number) {
  const [row] = await allowanceInsert(db, check, transcriptId);
  return row?.id;
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
