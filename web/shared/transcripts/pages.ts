// The transcript lists are paged by the server (GET /api/transcripts, newest first, by cursor) and cached as one
// growing page per list: the rows loaded so far, the cursor of the next page and the list's total. These are the
// pure rules for that cache; web/shared/transcripts/api.ts applies them.
import { MAX_TRANSCRIPT_PAGE_SIZE, TRANSCRIPT_PAGE_SIZE } from "../../../schema/api/transcript-page-size";
import type { TranscriptPage, TranscriptSummary } from "../../../schema/api/transcripts";

/** A list key (an API path, maybe with `?projectId=`) with paging parameters added. */
export function pageUrl(listKey: string, params: { cursor?: string; limit?: number }): string {
  const url = new URL(listKey, "http://x");
  if (params.cursor) url.searchParams.set("cursor", params.cursor);
  if (params.limit) url.searchParams.set("limit", String(params.limit));
  return `${url.pathname}${url.search}`;
}

/**
 * How many rows a refetch of a list asks for: as many as were shown (so a refresh after a change does not fold a
 * long history back to its first page), within the server's page limits.
 */
export function refetchLimit(shown: number): number {
  return Math.min(MAX_TRANSCRIPT_PAGE_SIZE, Math.max(TRANSCRIPT_PAGE_SIZE, shown));
}

/**
 * The list with the next page added. A row already shown is not repeated (it can come again when one was moved
 * or deleted elsewhere meanwhile); the total and the cursor are the newer answer's.
 */
export function appendPage(current: TranscriptPage, next: TranscriptPage): TranscriptPage {
  const shown = new Set(current.transcripts.map((t) => t.id));
  return {
    transcripts: [...current.transcripts, ...next.transcripts.filter((t) => !shown.has(t.id))],
    nextCursor: next.nextCursor,
    total: next.total,
  };
}

/** The list rewritten in place (a row replaced, or rows dropped); the total falls by the rows dropped. */
export function rewritePage(
  page: TranscriptPage,
  update: (rows: TranscriptSummary[]) => TranscriptSummary[],
): TranscriptPage {
  const transcripts = update(page.transcripts);
  return { ...page, transcripts, total: Math.max(0, page.total - (page.transcripts.length - transcripts.length)) };
}
