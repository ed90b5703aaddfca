import { ArrowLeft, ArrowRight, Plus, ShieldCheck } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { azureDevOpsOrganizationOf, INTEGRATION_LABELS, type TrackerType } from "../../../../schema/api/integrations";
import { maskSecret } from "../../../../schema/api/secret-mask";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { ApiError, errorMessage } from "../../../lib/api";
import { focusFirstInvalid, type FieldErrors } from "../../../lib/form";
import {
  createIntegration,
  isIntegrationsUnavailable,
  validateAzureDevOpsAuth,
  validateAzureDevOpsProject,
  validateGitHubAuth,
  validateGitHubRepository,
  validateLinearAuth,
  validateLinearTeam,
} from "../../../shared/integrations/api";
import { reportIntegrationError } from "../errors";
import {
  canGoNextTracker,
  canValidateTracker,
  checkTrackerStep,
  exportPlanText,
  goNextTracker,
  goPreviousTracker,
  initialTrackerWizard,
  markTrackerValidated,
  setTrackerField,
  stepFields,
  TRACKER_STEP_LABELS,
  trackerCreateInputOf,
  wizardFieldOf,
  type TrackerStepRequest,
  type TrackerWizardField,
  type TrackerWizardState,
} from "../tracker-wizard";
import {
  AZURE_DEVOPS_SERVER_NOTE,
  AzureDevOpsOrganizationField,
  CredentialLink,
  EpicAsField,
  GitHubRepositoryField,
  SecretField,
} from "./config-fields";
import { ReviewRows, StepIndicator, StepResult } from "./wizard-parts";

const SECRET_LABELS: Record<TrackerType, string> = {
  linear: "API key",
  github: "Access token",
  "azure-devops": "Personal access token",
};

/** Runs a step's server check. */
async function runCheck(request: TrackerStepRequest): Promise<unknown> {
  switch (request.type) {
    case "linear":
      return request.step === 1 ? validateLinearAuth(request.body) : validateLinearTeam(request.body);
    case "github":
      return request.step === 1 ? validateGitHubAuth(request.body) : validateGitHubRepository(request.body);
    case "azure-devops":
      return request.step === 1 ? validateAzureDevOpsAuth(request.body) : validateAzureDevOpsProject(request.body);
  }
}

/** What a step's successful check says, under its fields and in the toast. */
function resultText(state: TrackerWizardState, step: 1 | 2): string {
  const result = state.results[step] as Record<string, unknown> | undefined;
  if (!result) return "";
  if (step === 1) {
    if (state.type === "linear") {
      const teams = (result.teams as unknown[]).length;
      return `Signed in to Linear as ${String(result.name)}: ${teams} ${teams === 1 ? "team" : "teams"} to choose from.`;
    }
    if (state.type === "github") return `Signed in to GitHub as ${String(result.login)}.`;
    const projects = (result.projects as unknown[]).length;
    return `Connected to dev.azure.com/${azureDevOpsOrganizationOf(state.values.organization)}: ${projects} ${projects === 1 ? "project" : "projects"} to choose from.`;
  }
  if (state.type === "linear") {
    const estimates = result.estimates
      ? ` Estimates on its ${String(result.estimates)} scale.`
      : " It does not estimate.";
    const label = result.label
      ? ' Exports carry its "storyloom" label.'
      : ' No "storyloom" label: create one in Linear to label exports.';
    return `Team ${String(result.name)} (${String(result.key)}).${estimates}${label}`;
  }
  if (state.type === "github")
    return `Repository ${String(result.repository)}${result.private ? " (private)" : ""}.${result.canPush ? "" : " Your account cannot create labels there, so issues go without them."}`;
  return `Project ${String(result.name)}: ${String(result.epicType)} and ${String(result.storyType)} work items.`;
}

/**
 * The Linear, GitHub Issues and Azure DevOps wizards (issue 32), one dialog for the three: 1 name and credential,
 * checked by asking the tracker whose it is and what it can see; 2 the team, repository or project, picked from that
 * list (GitHub cannot list, so the repository is typed) and checked; 3 review and create. Next opens only after a
 * step's check passed, and closes again when one of its fields changes. Mounted only while open.
 */
export default function TrackerWizardDialog({
  projectId,
  type,
  onClose,
}: {
  projectId: number;
  type: TrackerType;
  onClose: () => void;
}) {
  const [state, setState] = useState<TrackerWizardState>(() => initialTrackerWizard(type));
  const [errors, setErrors] = useState<FieldErrors<TrackerWizardField>>({});
  const [pending, setPending] = useState<"validate" | "create" | null>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const label = INTEGRATION_LABELS[type];
  const { step, values } = state;

  useEffect(() => {
    stepRef.current?.querySelector<HTMLElement>("input, button[role='combobox'], h3")?.focus();
  }, [step]);

  function change(field: TrackerWizardField, value: string) {
    setState((s) => setTrackerField(s, field, value));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function showErrors(next: FieldErrors<TrackerWizardField>) {
    setErrors(next);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }

  async function validate() {
    if (step === 3 || pending || !canValidateTracker(state)) return;
    const current = step;
    const checked = checkTrackerStep(type, current, values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setPending("validate");
    try {
      const result = await runCheck(checked.request);
      const next = markTrackerValidated(state, current, result as never);
      setState((s) => (s.values === state.values ? next : s));
      setErrors({});
      toast({ title: "Validation Successful", description: resultText(next, current), variant: "success" });
    } catch (error) {
      if (isIntegrationsUnavailable(error)) {
        onClose();
        reportIntegrationError(projectId, error, "Validation Failed", "");
        return;
      }
      const field = error instanceof ApiError ? error.details?.field : undefined;
      const wizardField = typeof field === "string" ? wizardFieldOf(field.replace(/^config\./, "")) : null;
      if (wizardField && stepFields(type, current).includes(wizardField) && error instanceof ApiError)
        showErrors({ [wizardField]: error.serverMessage });
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
    if (pending || step !== 3) return;
    setPending("create");
    try {
      const created = await createIntegration(projectId, trackerCreateInputOf(state));
      toast({
        title: "Integration Created",
        description: `"${created.name}" is ready to export this project's stories to ${label}.`,
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
    if (step === 3) void create();
    else if (canGoNextTracker(state)) setState(goNextTracker);
    else void validate();
  }

  const validated = step !== 3 && state.results[step] !== undefined;
  const busy = pending !== null;

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-xl" aria-busy={busy || undefined}>
        <DialogTitle>{label} Wizard</DialogTitle>
        <DialogDescription>
          Step {step} of 3: {TRACKER_STEP_LABELS[step]}
        </DialogDescription>
        <StepIndicator
          labels={[TRACKER_STEP_LABELS[1], TRACKER_STEP_LABELS[2], TRACKER_STEP_LABELS[3]]}
          step={step}
          checked={(n) => n < 3 && state.results[n as 1 | 2] !== undefined}
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
                  placeholder={`e.g. Team ${label}`}
                  value={values.name}
                  onChange={(e) => change("name", e.target.value)}
                  error={errors.name}
                  disabled={busy}
                  required
                />
                {type === "azure-devops" && (
                  <AzureDevOpsOrganizationField
                    value={values.organization}
                    error={errors.organization}
                    disabled={busy}
                    onChange={(v) => change("organization", v)}
                  />
                )}
                <SecretField
                  label={SECRET_LABELS[type]}
                  name="secret"
                  value={values.secret}
                  error={errors.secret}
                  disabled={busy}
                  onChange={(v) => change("secret", v)}
                  hint={
                    <>
                      <CredentialLink type={type} />, then paste it here. It is stored encrypted and never shown again.
                    </>
                  }
                />
              </>
            )}
            {step === 2 && <DestinationStep state={state} errors={errors} busy={busy} onChange={change} />}
            {step === 3 && <Review state={state} />}
          </div>

          <div aria-live="polite">
            {validated && (
              <StepResult>
                <p>{resultText(state, step)}</p>
              </StepResult>
            )}
          </div>

          <div className="flex items-center gap-2 border-t border-line pt-4 sm:gap-3 [&>button]:flex-1 [&>button]:px-2 sm:[&>button]:flex-none sm:[&>button]:px-4">
            <Button
              variant="outline"
              onClick={() => setState(goPreviousTracker)}
              disabled={step === 1 || busy}
              className="sm:mr-auto"
            >
              <ArrowLeft aria-hidden />
              Previous
            </Button>
            {step !== 3 ? (
              <>
                <Button
                  variant={validated ? "outline" : "default"}
                  onClick={() => void validate()}
                  disabled={!canValidateTracker(state) || busy}
                  aria-busy={pending === "validate" || undefined}
                >
                  {pending === "validate" ? <Spinner className="size-4 text-current" /> : <ShieldCheck aria-hidden />}
                  Validate
                </Button>
                <Button
                  variant={validated ? "default" : "outline"}
                  onClick={() => setState(goNextTracker)}
                  disabled={!canGoNextTracker(state) || busy}
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

/** Step 2: the team or project picked from what step 1 found; GitHub's repository typed (its API cannot list them). */
function DestinationStep({
  state,
  errors,
  busy,
  onChange,
}: {
  state: TrackerWizardState;
  errors: FieldErrors<TrackerWizardField>;
  busy: boolean;
  onChange(field: TrackerWizardField, value: string): void;
}) {
  const id = useId();
  const found = state.results[1] as Record<string, unknown> | undefined;
  if (state.type === "github") {
    return (
      <GitHubRepositoryField
        value={state.values.destination}
        error={errors.destination}
        disabled={busy}
        onChange={(v) => onChange("destination", v)}
      />
    );
  }
  const options =
    state.type === "linear"
      ? ((found?.teams as { key: string; name: string }[] | undefined) ?? []).map((t) => ({
          value: t.key,
          text: `${t.name} (${t.key})`,
        }))
      : ((found?.projects as { name: string }[] | undefined) ?? []).map((p) => ({ value: p.name, text: p.name }));
  const what = state.type === "linear" ? "team" : "project";
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{state.type === "linear" ? "Team" : "Project"}</Label>
        <Select value={state.values.destination} onValueChange={(v) => onChange("destination", v)} disabled={busy}>
          <SelectTrigger
            id={id}
            aria-invalid={errors.destination ? true : undefined}
            aria-describedby={errors.destination ? `${id}-error` : `${id}-hint`}
            className="aria-invalid:border-red-500"
          >
            <SelectValue placeholder={`Choose a ${what}`} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.text}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {errors.destination ? (
          <p id={`${id}-error`} className="text-xs font-medium text-red-700">
            {errors.destination}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {options.length === 0
              ? `The ${state.type === "linear" ? "API key" : "token"} sees no ${what}s. Go back and use another one.`
              : state.type === "linear"
                ? "The teams this API key can see."
                : `The projects this token can see. ${AZURE_DEVOPS_SERVER_NOTE}`}
          </p>
        )}
      </div>
      {state.type === "linear" && (
        <EpicAsField value={state.values.epicAs} disabled={busy} onChange={(v) => onChange("epicAs", v)} />
      )}
    </>
  );
}

function Review({ state }: { state: TrackerWizardState }) {
  const input = trackerCreateInputOf(state);
  const config = input.config as Record<string, string>;
  const signedIn = state.results[1] as Record<string, unknown> | undefined;
  const rows: [string, string][] = [["Name", input.name]];
  if (state.type === "linear") {
    rows.push(["Signed in as", String(signedIn?.name ?? "")], ["Team", config.teamKey ?? ""]);
    rows.push(["API key", maskSecret(config.apiKey ?? "")]);
  } else if (state.type === "github") {
    rows.push(["Signed in as", String(signedIn?.login ?? "")], ["Repository", config.repository ?? ""]);
    rows.push(["Access token", maskSecret(config.token ?? "")]);
  } else {
    rows.push(["Organization", `dev.azure.com/${config.organization ?? ""}`], ["Project", config.project ?? ""]);
    rows.push(["Personal access token", maskSecret(config.token ?? "")]);
  }
  return <ReviewRows id="tracker-review-heading" rows={rows} note={exportPlanText(state)} />;
}
