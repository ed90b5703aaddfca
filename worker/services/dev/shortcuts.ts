import type { Tier } from "../../../schema/api/subscription";
import { listOutboxEmails } from "../../data/email-outbox";
import { setSubscription } from "../../data/users";
import type { Deps } from "../../deps";

/** The development outbox, newest first, as GET /api/dev/outbox shows it. */
export async function readOutbox(deps: Deps) {
  const emails = await listOutboxEmails(deps.db);
  return emails.map((e) => ({ ...e, createdAt: new Date(e.createdAt).toISOString() }));
}

/** Puts a user on a plan without billing (development and tests only; the route is 404 in production). */
export async function setTierForDevelopment(deps: Deps, userId: number, tier: Tier): Promise<void> {
  await setSubscription(deps.db, userId, tier, "active", deps.now());
}
