// What browsers say when a dynamic import fails (Chromium, Firefox, Safari), and Vite's stylesheet preload failure.
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/**
 * A screen's code could not be downloaded: the connection dropped, or a deploy replaced the file. React caches the
 * failed import, so only a page reload can fetch it again.
 */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}
