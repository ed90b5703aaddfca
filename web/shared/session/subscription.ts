import { PAID_STATUSES } from "../../../schema/api/subscription";
import type { SubscriptionInfo } from "../../../schema/api/subscription-body";
import { useQuery } from "../../lib/query";
import { queryKeys } from "../../lib/query-keys";
import { useUser } from "./user";

/** The current subscription; only requested while someone is signed in (docs/product-spec.md §7). */
export function useSubscription() {
  const { user } = useUser();
  return useQuery(user ? queryKeys.subscription : null);
}

export function useSubscriptionLimits() {
  const { user } = useUser();
  return useQuery(user ? queryKeys.subscriptionLimits : null);
}

/**
 * The plan and monthly allowance a generation in `projectId` uses, as the server counts it (the project owner's for a
 * team member; the person's own with no project): what the generator says before the work is done.
 */
export function useGenerationAllowance(projectId: number | null | undefined) {
  const { user } = useUser();
  // (undefined: the project is not known yet, so nothing is said rather than the wrong plan's allowance)
  return useQuery(user && projectId !== undefined ? queryKeys.generationAllowance(projectId) : null);
}

export function isPaidStatus(status: string | null | undefined): boolean {
  return !!status && (PAID_STATUSES as readonly string[]).includes(status);
}

/**
 * A paid tier whose payment has not gone through (incomplete, past due…): the badge says PENDING, the plan's limits
 * stay free, and the payment is confirmed again every 30 s (payment-confirmation.ts).
 */
export function isPendingSubscription(subscription: SubscriptionInfo | undefined): boolean {
  return !!subscription && subscription.tier !== "free" && !isPaidStatus(subscription.status);
}

/** Team management is offered on Pro and Enterprise (docs/product-spec.md §2 navigation bar). */
export function hasTeamAccess(subscription: SubscriptionInfo | undefined): boolean {
  return !!subscription && (subscription.tier === "pro" || subscription.tier === "enterprise");
}
