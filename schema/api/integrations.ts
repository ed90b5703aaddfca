import * as z from "zod";
import { withData } from "./envelope";
import { INTEGRATION_TYPES } from "./integration-types";
import { singleLineText } from "./text";

// Integrations (docs/product-spec.md §3 Integration, §5, §7): a JIRA, Notion, Linear, GitHub Issues or Azure DevOps
// destination kept on a project. Secrets (API tokens, keys, the Notion integration secret) are write-only: answers
// carry a mask ("••••1234") in their place.

export {
  INTEGRATION_LABELS,
  INTEGRATION_TYPES,
  isTrackerType,
  TRACKER_TYPES,
  type IntegrationType,
  type TrackerType,
} from "./integration-types";

/** docs/product-spec.md §5: a site label of letters, digits or hyphens, starting with a letter or digit, then `.atlassian.net`. */
export const JIRA_DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}\.atlassian\.net$/;
export const JIRA_DOMAIN_FORMAT = "your-site.atlassian.net";

/** The JIRA Cloud site, exactly as the wizard asks for it (no scheme, port, path or user). */
export const jiraDomainSchema = z
  .string({ message: "Domain is required" })
  .trim()
  .toLowerCase()
  .min(1, "Domain is required")
  .regex(JIRA_DOMAIN_PATTERN, `Invalid domain format. Use format: ${JIRA_DOMAIN_FORMAT}`);

/** JIRA project keys: an upper-case letter, then upper-case letters, digits or underscores (usually 2-10 letters). */
export const JIRA_PROJECT_KEY_PATTERN = /^[A-Z][A-Z0-9_]{1,9}$/;
export const jiraProjectKeySchema = z
  .string({ message: "Project key is required" })
  .trim()
  .toUpperCase()
  .min(1, "Project key is required")
  .regex(
    JIRA_PROJECT_KEY_PATTERN,
    "Project keys are 2-10 characters: upper-case letters, digits or underscores, starting with a letter.",
  );

export const jiraEmailSchema = z
  .string({ message: "Email and API token are required" })
  .trim()
  .min(1, "Email and API token are required")
  .max(254, "Email addresses are at most 254 characters.")
  .pipe(z.email("Enter the email address of your Atlassian account."));

const secretSchema = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(2000, "That secret is too long.")
    .refine((s) => !/\s/.test(s), "Secrets cannot contain spaces or line breaks.");

export const jiraApiTokenSchema = secretSchema("Email and API token are required");
export const notionSecretSchema = secretSchema("The integration secret is required");
export const linearApiKeySchema = secretSchema("The API key is required");
export const githubTokenSchema = secretSchema("The access token is required");
export const azureDevOpsTokenSchema = secretSchema("The personal access token is required");

// Notion page ids: 32 hex digits, shown in URLs either bare or hyphenated 8-4-4-4-12, and never part of a longer
// run of hex digits (33 digits are not an id with one in front).
const NOTION_ID = /(?:^|[^0-9a-f])(?:([0-9a-f]{32})|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))$/i;

/**
 * The hosts Notion serves pages from: `notion.so` and `www.notion.so` (what its API answers as a page's `url`), and
 * a workspace's published pages at `{workspace}.notion.site` (one label). Compared with the parsed URL's hostname,
 * so userinfo (`https://notion.so@evil.com`), look-alikes (`notion.so.evil.com`, `evilnotion.so`) and trailing dots
 * fall outside.
 */
const NOTION_PAGE_HOST = /^(?:(?:www\.)?notion\.so|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.notion\.site)$/;

export const NOTION_PAGE_URL_MESSAGES = {
  https: "The page URL must be an https:// link to a Notion page.",
  host: "Use the link of a Notion page: on notion.so, www.notion.so or your-workspace.notion.site.",
  id: "Use the link of a Notion page: it ends with the page's 32-character id.",
} as const;

export type NotionPageUrl = { href: string; pageId: string } | { problem: keyof typeof NOTION_PAGE_URL_MESSAGES };

/**
 * A Notion page link, checked and read (security issue 26: the link is stored and shown, so it is only ever an
 * `https:` URL on Notion's hosts, never `javascript:`, `file:`, `data:`, plain http or a bare id): its normalised
 * form and the page id at its end, hyphenated 8-4-4-4-12. Forms read: `https://www.notion.so/Team-Roadmap-1a2b…`,
 * `https://acme.notion.site/…`, `https://notion.so/acme/1a2b…?pvs=4`, and a side peek `…?v=…&p={page}`.
 */
export function parseNotionPageUrl(input: string): NotionPageUrl {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { problem: "https" };
  }
  if (url.protocol !== "https:") return { problem: "https" };
  // Notion's links carry no user, password or port; any of them is a link made to mislead.
  if (url.username || url.password || url.port || !NOTION_PAGE_HOST.test(url.hostname)) return { problem: "host" };
  // A page opened beside a database (side peek) is `/{database}?v=…&p={page}`: the page is the `p` parameter.
  // A link to a block inside a page names the block after "#": the page is still the path's id.
  let path: string;
  try {
    path = url.searchParams.get("p") ?? decodeURIComponent(url.pathname).replace(/\/+$/, "");
  } catch {
    return { problem: "id" }; // a malformed %-escape
  }
  const match = NOTION_ID.exec(path);
  if (!match) return { problem: "id" };
  const hex = (match[1] ?? match[2]!).replace(/-/g, "").toLowerCase();
  return {
    href: url.href,
    pageId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
  };
}

/** The page id of a Notion page link (parseNotionPageUrl), or null when it is not one. */
export function notionPageIdFromUrl(input: string): string | null {
  const parsed = parseNotionPageUrl(input);
  return "pageId" in parsed ? parsed.pageId : null;
}

/** A Notion page link; the value kept is the URL as parsed (`URL.href`), so what is stored is what was checked. */
export const notionPageUrlSchema = z
  .string({ message: "The page URL is required" })
  .trim()
  .min(1, "The page URL is required")
  .max(2000, "That URL is too long.")
  .transform((input, ctx) => {
    const parsed = parseNotionPageUrl(input);
    if ("href" in parsed) return parsed.href;
    ctx.addIssue({ code: "custom", message: NOTION_PAGE_URL_MESSAGES[parsed.problem], input });
    return z.NEVER;
  });

/**
 * Azure DevOps Services organisations (dev.azure.com/{organization}): letters, digits and hyphens, 1-50 characters,
 * not starting or ending with a hyphen. Requests go only to https://dev.azure.com (on-premises Server is out of scope).
 */
export const AZURE_DEVOPS_ORGANIZATION_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,48}[A-Za-z0-9])?$/;
/** GitHub account names: letters, digits and single hyphens, at most 39 characters, no hyphen at either end. */
export const GITHUB_OWNER_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** GitHub repository names: letters, digits, ".", "-" and "_", at most 100 characters, never "." or "..". */
export const GITHUB_REPO_PATTERN = /^(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;

/** Linear team keys ("ENG"): what people see in issue identifiers such as ENG-42. */
export const LINEAR_TEAM_KEY_PATTERN = /^[A-Za-z0-9]{1,7}$/;
export const linearTeamKeySchema = z
  .string({ message: "Choose a team" })
  .trim()
  .toUpperCase()
  .min(1, "Choose a team")
  .regex(LINEAR_TEAM_KEY_PATTERN, "Linear team keys are 1-7 letters or digits, as in ENG-42.");
/** Where the epic goes in Linear: a parent issue with the stories as its sub-issues, or a project holding them. */
export const LINEAR_EPIC_TARGETS = ["issue", "project"] as const;

/** "owner/repository", as GitHub shows it; either part checked against GitHub's naming rules. */
export const githubRepositorySchema = z
  .string({ message: "The repository is required" })
  .trim()
  .min(1, "The repository is required")
  .max(140, "That repository name is too long.")
  .transform((value) => value.replace(/^https:\/\/github\.com\//i, "").replace(/(\.git)?\/*$/, ""))
  .refine((value) => {
    const [owner, repo, ...rest] = value.split("/");
    return rest.length === 0 && GITHUB_OWNER_PATTERN.test(owner ?? "") && GITHUB_REPO_PATTERN.test(repo ?? "");
  }, "Enter the repository as owner/name, for example acme/roadmap.");

/**
 * The organisation out of what people paste: its name, its dev.azure.com address (with or without the scheme, with a
 * project or a path after it) or the older {organization}.visualstudio.com address.
 */
export function azureDevOpsOrganizationOf(value: string): string {
  const text = value.trim();
  const legacy = /^(?:https?:\/\/)?([^./\s]+)\.visualstudio\.com(?:\/.*)?$/i.exec(text);
  if (legacy) return legacy[1]!;
  return text.replace(/^(?:https?:\/\/)?(?:www\.)?dev\.azure\.com\//i, "").replace(/\/.*$/, "");
}

export const azureDevOpsOrganizationSchema = z
  .string({ message: "The organization is required" })
  .trim()
  .transform(azureDevOpsOrganizationOf)
  .pipe(
    z
      .string()
      .min(1, "The organization is required")
      .regex(
        AZURE_DEVOPS_ORGANIZATION_PATTERN,
        "Enter the organization as in dev.azure.com/{organization}: letters, digits and hyphens.",
      ),
  );
/** Azure DevOps project names: up to 64 characters, none of the characters Azure DevOps forbids in them. */
export const azureDevOpsProjectSchema = z
  .string({ message: "Choose a project" })
  .trim()
  .min(1, "Choose a project")
  .max(64, "Azure DevOps project names are at most 64 characters.")
  .refine(
    (value) =>
      !/[\\/:*?"<>|;#$%{}+=[\]]/.test(value) &&
      !/\p{Cc}/u.test(value) &&
      !value.startsWith("_") &&
      !value.endsWith("."),
    {
      message: "That is not an Azure DevOps project name.",
    },
  );

export const linearConfigInputSchema = z.object({
  apiKey: linearApiKeySchema,
  teamKey: linearTeamKeySchema,
  epicAs: z.enum(LINEAR_EPIC_TARGETS).default("issue"),
});
export const githubConfigInputSchema = z.object({ token: githubTokenSchema, repository: githubRepositorySchema });
export const azureDevOpsConfigInputSchema = z.object({
  organization: azureDevOpsOrganizationSchema,
  project: azureDevOpsProjectSchema,
  token: azureDevOpsTokenSchema,
});

export const integrationNameSchema = singleLineText("Names")
  .min(1, "Please provide integration type and name.")
  .max(100, "Integration names are at most 100 characters.");

export const jiraConfigInputSchema = z.object({
  domain: jiraDomainSchema,
  email: jiraEmailSchema,
  apiToken: jiraApiTokenSchema,
  projectKey: jiraProjectKeySchema,
});
export const notionConfigInputSchema = z.object({
  integrationSecret: notionSecretSchema,
  pageUrl: notionPageUrlSchema,
});

/** POST /api/projects/{id}/integrations */
export const createIntegrationSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("jira"),
      name: integrationNameSchema,
      isActive: z.boolean().optional(),
      config: jiraConfigInputSchema,
    }),
    z.object({
      type: z.literal("notion"),
      name: integrationNameSchema,
      isActive: z.boolean().optional(),
      config: notionConfigInputSchema,
    }),
    z.object({
      type: z.literal("linear"),
      name: integrationNameSchema,
      isActive: z.boolean().optional(),
      config: linearConfigInputSchema,
    }),
    z.object({
      type: z.literal("github"),
      name: integrationNameSchema,
      isActive: z.boolean().optional(),
      config: githubConfigInputSchema,
    }),
    z.object({
      type: z.literal("azure-devops"),
      name: integrationNameSchema,
      isActive: z.boolean().optional(),
      config: azureDevOpsConfigInputSchema,
    }),
  ],
  { message: "Please provide integration type and name." },
);
export type CreateIntegrationInput = z.input<typeof createIntegrationSchema>;

/**
 * PUT /api/integrations/{id}: any of name, isActive and config fields. The type never changes; a blank or missing
 * secret keeps the stored one (the form shows only its mask).
 */
export const updateIntegrationSchema = z.object({
  name: integrationNameSchema.optional(),
  isActive: z.boolean().optional(),
  config: z
    .object({
      domain: jiraDomainSchema.optional(),
      email: jiraEmailSchema.optional(),
      apiToken: z.string().trim().max(2000).optional(),
      projectKey: jiraProjectKeySchema.optional(),
      integrationSecret: z.string().trim().max(2000).optional(),
      pageUrl: notionPageUrlSchema.optional(),
      apiKey: z.string().trim().max(2000).optional(),
      teamKey: linearTeamKeySchema.optional(),
      epicAs: z.enum(LINEAR_EPIC_TARGETS).optional(),
      token: z.string().trim().max(2000).optional(),
      repository: githubRepositorySchema.optional(),
      organization: azureDevOpsOrganizationSchema.optional(),
      project: azureDevOpsProjectSchema.optional(),
    })
    .optional(),
});
export type UpdateIntegrationInput = z.input<typeof updateIntegrationSchema>;

export const jiraConfigViewSchema = z.object({
  domain: z.string(),
  email: z.string(),
  projectKey: z.string(),
  apiToken: z.string().describe('A mask such as "••••1234", never the token.'),
});
export type JiraConfigView = z.infer<typeof jiraConfigViewSchema>;

export const notionConfigViewSchema = z.object({
  pageUrl: z.string(),
  integrationSecret: z.string().describe('A mask such as "••••1234", never the secret.'),
});
export type NotionConfigView = z.infer<typeof notionConfigViewSchema>;

export const linearConfigViewSchema = z.object({
  teamKey: z.string(),
  teamName: z.string(),
  epicAs: z.enum(LINEAR_EPIC_TARGETS),
  apiKey: z.string().describe('A mask such as "••••1234", never the key.'),
});
export type LinearConfigView = z.infer<typeof linearConfigViewSchema>;
export const githubConfigViewSchema = z.object({
  repository: z.string().describe("owner/name"),
  token: z.string().describe('A mask such as "••••1234", never the token.'),
});
export type GitHubConfigView = z.infer<typeof githubConfigViewSchema>;
export const azureDevOpsConfigViewSchema = z.object({
  organization: z.string(),
  project: z.string(),
  token: z.string().describe('A mask such as "••••1234", never the token.'),
});
export type AzureDevOpsConfigView = z.infer<typeof azureDevOpsConfigViewSchema>;

/** An existing epic stories can go under: a JIRA epic, a Linear project or parent issue, a GitHub issue, an Azure DevOps Epic. */
export const epicChoiceSchema = z.object({ key: z.string(), url: z.string(), title: z.string() });
export type EpicChoice = z.infer<typeof epicChoiceSchema>;

const integrationBase = {
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  epic: epicChoiceSchema
    .nullable()
    .describe("The existing epic the project's exports go under (issue 41); null: each export makes a new one."),
  createdAt: z.string(),
  updatedAt: z.string(),
};
/** An integration as answered: its settings, with the secret masked. */
export const integrationSchema = z.discriminatedUnion("type", [
  z.object({ ...integrationBase, type: z.literal("jira"), config: jiraConfigViewSchema }),
  z.object({ ...integrationBase, type: z.literal("notion"), config: notionConfigViewSchema }),
  z.object({ ...integrationBase, type: z.literal("linear"), config: linearConfigViewSchema }),
  z.object({ ...integrationBase, type: z.literal("github"), config: githubConfigViewSchema }),
  z.object({ ...integrationBase, type: z.literal("azure-devops"), config: azureDevOpsConfigViewSchema }),
]);
export type Integration = z.infer<typeof integrationSchema>;

// The wizard's server checks (docs/product-spec.md §7). Each answers { success: true, data } or the shared error shape.
export const validateJiraDomainSchema = z.object({ domain: jiraDomainSchema });
export const validateJiraAuthSchema = z.object({
  domain: jiraDomainSchema,
  email: jiraEmailSchema,
  apiToken: jiraApiTokenSchema,
});
export const validateJiraProjectSchema = validateJiraAuthSchema.extend({ projectKey: jiraProjectKeySchema });

export const jiraDomainResultSchema = z.object({
  serverTitle: z.string().nullable().describe("The site's own name for itself (serverTitle), when it gives one."),
});
export type JiraDomainResult = z.infer<typeof jiraDomainResultSchema>;

export const jiraAuthResultSchema = z.object({
  displayName: z.string().describe("The name of the Atlassian account the credentials belong to."),
});
export type JiraAuthResult = z.infer<typeof jiraAuthResultSchema>;

export const jiraProjectResultSchema = z.object({
  name: z.string(),
  key: z.string(),
  issueTypes: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type JiraProjectResult = z.infer<typeof jiraProjectResultSchema>;

// The Linear, GitHub Issues and Azure DevOps wizards' checks (issue 32): the credential first (whose is it, what can
// it see), then the destination picked from that list (what an export will create there).
export const validateLinearAuthSchema = z.object({ apiKey: linearApiKeySchema });
export const validateLinearTeamSchema = validateLinearAuthSchema.extend({ teamKey: linearTeamKeySchema });
export const validateGitHubAuthSchema = z.object({ token: githubTokenSchema });
export const validateGitHubRepositorySchema = validateGitHubAuthSchema.extend({ repository: githubRepositorySchema });
export const validateAzureDevOpsAuthSchema = z.object({
  organization: azureDevOpsOrganizationSchema,
  token: azureDevOpsTokenSchema,
});
export const validateAzureDevOpsProjectSchema = validateAzureDevOpsAuthSchema.extend({
  project: azureDevOpsProjectSchema,
});

const linearTeamSchema = z.object({ id: z.string(), key: z.string(), name: z.string() });
export const linearAuthResultSchema = z.object({
  name: z.string().describe("The Linear user the API key belongs to."),
  teams: z.array(linearTeamSchema).describe("The teams the key can see, to pick from."),
});
export type LinearAuthResult = z.infer<typeof linearAuthResultSchema>;
export const linearTeamResultSchema = linearTeamSchema.extend({
  estimates: z
    .string()
    .nullable()
    .describe('The team\'s estimate scale ("fibonacci", "exponential", "linear", "tShirt"); null when it uses none.'),
  label: z.boolean().describe('True when a label named "storyloom" exists, so exports carry it.'),
});
export type LinearTeamResult = z.infer<typeof linearTeamResultSchema>;
/** The most repositories the GitHub token check lists: one page of GET /user/repos. */
export const GITHUB_REPOSITORIES_LISTED = 100;
export const githubAuthResultSchema = z.object({
  login: z.string().describe("The GitHub account the token belongs to."),
  name: z.string().nullable(),
  repositories: z
    .array(z.string())
    .describe(
      `The token's repositories an export can create issues in, as owner/name, most recently pushed first, to offer in the wizard's next step (any other can still be typed there). Read from one page of GitHub's list (the ${GITHUB_REPOSITORIES_LISTED} most recently pushed, GET /user/repos), keeping those with issues turned on, not archived or disabled, and with push access (labels and sub-issues need it; a repository whose answer does not tell is kept). Empty when GitHub does not let the token list them.`,
    ),
  moreRepositories: z
    .boolean()
    .describe(
      `True when the token sees more than the ${GITHUB_REPOSITORIES_LISTED} repositories read, so older ones are not offered.`,
    ),
});
export type GitHubAuthResult = z.infer<typeof githubAuthResultSchema>;
export const githubRepositoryResultSchema = z.object({
  repository: z.string().describe("owner/name, as GitHub spells it."),
  url: z.string(),
  private: z.boolean(),
  canPush: z.boolean().describe("False: the account cannot create labels here, so issues go without them."),
});
export type GitHubRepositoryResult = z.infer<typeof githubRepositoryResultSchema>;
export const azureDevOpsAuthResultSchema = z.object({
  projects: z.array(z.object({ id: z.string(), name: z.string() })).describe("The projects the token can see."),
});
export type AzureDevOpsAuthResult = z.infer<typeof azureDevOpsAuthResultSchema>;
export const azureDevOpsProjectResultSchema = z.object({
  name: z.string(),
  epicType: z.string().describe("The work item type the epic becomes (from the project's process)."),
  storyType: z.string().describe('The work item type each story becomes: "User Story", "Product Backlog Item", …'),
  storyPointsField: z.string().nullable(),
  acceptanceCriteria: z.boolean().describe("False: the criteria go in the description."),
});
export type AzureDevOpsProjectResult = z.infer<typeof azureDevOpsProjectResultSchema>;

/** POST /api/export/jira and /api/transcripts/{id}/export/{jira|notion}: what the user is shown. */
export const exportSummarySchema = z.object({
  summary: z.object({
    storiesCreated: z.number().int(),
    epicCreated: z.boolean(),
    storiesUpdated: z
      .number()
      .int()
      .optional()
      .describe('An update (mode "update"): items rewritten because their story was edited since the export.'),
    storiesLeft: z
      .number()
      .int()
      .optional()
      .describe("An update: items whose story was deleted in StoryLoom, left as they are in the destination."),
    storiesLinked: z
      .number()
      .int()
      .optional()
      .describe("Stories created and linked to an existing item, as the review asked."),
    storiesAddedTo: z
      .number()
      .int()
      .optional()
      .describe("Stories not created: their criteria and quote were added to an existing item."),
    storiesSkipped: z.number().int().optional().describe("Stories the review chose not to export."),
  }),
  epicUrl: z.string().describe("The epic (JIRA, Linear, GitHub, Azure DevOps), or the Notion page."),
  alreadyExported: z
    .boolean()
    .describe("True when this transcript had already gone to this integration: nothing new was created."),
  exportedAt: z.string().describe("When the export completed (ISO 8601)."),
});
export type ExportSummary = z.infer<typeof exportSummarySchema>;

/** An export's outcome, wrapped as docs/product-spec.md §3 "JIRA export response" gives it: `{ success, data }`. */
const exportOutcomeSchema = z.object({ success: z.literal(true), data: exportSummarySchema });
const epicKeySchema = z
  .string()
  .describe('The epic\'s key ("SL-12", "ENG-42", "#42", "1234"), or the Notion page\'s id.');

/** POST /api/export/jira: `{ success, data: { success, data: ExportSummary } }`. */
export const bodyExportResponseSchema = withData(exportOutcomeSchema);
/** POST /api/transcripts/{id}/export/{jira|notion}: the same, with the epic's key (or the page's id) added. */
export const transcriptExportResponseSchema = withData(exportOutcomeSchema.extend({ epicKey: epicKeySchema }));
/** Either export answer, as a client reads it. */
export const exportResponseSchema = withData(exportOutcomeSchema.extend({ epicKey: epicKeySchema.optional() }));
export type ExportResponse = z.infer<typeof exportResponseSchema>;

export const exportJiraSchema = z.object({
  transcriptId: z.number().int().positive(),
  integrationId: z.number().int().positive(),
});
/** Export to … (create), Update in … (update: what changed since), Export as new (new: a second, separate copy). */
export const EXPORT_MODES = ["create", "update", "new"] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];

/** An item's key in a tracker, as people see it: "SL-12", "ENG-40", "#112", "4512", or a Linear project's id. */
export const trackerKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^#?[A-Za-z0-9][A-Za-z0-9_-]*$/, "Not a tracker item's key.");

/** What the review decided for one story: created (the default), skipped, linked to an item, or added to one. */
export const storyPlacementSchema = z.discriminatedUnion("action", [
  z.object({ position: z.number().int().min(0).max(99), action: z.literal("create") }),
  z.object({ position: z.number().int().min(0).max(99), action: z.literal("skip") }),
  z.object({ position: z.number().int().min(0).max(99), action: z.literal("link"), key: trackerKeySchema }),
  z.object({ position: z.number().int().min(0).max(99), action: z.literal("add"), key: trackerKeySchema }),
]);
export type StoryPlacementRequest = z.infer<typeof storyPlacementSchema>;

export const exportToIntegrationSchema = z
  .object({
    integrationId: z.number().int().positive(),
    mode: z
      .enum(EXPORT_MODES)
      .default("create")
      .describe(
        '"create" (the default): export, or finish a partial export; a complete one answers alreadyExported. ' +
          '"update": rewrite the items of stories edited since, create added ones. "new": a second, separate copy.',
      ),
    placements: z
      .array(storyPlacementSchema)
      .max(100)
      .optional()
      .describe(
        "The review's decision per story (POST …/review): a story not listed is created. Read by the first attempt " +
          "of an export; an attempt that finishes a partial export keeps the first one's.",
      ),
    epic: trackerKeySchema
      .nullable()
      .optional()
      .describe("An existing epic to put the stories under (one of GET …/epics); null or absent: a new epic"),
    rememberEpic: z
      .boolean()
      .optional()
      .describe(
        "true: keep `epic` as this integration's epic for the project's next exports (null: none); false: forget the " +
          "one kept",
      ),
  })
  .refine((body) => new Set(body.placements?.map((p) => p.position)).size === (body.placements?.length ?? 0), {
    message: "Each story can be placed once.",
    path: ["placements"],
  });

/** POST /api/transcripts/{id}/export/{type}/review: the destination whose open items the stories are compared with. */
export const reviewExportSchema = z.object({
  integrationId: z.number().int().positive(),
  epic: trackerKeySchema
    .optional()
    .describe("The existing epic the stories would go under: its items this meeting did not mention are listed"),
});

/** An open item of the destination that may already ask for what a story asks. */
export const backlogMatchSchema = z.object({
  key: z.string().describe('The item\'s key as the tracker shows it: "SL-12", "ENG-40", "#112", "4512"'),
  title: z.string(),
  status: z.string(),
  url: z.string(),
  score: z.number().min(0).max(1).describe("How close the two texts are, 0-1"),
  shared: z.array(z.string()).describe("The words the story and the item share, most telling first: why it matched"),
});
export type BacklogMatch = z.infer<typeof backlogMatchSchema>;

/** GET /api/integrations/{id}/epics. */
export const epicChoicesSchema = z.object({
  epics: z.array(epicChoiceSchema).describe("Open epics, newest first"),
  remembered: epicChoiceSchema.nullable().describe("The epic this project's exports to the integration go under"),
});
export type EpicChoices = z.infer<typeof epicChoicesSchema>;

/** PUT /api/integrations/{id}/epic: the epic the project's exports go under from now on. */
export const chooseEpicSchema = z
  .object({
    epic: trackerKeySchema
      .nullable()
      .describe("One of GET /api/integrations/{id}/epics, looked up there again; null: a new epic for each export"),
  })
  .strict();

export const exportReviewSchema = z.object({
  alreadyExported: z
    .boolean()
    .describe("The stories were exported there already: nothing was read, and an export answers that it exists"),
  /** How many open items of the destination were read. */
  searched: z.number().int().nonnegative(),
  /** True when the destination has more open items than one review reads (the newest were compared). */
  truncated: z.boolean(),
  judged: z
    .boolean()
    .describe(
      "An AI model judged which match, if any, asks for the same as each story (an LLM provider is configured and " +
        "answered); false: the suggestions are the word matcher's",
    ),
  stories: z.array(
    z.object({
      position: z.number().int().nonnegative(),
      matches: z.array(backlogMatchSchema).describe("At most three, closest first"),
      suggested: z
        .object({ key: z.string(), action: z.enum(["link", "add"]) })
        .nullable()
        .describe(
          "The match close enough to act on by default: link the new story to it, or (an item under the chosen " +
            "epic: the story was exported before) add the story's criteria to it. null: create the story",
        ),
    }),
  ),
  unmentioned: z
    .array(backlogMatchSchema.pick({ key: true, title: true, status: true, url: true }))
    .describe("Open items under the chosen epic that no story of this meeting matches: listed, never touched"),
});
export type ExportReview = z.infer<typeof exportReviewSchema>;

/** Where one transcript's stories went: one entry per integration (its newest copy), for History and the menu. */
export const transcriptExportSchema = z.object({
  integrationId: z.number().int(),
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  isActive: z.boolean(),
  status: z.enum(["running", "partial", "complete"]),
  epicKey: z.string().nullable().describe("The epic's key, or the Notion page's id; null before it was created."),
  epicUrl: z.string().nullable(),
  exportedAt: z.string().nullable().describe("When the newest copy's export completed."),
  syncedAt: z.string().nullable().describe("When an update last sent changes to it."),
  copies: z.number().int().describe("How many separate copies were exported (Export as new)."),
  storiesChanged: z
    .number()
    .int()
    .describe("Stories edited or added since the export was last sent: what Update in … would send."),
  epicChanged: z.boolean(),
});
export type TranscriptExport = z.infer<typeof transcriptExportSchema>;
export const transcriptExportsSchema = z.object({ exports: z.array(transcriptExportSchema) });
export type TranscriptExports = z.infer<typeof transcriptExportsSchema>;

/** GET /api/transcripts/{id}/exports/{integrationId}: the export's real progress, polled by the progress dialog. */
export const exportProgressSchema = z.object({
  status: z.enum(["none", "running", "partial", "complete"]),
  done: z
    .number()
    .int()
    .describe("Items created so far (the epic or page counts as one) out of `total` = stories + 1."),
  total: z.number().int(),
  epicUrl: z.string().nullable(),
  exportedAt: z.string().nullable(),
});
export type ExportProgress = z.infer<typeof exportProgressSchema>;
