import type { z } from "zod";
import {
  azureDevOpsOrganizationSchema,
  azureDevOpsProjectSchema,
  azureDevOpsTokenSchema,
  githubRepositorySchema,
  githubTokenSchema,
  integrationNameSchema,
  JIRA_DOMAIN_FORMAT,
  jiraApiTokenSchema,
  jiraDomainSchema,
  jiraEmailSchema,
  jiraProjectKeySchema,
  linearApiKeySchema,
  linearConfigInputSchema,
  linearTeamKeySchema,
  notionPageUrlSchema,
  notionSecretSchema,
  type IntegrationType,
} from "../../../schema/api/integrations";

// Every setting an integration form asks for, as data: its label, input, placeholder, hint and the shared schema that
// checks it. Manual Setup, Edit and the wizards render these through one field component (components/config-field.tsx),
// so the same setting looks and checks the same everywhere.

/** Each type's settings, in the order the forms ask for them. */
export const CONFIG_FIELDS = {
  jira: ["domain", "email", "apiToken", "projectKey"],
  notion: ["integrationSecret", "pageUrl"],
  linear: ["apiKey", "teamKey", "epicAs"],
  github: ["token", "repository"],
  "azure-devops": ["organization", "project", "token"],
} as const satisfies Record<IntegrationType, readonly string[]>;

export type ConfigField = (typeof CONFIG_FIELDS)[IntegrationType][number];
export type FormField = "type" | "name" | ConfigField;

/** A link that opens in a new tab (so the form keeps what was typed), with text after it. */
export interface HintLink {
  href: string;
  text: string;
}
export type Hint = string | { link: HintLink; after?: string };

export interface FieldSpec {
  /** The value it edits. */
  key: FormField;
  label: string;
  /** The input's name, when it is not the key. */
  name?: string;
  /** A text input (the default), a select of options, or radio buttons (`options`). */
  control?: "text" | "select" | "radio";
  input?: {
    type?: "email" | "url" | "password";
    inputMode?: "url";
    autoComplete?: "off" | "email";
    autoCapitalize?: "none" | "characters";
    spellCheck?: false;
    maxLength?: number;
  };
  placeholder?: string;
  hint?: Hint;
  /** A select with nothing to choose from says so instead of its hint. */
  emptyHint?: string;
  /**
   * A text input that offers the step's choices as suggestions (a <datalist>; any other value can still be typed),
   * with `hint` said before its own hint when there are some. Without it, a text input takes no choices.
   */
  suggest?: { hint: string };
  /** Radio buttons: the choices, each with its own hint. */
  options?: readonly { value: string; label: string; hint: string }[];
  /** Forced to upper case as it is typed (docs/product-spec.md §5). */
  upperCase?: true;
  /** What a pasted value becomes before it is checked. */
  clean?: (value: string) => string;
  /** The shared schema that checks it (its messages are the form's). */
  schema?: z.ZodType<string, unknown>;
  /**
   * The write-only secret: editing, a blank field keeps the stored one, the mask is its placeholder and `keep` is
   * said before the hint (`alone`: instead of it).
   */
  keep?: { text: string; alone?: true };
}

/** A pasted site address is accepted as the bare domain: no scheme, no trailing slash. */
export function cleanDomain(domain: string): string {
  return domain
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "");
}

type SecretSpec = FieldSpec & {
  key: ConfigField;
  schema: z.ZodType<string, unknown>;
  keep: NonNullable<FieldSpec["keep"]>;
};

const SECRET_INPUT = { type: "password", autoComplete: "off", spellCheck: false } as const;
const KEY_INPUT = { autoComplete: "off", autoCapitalize: "characters", spellCheck: false } as const;
const AS_TYPED = { autoComplete: "off", autoCapitalize: "none", spellCheck: false } as const;

export const API_TOKENS_URL = "https://id.atlassian.com/manage-profile/security/api-tokens";

/** Where each tracker's credential is made. */
export const CREDENTIAL_LINKS = {
  linear: { href: "https://linear.app/settings/account/security", text: "Create a personal API key in Linear" },
  github: {
    href: "https://github.com/settings/personal-access-tokens/new",
    text: 'Create a fine-grained token with "Issues: Read and write"',
  },
  "azure-devops": {
    href: "https://learn.microsoft.com/azure/devops/organizations/accounts/use-personal-access-tokens-to-authenticate",
    text: 'Create a personal access token with "Work Items: Read & write"',
  },
} as const satisfies Record<string, HintLink>;

export const AZURE_DEVOPS_SERVER_NOTE =
  "Azure DevOps Services (dev.azure.com) only: on-premises Azure DevOps Server is not supported.";

/** The integration's name. */
export function nameField(label: string, placeholder?: string): FieldSpec {
  return {
    key: "name",
    label,
    input: { autoComplete: "off", maxLength: 100 },
    placeholder,
    schema: integrationNameSchema,
  };
}

/** Manual Setup's choice of type (its options are the types). */
export const TYPE_FIELD: FieldSpec = { key: "type", label: "Type", control: "select", placeholder: "Choose a type" };

// JIRA (docs/product-spec.md §3): site, account email, API token and project key.
export const JIRA_DOMAIN: FieldSpec = {
  key: "domain",
  label: "JIRA domain",
  input: { inputMode: "url", ...AS_TYPED },
  placeholder: JIRA_DOMAIN_FORMAT,
  clean: cleanDomain,
  schema: jiraDomainSchema,
};
export const JIRA_EMAIL: FieldSpec = {
  key: "email",
  label: "Atlassian account email",
  input: { type: "email", autoComplete: "email" },
  schema: jiraEmailSchema,
};
export const JIRA_API_TOKEN: SecretSpec = {
  key: "apiToken",
  label: "API token",
  input: SECRET_INPUT,
  hint: { link: { href: API_TOKENS_URL, text: "Create an API token" } },
  schema: jiraApiTokenSchema,
  keep: { text: "Leave blank to keep the current token. " },
};
export const JIRA_PROJECT_KEY: FieldSpec = {
  key: "projectKey",
  label: "Project key",
  input: KEY_INPUT,
  placeholder: "e.g. SL",
  hint: "Usually 2-10 upper-case letters",
  upperCase: true,
  schema: jiraProjectKeySchema,
};

// Notion (docs/product-spec.md §3): the integration secret and the page stories go under.
const NOTION_SECRET: SecretSpec = {
  key: "integrationSecret",
  label: "Integration secret",
  input: SECRET_INPUT,
  placeholder: "secret_… or ntn_…",
  hint: "From your Notion integration's settings.",
  schema: notionSecretSchema,
  keep: { text: "Leave blank to keep the current secret.", alone: true },
};
const NOTION_PAGE_URL: FieldSpec = {
  key: "pageUrl",
  label: "Page URL",
  input: { type: "url", inputMode: "url", autoComplete: "off", spellCheck: false },
  placeholder: "https://www.notion.so/Team-Roadmap-…",
  hint: "The page exported stories go under; share it with your integration.",
  schema: notionPageUrlSchema,
};

/** A tracker's credential, with the link to make one; editing, a blank one keeps the stored one. */
function trackerSecret(
  type: keyof typeof CREDENTIAL_LINKS,
  key: ConfigField,
  label: string,
  schema: z.ZodType<string, unknown>,
  placeholder?: string,
): SecretSpec {
  const keep = { text: "Leave blank to keep the current one. " };
  return { key, label, input: SECRET_INPUT, placeholder, hint: { link: CREDENTIAL_LINKS[type] }, schema, keep };
}

// Linear: the API key, the team's key and where the epic goes.
export const LINEAR_API_KEY = trackerSecret("linear", "apiKey", "API key", linearApiKeySchema, "lin_api_…");
const LINEAR_TEAM_KEY: FieldSpec = {
  key: "teamKey",
  label: "Team key",
  input: KEY_INPUT,
  placeholder: "e.g. ENG",
  hint: "The letters before an issue's number, as in ENG-42.",
  upperCase: true,
  schema: linearTeamKeySchema,
};
/** Where a Linear export puts the epic: a parent issue with sub-issues, or a project holding the issues. */
export const LINEAR_EPIC_AS: FieldSpec = {
  key: "epicAs",
  label: "The epic becomes",
  control: "radio",
  options: [
    { value: "issue", label: "A parent issue", hint: "Each story becomes its sub-issue." },
    { value: "project", label: "A project", hint: "Each story becomes an issue in it." },
  ],
  schema: linearConfigInputSchema.shape.epicAs,
};

// GitHub Issues: the token and the repository.
export const GITHUB_TOKEN = trackerSecret(
  "github",
  "token",
  "Access token",
  githubTokenSchema,
  "github_pat_… or ghp_…",
);
export const GITHUB_REPOSITORY: FieldSpec = {
  key: "repository",
  label: "Repository",
  input: AS_TYPED,
  placeholder: "owner/name",
  hint: "As in github.com/owner/name; a pasted link works too.",
  schema: githubRepositorySchema,
};

// Azure DevOps: the organisation, the project and the token.
export const AZURE_DEVOPS_ORGANIZATION: FieldSpec = {
  key: "organization",
  label: "Organization",
  input: AS_TYPED,
  placeholder: "e.g. contoso",
  hint: `As in dev.azure.com/{organization}. ${AZURE_DEVOPS_SERVER_NOTE}`,
  schema: azureDevOpsOrganizationSchema,
};
const AZURE_DEVOPS_PROJECT: FieldSpec = {
  key: "project",
  label: "Project",
  input: { autoComplete: "off", spellCheck: false },
  placeholder: "e.g. Fabrikam",
  hint: "The project's name, as Azure DevOps shows it.",
  schema: azureDevOpsProjectSchema,
};
export const AZURE_DEVOPS_TOKEN = trackerSecret(
  "azure-devops",
  "token",
  "Personal access token",
  azureDevOpsTokenSchema,
);

/** Each type's settings for Manual Setup and Edit, in CONFIG_FIELDS' order. */
export const CONFIG_FIELD_SPECS: Record<IntegrationType, readonly FieldSpec[]> = {
  jira: [JIRA_DOMAIN, JIRA_EMAIL, JIRA_API_TOKEN, JIRA_PROJECT_KEY],
  notion: [NOTION_SECRET, NOTION_PAGE_URL],
  linear: [LINEAR_API_KEY, LINEAR_TEAM_KEY, LINEAR_EPIC_AS],
  github: [GITHUB_TOKEN, GITHUB_REPOSITORY],
  "azure-devops": [AZURE_DEVOPS_ORGANIZATION, AZURE_DEVOPS_PROJECT, AZURE_DEVOPS_TOKEN],
};

/** Each type's write-only secret field. */
export const SECRET_FIELDS: Record<IntegrationType, SecretSpec> = {
  jira: JIRA_API_TOKEN,
  notion: NOTION_SECRET,
  linear: LINEAR_API_KEY,
  github: GITHUB_TOKEN,
  "azure-devops": AZURE_DEVOPS_TOKEN,
};
