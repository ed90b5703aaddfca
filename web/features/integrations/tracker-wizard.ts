import type { z } from "zod";
import {
  azureDevOpsOrganizationOf,
  azureDevOpsOrganizationSchema,
  azureDevOpsProjectSchema,
  azureDevOpsTokenSchema,
  githubRepositorySchema,
  githubTokenSchema,
  integrationNameSchema,
  linearApiKeySchema,
  linearTeamKeySchema,
  type AzureDevOpsAuthResult,
  type AzureDevOpsProjectResult,
  type CreateIntegrationInput,
  type GitHubAuthResult,
  type GitHubRepositoryResult,
  type LinearAuthResult,
  type LinearTeamResult,
  type TrackerType,
} from "../../../schema/api/integrations";
import type { FieldErrors } from "../../lib/form";

// The Linear, GitHub Issues and Azure DevOps wizards' state (issue 32): 1 connect (name and credential, checked by
// asking whose it is and what it can see), 2 destination (picked from that list, checked for what an export will
// create there), 3 review and create. Pure, so the rules are tested without a browser; the dialog renders it.

export type TrackerStep = 1 | 2 | 3;
export type TrackerCheckedStep = 1 | 2;

export interface TrackerWizardValues {
  name: string;
  /** The API key (Linear), the access token (GitHub) or the personal access token (Azure DevOps). */
  secret: string;
  /** Azure DevOps only. */
  organization: string;
  /** The team key (Linear), owner/name (GitHub) or the project's name (Azure DevOps). */
  destination: string;
  /** Linear only: where the epic goes. */
  epicAs: "issue" | "project";
}
export type TrackerWizardField = keyof TrackerWizardValues;

export type AuthResult<T extends TrackerType> = T extends "linear"
  ? LinearAuthResult
  : T extends "github"
    ? GitHubAuthResult
    : AzureDevOpsAuthResult;
export type DestinationResult<T extends TrackerType> = T extends "linear"
  ? LinearTeamResult
  : T extends "github"
    ? GitHubRepositoryResult
    : AzureDevOpsProjectResult;

export interface TrackerWizardState<T extends TrackerType = TrackerType> {
  type: T;
  step: TrackerStep;
  values: TrackerWizardValues;
  results: { 1?: AuthResult<T>; 2?: DestinationResult<T> };
}

export const TRACKER_STEP_LABELS: Record<TrackerStep, string> = { 1: "Connect", 2: "Destination", 3: "Review" };

/** The fields each step checks; the organisation is asked only by Azure DevOps. */
export function stepFields(type: TrackerType, step: TrackerCheckedStep): TrackerWizardField[] {
  if (step === 2) return ["destination"];
  return type === "azure-devops" ? ["name", "organization", "secret"] : ["name", "secret"];
}

export function initialTrackerWizard<T extends TrackerType>(type: T): TrackerWizardState<T> {
  return {
    type,
    step: 1,
    values: { name: "", secret: "", organization: "", destination: "", epicAs: "issue" },
    results: {},
  };
}

function stepOfField(field: TrackerWizardField): TrackerCheckedStep | null {
  if (field === "epicAs") return null; // chosen freely: no check depends on it
  return field === "destination" ? 2 : 1;
}

/** A typed value. Changing a field undoes its step's check and the later one (made with the old value). */
export function setTrackerField<T extends TrackerType>(
  state: TrackerWizardState<T>,
  field: TrackerWizardField,
  value: string,
): TrackerWizardState<T> {
  if (state.values[field] === value) return state;
  const values = { ...state.values, [field]: value } as TrackerWizardValues;
  const from = stepOfField(field);
  if (from === null) return { ...state, values };
  const results = from === 1 ? {} : { 1: state.results[1] };
  return { ...state, values, results };
}

export function canValidateTracker(state: TrackerWizardState): boolean {
  if (state.step === 3) return false;
  return stepFields(state.type, state.step).every((field) => state.values[field].trim() !== "");
}

export function canGoNextTracker(state: TrackerWizardState): boolean {
  return state.step !== 3 && state.results[state.step] !== undefined;
}

export function goNextTracker<T extends TrackerType>(state: TrackerWizardState<T>): TrackerWizardState<T> {
  return canGoNextTracker(state) ? { ...state, step: (state.step + 1) as TrackerStep } : state;
}

export function goPreviousTracker<T extends TrackerType>(state: TrackerWizardState<T>): TrackerWizardState<T> {
  return state.step > 1 ? { ...state, step: (state.step - 1) as TrackerStep } : state;
}

export function markTrackerValidated<T extends TrackerType>(
  state: TrackerWizardState<T>,
  step: TrackerCheckedStep,
  result: AuthResult<T> | DestinationResult<T>,
): TrackerWizardState<T> {
  return { ...state, results: { ...state.results, [step]: result } };
}

function check<S>(
  schema: z.ZodType<S, unknown>,
  value: string,
  field: TrackerWizardField,
  errors: FieldErrors<TrackerWizardField>,
): S | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  errors[field] = parsed.error.issues[0]?.message;
  return undefined;
}

/** What the server check of step 1 or 2 takes, per tracker. */
export type TrackerStepRequest =
  | { type: "linear"; step: 1; body: { apiKey: string } }
  | { type: "linear"; step: 2; body: { apiKey: string; teamKey: string } }
  | { type: "github"; step: 1; body: { token: string } }
  | { type: "github"; step: 2; body: { token: string; repository: string } }
  | { type: "azure-devops"; step: 1; body: { organization: string; token: string } }
  | { type: "azure-devops"; step: 2; body: { organization: string; token: string; project: string } };

export type TrackerStepCheck =
  { ok: true; request: TrackerStepRequest } | { ok: false; errors: FieldErrors<TrackerWizardField> };

const SECRET_SCHEMAS = {
  linear: linearApiKeySchema,
  github: githubTokenSchema,
  "azure-devops": azureDevOpsTokenSchema,
};
const DESTINATION_SCHEMAS = {
  linear: linearTeamKeySchema,
  github: githubRepositorySchema,
  "azure-devops": azureDevOpsProjectSchema,
};

/** The client-side check of a step with the shared schemas' messages, and the server check's request. */
export function checkTrackerStep(
  type: TrackerType,
  step: TrackerCheckedStep,
  values: TrackerWizardValues,
): TrackerStepCheck {
  const errors: FieldErrors<TrackerWizardField> = {};
  if (step === 1) check(integrationNameSchema, values.name, "name", errors);
  const secret = check(SECRET_SCHEMAS[type], values.secret, "secret", errors);
  const organization =
    type === "azure-devops" ? check(azureDevOpsOrganizationSchema, values.organization, "organization", errors) : "";
  const destination = step === 2 ? check(DESTINATION_SCHEMAS[type], values.destination, "destination", errors) : "";
  if (Object.keys(errors).length > 0 || secret === undefined || organization === undefined || destination === undefined)
    return { ok: false, errors };
  const request = ((): TrackerStepRequest => {
    if (type === "linear")
      return step === 1
        ? { type, step, body: { apiKey: secret } }
        : { type, step, body: { apiKey: secret, teamKey: destination } };
    if (type === "github")
      return step === 1
        ? { type, step, body: { token: secret } }
        : { type, step, body: { token: secret, repository: destination } };
    return step === 1
      ? { type, step, body: { organization, token: secret } }
      : { type, step, body: { organization, token: secret, project: destination } };
  })();
  return { ok: true, request };
}

/** The server names fields by their API names; the wizard has one field for each role. */
export function wizardFieldOf(serverField: string): TrackerWizardField | null {
  if (serverField === "apiKey" || serverField === "token") return "secret";
  if (serverField === "teamKey" || serverField === "repository" || serverField === "project") return "destination";
  if (serverField === "organization" || serverField === "name") return serverField;
  return null;
}

/** Step 3's Create: the integration as checked, active from the start (the destination as the tracker spells it). */
export function trackerCreateInputOf(state: TrackerWizardState): CreateIntegrationInput {
  const { values, type } = state;
  const name = values.name.trim();
  const secret = values.secret.trim();
  const found = state.results[2];
  if (type === "linear") {
    const teamKey = found && "key" in found ? found.key : values.destination.trim().toUpperCase();
    return { type, name, isActive: true, config: { apiKey: secret, teamKey, epicAs: values.epicAs } };
  }
  if (type === "github") {
    const repository = found && "repository" in found ? found.repository : values.destination.trim();
    return { type, name, isActive: true, config: { token: secret, repository } };
  }
  const project = found && "epicType" in found ? found.name : values.destination.trim();
  return {
    type,
    name,
    isActive: true,
    config: { organization: azureDevOpsOrganizationOf(values.organization), project, token: secret },
  };
}

/** What an export will create, in the destination's own terms, for the review. */
export function exportPlanText(state: TrackerWizardState): string {
  const found = state.results[2];
  if (state.type === "linear") {
    const team = found && "key" in found ? found : null;
    const epic = state.values.epicAs === "project" ? "a project" : "a parent issue";
    const each = state.values.epicAs === "project" ? "an issue in it" : "its sub-issue";
    const estimates = team?.estimates ? `, estimated on the team's ${team.estimates} scale` : "";
    const label = team?.label ? ', labelled "storyloom"' : "";
    return `Exports create ${epic} in ${team ? team.name : "the team"}, with each user story as ${each}${estimates}${label}.`;
  }
  if (state.type === "github") {
    return "Exports create an epic issue, with each user story as its sub-issue, labelled storyloom and by priority.";
  }
  const project = found && "epicType" in found ? found : null;
  return project
    ? `Exports create ${article(project.epicType)} ${project.epicType} work item, with each user story as ${article(project.storyType)} ${project.storyType} under it${project.storyPointsField ? ", its story points set" : ""}.`
    : "Exports create an Epic work item, with each user story under it.";
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}
