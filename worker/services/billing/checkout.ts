import { isPaidTier, type PaidTier } from "../../../schema/api/subscription";
import type {
  CancelSubscriptionResponse,
  ConfirmPaymentResponse,
  CreateSubscriptionResponse,
  RetryPaymentResponse,
} from "../../../schema/api/subscription-body";
import type { Billing, BillingSubscription } from "../../adapters/billing";
import { clearSubscription, saveCustomerId, saveStripeState } from "../../data/subscriptions";
import { findSubscription, findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { AppError, unauthenticated } from "../../lib/errors";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { stripeStateOf, tierForPrice } from "./stripe-state";

// Stripe is the source of truth: every path reads or changes the subscription in Stripe first and then stores what
// Stripe answered. Creates carry idempotency keys derived from the stored state, so a retried request (a timeout, a
// double click) gets the same customer or subscription back instead of a second one.

/** Subscriptions that can still take a price change (one live subscription per user). */
const LIVE = new Set(["active", "trialing", "past_due", "unpaid"]);

/** Every payment call talks to Stripe: counted per user (RATE_RULES.billing) before anything else. */
async function guardBilling(deps: Deps, userId: number) {
  await enforceLimit(
    deps.limits,
    `billing:user:${userId}`,
    RATE_RULES.billing,
    "Too many payment requests. Please wait a few minutes and try again.",
  );
  return requireBilling(deps);
}

function requireBilling(deps: Deps): { billing: Billing; prices: NonNullable<Deps["config"]["billing"]>["prices"] } {
  if (!deps.billing || !deps.config.billing) {
    throw new AppError("service_unavailable", "Card payment is not configured here. An admin can set your plan.");
  }
  return { billing: deps.billing, prices: deps.config.billing.prices };
}

async function store(deps: Deps, userId: number, subscription: BillingSubscription) {
  const { prices } = requireBilling(deps);
  await saveStripeState(deps.db, userId, stripeStateOf(prices, subscription), deps.now());
}

/** The user's one Stripe customer: created once (idempotently) and recorded; later purchases reuse it. */
async function customerFor(deps: Deps, billing: Billing, userId: number): Promise<string> {
  const row = await findSubscription(deps.db, userId);
  if (row?.stripeCustomerId) return row.stripeCustomerId;
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthenticated();
  const customer = await billing.createCustomer({ userId, email: user.email }, `customer:${userId}`);
  return saveCustomerId(deps.db, userId, customer.id, deps.now());
}

async function currentStripeSubscription(deps: Deps, billing: Billing, userId: number) {
  const row = await findSubscription(deps.db, userId);
  const subscription = row?.stripeSubscriptionId ? await billing.getSubscription(row.stripeSubscriptionId) : null;
  return { row, subscription };
}

async function startSubscription(
  deps: Deps,
  billing: Billing,
  userId: number,
  priceId: string,
  replacing: string | null,
) {
  const customerId = await customerFor(deps, billing, userId);
  // The key names what this create replaces: the same request retried gets the same subscription back.
  const subscription = await billing.createSubscription(
    { customerId, priceId, userId },
    `subscription:${userId}:${priceId}:${replacing ?? "first"}`,
  );
  await store(deps, userId, subscription);
  return subscription;
}

/**
 * Starts paying for a tier. A user never holds two live subscriptions: with a live one, choosing the other paid
 * tier changes its price (with proration); an abandoned incomplete one is reused for the same tier and cancelled
 * for another.
 */
export async function createSubscription(
  deps: Deps,
  userId: number,
  tier: PaidTier,
): Promise<CreateSubscriptionResponse> {
  const { billing, prices } = await guardBilling(deps, userId);
  const priceId = prices[tier];
  const { subscription } = await currentStripeSubscription(deps, billing, userId);

  if (subscription && LIVE.has(subscription.status)) {
    const updated =
      subscription.priceId === priceId
        ? subscription.cancelAtPeriodEnd
          ? await billing.setCancelAtPeriodEnd(subscription.id, false)
          : subscription
        : await billing.changePrice(
            subscription,
            priceId,
            `change:${subscription.id}:${priceId}:${subscription.priceId}`,
          );
    await store(deps, userId, updated);
    const due = updated.latestInvoice?.status === "open" ? updated.latestInvoice.clientSecret : null;
    return { clientSecret: due, status: updated.status };
  }
  if (subscription?.status === "incomplete") {
    if (subscription.priceId === priceId && subscription.latestInvoice?.clientSecret) {
      return { clientSecret: subscription.latestInvoice.clientSecret, status: subscription.status };
    }
    await billing.cancelNow(subscription.id);
  }
  const created = await startSubscription(deps, billing, userId, priceId, subscription?.id ?? null);
  return { clientSecret: created.latestInvoice?.clientSecret ?? null, status: created.status };
}

/** Re-reads the subscription from Stripe and stores what it says (the client polls this while not active). */
export async function confirmPayment(deps: Deps, userId: number): Promise<ConfirmPaymentResponse> {
  const { billing } = await guardBilling(deps, userId);
  const { row, subscription } = await currentStripeSubscription(deps, billing, userId);
  if (!row?.stripeSubscriptionId) return { status: row && row.status !== "none" ? row.status : null };
  if (!subscription) {
    await clearSubscription(deps.db, userId, deps.now());
    return { status: null };
  }
  await store(deps, userId, subscription);
  return { status: subscription.status };
}

/** Cancels at the end of the period: access lasts until then. */
export async function cancelSubscription(deps: Deps, userId: number): Promise<CancelSubscriptionResponse> {
  const { billing } = await guardBilling(deps, userId);
  const { subscription } = await currentStripeSubscription(deps, billing, userId);
  if (!subscription || !LIVE.has(subscription.status)) {
    throw new AppError("conflict", "There is no active paid subscription to cancel.");
  }
  const cancelled = subscription.cancelAtPeriodEnd
    ? subscription
    : await billing.setCancelAtPeriodEnd(subscription.id, true);
  await store(deps, userId, cancelled);
  return {
    success: true,
    currentPeriodEnd: cancelled.currentPeriodEnd ? new Date(cancelled.currentPeriodEnd).toISOString() : null,
  };
}

/**
 * 'Complete Payment' for an incomplete or past-due subscription: the open invoice's confirmation secret, or a fresh
 * subscription for the same tier when the old one expired unpaid.
 */
export async function retrySubscriptionPayment(deps: Deps, userId: number): Promise<RetryPaymentResponse> {
  const { billing, prices } = await guardBilling(deps, userId);
  const { row, subscription } = await currentStripeSubscription(deps, billing, userId);
  if (subscription?.status === "active" || subscription?.status === "trialing") {
    await store(deps, userId, subscription);
    return {
      requiresPayment: false,
      clientSecret: null,
      status: subscription.status,
      message: "Your subscription is active.",
    };
  }
  const open = subscription?.latestInvoice?.status === "open" ? subscription.latestInvoice.clientSecret : null;
  if (subscription && open) {
    return {
      requiresPayment: true,
      clientSecret: open,
      status: subscription.status,
      message: "Complete the payment to activate your subscription.",
    };
  }
  const storedTier = row && isPaidTier(row.tier) ? row.tier : null;
  const tier = (subscription && tierForPrice(prices, subscription.priceId)) ?? storedTier;
  if (!tier) throw new AppError("conflict", "There is no subscription payment to complete. Choose a plan first.");
  const created = await startSubscription(deps, billing, userId, prices[tier], subscription?.id ?? null);
  return {
    requiresPayment: true,
    clientSecret: created.latestInvoice?.clientSecret ?? null,
    status: created.status,
    message: "Your previous payment expired. Complete this payment to activate your subscription.",
  };
}

/** The account reset (docs/product-spec.md §8 'Account Reset'): cancels what is live in Stripe now and forgets the stored subscription. */
export async function cleanupStripe(deps: Deps, userId: number): Promise<{ success: true }> {
  const { billing } = await guardBilling(deps, userId);
  const { subscription } = await currentStripeSubscription(deps, billing, userId);
  if (subscription && subscription.status !== "canceled" && subscription.status !== "incomplete_expired") {
    await billing.cancelNow(subscription.id);
  }
  await clearSubscription(deps.db, userId, deps.now());
  return { success: true };
}
