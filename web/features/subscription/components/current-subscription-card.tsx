import { CalendarClock, CircleAlert, CreditCard, RotateCcw, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import type { SubscriptionInfo } from "../../../../schema/api/subscription-body";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { formatPrice, periodEndText, planFor, subscriptionState, type SubscriptionState } from "../plans";

const STATUS_BADGES: Record<SubscriptionState, ReactNode> = {
  free: null,
  active: <Badge variant="success">Active</Badge>,
  cancelling: <Badge variant="caution">Cancelled</Badge>,
  pending: <Badge variant="warning">Pending</Badge>,
};

export type CardAction = "cancel" | "complete" | "resume";

/**
 * The plan the user is on, its status and what can be done with it (docs/product-spec.md §4): 'Cancel Subscription' while active,
 * 'Complete Payment' while the payment is pending, and after a cancellation the date access lasts until.
 */
export function CurrentSubscriptionCard({
  subscription,
  paymentConfigured,
  busy,
  paying,
  onAction,
}: {
  subscription: SubscriptionInfo;
  /** Without card payment nothing here can change the plan (an admin sets it). */
  paymentConfigured: boolean;
  /** The action whose request is running: every button waits, that one spins. */
  busy: CardAction | null;
  /** The payment form is open below: 'Complete Payment' would only open it again. */
  paying: boolean;
  onAction: (action: CardAction) => void;
}) {
  const plan = planFor(subscription.tier);
  const state = subscriptionState(subscription);
  const until = periodEndText(subscription);

  function action(kind: CardAction, label: string, icon: ReactNode, variant: "default" | "outline" = "outline") {
    if (!paymentConfigured) return null;
    return (
      <Button
        variant={variant}
        onClick={() => onAction(kind)}
        disabled={busy !== null}
        aria-busy={busy === kind || undefined}
      >
        {busy === kind ? <Spinner className="size-4" /> : icon}
        {label}
      </Button>
    );
  }

  return (
    <Card role="region" aria-labelledby="current-subscription-title" className="mb-8">
      <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="current-subscription-title" className="text-sm font-medium text-muted">
            Current Subscription
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <p className="text-2xl font-bold tracking-tight text-ink">{plan.name}</p>
            {STATUS_BADGES[state]}
          </div>
          <p className="mt-1 text-sm text-muted">{formatPrice(plan)} per month</p>
          <div className="mt-3 max-w-2xl text-sm text-slate-700">
            {state === "free" && (
              <p>
                1 project and 5 transcripts a month. Upgrade for unlimited projects and transcripts, audio transcription
                and integrations with JIRA, Notion, Linear, GitHub and Azure DevOps.
              </p>
            )}
            {state === "active" && (
              <p className="flex items-start gap-2">
                <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                <span>
                  {subscription.currentPeriodEnd ? `Renews on ${until}.` : "Renews every month."}{" "}
                  {paymentConfigured
                    ? `If you cancel, you keep ${plan.name} until the end of the billing period; then Free limits apply ` +
                      "to new work and your projects, transcripts and stories are kept."
                    : "Plans are set by an admin here."}
                </span>
              </p>
            )}
            {state === "cancelling" && (
              <p className="flex items-start gap-2">
                <CalendarClock className="mt-0.5 size-4 shrink-0 text-yellow-700" aria-hidden />
                <span>
                  Your subscription is cancelled. You keep {plan.name} access until {until}. After that your account
                  moves to the Free plan: your projects, transcripts and stories are kept, and Free limits apply to new
                  work.
                </span>
              </p>
            )}
            {state === "pending" && (
              <p className="flex items-start gap-2">
                <CircleAlert className="mt-0.5 size-4 shrink-0 text-orange-600" aria-hidden />
                <span>
                  Your payment for {plan.name} has not gone through yet, so Free limits still apply. Complete the
                  payment to activate the plan; this page updates by itself once it is confirmed.
                </span>
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          {state === "active" && action("cancel", "Cancel Subscription", <XCircle aria-hidden />)}
          {state === "cancelling" && action("resume", "Resume Subscription", <RotateCcw aria-hidden />)}
          {state === "pending" &&
            !paying &&
            action("complete", "Complete Payment", <CreditCard aria-hidden />, "default")}
        </div>
      </CardContent>
    </Card>
  );
}
