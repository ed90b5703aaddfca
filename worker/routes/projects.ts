import { Hono } from "hono";
import * as z from "zod";
import { acknowledgedSchema } from "../../schema/api/envelope";
import { projectInputSchema, projectSchema } from "../../schema/api/projects";
import type { AppEnv } from "../env";
import { documented, signedInOrToken } from "../lib/openapi";
import { idParam, validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "../services/projects";

const projectIdParam = idParam("Project");

/** Mounted at /api/projects. */
export const projectRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/",
    documented(
      "Projects",
      "List the user's projects and those shared through a team",
      { body: z.array(projectSchema) },
      signedInOrToken("read"),
    ),
    async (c) => c.json(await listProjects(c.var.deps, currentUser(c).id)),
  )
  .get(
    "/:id",
    documented("Projects", "Read a project", { body: projectSchema }, signedInOrToken("read")),
    projectIdParam,
    async (c) => c.json(await getProject(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  .post(
    "/",
    documented("Projects", "Create a project", { status: 201, body: projectSchema }, signedInOrToken("write")),
    validate("json", projectInputSchema),
    async (c) => c.json(await createProject(c.var.deps, currentUser(c).id, c.req.valid("json")), 201),
  )
  .put(
    "/:id",
    documented(
      "Projects",
      "Rename a project, or change its description or colour",
      { body: projectSchema },
      signedInOrToken("write"),
    ),
    projectIdParam,
    validate("json", projectInputSchema),
    async (c) =>
      c.json(await updateProject(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete(
    "/:id",
    documented(
      "Projects",
      "Delete a project and the transcripts filed in it",
      { body: acknowledgedSchema },
      signedInOrToken("write"),
    ),
    projectIdParam,
    async (c) => {
      await deleteProject(c.var.deps, currentUser(c).id, c.req.valid("param").id);
      return c.json({ success: true });
    },
  );
