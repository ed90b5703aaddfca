import type { CreateIntegrationInput } from "../../../schema/api/integrations";
import type { FieldErrors } from "../../lib/form";
import type { ConfigField, FieldSpec, FormField } from "./fields";
import { EMPTY_FORM, type IntegrationFormValues } from "./forms";
import { WIZARDS, type Config, type StepDef, type StepResults, type WizardType } from "./wizard-definitions";

// The one wizard engine, for JIRA, Linear, GitHub Issues and Azure DevOps (their steps in wizard-definitions.ts):
// checked steps, each checked by the server before Next, then the review and Create. Pure, so the rules are tested
// without a browser; components/wizard-dialog.tsx only renders it.

export interface WizardState {
  type: WizardType;
  /** 1-based; the last step is the review. */
  step: number;
  values: IntegrationFormValues;
  results: StepResults;
}

export function initialWizard(type: WizardType): WizardState {
  return { type, step: 1, values: { ...EMPTY_FORM, type }, results: {} };
}

/** The step's definition; undefined on the review. */
export function stepDef(state: WizardState): StepDef | undefined {
  return WIZARDS[state.type].steps[state.step - 1];
}

export function isReview(state: WizardState): boolean {
  return stepDef(state) === undefined;
}

/** The steps' names, the review's last. */
export function stepLabels(type: WizardType): string[] {
  return [...WIZARDS[type].steps.map((step) => step.label), "Review"];
}

function specsOf(type: WizardType): FieldSpec[] {
  return WIZARDS[type].steps.flatMap((step) => [...step.fields, ...(step.extra ?? [])]);
}

/** The step whose check depends on the field; null for a field chosen freely. */
function stepOf(type: WizardType, field: FormField): number | null {
  const index = WIZARDS[type].steps.findIndex((step) => step.fields.some((spec) => spec.key === field));
  return index < 0 ? null : index + 1;
}

/**
 * A typed value (forced to upper case where the field says so, docs/product-spec.md §5). Changing a field undoes its
 * step's check and every later one: they were made with the old value.
 */
export function setField(state: WizardState, field: FormField, value: string): WizardState {
  const typed = specsOf(state.type).find((spec) => spec.key === field)?.upperCase ? value.toUpperCase() : value;
  if (state.values[field] === typed) return state;
  const values = { ...state.values, [field]: typed };
  const from = stepOf(state.type, field);
  if (from === null) return { ...state, values };
  const results: StepResults = {};
  for (const [step, result] of Object.entries(state.results)) if (Number(step) < from) results[Number(step)] = result;
  return { ...state, values, results };
}

/** docs/product-spec.md §5: Validate is disabled until the step's fields are filled. */
export function canValidate(state: WizardState): boolean {
  const step = stepDef(state);
  return step !== undefined && step.fields.every((spec) => state.values[spec.key].trim() !== "");
}

/** docs/product-spec.md §4: Next only after this step's check succeeded (and nothing in it changed since). */
export function canGoNext(state: WizardState): boolean {
  return !isReview(state) && state.results[state.step] !== undefined;
}

export function goNext(state: WizardState): WizardState {
  return canGoNext(state) ? { ...state, step: state.step + 1 } : state;
}

export function goPrevious(state: WizardState): WizardState {
  return state.step > 1 ? { ...state, step: state.step - 1 } : state;
}

/** Records a step's successful server check. */
export function markValidated(state: WizardState, step: number, result: unknown): WizardState {
  return { ...state, results: { ...state.results, [step]: result } };
}

function parse(spec: FieldSpec, value: string) {
  const typed = spec.clean ? spec.clean(value) : value;
  return spec.schema ? spec.schema.safeParse(typed) : ({ success: true, data: typed } as const);
}

export type StepCheck =
  { ok: true; request: Partial<Record<ConfigField, string>> } | { ok: false; errors: FieldErrors<FormField> };

/**
 * The client-side check of a step with the shared schemas' messages (its fields, and what its server check sends),
 * and the server check's request.
 */
export function checkStep(type: WizardType, step: number, values: IntegrationFormValues): StepCheck {
  const current = WIZARDS[type].steps[step - 1];
  if (!current) return { ok: false, errors: {} };
  const specs = specsOf(type);
  const checked = [
    ...current.fields,
    ...current.sends
      .filter((key) => !current.fields.some((spec) => spec.key === key))
      .flatMap((key) => specs.filter((spec) => spec.key === key)),
  ];
  const errors: FieldErrors<FormField> = {};
  const request: Partial<Record<ConfigField, string>> = {};
  for (const spec of checked) {
    const parsed = parse(spec, values[spec.key]);
    if (!parsed.success) errors[spec.key] = parsed.error.issues[0]?.message;
    else if ((current.sends as readonly string[]).includes(spec.key)) request[spec.key as ConfigField] = parsed.data;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, request };
}

/** The settings as checked: each as its schema reads it, the destination as the tracker spells it. */
export function configOf(state: WizardState): Config {
  const config: Config = {};
  for (const spec of specsOf(state.type)) {
    if (spec.key === "name" || spec.key === "type") continue;
    const value = state.values[spec.key];
    const parsed = parse(spec, value);
    config[spec.key] = parsed.success ? parsed.data : value.trim();
  }
  return { ...config, ...WIZARDS[state.type].spelled?.(state.results) };
}

/** The review's Create: the integration as checked, active from the start. */
export function createInputOf(state: WizardState): CreateIntegrationInput {
  return {
    type: state.type,
    name: state.values.name.trim(),
    isActive: true,
    config: configOf(state),
  } as CreateIntegrationInput;
}

/** What a step's successful check says, under its fields and in the toast. */
export function resultText(state: WizardState, step: number): string {
  const result = state.results[step];
  const current = WIZARDS[state.type].steps[step - 1];
  return result === undefined || !current ? "" : current.text(result, configOf(state));
}

/** The review: the settings as they will be created, and what an export will create. */
export function reviewOf(state: WizardState): { rows: [string, string][]; note: string } {
  const { rows, note } = WIZARDS[state.type].review(configOf(state), state.results);
  return { rows: [["Name", state.values.name.trim()], ...rows], note };
}
