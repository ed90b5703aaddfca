import { Hono } from "hono";
import * as z from "zod";
import { acknowledgedSchema, withData } from "../../schema/api/envelope";
import {
  azureDevOpsAuthResultSchema,
  azureDevOpsProjectResultSchema,
  bodyExportResponseSchema,
  githubAuthResultSchema,
  githubRepositoryResultSchema,
  linearAuthResultSchema,
  linearTeamResultSchema,
  validateAzureDevOpsAuthSchema,
  validateAzureDevOpsProjectSchema,
  validateGitHubAuthSchema,
  validateGitHubRepositorySchema,
  validateLinearAuthSchema,
  validateLinearTeamSchema,
  createIntegrationSchema,
  chooseEpicSchema,
  epicChoicesSchema,
  exportJiraSchema,
  INTEGRATION_TYPES,
  exportProgressSchema,
  exportReviewSchema,
  reviewExportSchema,
  exportToIntegrationSchema,
  transcriptExportsSchema,
  integrationSchema,
  jiraAuthResultSchema,
  jiraDomainResultSchema,
  jiraProjectResultSchema,
  transcriptExportResponseSchema,
  updateIntegrationSchema,
  validateJiraAuthSchema,
  validateJiraDomainSchema,
  validateJiraProjectSchema,
  type ExportResponse,
} from "../../schema/api/integrations";
import type { Deps } from "../deps";
import type { AppEnv } from "../env";
import { documented, signedInOrToken } from "../lib/openapi";
import { canonicalId, idParam, validate, validateIds } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { createIntegration, deleteIntegration, listIntegrations, updateIntegration } from "../services/integrations";
import type { ExportOutcome } from "../services/integrations/exports";
import { exportProgress, transcriptExports } from "../services/integrations/exports";
import { checkJiraAuth, checkJiraDomain, checkJiraProject } from "../services/integrations/jira-checks";
import { chooseEpic, listEpics, reviewExport } from "../services/integrations/backlog-review";
import { exportTranscript } from "../services/integrations/export-transcript";
import {
  checkAzureDevOpsAuth,
  checkAzureDevOpsProject,
  checkGitHubAuth,
  checkGitHubRepository,
  checkLinearAuth,
  checkLinearTeam,
} from "../services/integrations/tracker-checks";

const projectIdParam = idParam("Project");
const integrationIdParam = idParam("Integration");
const transcriptIdParam = idParam("Transcript");
// Each id in the path answers like a missing one of its own kind when spelled any other way: the transcript's is
// checked first, then both together (that second validator's output is what the handler reads).
const progressParams = [
  validateIds("param", z.object({ id: canonicalId }), "Transcript"),
  validateIds("param", z.object({ id: canonicalId, integrationId: canonicalId }), "Integration"),
] as const;
/** A transcript's id, then a destination from the closed list: any other answers like a route that does not exist. */
const destinationParams = [
  transcriptIdParam,
  validateIds("param", z.object({ id: canonicalId, type: z.enum(INTEGRATION_TYPES) }), "Destination"),
] as const;
const SIGNED_IN = { signedIn: true };

/** docs/product-spec.md §3 "JIRA export response"; the transcript-scoped call adds `data.epicKey`. */
function exportResponse(outcome: ExportOutcome, withKey: boolean): ExportResponse {
  return {
    success: true,
    data: { success: true, data: outcome.summary, ...(withKey ? { epicKey: outcome.targetKey } : {}) },
  };
}

/** Mounted at /api/projects/:id/integrations (the spec's list and create). */
export const projectIntegrationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/:id/integrations",
    documented(
      "Projects",
      "List a project's integrations (JIRA, Notion, Linear, GitHub Issues, Azure DevOps), secrets masked",
      { body: z.array(integrationSchema) },
      signedInOrToken("read"),
    ),
    projectIdParam,
    async (c) => c.json(await listIntegrations(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  .post(
    "/:id/integrations",
    documented(
      "Projects",
      "Attach an integration to a project (a tracker's destination is checked with the tracker first)",
      { status: 201, body: integrationSchema },
      SIGNED_IN,
    ),
    projectIdParam,
    validate("json", createIntegrationSchema),
    async (c) =>
      c.json(await createIntegration(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json")), 201),
  );

/** Mounted at /api/integrations. */
export const integrationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .put(
    "/:id",
    documented(
      "Projects",
      "Rename an integration, turn it on or off, or change its settings (a blank secret keeps the saved one)",
      { body: integrationSchema },
      SIGNED_IN,
    ),
    integrationIdParam,
    validate("json", updateIntegrationSchema),
    async (c) =>
      c.json(await updateIntegration(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json"))),
  )
  .get(
    "/:id/epics",
    documented(
      "Projects",
      "The open epics of an integration's destination an export can go under, and the one the project remembers",
      { body: withData(epicChoicesSchema) },
      signedInOrToken("export"),
    ),
    integrationIdParam,
    async (c) =>
      c.json({ success: true, data: await listEpics(c.var.deps, currentUser(c).id, c.req.valid("param").id) }),
  )
  .put(
    "/:id/epic",
    documented(
      "Projects",
      "Choose the open epic this project's exports to the integration go under, or (null) a new one for each export",
      { body: integrationSchema },
      SIGNED_IN,
    ),
    integrationIdParam,
    validate("json", chooseEpicSchema),
    async (c) =>
      c.json(await chooseEpic(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json").epic)),
  )
  .delete(
    "/:id",
    documented("Projects", "Remove an integration from its project", { body: acknowledgedSchema }, SIGNED_IN),
    integrationIdParam,
    async (c) => {
      // The spec's body names the project; the integration's own project is what counts, so the body is not needed.
      await deleteIntegration(c.var.deps, currentUser(c).id, c.req.valid("param").id);
      return c.json({ success: true });
    },
  );

/** One of the wizards' server checks: its path, what the description says, its body and its answer's data. */
interface WizardCheck<Body extends z.ZodType, Result extends z.ZodType> {
  path: string;
  summary: string;
  body: Body;
  result: Result;
  run: (deps: Deps, userId: number, input: z.output<Body>) => Promise<z.output<Result>>;
}

const wizardCheck = <Body extends z.ZodType, Result extends z.ZodType>(check: WizardCheck<Body, Result>) =>
  function register(routes: Hono<AppEnv>) {
    routes.post(
      check.path,
      documented("Projects", check.summary, { body: withData(check.result) }, SIGNED_IN),
      validate("json", check.body),
      async (c) => c.json({ success: true, data: await check.run(c.var.deps, currentUser(c).id, c.req.valid("json")) }),
    );
  };

/** The wizards' server checks: JIRA's, then Linear's, GitHub's and Azure DevOps's. */
const WIZARD_CHECKS = [
  wizardCheck({
    path: "/jira-domain",
    summary: "Check that a domain is a JIRA Cloud site",
    body: validateJiraDomainSchema,
    result: jiraDomainResultSchema,
    run: (deps, userId, { domain }) => checkJiraDomain(deps, userId, domain),
  }),
  wizardCheck({
    path: "/jira-auth",
    summary: "Check a JIRA e-mail address and API token against the site",
    body: validateJiraAuthSchema,
    result: jiraAuthResultSchema,
    run: checkJiraAuth,
  }),
  wizardCheck({
    path: "/jira-project",
    summary: "Check that a JIRA project exists, is reachable with the credentials and can take an epic and stories",
    body: validateJiraProjectSchema,
    result: jiraProjectResultSchema,
    run: (deps, userId, { projectKey, ...credentials }) => checkJiraProject(deps, userId, credentials, projectKey),
  }),
  wizardCheck({
    path: "/linear-auth",
    summary: "Check a Linear API key: whose it is, and the teams it can see",
    body: validateLinearAuthSchema,
    result: linearAuthResultSchema,
    run: (deps, userId, { apiKey }) => checkLinearAuth(deps, userId, apiKey),
  }),
  wizardCheck({
    path: "/linear-team",
    summary: "Check a Linear team: its estimate scale, and whether a storyloom label exists",
    body: validateLinearTeamSchema,
    result: linearTeamResultSchema,
    run: (deps, userId, { apiKey, teamKey }) => checkLinearTeam(deps, userId, apiKey, teamKey),
  }),
  wizardCheck({
    path: "/github-auth",
    summary: "Check a GitHub access token: the account it belongs to",
    body: validateGitHubAuthSchema,
    result: githubAuthResultSchema,
    run: (deps, userId, { token }) => checkGitHubAuth(deps, userId, token),
  }),
  wizardCheck({
    path: "/github-repository",
    summary: "Check that a GitHub repository is reachable with the token and takes issues",
    body: validateGitHubRepositorySchema,
    result: githubRepositoryResultSchema,
    run: (deps, userId, { token, repository }) => checkGitHubRepository(deps, userId, token, repository),
  }),
  wizardCheck({
    path: "/azure-devops-auth",
    summary: "Check an Azure DevOps organization and personal access token: the projects it can see",
    body: validateAzureDevOpsAuthSchema,
    result: azureDevOpsAuthResultSchema,
    run: (deps, userId, { organization, token }) => checkAzureDevOpsAuth(deps, userId, organization, token),
  }),
  wizardCheck({
    path: "/azure-devops-project",
    summary: "Check an Azure DevOps project: the work item types an export creates there",
    body: validateAzureDevOpsProjectSchema,
    result: azureDevOpsProjectResultSchema,
    run: (deps, userId, { organization, token, project }) =>
      checkAzureDevOpsProject(deps, userId, organization, token, project),
  }),
];

/** Mounted at /api/validate: the wizards' server checks, one route each. */
export const validationRoutes = new Hono<AppEnv>().use(requireUser);
for (const register of WIZARD_CHECKS) register(validationRoutes);

/** Mounted at /api/export: the spec's transcript-in-the-body JIRA export. */
export const exportRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/jira",
    documented(
      "Transcripts",
      "Export a transcript's epic and stories to JIRA (the transcript named in the body)",
      { body: bodyExportResponseSchema },
      signedInOrToken("export"),
    ),
    validate("json", exportJiraSchema),
    async (c) => {
      const { transcriptId, integrationId } = c.req.valid("json");
      return c.json(
        exportResponse(
          await exportTranscript(c.var.deps, currentUser(c).id, transcriptId, integrationId, "jira"),
          false,
        ),
      );
    },
  );

/** Mounted at /api/transcripts: exports of one transcript and their progress. */
export const transcriptExportRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/:id/export/:type",
    documented(
      "Transcripts",
      "Export a transcript's epic and stories to an integration of its project: JIRA, Notion, Linear, GitHub Issues or Azure DevOps (`type`)",
      { body: transcriptExportResponseSchema },
      signedInOrToken("export"),
    ),
    ...destinationParams,
    validate("json", exportToIntegrationSchema),
    async (c) => {
      const { id, type } = c.req.valid("param");
      const { integrationId, mode, ...review } = c.req.valid("json");
      const outcome = await exportTranscript(c.var.deps, currentUser(c).id, id, integrationId, type, mode, review);
      return c.json(exportResponse(outcome, true));
    },
  )
  .post(
    "/:id/export/:type/review",
    documented(
      "Transcripts",
      "Before an export: each story compared with the destination's open items, with the items that may already ask for it (nothing is written)",
      { body: withData(exportReviewSchema) },
      signedInOrToken("export"),
    ),
    ...destinationParams,
    validate("json", reviewExportSchema),
    async (c) => {
      const { id, type } = c.req.valid("param");
      const { integrationId, epic } = c.req.valid("json");
      const review = await reviewExport(c.var.deps, currentUser(c).id, id, integrationId, type, epic);
      return c.json({ success: true, data: review });
    },
  )
  .get(
    "/:id/exports",
    documented(
      "Transcripts",
      "Where a transcript's stories went: each integration's export, and what an update would send now",
      { body: transcriptExportsSchema },
      signedInOrToken("read"),
    ),
    transcriptIdParam,
    async (c) => c.json(await transcriptExports(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  .get(
    "/:id/exports/:integrationId",
    documented(
      "Transcripts",
      "Read how far a transcript's export to an integration has got",
      { body: exportProgressSchema },
      signedInOrToken("read"),
    ),
    ...progressParams,
    async (c) => {
      const { id, integrationId } = c.req.valid("param");
      return c.json(await exportProgress(c.var.deps, currentUser(c).id, id, integrationId));
    },
  );
