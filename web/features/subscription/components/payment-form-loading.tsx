import { Spinner } from "../../../components/ui/spinner";

/** While Stripe's code and the Payment Element load (kept apart from payment-form.tsx, which imports Stripe). */
export function PaymentFormLoading() {
  return (
    <div role="status" className="flex items-center gap-3 py-8 text-sm text-muted">
      <Spinner />
      Loading the secure payment form…
    </div>
  );
}
