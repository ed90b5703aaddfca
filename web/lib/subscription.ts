import useSWR from "swr";
import { PAID_STATUSES, type SubscriptionInfo, type SubscriptionLimitsResponse } from "../../schema/api/subscription";
import { useUser } from "./user";

export const SUBSCRIPTION_KEY = "/api/subscription";
export const SUBSCRIPTION_LIMITS_KEY = "/api/subscription/limits";

/** The current subscription; only requested while someone is signed in (spec §7). */
export function useSubscription() {
  const { user } = useUser();
  return useSWR<SubscriptionInfo>(user ? SUBSCRIPTION_KEY : null);
}

export function useSubscriptionLimits() {
  const { user } = useUser();
  return useSWR<SubscriptionLimitsResponse>(user ? SUBSCRIPTION_LIMITS_KEY : null);
}

export function isPaidStatus(status: string | null | undefined): boolean {
  return !!status && (PAID_STATUSES as readonly string[]).includes(status);
}

/** Team management is offered on Pro and Enterprise (spec §2 navigation bar). */
export function hasTeamAccess(subscription: SubscriptionInfo | undefined): boolean {
  return !!subscription && (subscription.tier === "pro" || subscription.tier === "enterprise");
}
