export const TIERS = ["free", "pro", "enterprise"] as const;
export type Tier = (typeof TIERS)[number];

/** Subscription statuses that count as paid (spec §9). */
export const PAID_STATUSES = ["active", "complete"] as const;

export interface SubscriptionInfo {
  tier: Tier;
  /** null while the user has never subscribed (the free default). */
  status: string | null;
  currentPeriodEnd: string | null;
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
