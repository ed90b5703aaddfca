import type { z } from "zod";
import {
  integrationNameSchema,
  jiraApiTokenSchema,
  jiraDomainSchema,
  jiraEmailSchema,
  jiraProjectKeySchema,
  type CreateIntegrationInput,
  type JiraAuthResult,
  type JiraDomainResult,
  type JiraProjectResult,
} from "../../../schema/api/integrations";
import type { FieldErrors } from "../../lib/form";

// The JIRA wizard's state (docs/product-spec.md §4): four steps, each of the first three checked by the server before Next. Pure,
// so the rules are tested without a browser; the dialog only renders it.

export type WizardStep = 1 | 2 | 3 | 4;
export type CheckedStep = 1 | 2 | 3;

export interface WizardValues {
  name: string;
  domain: string;
  email: string;
  apiToken: string;
  projectKey: string;
}
export type WizardField = keyof WizardValues;

export const STEP_FIELDS: Record<CheckedStep, readonly WizardField[]> = {
  1: ["name", "domain"],
  2: ["email", "apiToken"],
  3: ["projectKey"],
};

export const STEP_LABELS: Record<WizardStep, string> = {
  1: "JIRA site",
  2: "Sign in",
  3: "Project",
  4: "Review",
};

/** What each step's server check answered. */
export interface StepResults {
  1?: JiraDomainResult;
  2?: JiraAuthResult;
  3?: JiraProjectResult;
}

export interface WizardState {
  step: WizardStep;
  values: WizardValues;
  results: StepResults;
}

export function initialWizard(): WizardState {
  return { step: 1, values: { name: "", domain: "", email: "", apiToken: "", projectKey: "" }, results: {} };
}

export function stepOf(field: WizardField): CheckedStep {
  return field === "name" || field === "domain" ? 1 : field === "projectKey" ? 3 : 2;
}

/**
 * A typed value. The project key is forced to upper case as typed (docs/product-spec.md §5). Changing a field undoes its step's
 * check and every later one (they were made with the old value: the site, then the sign-in on it).
 */
export function setField(state: WizardState, field: WizardField, value: string): WizardState {
  const typed = field === "projectKey" ? value.toUpperCase() : value;
  if (state.values[field] === typed) return state;
  const from = stepOf(field);
  const results: StepResults = {};
  for (const step of [1, 2, 3] as const) {
    if (step < from && state.results[step]) (results as Record<number, unknown>)[step] = state.results[step];
  }
  return { ...state, values: { ...state.values, [field]: typed }, results };
}

/** docs/product-spec.md §5: Validate is disabled until the step's fields are filled. */
export function canValidate(state: WizardState): boolean {
  if (state.step === 4) return false;
  return STEP_FIELDS[state.step].every((field) => state.values[field].trim() !== "");
}

/** docs/product-spec.md §4: Next only after this step's check succeeded (and nothing in it changed since). */
export function canGoNext(state: WizardState): boolean {
  return state.step !== 4 && state.results[state.step] !== undefined;
}

export function goNext(state: WizardState): WizardState {
  return canGoNext(state) ? { ...state, step: (state.step + 1) as WizardStep } : state;
}

export function goPrevious(state: WizardState): WizardState {
  return state.step > 1 ? { ...state, step: (state.step - 1) as WizardStep } : state;
}

/** Records a step's successful server check. */
export function markValidated<S extends CheckedStep>(
  state: WizardState,
  step: S,
  result: NonNullable<StepResults[S]>,
): WizardState {
  return { ...state, results: { ...state.results, [step]: result } };
}

/** A pasted site address is accepted as the bare domain: no scheme, no trailing slash. */
export function cleanDomain(domain: string): string {
  return domain
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "");
}

function check<T>(
  schema: z.ZodType<T>,
  value: string,
  field: WizardField,
  errors: FieldErrors<WizardField>,
): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  errors[field] = parsed.error.issues[0]?.message;
  return undefined;
}

export type StepCheck<S extends CheckedStep> =
  { ok: true; request: StepRequest[S] } | { ok: false; errors: FieldErrors<WizardField> };

export interface StepRequest {
  1: { domain: string };
  2: { domain: string; email: string; apiToken: string };
  3: { domain: string; email: string; apiToken: string; projectKey: string };
}

/**
 * The client-side check of a step with the shared schemas' messages ('Domain is required', 'Invalid domain
 * format…', 'Email and API token are required', 'Project key is required'), and the server check's request.
 */
export function checkStep<S extends CheckedStep>(step: S, values: WizardValues): StepCheck<S> {
  const errors: FieldErrors<WizardField> = {};
  const domain = check(jiraDomainSchema, cleanDomain(values.domain), "domain", errors);
  if (step === 1) {
    check(integrationNameSchema, values.name, "name", errors);
    return domain !== undefined && !errors.name
      ? ({ ok: true, request: { domain } } as StepCheck<S>)
      : { ok: false, errors };
  }
  const email = check(jiraEmailSchema, values.email, "email", errors);
  const apiToken = check(jiraApiTokenSchema, values.apiToken, "apiToken", errors);
  if (step === 2) {
    return domain !== undefined && email !== undefined && apiToken !== undefined
      ? ({ ok: true, request: { domain, email, apiToken } } as StepCheck<S>)
      : { ok: false, errors };
  }
  const projectKey = check(jiraProjectKeySchema, values.projectKey, "projectKey", errors);
  return domain !== undefined && email !== undefined && apiToken !== undefined && projectKey !== undefined
    ? ({ ok: true, request: { domain, email, apiToken, projectKey } } as StepCheck<S>)
    : { ok: false, errors };
}

/** Step 4's Create: the integration as checked, active from the start. */
export function createInputOf(values: WizardValues): Extract<CreateIntegrationInput, { type: "jira" }> {
  return {
    type: "jira",
    name: values.name.trim(),
    isActive: true,
    config: {
      domain: cleanDomain(values.domain).toLowerCase(),
      email: values.email.trim(),
      apiToken: values.apiToken.trim(),
      projectKey: values.projectKey.trim().toUpperCase(),
    },
  };
}
