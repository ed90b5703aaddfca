// No zod here: the app shell reads these plans and statuses on every page. The request schema is in
// subscription-input.ts.

export const TIERS = ["free", "pro", "enterprise"] as const;
export type Tier = (typeof TIERS)[number];
export const PAID_TIERS = ["pro", "enterprise"] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
export const isPaidTier = (tier: Tier): tier is PaidTier => tier !== "free";

/** Subscription statuses that count as paid (docs/product-spec.md §9). */
export const PAID_STATUSES = ["active", "complete"] as const;

export interface SubscriptionInfo {
  tier: Tier;
  /** null while the user has never subscribed (the free default). */
  status: string | null;
  currentPeriodEnd: string | null;
  /** Cancelled: access lasts until currentPeriodEnd, then the plan becomes free. */
  cancelAtPeriodEnd: boolean;
}

/** GET /api/subscription/payment-config: whether card payment works here, and the Payment Element's key. */
export interface PaymentConfig {
  configured: boolean;
  publishableKey: string | null;
}

/** POST /api/create-subscription: the secret the Payment Element confirms, or null when no payment is due now. */
export interface CreateSubscriptionResponse {
  clientSecret: string | null;
  status: string;
}

export interface ConfirmPaymentResponse {
  status: string | null;
}

export interface RetryPaymentResponse {
  requiresPayment: boolean;
  clientSecret: string | null;
  status: string | null;
  message: string;
}

export interface PlanLimits {
  /** null means unlimited. */
  projects: number | null;
  transcriptsPerMonth: number | null;
  teamMembers: number;
  audioTranscription: boolean;
  integrations: boolean;
  priceGbpPerMonth: number;
}

/** docs/product-spec.md §6: the tiers and their limits. The single source for the server's plan checks and the plans the SPA shows. */
export const PLAN_LIMITS: Record<Tier, PlanLimits> = {
  free: {
    projects: 1,
    transcriptsPerMonth: 5,
    teamMembers: 1,
    audioTranscription: false,
    integrations: false,
    priceGbpPerMonth: 0,
  },
  pro: {
    projects: null,
    transcriptsPerMonth: null,
    teamMembers: 3,
    audioTranscription: true,
    integrations: true,
    priceGbpPerMonth: 29,
  },
  enterprise: {
    projects: null,
    transcriptsPerMonth: null,
    teamMembers: 5,
    audioTranscription: true,
    integrations: true,
    priceGbpPerMonth: 99,
  },
};

/** What the account has used of its plan, so the SPA can say "n of 5 used" before the work instead of after. */
export interface PlanUsage {
  /** Generations counted this calendar month (UTC), as the server's allowance counts them. */
  transcriptsThisMonth: number;
  /** Projects the account owns. */
  projects: number;
}

export interface SubscriptionLimitsResponse {
  success: true;
  data: { tier: Tier; limits: PlanLimits; usage: PlanUsage };
}
