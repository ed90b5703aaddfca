// What the subscription screen shows and offers, as pure functions of the subscription (unit-tested). The limits
// and prices are the server's plan table (PLAN_LIMITS in schema/api/subscription.ts), written out for people to read.
import { PLAN_LIMITS, type PaidTier, type Tier } from "../../../schema/api/subscription";
import type { PlanLimits, SubscriptionInfo } from "../../../schema/api/subscription-body";
import { formatDate } from "../../lib/format";
import { isPaidStatus, isPendingSubscription } from "../../shared/session/subscription";

export interface PlanFeature {
  text: string;
  included: boolean;
}

export interface Plan {
  tier: Tier;
  name: string;
  pricePerMonth: number;
  summary: string;
  features: PlanFeature[];
}

const yes = (text: string): PlanFeature => ({ text, included: true });
const no = (text: string): PlanFeature => ({ text, included: false });

/** The limit lines of a plan, written from the server's plan table (PLAN_LIMITS), so the two cannot disagree. */
function limitFeatures(limits: PlanLimits): PlanFeature[] {
  const seats =
    limits.teamMembers === 1 ? "1 team member (you)" : `Up to ${limits.teamMembers} team members, you included`;
  return [
    yes(
      limits.projects === null ? "Unlimited projects" : `${limits.projects} project${limits.projects === 1 ? "" : "s"}`,
    ),
    yes(
      limits.transcriptsPerMonth === null
        ? "Unlimited transcripts"
        : `${limits.transcriptsPerMonth} transcripts per month`,
    ),
    (limits.audioTranscription ? yes : no)("Audio transcription"),
    (limits.integrations ? yes : no)("JIRA, Notion, Linear, GitHub and Azure DevOps integrations"),
    yes(seats),
    yes("Quality score and Coverage on every story set"),
  ];
}

/** docs/product-spec.md §6: Free £0, Pro £29, Enterprise £99 a month; Enterprise is Pro plus seats, SSO, custom integrations, support. */
export const PLANS: readonly Plan[] = [
  {
    tier: "free",
    name: "Free",
    pricePerMonth: PLAN_LIMITS.free.priceGbpPerMonth,
    summary: "Try StoryLoom on one product.",
    features: limitFeatures(PLAN_LIMITS.free),
  },
  {
    tier: "pro",
    name: "Pro",
    pricePerMonth: PLAN_LIMITS.pro.priceGbpPerMonth,
    summary: "For product teams turning every meeting into stories.",
    features: limitFeatures(PLAN_LIMITS.pro),
  },
  {
    tier: "enterprise",
    name: "Enterprise",
    pricePerMonth: PLAN_LIMITS.enterprise.priceGbpPerMonth,
    summary: "Everything in Pro for larger teams.",
    features: [
      yes("Everything in Pro"),
      limitFeatures(PLAN_LIMITS.enterprise).at(-1)!,
      yes("SSO"),
      yes("Custom integrations"),
      yes("24/7 support"),
    ],
  },
];

export function planFor(tier: Tier): Plan {
  return PLANS.find((plan) => plan.tier === tier) ?? PLANS[0]!;
}

/** '£29' */
export function formatPrice(plan: Plan): string {
  return `£${plan.pricePerMonth}`;
}

/** 'Jan 5, 2025', or a phrase that reads in the same sentences when Stripe gave no date. */
export function periodEndText(subscription: Pick<SubscriptionInfo, "currentPeriodEnd">): string {
  return subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : "the end of the billing period";
}

export type SubscriptionState =
  /** No paid plan (never subscribed, or a subscription that ended). */
  | "free"
  /** Paid and renewing. */
  | "active"
  /** Paid; cancelled at the period end, so access lasts until then. */
  | "cancelling"
  /** A paid tier whose payment has not gone through: shown as pending, 'Complete Payment'. */
  | "pending";

export function subscriptionState(subscription: SubscriptionInfo): SubscriptionState {
  if (subscription.tier === "free") return "free";
  if (isPendingSubscription(subscription)) return "pending";
  return subscription.cancelAtPeriodEnd ? "cancelling" : "active";
}

export type PlanAction =
  /** The plan the user is on (paid, pending or cancelling included): nothing to buy. */
  | { kind: "current" }
  /** Start paying for a paid tier: create-subscription, then the Payment Element. */
  | { kind: "subscribe"; tier: PaidTier; label: string }
  /** An active paid plan moves to the other paid tier (asked first: it changes what is charged). */
  | { kind: "change"; tier: PaidTier; label: string }
  /** Back to Free from an active paid plan: the cancellation, at the period end. */
  | { kind: "cancel"; label: string }
  /** Card payment is not configured here: the button shows, disabled, beside the note saying why. */
  | { kind: "unavailable"; label: string }
  /** Free after a cancellation: it starts by itself at the period end (shown, not clickable). */
  | { kind: "scheduled"; label: string }
  /** Nothing to offer (e.g. Free while a payment is under way, or a plan an admin set). */
  | { kind: "none" };

/** What a plan card offers, given the user's subscription and whether card payment works here. */
export function planAction(plan: Plan, subscription: SubscriptionInfo, paymentConfigured: boolean): PlanAction {
  const state = subscriptionState(subscription);
  if (plan.tier === subscription.tier) return { kind: "current" };
  if (plan.tier === "free") {
    if (state === "cancelling") return { kind: "scheduled", label: `Starts ${periodEndText(subscription)}` };
    return state === "active" && paymentConfigured ? { kind: "cancel", label: "Switch to Free" } : { kind: "none" };
  }
  const label = `${state === "free" ? "Upgrade" : "Switch"} to ${plan.name}`;
  if (!paymentConfigured) return { kind: "unavailable", label };
  // A live paid subscription changes price; a pending one is replaced by the server, so it is a new purchase.
  const live = subscription.tier !== "free" && isPaidStatus(subscription.status);
  return { kind: live ? "change" : "subscribe", tier: plan.tier, label };
}
