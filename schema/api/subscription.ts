// No zod here: the app shell reads these plans and statuses on every page. The request schema is in
// subscription-input.ts, the response shapes in subscription-body.ts (the SPA takes only their types).

export const TIERS = ["free", "pro", "enterprise"] as const;
export type Tier = (typeof TIERS)[number];
export const PAID_TIERS = ["pro", "enterprise"] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
export const isPaidTier = (tier: Tier): tier is PaidTier => tier !== "free";

/** Subscription statuses that count as paid (docs/product-spec.md §9). */
export const PAID_STATUSES = ["active", "complete"] as const;

/** A plan's limits; their shape, PlanLimits, is subscription-body.ts's (it imports this file, so not the other way). */
type PlanLimitValues = Record<string, number | boolean | null>;

/** docs/product-spec.md §6: the tiers and their limits. The single source for the server's plan checks and the plans the SPA shows. */
export const PLAN_LIMITS = {
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
} satisfies Record<Tier, PlanLimitValues>;
