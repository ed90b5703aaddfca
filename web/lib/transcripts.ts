import type { ActivityItem, TranscriptSummary } from "../../schema/api/transcripts";
import { invalidate, useQuery } from "./query";
import { PROJECTS_KEY } from "./projects";

export const TRANSCRIPTS_KEY = "/api/transcripts";
export const ACTIVITY_KEY = "/api/activity";

/** The list key: all transcripts, or one project's (`?projectId=`). */
export function transcriptsKey(projectId?: number | null): string {
  return projectId ? `${TRANSCRIPTS_KEY}?projectId=${projectId}` : TRANSCRIPTS_KEY;
}

export const transcriptKey = (id: number) => `${TRANSCRIPTS_KEY}/${id}`;

export function isTranscriptListKey(key: string): boolean {
  return key === TRANSCRIPTS_KEY || key.startsWith(`${TRANSCRIPTS_KEY}?`);
}

/** Transcript summaries, newest first (no full text). `null` waits (e.g. for a project id). */
export function useTranscripts(projectId?: number | null) {
  return useQuery<TranscriptSummary[]>(projectId === null ? null : transcriptsKey(projectId));
}

/** The activity feed, newest first, at most 20 items. */
export function useActivity() {
  return useQuery<ActivityItem[]>(ACTIVITY_KEY);
}

/**
 * After a transcript write (or a project deletion, which removes its transcripts): every list, the projects
 * (their transcript counts and activity dates) and the feed. `transcriptId` also refreshes that transcript.
 */
export function invalidateTranscripts(transcriptId?: number): Promise<void> {
  return invalidate(
    (key) =>
      isTranscriptListKey(key) ||
      (transcriptId !== undefined && key === transcriptKey(transcriptId)) ||
      key === PROJECTS_KEY ||
      key.startsWith(`${PROJECTS_KEY}/`) ||
      key === ACTIVITY_KEY,
  );
}
