import {
  azureDevOpsProjectSchema,
  GITHUB_REPOSITORIES_LISTED,
  INTEGRATION_LABELS,
  JIRA_DOMAIN_FORMAT,
  linearTeamKeySchema,
  type AzureDevOpsAuthResult,
  type AzureDevOpsProjectResult,
  type GitHubAuthResult,
  type GitHubRepositoryResult,
  type IntegrationType,
  type JiraAuthResult,
  type JiraDomainResult,
  type JiraProjectResult,
  type LinearAuthResult,
  type LinearTeamResult,
} from "../../../schema/api/integrations";
import { maskSecret } from "../../../schema/api/secret-mask";
import {
  validateAzureDevOpsAuth,
  validateAzureDevOpsProject,
  validateGitHubAuth,
  validateGitHubRepository,
  validateJiraAuth,
  validateJiraDomain,
  validateJiraProject,
  validateLinearAuth,
  validateLinearTeam,
} from "../../shared/integrations/api";
import {
  API_TOKENS_URL,
  AZURE_DEVOPS_ORGANIZATION,
  AZURE_DEVOPS_SERVER_NOTE,
  CREDENTIAL_LINKS,
  GITHUB_REPOSITORY,
  JIRA_API_TOKEN,
  JIRA_DOMAIN,
  JIRA_EMAIL,
  JIRA_PROJECT_KEY,
  LINEAR_EPIC_AS,
  nameField,
  SECRET_FIELDS,
  type ConfigField,
  type FieldSpec,
} from "./fields";

// The four wizards as data for the engine (wizard.ts): each checked step's fields, the server check it runs and
// what its answer says, then the review. JIRA (docs/product-spec.md §4): 1 site, 2 sign-in, 3 project, 4 review.
// Linear, GitHub Issues and Azure DevOps (issue 32): 1 connect (name and credential, checked by asking whose it is
// and what it can see), 2 destination (picked from that list; GitHub's is typed, its list offered as suggestions),
// 3 review.
// Notion has no wizard: Manual Setup only.

export type WizardType = Exclude<IntegrationType, "notion">;

/** What each step's server check answered, by step number. */
export type StepResults = Partial<Record<number, unknown>>;
/** The settings as they are checked and created. */
export type Config = Partial<Record<ConfigField, string>>;
export interface Choice {
  value: string;
  label: string;
}

export interface StepDef {
  label: string;
  /** Shown and checked, in order; a change to one undoes this step's check and the later ones. */
  fields: readonly FieldSpec[];
  /** Shown after them and chosen freely: no check depends on them. */
  extra?: readonly FieldSpec[];
  /** What the server check takes (checked too, with the shared schemas). */
  sends: readonly ConfigField[];
  check(request: Partial<Record<ConfigField, string>>): Promise<unknown>;
  /** What a successful check says, under the fields and in the toast. */
  text(result: unknown, config: Config): string;
  /** Named things the check found, listed under its text. */
  list?(result: unknown): { label: string; items: readonly { id: string; name: string }[] };
  /** A select's choices, or a text input's suggestions (any other value can be typed), from the earlier checks' answers. */
  choices?(results: StepResults): Choice[];
}

export interface WizardDef {
  /** The checked steps; the review follows them. */
  steps: readonly StepDef[];
  /** The destination as the tracker spells it, once found. */
  spelled?(results: StepResults): Config;
  /** The review's rows after the name, and what an export will create. */
  review(config: Config, results: StepResults): { rows: [string, string][]; note: string };
}

/** A step typed by what it sends and what its check answers. */
function step<R, K extends ConfigField>(def: {
  label: string;
  fields: readonly FieldSpec[];
  extra?: readonly FieldSpec[];
  sends: readonly K[];
  /** Takes exactly what `sends` names (a property, not a method, so its parameter is checked strictly). */
  check: (request: Record<NoInfer<K>, string>) => Promise<R>;
  text(result: R, config: Config): string;
  list?(result: R): { label: string; items: readonly { id: string; name: string }[] };
  choices?(results: StepResults): Choice[];
}): StepDef {
  return def as unknown as StepDef;
}

function found<R>(results: StepResults, step: number): R | undefined {
  return results[step] as R | undefined;
}

function count(n: number, what: string): string {
  return `${n} ${n === 1 ? what : `${what}s`}`;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

function wizardName(type: WizardType): FieldSpec {
  return nameField("Integration name", `e.g. Team ${INTEGRATION_LABELS[type]}`);
}

/** A tracker's credential in its wizard: no placeholder, the link to make one and what happens to it. */
function wizardSecret(type: Exclude<WizardType, "jira">): FieldSpec {
  return {
    ...SECRET_FIELDS[type],
    name: "secret",
    placeholder: undefined,
    hint: {
      link: CREDENTIAL_LINKS[type],
      after: ", then paste it here. It is stored encrypted and never shown again.",
    },
  };
}

/** Step 2's pick among what step 1's check found the credential can see. */
function destinationChoice(
  key: ConfigField,
  what: "team" | "project",
  credential: string,
  schema: FieldSpec["schema"],
  note = "",
): FieldSpec {
  return {
    key,
    label: what === "team" ? "Team" : "Project",
    control: "select",
    placeholder: `Choose a ${what}`,
    hint: `The ${what}s this ${credential} can see.${note}`,
    emptyHint: `The ${credential} sees no ${what}s. Go back and use another one.`,
    schema,
  };
}

const JIRA: WizardDef = {
  steps: [
    step({
      label: "JIRA site",
      fields: [wizardName("jira"), { ...JIRA_DOMAIN, hint: `Your JIRA Cloud site, e.g. ${JIRA_DOMAIN_FORMAT}` }],
      sends: ["domain"],
      check: ({ domain }) => validateJiraDomain(domain),
      text: (site: JiraDomainResult, { domain }) =>
        site.serverTitle ? `Found ${site.serverTitle} (${domain}).` : `Found the JIRA site ${domain}.`,
    }),
    step({
      label: "Sign in",
      fields: [
        JIRA_EMAIL,
        {
          ...JIRA_API_TOKEN,
          hint: {
            link: { href: API_TOKENS_URL, text: "Create an API token in your Atlassian account" },
            after: ", then paste it here.",
          },
        },
      ],
      sends: ["domain", "email", "apiToken"],
      check: validateJiraAuth,
      text: (me: JiraAuthResult) => `Signed in as ${me.displayName}`,
    }),
    step({
      label: "Project",
      fields: [JIRA_PROJECT_KEY],
      sends: ["domain", "email", "apiToken", "projectKey"],
      check: validateJiraProject,
      text: (project: JiraProjectResult) => `Project ${project.name} (${project.key})`,
      list: (project) => ({ label: "Issue types", items: project.issueTypes }),
    }),
  ],
  review: (config, results) => {
    const project = found<JiraProjectResult>(results, 3);
    return {
      rows: [
        ["JIRA domain", config.domain ?? ""],
        ["Signed in as", found<JiraAuthResult>(results, 2)?.displayName ?? config.email ?? ""],
        ["Email", config.email ?? ""],
        ["API token", maskSecret(config.apiToken ?? "")],
        ["Project", project ? `${project.name} (${project.key})` : (config.projectKey ?? "")],
      ],
      note: "Exports create an epic in this project, with each user story under it.",
    };
  },
};

const LINEAR: WizardDef = {
  steps: [
    step({
      label: "Connect",
      fields: [wizardName("linear"), wizardSecret("linear")],
      sends: ["apiKey"],
      check: validateLinearAuth,
      text: (me: LinearAuthResult) =>
        `Signed in to Linear as ${me.name}: ${count(me.teams.length, "team")} to choose from.`,
    }),
    step({
      label: "Destination",
      fields: [destinationChoice("teamKey", "team", "API key", linearTeamKeySchema)],
      extra: [LINEAR_EPIC_AS],
      sends: ["apiKey", "teamKey"],
      check: validateLinearTeam,
      choices: (results) =>
        (found<LinearAuthResult>(results, 1)?.teams ?? []).map((t) => ({
          value: t.key,
          label: `${t.name} (${t.key})`,
        })),
      text: (team: LinearTeamResult) =>
        `Team ${team.name} (${team.key}).` +
        (team.estimates ? ` Estimates on its ${team.estimates} scale.` : " It does not estimate.") +
        (team.label
          ? ' Exports carry its "storyloom" label.'
          : ' No "storyloom" label: create one in Linear to label exports.'),
    }),
  ],
  spelled: (results) => {
    const team = found<LinearTeamResult>(results, 2);
    return team ? { teamKey: team.key } : {};
  },
  review: (config, results) => {
    const team = found<LinearTeamResult>(results, 2);
    const project = config.epicAs === "project";
    const estimates = team?.estimates ? `, estimated on the team's ${team.estimates} scale` : "";
    const label = team?.label ? ', labelled "storyloom"' : "";
    return {
      rows: [
        ["Signed in as", found<LinearAuthResult>(results, 1)?.name ?? ""],
        ["Team", config.teamKey ?? ""],
        ["API key", maskSecret(config.apiKey ?? "")],
      ],
      note: `Exports create ${project ? "a project" : "a parent issue"} in ${team ? team.name : "the team"}, with each user story as ${project ? "an issue in it" : "its sub-issue"}${estimates}${label}.`,
    };
  },
};

/** What step 1 found to offer in step 2: the repositories an export can create issues in, among those read. */
function repositoriesText({ repositories, moreRepositories }: GitHubAuthResult): string {
  const n = repositories.length;
  const among = moreRepositories ? ` among the ${GITHUB_REPOSITORIES_LISTED} most recently pushed` : "";
  if (n === 0) return `No repository to choose from${among}: type it in the next step.`;
  return `${n} ${n === 1 ? "repository" : "repositories"} to choose from${among}${moreRepositories ? "; type any other in the next step" : ""}.`;
}

const GITHUB: WizardDef = {
  steps: [
    step({
      label: "Connect",
      fields: [wizardName("github"), wizardSecret("github")],
      sends: ["token"],
      check: validateGitHubAuth,
      text: (me: GitHubAuthResult) => `Signed in to GitHub as ${me.login}. ${repositoriesText(me)}`,
    }),
    step({
      label: "Destination",
      fields: [
        { ...GITHUB_REPOSITORY, suggest: { hint: "Choose one of the token's repositories, or type another. " } },
      ],
      sends: ["token", "repository"],
      check: validateGitHubRepository,
      choices: (results) =>
        (found<GitHubAuthResult>(results, 1)?.repositories ?? []).map((name) => ({ value: name, label: name })),
      text: (repo: GitHubRepositoryResult) =>
        `Repository ${repo.repository}${repo.private ? " (private)" : ""}.` +
        (repo.canPush ? "" : " Your account cannot create labels there, so issues go without them."),
    }),
  ],
  spelled: (results) => {
    const repo = found<GitHubRepositoryResult>(results, 2);
    return repo ? { repository: repo.repository } : {};
  },
  review: (config, results) => ({
    rows: [
      ["Signed in as", found<GitHubAuthResult>(results, 1)?.login ?? ""],
      ["Repository", config.repository ?? ""],
      ["Access token", maskSecret(config.token ?? "")],
    ],
    note: "Exports create an epic issue, with each user story as its sub-issue, labelled storyloom and by priority.",
  }),
};

const AZURE_DEVOPS: WizardDef = {
  steps: [
    step({
      label: "Connect",
      fields: [wizardName("azure-devops"), AZURE_DEVOPS_ORGANIZATION, wizardSecret("azure-devops")],
      sends: ["organization", "token"],
      check: validateAzureDevOpsAuth,
      text: (access: AzureDevOpsAuthResult, { organization }) =>
        `Connected to dev.azure.com/${organization}: ${count(access.projects.length, "project")} to choose from.`,
    }),
    step({
      label: "Destination",
      fields: [
        destinationChoice("project", "project", "token", azureDevOpsProjectSchema, ` ${AZURE_DEVOPS_SERVER_NOTE}`),
      ],
      sends: ["organization", "token", "project"],
      check: validateAzureDevOpsProject,
      choices: (results) =>
        (found<AzureDevOpsAuthResult>(results, 1)?.projects ?? []).map((p) => ({ value: p.name, label: p.name })),
      text: (project: AzureDevOpsProjectResult) =>
        `Project ${project.name}: ${project.epicType} and ${project.storyType} work items.`,
    }),
  ],
  spelled: (results) => {
    const project = found<AzureDevOpsProjectResult>(results, 2);
    return project ? { project: project.name } : {};
  },
  review: (config, results) => {
    const project = found<AzureDevOpsProjectResult>(results, 2);
    return {
      rows: [
        ["Organization", `dev.azure.com/${config.organization ?? ""}`],
        ["Project", config.project ?? ""],
        ["Personal access token", maskSecret(config.token ?? "")],
      ],
      note: project
        ? `Exports create ${article(project.epicType)} ${project.epicType} work item, with each user story as ${article(project.storyType)} ${project.storyType} under it${project.storyPointsField ? ", its story points set" : ""}.`
        : "Exports create an Epic work item, with each user story under it.",
    };
  },
};

export const WIZARDS: Record<WizardType, WizardDef> = {
  jira: JIRA,
  linear: LINEAR,
  github: GITHUB,
  "azure-devops": AZURE_DEVOPS,
};
