import type { PaidTier } from "../../../schema/api/subscription";
import type { BillingSubscription } from "../../adapters/billing";
import type { StripeState } from "../../data/subscriptions";
import type { Config } from "../../lib/config";

/** The tier a Stripe price buys, from configuration (never from the client); null for a price we do not sell. */
export function tierForPrice(prices: NonNullable<Config["billing"]>["prices"], priceId: string | null): PaidTier | null {
  if (priceId === prices.pro) return "pro";
  if (priceId === prices.enterprise) return "enterprise";
  return null;
}

/**
 * What a Stripe subscription means for StoryLoom. Access comes from plans.effectiveTier (paid tiers count only while
 * active or complete), so a past-due or incomplete subscription keeps its tier here but grants nothing.
 * Ended subscriptions fall back to free.
 */
export function stripeStateOf(prices: NonNullable<Config["billing"]>["prices"], subscription: BillingSubscription): StripeState {
  const ended = subscription.status === "canceled" || subscription.status === "incomplete_expired";
  return {
    tier: ended ? "free" : (tierForPrice(prices, subscription.priceId) ?? "free"),
    status: subscription.status,
    stripeSubscriptionId: subscription.id,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}
