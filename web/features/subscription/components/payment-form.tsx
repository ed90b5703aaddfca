// Stripe's Payment Element. This module is the only one that imports Stripe, and it is loaded with import() when a
// payment is due, so neither Stripe's npm packages nor Stripe.js (fetched from js.stripe.com by loadStripe) are
// part of any other page. The card details go from Stripe's iframe to Stripe; the server only sees the result.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Appearance, Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { Lock } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { PaymentFormLoading } from "./payment-form-loading";

/** Where Stripe sends the browser after the payment (docs/product-spec.md §2: /subscription?success=true). */
export function paymentReturnUrl(origin: string = window.location.origin): string {
  return `${origin}/subscription?success=true`;
}

// One Stripe object per key for the whole session (Stripe asks for one instance); a failed load may be retried.
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripe.catch(() => stripeByKey.delete(publishableKey));
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

const appearance: Appearance = {
  theme: "stripe",
  variables: { colorPrimary: "#4338ca", colorText: "#0f172a", borderRadius: "8px" },
};

export interface PaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  /** The submit button's text, e.g. 'Pay £29'. */
  submitLabel: string;
  onCancel: () => void;
}

export default function PaymentForm({ publishableKey, clientSecret, submitLabel, onCancel }: PaymentFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (loaded) => {
        if (!live) return;
        if (loaded) setStripe(loaded);
        else setFailed(true);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (failed) {
    return (
      <LoadError
        what="the secure payment form"
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!stripe) return <PaymentFormLoading />;
  return (
    // A new secret is a new payment: Elements reads its options once, so it starts again.
    <Elements key={clientSecret} stripe={stripe} options={{ clientSecret, appearance }}>
      <CheckoutForm submitLabel={submitLabel} onCancel={onCancel} />
    </Elements>
  );
}

function CheckoutForm({ submitLabel, onCancel }: { submitLabel: string; onCancel: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    // On success Stripe leaves this page for the return URL (after 3-D Secure when the bank asks for it), so only
    // a failure comes back here: a declined card, an incomplete field, a network error.
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: paymentReturnUrl() } });
    setSubmitting(false);
    toast({
      title: "Payment Failed",
      description: error.message ?? "Your payment could not be completed. Please try again.",
      variant: "destructive",
    });
  }

  return (
    <form onSubmit={submit} aria-label="Payment details" aria-busy={submitting || undefined}>
      {!ready && <PaymentFormLoading />}
      <PaymentElement options={{ layout: "tabs" }} onReady={() => setReady(true)} />
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={submitting}>
          Not now
        </Button>
        <Button type="submit" disabled={!stripe || !ready || submitting} aria-busy={submitting || undefined}>
          {submitting ? <Spinner className="size-4 text-white" /> : <Lock aria-hidden />}
          {submitting ? "Processing…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
