import {
  createIntegrationSchema,
  updateIntegrationSchema,
  type CreateIntegrationInput,
  type Integration,
  type IntegrationType,
  type UpdateIntegrationInput,
} from "../../../schema/api/integrations";
import { ApiError } from "../../lib/api";
import type { FieldErrors } from "../../lib/form";
import { cleanDomain, SECRET_FIELDS, type FormField } from "./fields";

// Manual Setup and Edit: the forms' values, their checks with the shared schemas, and the requests they send.

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
  apiKey: string;
  teamKey: string;
  epicAs: "issue" | "project";
  token: string;
  repository: string;
  organization: string;
  project: string;
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
  apiKey: "",
  teamKey: "",
  epicAs: "issue",
  token: "",
  repository: "",
  organization: "",
  project: "",
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
  switch (type) {
    case "jira":
      return {
        domain: cleanDomain(values.domain),
        email: values.email,
        apiToken: values.apiToken,
        projectKey: values.projectKey.toUpperCase(),
      };
    case "notion":
      return { integrationSecret: values.integrationSecret, pageUrl: values.pageUrl };
    case "linear":
      return { apiKey: values.apiKey, teamKey: values.teamKey.toUpperCase(), epicAs: values.epicAs };
    case "github":
      return { token: values.token, repository: values.repository };
    case "azure-devops":
      return { organization: values.organization, project: values.project, token: values.token };
  }
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
  const base = { ...EMPTY_FORM, type: integration.type, name: integration.name };
  switch (integration.type) {
    case "jira": {
      const { domain, email, projectKey } = integration.config;
      return { ...base, domain, email, projectKey };
    }
    case "notion":
      return { ...base, pageUrl: integration.config.pageUrl };
    case "linear":
      return { ...base, teamKey: integration.config.teamKey, epicAs: integration.config.epicAs };
    case "github":
      return { ...base, repository: integration.config.repository };
    case "azure-devops":
      return { ...base, organization: integration.config.organization, project: integration.config.project };
  }
}

/** The stored secret's mask, shown in the list and as the placeholder of a blank secret field when editing. */
export function secretMaskOf(integration: Integration): string {
  const config = integration.config as Record<string, string>;
  return config[SECRET_FIELDS[integration.type].key] ?? "";
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
  const { key: secretField, schema: secretSchema } = SECRET_FIELDS[integration.type];
  const secret = config[secretField]!.trim();
  if (secret === "") delete config[secretField];
  const parsed = updateIntegrationSchema.safeParse({ name: values.name, isActive, config });
  const errors = parsed.success ? {} : errorsOf(parsed.error.issues);
  if (secret !== "" && !errors[secretField]) {
    const secretCheck = secretSchema.safeParse(secret);
    if (!secretCheck.success) errors[secretField] = secretCheck.error.issues[0]?.message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { kind: "invalid", errors };
  return { kind: "ok", input: parsed.data as UpdateIntegrationInput };
}

/** Where the integration sends stories, for its row: the site and project, the page, team or repository. */
export function destinationOf(integration: Integration): string {
  switch (integration.type) {
    case "jira":
      return `${integration.config.domain} · Project ${integration.config.projectKey}`;
    case "notion":
      return integration.config.pageUrl;
    case "linear":
      return `Team ${integration.config.teamName} (${integration.config.teamKey}) · epic as ${integration.config.epicAs === "project" ? "a project" : "a parent issue"}`;
    case "github":
      return `github.com/${integration.config.repository}`;
    case "azure-devops":
      return `dev.azure.com/${integration.config.organization} · Project ${integration.config.project}`;
  }
}
