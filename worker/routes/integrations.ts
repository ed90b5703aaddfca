import { Hono } from "hono";
import { z } from "zod";
import { acknowledgedSchema, withData } from "../../schema/api/envelope";
import {
  bodyExportResponseSchema,
  createIntegrationSchema,
  exportJiraSchema,
  exportProgressSchema,
  exportToIntegrationSchema,
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
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { canonicalId, idParam, validate, validateIds } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { createIntegration, deleteIntegration, listIntegrations, updateIntegration } from "../services/integrations";
import type { ExportOutcome } from "../services/integrations/exports";
import { exportProgress } from "../services/integrations/exports";
import { checkJiraAuth, checkJiraDomain, checkJiraProject } from "../services/integrations/jira-checks";
import { exportToJira } from "../services/integrations/jira-export";
import { exportToNotion } from "../services/integrations/notion-export";

const projectIdParam = idParam("Project");
const integrationIdParam = idParam("Integration");
const transcriptIdParam = idParam("Transcript");
// Each id in the path answers like a missing one of its own kind when spelled any other way: the transcript's is
// checked first, then both together (that second validator's output is what the handler reads).
const progressParams = [
  validateIds("param", z.object({ id: canonicalId }), "Transcript"),
  validateIds("param", z.object({ id: canonicalId, integrationId: canonicalId }), "Integration"),
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
      "List a project's JIRA and Notion integrations, secrets masked",
      { body: z.array(integrationSchema) },
      SIGNED_IN,
    ),
    projectIdParam,
    async (c) => c.json(await listIntegrations(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  .post(
    "/:id/integrations",
    documented(
      "Projects",
      "Attach a JIRA or Notion integration to a project",
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

/** Mounted at /api/validate: the JIRA wizard's server checks. */
export const validationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/jira-domain",
    documented(
      "Projects",
      "Check that a domain is a JIRA Cloud site",
      { body: withData(jiraDomainResultSchema) },
      SIGNED_IN,
    ),
    validate("json", validateJiraDomainSchema),
    async (c) =>
      c.json({ success: true, data: await checkJiraDomain(c.var.deps, currentUser(c).id, c.req.valid("json").domain) }),
  )
  .post(
    "/jira-auth",
    documented(
      "Projects",
      "Check a JIRA e-mail address and API token against the site",
      { body: withData(jiraAuthResultSchema) },
      SIGNED_IN,
    ),
    validate("json", validateJiraAuthSchema),
    async (c) =>
      c.json({ success: true, data: await checkJiraAuth(c.var.deps, currentUser(c).id, c.req.valid("json")) }),
  )
  .post(
    "/jira-project",
    documented(
      "Projects",
      "Check that a JIRA project exists, is reachable with the credentials and can take an epic and stories",
      { body: withData(jiraProjectResultSchema) },
      SIGNED_IN,
    ),
    validate("json", validateJiraProjectSchema),
    async (c) => {
      const { projectKey, ...credentials } = c.req.valid("json");
      return c.json({
        success: true,
        data: await checkJiraProject(c.var.deps, currentUser(c).id, credentials, projectKey),
      });
    },
  );

/** Mounted at /api/export: the spec's transcript-in-the-body JIRA export. */
export const exportRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/jira",
    documented(
      "Transcripts",
      "Export a transcript's epic and stories to JIRA (the transcript named in the body)",
      { body: bodyExportResponseSchema },
      SIGNED_IN,
    ),
    validate("json", exportJiraSchema),
    async (c) => {
      const { transcriptId, integrationId } = c.req.valid("json");
      return c.json(
        exportResponse(await exportToJira(c.var.deps, currentUser(c).id, transcriptId, integrationId), false),
      );
    },
  );

/** Mounted at /api/transcripts: exports of one transcript and their progress. */
export const transcriptExportRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/:id/export/jira",
    documented(
      "Transcripts",
      "Export a transcript's epic and stories to a JIRA integration of its project",
      { body: transcriptExportResponseSchema },
      SIGNED_IN,
    ),
    transcriptIdParam,
    validate("json", exportToIntegrationSchema),
    async (c) =>
      c.json(
        exportResponse(
          await exportToJira(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json").integrationId),
          true,
        ),
      ),
  )
  .post(
    "/:id/export/notion",
    documented(
      "Transcripts",
      "Export a transcript's epic and stories to a page under a Notion integration of its project",
      { body: transcriptExportResponseSchema },
      SIGNED_IN,
    ),
    transcriptIdParam,
    validate("json", exportToIntegrationSchema),
    async (c) =>
      c.json(
        exportResponse(
          await exportToNotion(
            c.var.deps,
            currentUser(c).id,
            c.req.valid("param").id,
            c.req.valid("json").integrationId,
          ),
          true,
        ),
      ),
  )
  .get(
    "/:id/exports/:integrationId",
    documented(
      "Transcripts",
      "Read how far a transcript's export to an integration has got",
      { body: exportProgressSchema },
      SIGNED_IN,
    ),
    ...progressParams,
    async (c) => {
      const { id, integrationId } = c.req.valid("param");
      return c.json(await exportProgress(c.var.deps, currentUser(c).id, id, integrationId));
    },
  );
