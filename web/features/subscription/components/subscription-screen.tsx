import { Info, Lock } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { PaidTier } from "../../../../schema/api/subscription";
import type { SubscriptionInfo } from "../../../../schema/api/subscription-body";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { PageContainer, PageHeader } from "../../../components/page";
import { Card, CardContent } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast, toastError } from "../../../components/ui/toast";
import { isPaidStatus, useSubscription } from "../../../shared/session/subscription";
import { cancelSubscription, createSubscription, retrySubscriptionPayment, usePaymentConfig } from "../api/billing";
import { formatPrice, periodEndText, planFor, type Plan, type PlanAction } from "../plans";
import { usePaymentReturn } from "../use-payment-return";
import { CurrentSubscriptionCard, type CardAction } from "./current-subscription-card";
import { PaymentFormLoading } from "./payment-form-loading";
import { NOT_CONFIGURED_NOTE_ID, PlanCards } from "./plan-cards";
import { SubscriptionFaq } from "./subscription-faq";

// Stripe (its npm packages and Stripe.js itself) loads only when a payment is due, never with this screen.
const PaymentForm = lazy(() => import("./payment-form"));

/** A payment the Payment Element is showing: which plan, and the secret it confirms. */
interface PendingPayment {
  tier: PaidTier;
  clientSecret: string;
}

/** Which request is running, so its button spins and the others wait. */
type Busy = { kind: "plan"; tier: PaidTier | "free" } | { kind: "card"; action: CardAction };

type Dialog = { kind: "cancel" } | { kind: "change"; plan: Plan; tier: PaidTier };

/** /subscription (docs/product-spec.md §2, §4): the current plan, the three plans, the payment form and the FAQ. */
export function SubscriptionScreen() {
  usePaymentReturn();
  const { data: subscription, error, mutate } = useSubscription();
  const { data: config, error: configError, mutate: reloadConfig } = usePaymentConfig();
  const configured = config?.configured ?? false;
  const [payment, setPayment] = useState<PendingPayment | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  async function run(what: Busy, work: () => Promise<void>) {
    setBusy(what);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }

  /** create-subscription: a payment to take, or a change that needed none (then the plan is simply fetched again). */
  async function startOrChange(tier: PaidTier, done: (current: SubscriptionInfo | undefined) => string) {
    try {
      const result = await createSubscription(tier);
      if (result.clientSecret) setPayment({ tier, clientSecret: result.clientSecret });
      else toast({ title: "Subscription Updated", description: done(subscription), variant: "success" });
    } catch (failure) {
      toastError("Subscription Error", failure, "Failed to update your subscription. Please try again.");
    }
  }

  function choose(plan: Plan, action: PlanAction) {
    if (action.kind === "cancel") setDialog({ kind: "cancel" });
    else if (action.kind === "change") setDialog({ kind: "change", plan, tier: action.tier });
    else if (action.kind === "subscribe") {
      const tier = action.tier;
      void run({ kind: "plan", tier }, () => startOrChange(tier, () => `You are now on the ${plan.name} plan.`));
    }
  }

  async function cancel() {
    await run({ kind: "card", action: "cancel" }, async () => {
      try {
        const { currentPeriodEnd } = await cancelSubscription();
        const until = periodEndText({ currentPeriodEnd });
        toast({
          title: "Subscription Cancelled",
          description: `Your plan stays until ${until}. Then your account moves to the Free plan and your data is kept.`,
          variant: "success",
        });
      } catch (failure) {
        toastError("Cancellation Failed", failure, "Failed to cancel your subscription. Please try again.");
      } finally {
        setDialog(null);
      }
    });
  }

  async function change(plan: Plan, tier: PaidTier) {
    await run({ kind: "plan", tier }, async () => {
      await startOrChange(tier, () => `You are now on the ${plan.name} plan.`);
      setDialog(null);
    });
  }

  function cardAction(action: CardAction) {
    if (!subscription || subscription.tier === "free") return;
    const tier = subscription.tier;
    if (action === "cancel") setDialog({ kind: "cancel" });
    else if (action === "resume") {
      void run({ kind: "card", action }, () =>
        startOrChange(
          tier,
          (current) => `Your ${planFor(tier).name} plan renews on ${periodEndText(current ?? subscription)}.`,
        ),
      );
    } else {
      void run({ kind: "card", action }, async () => {
        try {
          const result = await retrySubscriptionPayment();
          if (result.requiresPayment && result.clientSecret) setPayment({ tier, clientSecret: result.clientSecret });
          else if (isPaidStatus(result.status)) {
            toast({ title: "Subscription Activated", description: result.message, variant: "success" });
          } else toast({ title: "Payment Retry Failed", description: result.message, variant: "destructive" });
        } catch (failure) {
          toastError("Payment Retry Failed", failure, "Failed to retry the payment. Please try again.");
        }
      });
    }
  }

  return (
    <PageContainer>
      <title>Subscription · StoryLoom</title>
      <PageHeader title="Subscription" description="Your plan, and the plans you can choose from." />
      {error && !subscription ? (
        <LoadError what="your subscription" onRetry={() => void mutate()} className="mb-8" />
      ) : !subscription ? (
        <SubscriptionSkeleton />
      ) : (
        <>
          <CurrentSubscriptionCard
            subscription={subscription}
            paymentConfigured={configured}
            busy={busy?.kind === "card" ? busy.action : null}
            paying={payment !== null}
            onAction={cardAction}
          />
          {payment && config?.publishableKey && (
            <PaymentSection
              payment={payment}
              publishableKey={config.publishableKey}
              onCancel={() => setPayment(null)}
            />
          )}
          <section aria-labelledby="plans-title">
            <h2 id="plans-title" className="mb-4 text-xl font-semibold tracking-tight text-ink">
              Plans
            </h2>
            {configError && !config && (
              <LoadError what="the payment settings" onRetry={() => void reloadConfig()} className="mb-6" />
            )}
            {config && !configured && (
              <p
                id={NOT_CONFIGURED_NOTE_ID}
                className="mb-6 flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50/60 p-3 text-sm text-slate-700"
              >
                <Info className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                <span>Card payment is not configured here. Plans can be set by an admin.</span>
              </p>
            )}
            <PlanCards
              subscription={subscription}
              paymentConfigured={configured}
              busyTier={busy?.kind === "plan" ? busy.tier : null}
              disabled={busy !== null || !config}
              onChoose={choose}
            />
          </section>
        </>
      )}
      <SubscriptionFaq />

      <ConfirmDialog
        open={dialog?.kind === "cancel"}
        title="Cancel your subscription?"
        description={
          subscription
            ? `You keep ${planFor(subscription.tier).name} until ${periodEndText(subscription)}. After that your account ` +
              "moves to the Free plan: your projects, transcripts and stories are kept, and Free limits apply to new work."
            : ""
        }
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        pending={busy?.kind === "card" && busy.action === "cancel"}
        onConfirm={() => void cancel()}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === "change"}
        title={dialog?.kind === "change" ? `Switch to ${dialog.plan.name}?` : ""}
        description={dialog?.kind === "change" ? changeDescription(dialog.plan) : ""}
        confirmLabel={dialog?.kind === "change" ? `Switch to ${dialog.plan.name}` : ""}
        pending={busy?.kind === "plan" && dialog?.kind === "change"}
        onConfirm={() => dialog?.kind === "change" && void change(dialog.plan, dialog.tier)}
        onCancel={() => setDialog(null)}
      />
    </PageContainer>
  );
}

function changeDescription(plan: Plan): string {
  const price = `${plan.name} costs ${formatPrice(plan)} per month; the difference for the rest of this billing period is prorated.`;
  return plan.tier === "pro"
    ? `${price} Your data is kept, and Pro's limits (up to 3 team members) apply to new work.`
    : price;
}

function PaymentSection({
  payment,
  publishableKey,
  onCancel,
}: {
  payment: PendingPayment;
  publishableKey: string;
  onCancel: () => void;
}) {
  const plan = planFor(payment.tier);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form opens below the fold on phones: bring it (and focus, for keyboards and screen readers) into view.
  useEffect(() => heading.current?.focus(), [payment.clientSecret]);
  return (
    <Card role="region" aria-labelledby="payment-title" className="mb-8 border-brand-200">
      <CardContent>
        <h2
          id="payment-title"
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-24 text-lg font-semibold text-ink focus:outline-none"
        >
          Complete your payment
        </h2>
        <p className="mt-1 flex items-start gap-2 text-sm text-muted">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {plan.name} plan, {formatPrice(plan)} per month. Your card details go straight to Stripe, our payment
            provider, and never reach StoryLoom.
          </span>
        </p>
        <div className="mt-5">
          <Suspense fallback={<PaymentFormLoading />}>
            <PaymentForm
              publishableKey={publishableKey}
              clientSecret={payment.clientSecret}
              submitLabel={`Pay ${formatPrice(plan)}`}
              onCancel={onCancel}
            />
          </Suspense>
        </div>
      </CardContent>
    </Card>
  );
}

function SubscriptionSkeleton() {
  return (
    <div role="status" aria-label="Loading your subscription" className="mb-8 grid gap-6">
      <Skeleton className="h-36 w-full rounded-xl" />
      <div className="grid gap-6 md:grid-cols-3">
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    </div>
  );
}
