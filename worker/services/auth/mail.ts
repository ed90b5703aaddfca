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
