import { PAID_STATUSES, type PlanLimits, type Tier } from "../../../schema/api/subscription";

/** The tiers and their limits (spec §6 and §9). The single source for every plan check on the server. */
export const PLANS: Record<Tier, PlanLimits> = {
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

export function isPaidStatus(status: string | null | undefined): boolean {
  return (PAID_STATUSES as readonly string[]).includes(status ?? "");
}

/** product-decisions.md: pro/enterprise count only while active or complete; anything else is free. */
export function effectiveTier(subscription: { tier: Tier; status: string } | null | undefined): Tier {
  if (!subscription || !isPaidStatus(subscription.status)) return "free";
  return subscription.tier;
}

export function limitsFor(tier: Tier): PlanLimits {
  return PLANS[tier];
}
