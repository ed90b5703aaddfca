import { Hono } from "hono";
import { z } from "zod";
import {
  createIntegrationSchema,
  exportJiraSchema,
  exportToIntegrationSchema,
  updateIntegrationSchema,
  validateJiraAuthSchema,
  validateJiraDomainSchema,
  validateJiraProjectSchema,
  type ExportResponse,
} from "../../schema/api/integrations";
import type { AppEnv } from "../env";
import { zValidator } from "@hono/zod-validator";
import { notFound } from "../lib/errors";
import { canonicalId, idParam, validate } from "../lib/validate";
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
// Each id in the path answers like a missing one of its own kind when spelled any other way.
const progressParams = zValidator("param", z.object({ id: canonicalId, integrationId: canonicalId }), (result) => {
  if (!result.success)
    throw notFound(result.error.issues.some((issue) => issue.path[0] === "id") ? "Transcript" : "Integration");
});

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
  .get("/:id/integrations", projectIdParam, async (c) =>
    c.json(await listIntegrations(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  .post("/:id/integrations", projectIdParam, validate("json", createIntegrationSchema), async (c) =>
    c.json(await createIntegration(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json")), 201),
  );

/** Mounted at /api/integrations. */
export const integrationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .put("/:id", integrationIdParam, validate("json", updateIntegrationSchema), async (c) =>
    c.json(await updateIntegration(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", integrationIdParam, async (c) => {
    // The spec's body names the project; the integration's own project is what counts, so the body is not needed.
    await deleteIntegration(c.var.deps, currentUser(c).id, c.req.valid("param").id);
    return c.json({ success: true });
  });

/** Mounted at /api/validate: the JIRA wizard's server checks. */
export const validationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/jira-domain", validate("json", validateJiraDomainSchema), async (c) =>
    c.json({ success: true, data: await checkJiraDomain(c.var.deps, currentUser(c).id, c.req.valid("json").domain) }),
  )
  .post("/jira-auth", validate("json", validateJiraAuthSchema), async (c) =>
    c.json({ success: true, data: await checkJiraAuth(c.var.deps, currentUser(c).id, c.req.valid("json")) }),
  )
  .post("/jira-project", validate("json", validateJiraProjectSchema), async (c) => {
    const { projectKey, ...credentials } = c.req.valid("json");
    return c.json({
      success: true,
      data: await checkJiraProject(c.var.deps, currentUser(c).id, credentials, projectKey),
    });
  });

/** Mounted at /api/export: the spec's transcript-in-the-body JIRA export. */
export const exportRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/jira", validate("json", exportJiraSchema), async (c) => {
    const { transcriptId, integrationId } = c.req.valid("json");
    return c.json(
      exportResponse(await exportToJira(c.var.deps, currentUser(c).id, transcriptId, integrationId), false),
    );
  });

/** Mounted at /api/transcripts: exports of one transcript and their progress. */
export const transcriptExportRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/:id/export/jira", transcriptIdParam, validate("json", exportToIntegrationSchema), async (c) =>
    c.json(
      exportResponse(
        await exportToJira(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json").integrationId),
        true,
      ),
    ),
  )
  .post("/:id/export/notion", transcriptIdParam, validate("json", exportToIntegrationSchema), async (c) =>
    c.json(
      exportResponse(
        await exportToNotion(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json").integrationId),
        true,
      ),
    ),
  )
  .get("/:id/exports/:integrationId", progressParams, async (c) => {
    const { id, integrationId } = c.req.valid("param");
    return c.json(await exportProgress(c.var.deps, currentUser(c).id, id, integrationId));
  });
