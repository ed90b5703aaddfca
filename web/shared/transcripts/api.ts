// Transcripts are read by the dashboard, history, the generator and the story editor, so their reads and writes
// (and the rules for rewriting cached lists in place) live here rather than in one feature.
import { useCallback, useRef, useState } from "react";
import { mutate } from "swr";
import type {
  GeneratedStories,
  StaleStoriesDetails,
  Transcript,
  TranscriptPage,
  TranscriptSummary,
} from "../../../schema/api/transcripts";
import { api, ApiError } from "../../lib/api";
import {
  invalidateProjectCountsAndActivity,
  invalidateTranscriptExports,
  setQueryData,
  useQuery,
} from "../../lib/query";
import { isTranscriptListKey, queryKeys, transcriptListProjectId } from "../../lib/query-keys";
import { appendPage, pageUrl, refetchLimit, rewritePage } from "./pages";

/**
 * Transcript summaries, newest first (no full text): all, or one project's. `null` waits (e.g. for a project id).
 * The first page loads with the screen; `loadMore()` adds the next (the history's 'Load more'). A refetch (after a
 * change elsewhere) asks for as many rows as are shown, so a long list does not fold back to its first page.
 */
export function useTranscriptList(projectId?: number | null) {
  const key = projectId === null ? null : queryKeys.transcripts(projectId);
  const shown = useRef(0);
  const {
    data,
    error,
    mutate: refetch,
  } = useQuery(key, {
    fetcher: (listKey: string) => api.get<TranscriptPage>(pageUrl(listKey, { limit: refetchLimit(shown.current) })),
  });
  shown.current = data?.transcripts.length ?? 0;
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState<unknown>(null);

  const loadMore = useCallback(async () => {
    if (!key || !data?.nextCursor) return;
    setLoadingMore(true);
    setLoadMoreError(null);
    try {
      const next = await api.get<TranscriptPage>(pageUrl(key, { cursor: data.nextCursor }));
      await setQueryData(key, (current) => (current ? appendPage(current, next) : current));
    } catch (failure) {
      setLoadMoreError(failure);
    } finally {
      setLoadingMore(false);
    }
  }, [key, data?.nextCursor]);

  return { data, error, refetch, loadMore, loadingMore, loadMoreError };
}

/** The dashboard's latest five transcripts and how many there are, without loading the list. */
export function useRecentTranscripts() {
  return useQuery(queryKeys.recentTranscripts);
}

/** One transcript with its full text, its stories and their original generation. `null` waits. */
export function useTranscript(id: number | null) {
  return useQuery(id === null ? null : queryKeys.transcript(id));
}

/**
 * Rewrites the cached transcript lists in place, without refetching them (a history of hundreds of transcripts
 * should not reload for one change). `only` narrows which list keys are touched.
 */
async function updateCachedLists(
  update: (list: TranscriptSummary[]) => TranscriptSummary[],
  only: (key: string) => boolean = () => true,
): Promise<void> {
  await mutate<TranscriptPage>(
    (key) => typeof key === "string" && isTranscriptListKey(key) && only(key),
    (page) => (page ? rewritePage(page, update) : page),
    { revalidate: false },
  );
}

/** What is saved now, when a save was refused because the stories changed since `storiesVersion`; else null. */
export function staleStories(error: unknown): StaleStoriesDetails | null {
  if (!(error instanceof ApiError) || error.status !== 409 || typeof error.details?.storiesVersion !== "number")
    return null;
  return error.details as unknown as StaleStoriesDetails;
}

/**
 * A transcript's new stories from the server: the cached transcript takes them (with their quality report when the
 * answer carries one, else none until the refetch brings it: an old report would describe other stories), and
 * cached lists their count.
 */
async function cacheStories(
  id: number,
  transcript: Pick<Transcript, "generatedStories" | "storiesVersion"> & { quality?: Transcript["quality"] },
) {
  const quality = transcript.quality ?? null;
  await setQueryData(queryKeys.transcript(id), (t) => (t ? { ...t, ...transcript, quality } : t));
  const storyCount = transcript.generatedStories?.userStories.length ?? 0;
  await updateCachedLists((list) => list.map((t) => (t.id === id ? { ...t, storyCount } : t)));
  // what an "Update in …" would send has changed with them
  await invalidateTranscriptExports(id);
}

/**
 * Saves the story editor's version (PUT /api/transcripts/{id}/stories) as an edit of `storiesVersion`, without
 * refetching: the cached transcript takes the server's answer (evidence re-checked there). When the stories changed
 * elsewhere since, the save is refused (see `staleStories`) and the cache takes what is saved now.
 */
export async function saveStories(id: number, stories: GeneratedStories, storiesVersion: number): Promise<Transcript> {
  try {
    const saved = await api.put<Transcript>(`${queryKeys.transcript(id)}/stories`, { storiesVersion, stories });
    await cacheStories(id, saved);
    return saved;
  } catch (error) {
    const current = staleStories(error);
    if (current) {
      await cacheStories(id, current);
      // The change elsewhere may also have been a regeneration (new original, a previous version kept).
      void mutate(queryKeys.transcript(id));
    }
    throw error;
  }
}

/** Swaps in the previous version of the stories that a regeneration kept (the replaced ones become the previous). */
export async function restorePreviousStories(id: number): Promise<Transcript> {
  const restored = await api.post<Transcript>(`${queryKeys.transcript(id)}/stories/restore`);
  await cacheStories(id, restored);
  return restored;
}

/**
 * Files a transcript under a project (or none). Cached lists are updated in place rather than refetched, so a
 * history of hundreds of transcripts does not reload for one change: the moved row is replaced everywhere and
 * leaves the lists of other projects; the new project's list (if cached) is refetched.
 */
export async function assignTranscriptProject(id: number, projectId: number | null): Promise<TranscriptSummary> {
  const summary = await api.patch<TranscriptSummary>(`${queryKeys.transcript(id)}/project`, { projectId });
  await updateCachedLists((list) => list.map((t) => (t.id === id ? summary : t)));
  await updateCachedLists(
    (list) => list.filter((t) => t.id !== id),
    (key) => transcriptListProjectId(key) !== null && transcriptListProjectId(key) !== projectId,
  );
  await setQueryData(queryKeys.transcript(id), (t) => (t ? { ...t, projectId } : t));
  void invalidateProjectCountsAndActivity((key) => projectId !== null && key === queryKeys.transcripts(projectId));
  return summary;
}

export async function deleteTranscript(id: number): Promise<void> {
  await api.delete(`/api/transcript/${id}`);
  await updateCachedLists((list) => list.filter((t) => t.id !== id));
  await setQueryData(queryKeys.transcript(id), undefined);
  // The dashboard's latest five take the next one in.
  void invalidateProjectCountsAndActivity((key) => key === queryKeys.recentTranscripts);
}
