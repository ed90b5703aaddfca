import { maskSecret } from "../../../../schema/api/secret-mask";
import { ArrowLeft, ArrowRight, Plus, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { JIRA_DOMAIN_FORMAT } from "../../../../schema/api/integrations";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api";
import { focusFirstInvalid, type FieldErrors } from "../../../lib/form";
import {
  createIntegration,
  isIntegrationsUnavailable,
  validateJiraAuth,
  validateJiraDomain,
  validateJiraProject,
} from "../../../shared/integrations/api";
import { reportIntegrationError } from "../errors";
import { serverFieldErrors } from "../forms";
import {
  canGoNext,
  canValidate,
  checkStep,
  createInputOf,
  goNext,
  goPrevious,
  initialWizard,
  markValidated,
  setField,
  STEP_FIELDS,
  STEP_LABELS,
  type CheckedStep,
  type StepRequest,
  type StepResults,
  type WizardField,
  type WizardState,
} from "../wizard";
import { ApiTokenLink, JiraApiTokenField, JiraDomainField, JiraEmailField, JiraProjectKeyField } from "./config-fields";
import { ReviewRows, StepIndicator, StepResult } from "./wizard-parts";

/** What a step's successful check says, shown under its fields and in the toast. */
function resultText(step: CheckedStep, results: StepResults, domain: string): string {
  if (step === 1)
    return results[1]?.serverTitle ? `Found ${results[1].serverTitle} (${domain}).` : `Found the JIRA site ${domain}.`;
  if (step === 2) return `Signed in as ${results[2]?.displayName ?? ""}`;
  return `Project ${results[3]?.name ?? ""} (${results[3]?.key ?? ""})`;
}

/**
 * The JIRA Wizard (docs/product-spec.md §2, §4): 1 name and domain, 2 email and API token, 3 project key, 4 review and create.
 * Validate asks the server about steps 1–3; Next opens only after that step's check passed, and closes again when
 * one of its fields changes. Mounted only while open, so closing resets it.
 */
export default function JiraWizardDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const [state, setState] = useState<WizardState>(initialWizard);
  const [errors, setErrors] = useState<FieldErrors<WizardField>>({});
  const [pending, setPending] = useState<"validate" | "create" | null>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { step, values, results } = state;

  useEffect(() => {
    // A new step: focus its first field (the review step: its heading), so keyboard users continue from there.
    const target = stepRef.current?.querySelector<HTMLElement>("input, h3");
    target?.focus();
  }, [step]);

  function change(field: WizardField, value: string) {
    setState((s) => setField(s, field, value));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function showErrors(next: FieldErrors<WizardField>) {
    setErrors(next);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }

  async function validate() {
    if (step === 4 || pending || !canValidate(state)) return;
    const current = step;
    const checked = checkStep(current, values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setPending("validate");
    try {
      const request = checked.request;
      const next =
        current === 1
          ? markValidated(state, 1, await validateJiraDomain(request.domain))
          : current === 2
            ? markValidated(state, 2, await validateJiraAuth(request as StepRequest[2]))
            : markValidated(state, 3, await validateJiraProject(request as StepRequest[3]));
      // Only if nothing was typed meanwhile (a change would have undone the check).
      setState((s) => (s.values === state.values ? next : s));
      setErrors({});
      toast({
        title: "Validation Successful",
        description: resultText(current, next.results, checked.request.domain),
        variant: "success",
      });
    } catch (error) {
      if (isIntegrationsUnavailable(error)) {
        onClose();
        reportIntegrationError(projectId, error, "Validation Failed", "");
        return;
      }
      const inline = serverFieldErrors(error, STEP_FIELDS[current]);
      if (Object.keys(inline).length > 0) showErrors(inline);
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
    if (pending || step !== 4) return;
    setPending("create");
    try {
      const created = await createIntegration(projectId, createInputOf(values));
      toast({
        title: "Integration Created",
        description: `"${created.name}" is ready to export this project's stories to JIRA.`,
        variant: "success",
      });
      onClose();
    } catch (error) {
      setPending(null);
      if (
        reportIntegrationError(
          projectId,
          error,
          "Creation Failed",
          "Failed to create the integration. Please try again.",
        )
      )
        onClose();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Enter: check the step, or go on once it is checked, or create on the review.
    if (step === 4) void create();
    else if (canGoNext(state)) setState(goNext);
    else void validate();
  }

  const validated = step !== 4 && results[step] !== undefined;
  const busy = pending !== null;

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-xl" aria-busy={busy || undefined}>
        <DialogTitle>JIRA Wizard</DialogTitle>
        <DialogDescription>
          Step {step} of 4: {STEP_LABELS[step]}
        </DialogDescription>
        <StepIndicator
          labels={[STEP_LABELS[1], STEP_LABELS[2], STEP_LABELS[3], STEP_LABELS[4]]}
          step={step}
          checked={(n) => n < 4 && results[n as CheckedStep] !== undefined}
        />

        <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
          <div ref={stepRef} className="grid gap-5">
            {step === 1 && (
              <>
                <TextField
                  label="Integration name"
                  name="name"
                  autoComplete="off"
                  maxLength={100}
                  placeholder="e.g. Team JIRA"
                  value={values.name}
                  onChange={(e) => change("name", e.target.value)}
                  error={errors.name}
                  disabled={busy}
                  required
                />
                <JiraDomainField
                  value={values.domain}
                  onChange={(v) => change("domain", v)}
                  error={errors.domain}
                  disabled={busy}
                  hint={`Your JIRA Cloud site, e.g. ${JIRA_DOMAIN_FORMAT}`}
                />
              </>
            )}
            {step === 2 && (
              <>
                <JiraEmailField
                  value={values.email}
                  onChange={(v) => change("email", v)}
                  error={errors.email}
                  disabled={busy}
                />
                <JiraApiTokenField
                  value={values.apiToken}
                  onChange={(v) => change("apiToken", v)}
                  error={errors.apiToken}
                  hint={
                    <>
                      <ApiTokenLink>Create an API token in your Atlassian account</ApiTokenLink>, then paste it here.
                    </>
                  }
                  disabled={busy}
                />
              </>
            )}
            {step === 3 && (
              <JiraProjectKeyField
                value={values.projectKey}
                onChange={(v) => change("projectKey", v)}
                error={errors.projectKey}
                disabled={busy}
              />
            )}
            {step === 4 && <Review state={state} />}
          </div>

          <div aria-live="polite">
            {validated && (
              <StepResult>
                <p>{resultText(step, results, createInputOf(values).config.domain)}</p>
                {step === 3 && results[3] && results[3].issueTypes.length > 0 && (
                  <div className="mt-2">
                    <p className="text-xs font-medium">Issue types</p>
                    <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Issue types">
                      {results[3].issueTypes.map((type) => (
                        <li key={type.id}>
                          <Badge variant="success">{type.name}</Badge>
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
            {step !== 4 ? (
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

function Review({ state }: { state: WizardState }) {
  const input = createInputOf(state.values);
  const project = state.results[3];
  const rows: [string, string][] = [
    ["Name", input.name],
    ["JIRA domain", input.config.domain],
    ["Signed in as", state.results[2]?.displayName ?? input.config.email],
    ["Email", input.config.email],
    ["API token", maskSecret(input.config.apiToken)],
    ["Project", project ? `${project.name} (${project.key})` : input.config.projectKey],
  ];
  return (
    <ReviewRows
      id="wizard-review-heading"
      rows={rows}
      note="Exports create an epic in this project, with each user story under it."
    />
  );
}
