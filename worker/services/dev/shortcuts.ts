import type { Tier } from "../../../schema/api/subscription";
import { listOutboxEmails, outboxContext } from "../../data/email-outbox";
import { setSubscription } from "../../data/users";
import type { Deps } from "../../deps";
import { importSecretsKey, openText } from "../../lib/secrets";

/**
 * The development outbox, newest first, as GET /api/dev/outbox shows it: each message whole, its links working (the
 * sealed copy opened), so people and the browser journeys can follow them. A message stored without one (no link, or
 * sealed with another key) shows as stored, with "[removed]" in place of the token.
 */
export async function readOutbox(deps: Deps) {
  const emails = await listOutboxEmails(deps.db);
  const key =
    deps.config.isLocal && deps.config.integrationsKey ? await importSecretsKey(deps.config.integrationsKey) : null;
  return Promise.all(
    emails.map(async ({ sealed, ...e }) => {
      const whole = key && sealed ? await openWhole(key, sealed, e.to) : null;
      return { ...e, ...whole, createdAt: new Date(e.createdAt).toISOString() };
    }),
  );
}

async function openWhole(key: CryptoKey, sealed: string, to: string): Promise<{ text: string; html: string } | null> {
  try {
    const { text, html } = JSON.parse(await openText(key, sealed, outboxContext(to))) as { text: string; html: string };
    return { text, html };
  } catch {
    return null;
  }
}

/** Puts a user on a plan without billing (development and tests only; the route is 404 in production). */
export async function setTierForDevelopment(deps: Deps, userId: number, tier: Tier): Promise<void> {
  await setSubscription(deps.db, userId, tier, "active", deps.now());
}
