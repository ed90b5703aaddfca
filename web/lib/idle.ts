import { useEffect, useState } from "react";

/**
 * Runs `work` once the browser is idle, at the latest after `timeoutMs` (a timer where requestIdleCallback is
 * missing, as in Safari). For code a page will want soon but must not compete with its first download. Returns a
 * cancel function, for an effect's cleanup.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, Math.min(timeoutMs, 1000));
  return () => window.clearTimeout(timer);
}

/**
 * False until the browser is first idle after the component mounted (at the latest after `timeoutMs`), then true:
 * for what a page shows below the fold or on request, so that its request and render wait for the first paint.
 */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
