// The payment calls only the subscription screen makes (docs/product-spec.md §7). confirm-payment lives in shared/session, because
// the header polls it on every signed-in page.
import type { PaidTier } from "../../../../schema/api/subscription";
import type {
  CancelSubscriptionResponse,
  CreateSubscriptionResponse,
  RetryPaymentResponse,
} from "../../../../schema/api/subscription-body";
import { api } from "../../../lib/api";
import { invalidateSubscription, useQuery } from "../../../lib/query";
import { queryKeys } from "../../../lib/query-keys";
import { useUser } from "../../../shared/session/user";

/** Whether card payment works here and the Payment Element's key; undefined while loading. */
export function usePaymentConfig() {
  const { user } = useUser();
  return useQuery(user ? queryKeys.paymentConfig : null);
}

/**
 * Starts paying for a tier, or moves an active subscription to the other paid tier. The plan is fetched again
 * either way (a new subscription shows as pending until paid); `clientSecret` is null when nothing is due now.
 */
export async function createSubscription(tier: PaidTier): Promise<CreateSubscriptionResponse> {
  const result = await api.post<CreateSubscriptionResponse>("/api/create-subscription", { tier });
  await invalidateSubscription();
  return result;
}

/** Cancels at the end of the billing period; access lasts until `currentPeriodEnd`. */
export async function cancelSubscription(): Promise<CancelSubscriptionResponse> {
  const result = await api.post<CancelSubscriptionResponse>("/api/cancel-subscription");
  await invalidateSubscription();
  return result;
}

/**
 * 'Complete Payment': the open invoice's secret for the Payment Element, a fresh subscription's when the old one
 * expired unpaid, or no payment needed any more.
 */
export async function retrySubscriptionPayment(): Promise<RetryPaymentResponse> {
  const result = await api.post<RetryPaymentResponse>("/api/retry-subscription-payment");
  await invalidateSubscription();
  return result;
}
