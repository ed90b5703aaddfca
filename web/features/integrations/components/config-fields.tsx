import { ExternalLink } from "lucide-react";
import { Switch } from "radix-ui";
import { useId, type ReactNode } from "react";
import { JIRA_DOMAIN_FORMAT } from "../../../../schema/api/integrations";
import { TextField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import type { FieldErrors } from "../../../lib/form";
import type { FormField, IntegrationFormValues } from "../forms";

export const API_TOKENS_URL = "https://id.atlassian.com/manage-profile/security/api-tokens";

/** Where a JIRA API token is made; it opens in a new tab, so the form keeps what was typed. */
export function ApiTokenLink({ children = "Create an API token" }: { children?: ReactNode }) {
  return (
    <a
      href={API_TOKENS_URL}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
    >
      {children}
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export const PROJECT_KEY_HINT = "Usually 2-10 upper-case letters";

interface FieldsProps {
  values: IntegrationFormValues;
  errors: FieldErrors<FormField>;
  disabled?: boolean;
  onChange(field: FormField, value: string): void;
  /** Editing: the stored secret's mask, shown as the placeholder of a blank secret field. */
  secretMask?: string;
}

interface JiraFieldProps {
  value: string;
  error?: string;
  disabled?: boolean;
  onChange(value: string): void;
  hint?: ReactNode;
}

// JIRA's settings one field at a time, so Manual Setup, Edit and each step of the wizard show the same inputs.

export function JiraDomainField({ value, error, disabled, onChange, hint }: JiraFieldProps) {
  return (
    <TextField
      label="JIRA domain"
      name="domain"
      inputMode="url"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={JIRA_DOMAIN_FORMAT}
      hint={hint}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      disabled={disabled}
      required
    />
  );
}

export function JiraEmailField({ value, error, disabled, onChange }: JiraFieldProps) {
  return (
    <TextField
      label="Atlassian account email"
      name="email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      disabled={disabled}
      required
    />
  );
}

/** With `secretMask` (editing), a blank field keeps the stored token. */
export function JiraApiTokenField({
  value,
  error,
  disabled,
  onChange,
  hint,
  secretMask,
}: JiraFieldProps & { secretMask?: string }) {
  return (
    <TextField
      label="API token"
      name="apiToken"
      type="password"
      autoComplete="off"
      spellCheck={false}
      placeholder={secretMask}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      disabled={disabled}
      required={!secretMask}
      hint={hint}
    />
  );
}

/** Forced to upper case as it is typed (docs/product-spec.md §5). */
export function JiraProjectKeyField({ value, error, disabled, onChange }: JiraFieldProps) {
  return (
    <TextField
      label="Project key"
      name="projectKey"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      placeholder="e.g. SL"
      value={value}
      onChange={(e) => onChange(e.target.value.toUpperCase())}
      error={error}
      hint={PROJECT_KEY_HINT}
      disabled={disabled}
      required
    />
  );
}

/** JIRA's four settings (docs/product-spec.md §3): site, account email, API token and project key. */
export function JiraConfigFields({ values, errors, disabled, onChange, secretMask }: FieldsProps) {
  return (
    <>
      <JiraDomainField
        value={values.domain}
        error={errors.domain}
        disabled={disabled}
        onChange={(v) => onChange("domain", v)}
      />
      <JiraEmailField
        value={values.email}
        error={errors.email}
        disabled={disabled}
        onChange={(v) => onChange("email", v)}
      />
      <JiraApiTokenField
        value={values.apiToken}
        error={errors.apiToken}
        disabled={disabled}
        onChange={(v) => onChange("apiToken", v)}
        secretMask={secretMask}
        hint={
          <>
            {secretMask ? "Leave blank to keep the current token. " : ""}
            <ApiTokenLink />
          </>
        }
      />
      <JiraProjectKeyField
        value={values.projectKey}
        error={errors.projectKey}
        disabled={disabled}
        onChange={(v) => onChange("projectKey", v)}
      />
    </>
  );
}

/** Notion's two settings (docs/product-spec.md §3): the integration secret and the page stories go under. */
export function NotionConfigFields({ values, errors, disabled, onChange, secretMask }: FieldsProps) {
  return (
    <>
      <TextField
        label="Integration secret"
        name="integrationSecret"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder={secretMask ?? "secret_… or ntn_…"}
        value={values.integrationSecret}
        onChange={(e) => onChange("integrationSecret", e.target.value)}
        error={errors.integrationSecret}
        hint={secretMask ? "Leave blank to keep the current secret." : "From your Notion integration's settings."}
        disabled={disabled}
        required={!secretMask}
      />
      <TextField
        label="Page URL"
        name="pageUrl"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://www.notion.so/Team-Roadmap-…"
        value={values.pageUrl}
        onChange={(e) => onChange("pageUrl", e.target.value)}
        error={errors.pageUrl}
        hint="The page exported stories go under; share it with your integration."
        disabled={disabled}
        required
      />
    </>
  );
}

/** An on/off switch with its label and a hint (Radix Switch: a button with role="switch"). */
export function ActiveSwitch({
  checked,
  onCheckedChange,
  disabled,
}: {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-line p-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>Active</Label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          Only active integrations are offered in Export menus.
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
