import { ArrowLeft, ArrowRight, Plus, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { INTEGRATION_LABELS } from "../../../../schema/api/integrations";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { createIntegration, isIntegrationsUnavailable } from "../../../shared/integrations/api";
import { reportCreationError, reportIntegrationError } from "../errors";
import type { FormField } from "../fields";
import {
  canGoNext,
  canValidate,
  checkStep,
  createInputOf,
  goNext,
  goPrevious,
  initialWizard,
  isReview,
  markValidated,
  resultText,
  reviewOf,
  setField,
  stepDef,
  stepLabels,
} from "../wizard";
import type { WizardType } from "../wizard-definitions";
import { ConfigFields } from "./config-field";
import { useFieldErrors } from "./use-integration-form";
import { ReviewRows, StepIndicator, StepResult } from "./wizard-parts";

/**
 * The JIRA Wizard (docs/product-spec.md §2, §4) and the Linear, GitHub Issues and Azure DevOps wizards (issue 32),
 * one dialog over the wizard engine: each step's fields, Validate (the step's server check), Next (open only after
 * that check passed, closed again when one of its fields changes), Previous, and the review's Create. Mounted only
 * while open, so closing resets it.
 */
export default function WizardDialog({
  projectId,
  type,
  onClose,
}: {
  projectId: number;
  type: WizardType;
  onClose: () => void;
}) {
  const [state, setState] = useState(() => initialWizard(type));
  const { formRef, errors, setErrors, clearError, showErrors, showServerErrors } = useFieldErrors();
  const [pending, setPending] = useState<"validate" | "create" | null>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const label = INTEGRATION_LABELS[type];
  const labels = stepLabels(type);
  const { step, values, results } = state;
  const current = stepDef(state);

  useEffect(() => {
    // A new step: focus its first field (the review step: its heading), so keyboard users continue from there.
    stepRef.current?.querySelector<HTMLElement>("input, button[role='combobox'], h3")?.focus();
  }, [step]);

  function change(field: FormField, value: string) {
    setState((s) => setField(s, field, value));
    clearError(field);
  }

  async function validate() {
    if (!current || pending || !canValidate(state)) return;
    const checked = checkStep(type, step, values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setPending("validate");
    try {
      const next = markValidated(state, step, await current.check(checked.request));
      // Only if nothing was typed meanwhile (a change would have undone the check).
      setState((s) => (s.values === state.values ? next : s));
      setErrors({});
      toast({ title: "Validation Successful", description: resultText(next, step), variant: "success" });
    } catch (error) {
      if (isIntegrationsUnavailable(error)) {
        onClose();
        reportIntegrationError(projectId, error, "Validation Failed", "");
        return;
      }
      showServerErrors(
        error,
        current.fields.map((spec) => spec.key),
      );
      toast({
        title: "Validation Failed",
        description: errorMessage(error, "The check could not be completed. Please try again."),
        variant: "destructive",
        error,
      });
    } finally {
      setPending(null);
    }
  }

  async function create() {
    if (pending || !isReview(state)) return;
    setPending("create");
    try {
      const created = await createIntegration(projectId, createInputOf(state));
      toast({
        title: "Integration Created",
        description: `"${created.name}" is ready to export this project's stories to ${label}.`,
        variant: "success",
      });
      onClose();
    } catch (error) {
      setPending(null);
      if (reportCreationError(projectId, error)) onClose();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Enter: check the step, or go on once it is checked, or create on the review.
    if (!current) void create();
    else if (canGoNext(state)) setState(goNext);
    else void validate();
  }

  const validated = current !== undefined && results[step] !== undefined;
  const found = validated ? current.list?.(results[step]) : undefined;
  const busy = pending !== null;

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-xl" aria-busy={busy || undefined}>
        <DialogTitle>{label} Wizard</DialogTitle>
        <DialogDescription>
          Step {step} of {labels.length}: {labels[step - 1]}
        </DialogDescription>
        <StepIndicator labels={labels} step={step} checked={(n) => n < labels.length && results[n] !== undefined} />

        <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
          <div ref={stepRef} className="grid gap-5">
            {current ? (
              <ConfigFields
                specs={[...current.fields, ...(current.extra ?? [])]}
                values={values}
                errors={errors}
                disabled={busy}
                onChange={change}
                choices={current.choices?.(results)}
              />
            ) : (
              <ReviewRows id="wizard-review-heading" {...reviewOf(state)} />
            )}
          </div>

          <div aria-live="polite">
            {validated && (
              <StepResult>
                <p>{resultText(state, step)}</p>
                {found && found.items.length > 0 && (
                  <div className="mt-2">
                    <p className="text-xs font-medium">{found.label}</p>
                    <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={found.label}>
                      {found.items.map((item) => (
                        <li key={item.id}>
                          <Badge variant="success">{item.name}</Badge>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </StepResult>
            )}
          </div>

          {/* One row at every width: Previous on the left, then Validate and Next (or Create). */}
          <div className="flex items-center gap-2 border-t border-line pt-4 sm:gap-3 [&>button]:flex-1 [&>button]:px-2 sm:[&>button]:flex-none sm:[&>button]:px-4">
            <Button
              variant="outline"
              onClick={() => setState(goPrevious)}
              disabled={step === 1 || busy}
              className="sm:mr-auto"
            >
              <ArrowLeft aria-hidden />
              Previous
            </Button>
            {current ? (
              <>
                <Button
                  variant={validated ? "outline" : "default"}
                  onClick={() => void validate()}
                  disabled={!canValidate(state) || busy}
                  aria-busy={pending === "validate" || undefined}
                >
                  {pending === "validate" ? <Spinner className="size-4 text-current" /> : <ShieldCheck aria-hidden />}
                  Validate
                </Button>
                <Button
                  variant={validated ? "default" : "outline"}
                  onClick={() => setState(goNext)}
                  disabled={!canGoNext(state) || busy}
                >
                  Next
                  <ArrowRight aria-hidden />
                </Button>
              </>
            ) : (
              <Button type="submit" disabled={busy} aria-busy={pending === "create" || undefined}>
                {pending === "create" ? <Spinner className="text-white" /> : <Plus aria-hidden />}
                Create Integration
              </Button>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
