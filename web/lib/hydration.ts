import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * True while React renders a page at build time (web/prerender.tsx) and while the browser hydrates that markup
 * (web/main.tsx), false in every render after. What differs between visitors (who is signed in) waits for false,
 * so the browser's first render matches the HTML it was sent; React renders again with false straight after.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
