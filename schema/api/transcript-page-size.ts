// Apart from transcripts.ts (zod) so the SPA's list paging can read them without the validation library.

/** Rows per page of GET /api/transcripts unless `limit` says otherwise, and the most `limit` may ask for. */
export const TRANSCRIPT_PAGE_SIZE = 50;
export const MAX_TRANSCRIPT_PAGE_SIZE = 200;
