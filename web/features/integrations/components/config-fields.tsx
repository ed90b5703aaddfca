import { ExternalLink } from "lucide-react";
import { Switch } from "radix-ui";
import { useId, type ReactNode } from "react";
import { JIRA_DOMAIN_FORMAT, type IntegrationType } from "../../../../schema/api/integrations";
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

/** Where each tracker's credential is made; the links open in a new tab, so the form keeps what was typed. */
export const TRACKER_CREDENTIAL_LINKS = {
  linear: { href: "https://linear.app/settings/account/security", text: "Create a personal API key in Linear" },
  github: {
    href: "https://github.com/settings/personal-access-tokens/new",
    text: 'Create a fine-grained token with "Issues: Read and write"',
  },
  "azure-devops": {
    href: "https://learn.microsoft.com/azure/devops/organizations/accounts/use-personal-access-tokens-to-authenticate",
    text: 'Create a personal access token with "Work Items: Read & write"',
  },
} as const;

export function CredentialLink({ type }: { type: keyof typeof TRACKER_CREDENTIAL_LINKS }) {
  const link = TRACKER_CREDENTIAL_LINKS[type];
  return (
    <a
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
    >
      {link.text}
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

interface SecretFieldProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange(value: string): void;
  secretMask?: string;
  placeholder?: string;
  hint?: ReactNode;
}

/** A write-only credential: with `secretMask` (editing), a blank field keeps the stored one. */
export function SecretField({
  label,
  name,
  value,
  error,
  disabled,
  onChange,
  secretMask,
  placeholder,
  hint,
}: SecretFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="off"
      spellCheck={false}
      placeholder={secretMask ?? placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={
        <>
          {secretMask ? "Leave blank to keep the current one. " : ""}
          {hint}
        </>
      }
      disabled={disabled}
      required={!secretMask}
    />
  );
}

/** Where a Linear export puts the epic: a parent issue with sub-issues, or a project holding the issues. */
export function EpicAsField({
  value,
  disabled,
  onChange,
}: {
  value: "issue" | "project";
  disabled?: boolean;
  onChange(value: "issue" | "project"): void;
}) {
  const id = useId();
  const options = [
    { value: "issue", label: "A parent issue", hint: "Each story becomes its sub-issue." },
    { value: "project", label: "A project", hint: "Each story becomes an issue in it." },
  ] as const;
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-ink">The epic becomes</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-line p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name="epicAs"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 accent-brand-700"
            />
            <span className="grid gap-0.5">
              <span className="font-medium text-ink">{option.label}</span>
              <span className="text-xs text-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Linear's settings for Manual Setup and Edit: the API key, the team's key and where the epic goes. */
export function LinearConfigFields({ values, errors, disabled, onChange, secretMask }: FieldsProps) {
  return (
    <>
      <SecretField
        label="API key"
        name="apiKey"
        value={values.apiKey}
        error={errors.apiKey}
        disabled={disabled}
        onChange={(v) => onChange("apiKey", v)}
        secretMask={secretMask}
        placeholder="lin_api_…"
        hint={<CredentialLink type="linear" />}
      />
      <TextField
        label="Team key"
        name="teamKey"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="e.g. ENG"
        value={values.teamKey}
        onChange={(e) => onChange("teamKey", e.target.value.toUpperCase())}
        error={errors.teamKey}
        hint="The letters before an issue's number, as in ENG-42."
        disabled={disabled}
        required
      />
      <EpicAsField value={values.epicAs} disabled={disabled} onChange={(v) => onChange("epicAs", v)} />
    </>
  );
}

export function GitHubRepositoryField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: string;
  error?: string;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  return (
    <TextField
      label="Repository"
      name="repository"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="owner/name"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint="As in github.com/owner/name; a pasted link works too."
      disabled={disabled}
      required
    />
  );
}

/** GitHub's settings for Manual Setup and Edit: the token and the repository. */
export function GitHubConfigFields({ values, errors, disabled, onChange, secretMask }: FieldsProps) {
  return (
    <>
      <SecretField
        label="Access token"
        name="token"
        value={values.token}
        error={errors.token}
        disabled={disabled}
        onChange={(v) => onChange("token", v)}
        secretMask={secretMask}
        placeholder="github_pat_… or ghp_…"
        hint={<CredentialLink type="github" />}
      />
      <GitHubRepositoryField
        value={values.repository}
        error={errors.repository}
        disabled={disabled}
        onChange={(v) => onChange("repository", v)}
      />
    </>
  );
}

export const AZURE_DEVOPS_SERVER_NOTE =
  "Azure DevOps Services (dev.azure.com) only: on-premises Azure DevOps Server is not supported.";

export function AzureDevOpsOrganizationField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: string;
  error?: string;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  return (
    <TextField
      label="Organization"
      name="organization"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="e.g. contoso"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={`As in dev.azure.com/{organization}. ${AZURE_DEVOPS_SERVER_NOTE}`}
      disabled={disabled}
      required
    />
  );
}

/** Azure DevOps's settings for Manual Setup and Edit: the organisation, the project and the token. */
export function AzureDevOpsConfigFields({ values, errors, disabled, onChange, secretMask }: FieldsProps) {
  return (
    <>
      <AzureDevOpsOrganizationField
        value={values.organization}
        error={errors.organization}
        disabled={disabled}
        onChange={(v) => onChange("organization", v)}
      />
      <TextField
        label="Project"
        name="project"
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. Fabrikam"
        value={values.project}
        onChange={(e) => onChange("project", e.target.value)}
        error={errors.project}
        hint="The project's name, as Azure DevOps shows it."
        disabled={disabled}
        required
      />
      <SecretField
        label="Personal access token"
        name="token"
        value={values.token}
        error={errors.token}
        disabled={disabled}
        onChange={(v) => onChange("token", v)}
        secretMask={secretMask}
        hint={<CredentialLink type="azure-devops" />}
      />
    </>
  );
}

/** The settings fields of any type, for Manual Setup and Edit. */
export function ConfigFieldsOf(props: FieldsProps & { type: IntegrationType }) {
  const { type, ...rest } = props;
  switch (type) {
    case "jira":
      return <JiraConfigFields {...rest} />;
    case "notion":
      return <NotionConfigFields {...rest} />;
    case "linear":
      return <LinearConfigFields {...rest} />;
    case "github":
      return <GitHubConfigFields {...rest} />;
    case "azure-devops":
      return <AzureDevOpsConfigFields {...rest} />;
  }
}
