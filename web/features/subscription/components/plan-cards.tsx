import { Check, Minus } from "lucide-react";
import type { SubscriptionInfo } from "../../../../schema/api/subscription-body";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { formatPrice, planAction, PLANS, type Plan, type PlanAction } from "../plans";

/** The id of the note saying card payment is not configured, which disabled buttons point to. */
export const NOT_CONFIGURED_NOTE_ID = "payment-not-configured";

/** Free, Pro and Enterprise side by side (stacked on phones), the current one marked. */
export function PlanCards({
  subscription,
  paymentConfigured,
  busyTier,
  disabled,
  onChoose,
}: {
  subscription: SubscriptionInfo;
  paymentConfigured: boolean;
  /** The plan whose request is running (its button spins). */
  busyTier: Plan["tier"] | null;
  /** Another request is running: every plan button waits. */
  disabled: boolean;
  onChoose: (plan: Plan, action: PlanAction) => void;
}) {
  return (
    <ul aria-label="Plans" className="grid gap-6 md:grid-cols-3">
      {PLANS.map((plan) => {
        const action = planAction(plan, subscription, paymentConfigured);
        const current = action.kind === "current";
        return (
          <li key={plan.tier}>
            <Card className={cn("flex h-full flex-col p-6", current && "border-brand-600 ring-1 ring-brand-600")}>
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-lg font-semibold text-ink">{plan.name}</h3>
                {current && <Badge>Current Plan</Badge>}
              </div>
              <p className="mt-1 text-sm text-muted md:min-h-10">{plan.summary}</p>
              <p className="mt-4 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-ink">{formatPrice(plan)}</span>
                <span className="text-sm text-muted">per month</span>
              </p>
              <ul className="mt-6 grid flex-1 content-start gap-2.5 text-sm">
                {plan.features.map((feature) => (
                  <li
                    key={feature.text}
                    className={cn("flex items-start gap-2", !feature.included && "text-slate-500")}
                  >
                    {feature.included ? (
                      <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                    ) : (
                      <Minus className="mt-0.5 size-4 shrink-0" aria-hidden />
                    )}
                    <span>
                      {!feature.included && <span className="sr-only">Not included: </span>}
                      {feature.text}
                    </span>
                  </li>
                ))}
              </ul>
              <div className="mt-6">
                <PlanButton
                  plan={plan}
                  action={action}
                  busy={busyTier === plan.tier}
                  disabled={disabled}
                  onChoose={onChoose}
                />
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function PlanButton({
  plan,
  action,
  busy,
  disabled,
  onChoose,
}: {
  plan: Plan;
  action: PlanAction;
  busy: boolean;
  disabled: boolean;
  onChoose: (plan: Plan, action: PlanAction) => void;
}) {
  switch (action.kind) {
    case "current":
      return (
        <Button variant="secondary" className="w-full" disabled>
          Your current plan
        </Button>
      );
    case "none":
      return null;
    case "scheduled":
      return (
        <Button variant="outline" className="w-full" disabled>
          {action.label}
        </Button>
      );
    case "unavailable":
      return (
        <Button className="w-full" disabled aria-describedby={NOT_CONFIGURED_NOTE_ID}>
          {action.label}
        </Button>
      );
    default:
      return (
        <Button
          variant={action.kind === "cancel" ? "outline" : "default"}
          className="w-full"
          disabled={disabled}
          aria-busy={busy || undefined}
          onClick={() => onChoose(plan, action)}
        >
          {busy && <Spinner className={cn("size-4", action.kind !== "cancel" && "text-white")} />}
          {action.label}
        </Button>
      );
  }
}
