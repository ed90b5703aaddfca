import { z } from "zod";

export const TIERS = ["free", "pro", "enterprise"] as const;
export type Tier = (typeof TIERS)[number];
export const PAID_TIERS = ["pro", "enterprise"] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
export const isPaidTier = (tier: Tier): tier is PaidTier => tier !== "free";

export const createSubscriptionSchema = z.object({ tier: z.enum(PAID_TIERS, { message: "Choose the Pro or Enterprise plan." }) });

/** Subscription statuses that count as paid (spec §9). */
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

export interface SubscriptionLimitsResponse {
  success: true;
  data: { tier: Tier; limits: PlanLimits };
}
