import { mutate } from "swr";
import type { Transcript, TranscriptSummary } from "../../../../schema/api/transcripts";
import { api } from "../../../lib/api";
import { PROJECTS_KEY } from "../../../lib/projects";
import { invalidate } from "../../../lib/query";
import { ACTIVITY_KEY, TRANSCRIPTS_KEY, transcriptKey, transcriptsKey, updateCachedLists } from "../../../lib/transcripts";

/** The project filter of a list key, or null for the unfiltered list. */
function listProjectId(key: string): number | null {
  const value = new URL(key, "http://x").searchParams.get("projectId");
  return value ? Number(value) : null;
}

/** Projects' transcript counts and activity dates, and the feed, follow every transcript write. */
function invalidateCountsAndActivity(extra?: (key: string) => boolean) {
  return invalidate(
    (key) => key === PROJECTS_KEY || key.startsWith(`${PROJECTS_KEY}/`) || key === ACTIVITY_KEY || !!extra?.(key),
  );
}

/**
 * Files a transcript under a project (or none). Cached lists are updated in place rather than refetched, so a
 * history of hundreds of transcripts does not reload for one change: the moved row is replaced everywhere and
 * leaves the lists of other projects; the new project's list (if cached) is refetched.
 */
export async function assignTranscriptProject(id: number, projectId: number | null): Promise<TranscriptSummary> {
  const summary = await api.patch<TranscriptSummary>(`${TRANSCRIPTS_KEY}/${id}/project`, { projectId });
  await updateCachedLists((list) => list.map((t) => (t.id === id ? summary : t)));
  await updateCachedLists(
    (list) => list.filter((t) => t.id !== id),
    (key) => listProjectId(key) !== null && listProjectId(key) !== projectId,
  );
  await mutate<Transcript>(transcriptKey(id), (t) => (t ? { ...t, projectId } : t), { revalidate: false });
  void invalidateCountsAndActivity((key) => projectId !== null && key === transcriptsKey(projectId));
  return summary;
}

export async function deleteTranscript(id: number): Promise<void> {
  await api.delete(`/api/transcript/${id}`);
  await updateCachedLists((list) => list.filter((t) => t.id !== id));
  await mutate(transcriptKey(id), undefined, { revalidate: false });
  void invalidateCountsAndActivity();
}
