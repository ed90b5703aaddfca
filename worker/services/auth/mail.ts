import type { EmailMessage } from "../../adapters/email";
import type { Deps } from "../../deps";
import { causeMessage, logEvent } from "../../lib/log";

/** Sends mail after the response: how long a call takes says nothing about which addresses have accounts. */
export function sendInBackground(deps: Deps, message: EmailMessage, event: string, userId?: number): void {
  deps.waitUntil(
    deps.email.send(message).catch((error: unknown) => {
      // The account exists either way; the person can ask for another email.
      logEvent("error", event, { userId, cause: causeMessage(error) });
    }),
  );
}

/**
 * How long deferred work waits before it starts. Started at once, it shares the isolate with the answer still on its
 * way out: under `npm run dev` that alone kept the answer of an existing account ~10 ms slower (issue 39's probe,
 * scripts/probe-security.ts existenceByTime); from 30 ms on the gap was gone. Mail leaves 50 ms later; nobody waits
 * for it.
 */
export const AFTER_RESPONSE_DELAY_MS = 50;

/**
 * Runs `work` after the response (waitUntil), starting only once the answer has left (AFTER_RESPONSE_DELAY_MS). The
 * calls that answer alike whether or not an account exists (password reset, sign-in link, resending verification)
 * do their lookup on the request path and everything that depends on its result here, so the request path does the
 * same work either way and its time tells nothing (issue 39, finding 4). A failure is logged under `event`; the
 * person saw the same answer and can ask again.
 */
export function afterResponse(deps: Deps, event: string, userId: number | undefined, work: () => Promise<void>): void {
  deps.waitUntil(
    new Promise<void>((resolve) => setTimeout(resolve, AFTER_RESPONSE_DELAY_MS)).then(work).catch((error: unknown) => {
      logEvent("error", event, { userId, cause: causeMessage(error) });
    }),
  );
}
