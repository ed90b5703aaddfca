import {
  claimEventStatement,
  findSubscriptionByCustomer,
  isEventProcessed,
  saveStripeStateStatement,
} from "../../data/subscriptions";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { logEvent } from "../../lib/log";
import { stripeStateOf, takesOver, vanishedStateOf } from "./stripe-state";

/** The events that can change what a user may use (the endpoint's list in Stripe's dashboard, README). */
export const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
]);

/**
 * What a delivery did. `applied`: the user's row changed; `unchanged`: it already said what Stripe says, or the event
 * is about a subscription that does not replace the one the row follows; `duplicate`: the event was handled before;
 * `ignored`: not an event about a subscription; `unknown_customer`: no user has the event's customer.
 */
export type WebhookOutcome = "applied" | "unchanged" | "duplicate" | "ignored" | "unknown_customer";

/**
 * Handles one Stripe webhook delivery: verifies its signature on the raw body, then stores Stripe's current state
 * of the subscription it is about. The event is only a hint: the subscription is fetched again, so deliveries can
 * arrive late, twice or in any order and the row still ends at what Stripe says now. The event id is claimed in the
 * same batch as the change, so a redelivery, even a concurrent one, changes nothing.
 */
export async function handleStripeWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  if (!deps.billing || !deps.config.billing) {
    throw new AppError(
      "service_unavailable",
      "Stripe webhooks are not configured here (STRIPE_SECRET_KEY and prices).",
    );
  }
  const event = await deps.billing.verifyEvent(rawBody, signature);
  if (!SUBSCRIPTION_EVENTS.has(event.type) || !event.subscriptionId) return "ignored";
  // A redelivery costs one read instead of a call to Stripe; the claim below is what guarantees a single effect.
  if (await isEventProcessed(deps.db, event.id)) return "duplicate";

  const subscription = await deps.billing.getSubscription(event.subscriptionId);
  const customerId = subscription?.customerId ?? event.customerId;
  const row = customerId ? await findSubscriptionByCustomer(deps.db, customerId) : undefined;
  if (!row) {
    // Not claimed: nothing was applied. The reconciler stores it if the customer is recorded later.
    logEvent("warn", "stripe_event_unknown_customer", {
      eventId: event.id,
      type: event.type,
      customerId,
      subscriptionId: event.subscriptionId,
    });
    return "unknown_customer";
  }

  const state = subscription
    ? stripeStateOf(deps.config.billing.prices, subscription)
    : vanishedStateOf(row, event.subscriptionId);
  const now = deps.now();
  const claim = claimEventStatement(deps.db, event, now);
  if (!takesOver(row, state)) {
    return (await claim).length > 0 ? "unchanged" : "duplicate";
  }
  const [claimed, changed] = await deps.db.batch([
    claim,
    saveStripeStateStatement(deps.db, row.userId, state, now, { afterClaim: true }),
  ]);
  if (claimed.length === 0) return "duplicate";
  return changed.length > 0 ? "applied" : "unchanged";
}
