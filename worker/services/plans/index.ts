import { PAID_STATUSES, PLAN_LIMITS, type Tier } from "../../../schema/api/subscription";
import type { PlanLimits } from "../../../schema/api/subscription-body";

// The plan table itself is PLAN_LIMITS (schema/api/subscription.ts), shared with the SPA's plan cards.

export function isPaidStatus(status: string | null | undefined): boolean {
  return (PAID_STATUSES as readonly string[]).includes(status ?? "");
}

/** docs/product-decisions.md: pro/enterprise count only while active or complete; anything else is free. */
export function effectiveTier(subscription: { tier: Tier; status: string } | null | undefined): Tier {
  if (!subscription || !isPaidStatus(subscription.status)) return "free";
  return subscription.tier;
}

export function limitsFor(tier: Tier): PlanLimits {
  return PLAN_LIMITS[tier];
}
