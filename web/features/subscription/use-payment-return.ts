import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast, toastError } from "../../components/ui/toast";
import { confirmPayment } from "../../shared/session/payment-confirmation";

/** Stripe's redirect_status values that mean the payment did not go through. */
const FAILED = new Set(["failed", "requires_payment_method"]);

/**
 * Back from Stripe at /subscription?success=true (Stripe adds payment_intent… and redirect_status): says so, then
 * confirms the payment with the server, whose active answer says 'Subscription Activated' and refreshes the plan
 * (payment-confirmation.ts). Stripe's parameters are dropped first, so a reload does not report it twice.
 */
export function usePaymentReturn(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);
  const returned = params.get("success") === "true";
  const redirectStatus = params.get("redirect_status");

  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    void navigate("/subscription", { replace: true });
    if (redirectStatus && FAILED.has(redirectStatus)) {
      toast({
        title: "Payment Failed",
        description: "Your payment was not completed. Please try again, with another card if needed.",
        variant: "destructive",
      });
      return;
    }
    if (redirectStatus !== "processing") {
      toast({ title: "Payment Successful", description: "Activating your subscription…", variant: "success" });
    }
    confirmPayment().catch((error: unknown) =>
      toastError(
        "Confirmation Failed",
        error,
        "We could not confirm your payment. Your plan updates as soon as it is confirmed.",
      ),
    );
  }, [returned, redirectStatus, navigate]);
}
