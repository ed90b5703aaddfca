import { and, eq } from "drizzle-orm";
import { audioTranscriptions } from "../../schema/db";
import type { Database } from "./db";

export type AudioTranscriptionRow = typeof audioTranscriptions.$inferSelect;

export async function insertTranscription(
  db: Database,
  row: { userId: number; recordingId: string; format: string; bytes: number; fileName: string; createdAt: number },
): Promise<AudioTranscriptionRow> {
  const [inserted] = await db
    .insert(audioTranscriptions)
    .values({ ...row, updatedAt: row.createdAt })
    .returning();
  return inserted!;
}

/** The user's own recording: another account's id answers nothing, like a missing one. */
export async function findUserRecording(db: Database, userId: number, recordingId: string) {
  return db
    .select()
    .from(audioTranscriptions)
    .where(and(eq(audioTranscriptions.userId, userId), eq(audioTranscriptions.recordingId, recordingId)))
    .get();
}

export async function markTranscription(
  db: Database,
  id: number,
  outcome:
    | { status: "transcribed"; provider: string; characters: number }
    | { status: "failed"; provider: string; error: string },
  now: number,
) {
  await db
    .update(audioTranscriptions)
    .set({ ...outcome, error: outcome.status === "failed" ? outcome.error : null, updatedAt: now })
    .where(eq(audioTranscriptions.id, id));
}
