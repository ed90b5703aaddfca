// docs/product-spec.md §4: while someone is signed in and their paid subscription is not active, the payment is confirmed with the
// server once on load and then every 30 s, never two at a time. When the server answers active, the subscription,
// its limits and the user are fetched again, so the header's badge and Team link change at once. The header runs
// the poll on every signed-in page; the subscription screen calls confirmPayment itself on return from the card form.
import { useEffect } from "react";
import type { ConfirmPaymentResponse } from "../../../schema/api/subscription-body";
import { toast } from "../../components/ui/toast";
import { api } from "../../lib/api";
import { invalidateSubscription } from "../../lib/query";
import { isPaidStatus, isPendingSubscription, useSubscription } from "./subscription";

/** docs/product-spec.md §9: the payment confirmation poll. */
export const PAYMENT_CONFIRMATION_INTERVAL_MS = 30_000;

let inFlight: Promise<ConfirmPaymentResponse> | null = null;

/** True while a confirmation is on its way: the poll skips its turn instead of sending a second one. */
export function isConfirmingPayment(): boolean {
  return inFlight !== null;
}

/**
 * POST /api/confirm-payment, shared by every caller: a call made while one is pending gets that one's answer. An
 * active answer refreshes the plan and says 'Subscription Activated' (once, whoever asked).
 */
export function confirmPayment(): Promise<ConfirmPaymentResponse> {
  inFlight ??= (async () => {
    try {
      const result = await api.post<ConfirmPaymentResponse>("/api/confirm-payment");
      if (isPaidStatus(result.status)) {
        await invalidateSubscription();
        toast({
          title: "Subscription Activated",
          description: "Your plan is active and its features are ready to use.",
          variant: "success",
        });
      }
      return result;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Mount once on signed-in pages (the header): confirms a pending payment on load and every 30 s after. */
export function usePaymentConfirmationPoll(): void {
  const { data: subscription } = useSubscription();
  const pending = isPendingSubscription(subscription);
  useEffect(() => {
    if (!pending) return;
    const confirmUnlessPending = () => {
      // A failed poll says nothing: the next one tries again, and the screen offers Complete Payment.
      if (!isConfirmingPayment()) confirmPayment().catch(() => undefined);
    };
    confirmUnlessPending();
    const timer = setInterval(confirmUnlessPending, PAYMENT_CONFIRMATION_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [pending]);
}
