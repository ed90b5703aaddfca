import type { PaidTier } from "../../../schema/api/subscription";
import type { BillingSubscription } from "../../adapters/billing";
import type { StripeState } from "../../data/subscriptions";
import type { Config } from "../../lib/config";
import { isPaidStatus } from "../plans";

/** Stripe statuses after which a subscription grants nothing again. */
const ENDED_STATUSES: readonly string[] = ["canceled", "incomplete_expired"];

/** The tier a Stripe price buys, from configuration (never from the client); null for a price we do not sell. */
export function tierForPrice(
  prices: NonNullable<Config["billing"]>["prices"],
  priceId: string | null,
): PaidTier | null {
  if (priceId === prices.pro) return "pro";
  if (priceId === prices.enterprise) return "enterprise";
  return null;
}

/**
 * What a Stripe subscription means for StoryLoom. Access comes from plans.effectiveTier (paid tiers count only while
 * active or complete), so a past-due or incomplete subscription keeps its tier here but grants nothing.
 * Ended subscriptions fall back to free.
 */
export function stripeStateOf(
  prices: NonNullable<Config["billing"]>["prices"],
  subscription: BillingSubscription,
): StripeState {
  const ended = ENDED_STATUSES.includes(subscription.status);
  return {
    tier: ended ? "free" : (tierForPrice(prices, subscription.priceId) ?? "free"),
    status: subscription.status,
    stripeSubscriptionId: subscription.id,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

/**
 * A subscription Stripe no longer knows (a 404, or missing from its list) has ended: no access. The period end is
 * kept when it is the subscription the row already follows.
 */
export function vanishedStateOf(
  held: Pick<StripeState, "stripeSubscriptionId" | "currentPeriodEnd">,
  subscriptionId: string,
): StripeState {
  return {
    tier: "free",
    status: "canceled",
    stripeSubscriptionId: subscriptionId,
    currentPeriodEnd: held.stripeSubscriptionId === subscriptionId ? held.currentPeriodEnd : null,
    cancelAtPeriodEnd: false,
  };
}

/** How much a status is worth keeping: paid access, then a subscription still running, then nothing (ended or none). */
function standing(status: string): number {
  if (isPaidStatus(status)) return 2;
  return status === "none" || ENDED_STATUSES.includes(status) ? 0 : 1;
}

type Held = Pick<StripeState, "stripeSubscriptionId" | "status">;

/**
 * Whether a user's row, holding `held`, should take `incoming` instead. News of the subscription the row follows
 * always applies. Another subscription of the same customer takes over only when it stands strictly higher (paid,
 * then running), so a late event about a replaced, abandoned or reset subscription never takes the current one away,
 * whatever order events arrive in; a paid plan granted without Stripe (active, no subscription) is left alone.
 */
export function takesOver(held: Held, incoming: Held): boolean {
  return (
    incoming.stripeSubscriptionId === held.stripeSubscriptionId || standing(incoming.status) > standing(held.status)
  );
}
