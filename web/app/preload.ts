import { preload } from "swr";
import { queryKeys } from "../lib/query-keys";
import { swrConfig } from "../lib/swr";
import { needsEmailVerification, preloadUser } from "../shared/session/user";

/**
 * What the signed-in pages people land on ask for first. Their hooks would request it only after the page's code
 * has downloaded, run and found a user: on a phone (Lighthouse's mobile profile) that left the dashboard's data
 * half a second behind its code.
 */
const ENTRY_DATA: Record<string, readonly string[]> = {
  // (not the activity: web/features/dashboard/components/overview.tsx asks for it once the page has painted)
  "/dashboard": [queryKeys.subscription, queryKeys.projects, queryKeys.recentTranscripts],
  "/history": [queryKeys.subscription, queryKeys.projects, queryKeys.transcripts()],
  "/generate": [queryKeys.subscription, queryKeys.projects, queryKeys.subscriptionLimits],
};

/**
 * Starts the user's request at once, and the landing page's data as soon as the user is known to be signed in
 * (a visitor who is not would only collect 401s). SWR hands each answer to the first hook that asks for its key;
 * one nobody asks for would be handed to a later visit, so only what the page will read is started.
 */
export function preloadEntryData(path: string): void {
  const user = preloadUser();
  const keys = ENTRY_DATA[path];
  if (!keys) return;
  void user.then((signedIn) => {
    // An address still to verify is sent to /verify-email: its data would wait unread for a later visit.
    if (!signedIn || needsEmailVerification(signedIn)) return;
    for (const key of keys) void preload(key, swrConfig.fetcher!).catch(() => undefined);
  });
}
