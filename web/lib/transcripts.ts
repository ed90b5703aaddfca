import { mutate } from "swr";
import type { ActivityItem, GeneratedStories, Transcript, TranscriptSummary } from "../../schema/api/transcripts";
import { api } from "./api";
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

/** One transcript with its full text, its stories and their original generation. `null` waits. */
export function useTranscript(id: number | null) {
  return useQuery<Transcript>(id === null ? null : transcriptKey(id));
}

/**
 * Saves the story editor's version (PUT /api/transcripts/{id}/stories). The cached transcript takes the server's
 * answer (evidence re-checked there) and cached lists take the new story count, without refetching them.
 */
export async function saveStories(id: number, stories: GeneratedStories): Promise<Transcript> {
  const saved = await api.put<Transcript>(`${TRANSCRIPTS_KEY}/${id}/stories`, stories);
  await mutate(transcriptKey(id), saved, { revalidate: false });
  const storyCount = saved.generatedStories?.userStories.length ?? 0;
  await updateCachedLists((list) => list.map((t) => (t.id === id ? { ...t, storyCount } : t)));
  return saved;
}

/**
 * Rewrites the cached transcript lists in place, without refetching them (a history of hundreds of transcripts
 * should not reload for one change). `only` narrows which list keys are touched.
 */
export async function updateCachedLists(
  update: (list: TranscriptSummary[]) => TranscriptSummary[],
  only: (key: string) => boolean = () => true,
): Promise<void> {
  await mutate<TranscriptSummary[]>(
    (key) => typeof key === "string" && isTranscriptListKey(key) && only(key),
    (list) => (list ? update(list) : list),
    { revalidate: false },
  );
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
