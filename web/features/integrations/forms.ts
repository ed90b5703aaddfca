import {
  createIntegrationSchema,
  jiraApiTokenSchema,
  notionSecretSchema,
  updateIntegrationSchema,
  type CreateIntegrationInput,
  type Integration,
  type IntegrationType,
  type UpdateIntegrationInput,
} from "../../../schema/api/integrations";
import { ApiError } from "../../lib/api";
import type { FieldErrors } from "../../lib/form";
import { cleanDomain } from "./wizard";

// Manual Setup and Edit: the forms' values, their checks with the shared schemas, and the requests they send.

export const CONFIG_FIELDS = {
  jira: ["domain", "email", "apiToken", "projectKey"],
  notion: ["integrationSecret", "pageUrl"],
} as const satisfies Record<IntegrationType, readonly string[]>;

export type ConfigField = (typeof CONFIG_FIELDS)[IntegrationType][number];
export type FormField = "type" | "name" | ConfigField;

export interface IntegrationFormValues {
  /** Empty until a type is chosen (Manual Setup); fixed when editing. */
  type: IntegrationType | "";
  name: string;
  domain: string;
  email: string;
  apiToken: string;
  projectKey: string;
  integrationSecret: string;
  pageUrl: string;
}

export const EMPTY_FORM: IntegrationFormValues = {
  type: "",
  name: "",
  domain: "",
  email: "",
  apiToken: "",
  projectKey: "",
  integrationSecret: "",
  pageUrl: "",
};

/** The field an issue path names: `name`, or a config field (`["config", "domain"]` → `domain`). */
function fieldOfPath(path: readonly PropertyKey[]): FormField | undefined {
  const last = path[0] === "config" ? path[1] : path[0];
  return typeof last === "string" ? (last as FormField) : undefined;
}

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors<FormField> {
  const errors: FieldErrors<FormField> = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The fields a server error names, with its messages: details.field (`domain` or `config.domain`) from a check, or
 * details.issues[].path from the request's schema validation.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  if (!(error instanceof ApiError) || !error.details) return {};
  const named: { path: unknown; message: unknown }[] = [];
  if (typeof error.details.field === "string") named.push({ path: error.details.field, message: error.serverMessage });
  if (Array.isArray(error.details.issues))
    named.push(...(error.details.issues as { path: unknown; message: unknown }[]));
  const errors: FieldErrors<F> = {};
  for (const { path, message } of named) {
    if (typeof path !== "string" || typeof message !== "string") continue;
    const field = path.replace(/^config\./, "") as F;
    if (fields.includes(field) && !(field in errors)) errors[field] = message;
  }
  return errors;
}

function configOf(values: IntegrationFormValues, type: IntegrationType): Record<string, string> {
  return type === "jira"
    ? {
        domain: cleanDomain(values.domain),
        email: values.email,
        apiToken: values.apiToken,
        projectKey: values.projectKey.toUpperCase(),
      }
    : { integrationSecret: values.integrationSecret, pageUrl: values.pageUrl };
}

export type FormCheck<T> =
  { kind: "missing" } | { kind: "invalid"; errors: FieldErrors<FormField> } | { kind: "ok"; input: T };

/**
 * Manual Setup's check (docs/product-spec.md §5): type and name first ('Missing Information'), then that type's config fields with
 * the shared schema's messages.
 */
export function checkManual(values: IntegrationFormValues): FormCheck<CreateIntegrationInput> {
  if (values.type === "" || values.name.trim() === "") return { kind: "missing" };
  const parsed = createIntegrationSchema.safeParse({
    type: values.type,
    name: values.name,
    isActive: true,
    config: configOf(values, values.type),
  });
  if (!parsed.success) return { kind: "invalid", errors: errorsOf(parsed.error.issues) };
  return { kind: "ok", input: parsed.data };
}

/** The edit form starts from the integration as the API shows it; secret fields start blank (keep the stored one). */
export function editValuesOf(integration: Integration): IntegrationFormValues {
  return integration.type === "jira"
    ? {
        ...EMPTY_FORM,
        type: "jira",
        name: integration.name,
        domain: integration.config.domain,
        email: integration.config.email,
        projectKey: integration.config.projectKey,
      }
    : { ...EMPTY_FORM, type: "notion", name: integration.name, pageUrl: integration.config.pageUrl };
}

/**
 * Edit's check and request: the name, isActive and the type's config fields; a blank secret is left out, so the
 * server keeps the stored one. A new secret is checked like a created one.
 */
export function checkEdit(
  integration: Integration,
  values: IntegrationFormValues,
  isActive: boolean,
): FormCheck<UpdateIntegrationInput> {
  const config = configOf(values, integration.type);
  const secretField = integration.type === "jira" ? "apiToken" : "integrationSecret";
  const secret = config[secretField]!.trim();
  if (secret === "") delete config[secretField];
  const parsed = updateIntegrationSchema.safeParse({ name: values.name, isActive, config });
  const errors = parsed.success ? {} : errorsOf(parsed.error.issues);
  if (secret !== "" && !errors[secretField]) {
    const secretCheck = (integration.type === "jira" ? jiraApiTokenSchema : notionSecretSchema).safeParse(secret);
    if (!secretCheck.success) errors[secretField] = secretCheck.error.issues[0]?.message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { kind: "invalid", errors };
  return { kind: "ok", input: parsed.data as UpdateIntegrationInput };
}

/** Where the integration sends stories, for its row: the JIRA site and project, or the Notion page. */
export function destinationOf(integration: Integration): string {
  return integration.type === "jira"
    ? `${integration.config.domain} · Project ${integration.config.projectKey}`
    : integration.config.pageUrl;
}
