import { Hono } from "hono";
import { projectInputSchema } from "../../schema/api/projects";
import type { AppEnv } from "../env";
import { idParam, validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "../services/projects";

const projectIdParam = idParam("Project");

/** Mounted at /api/projects. */
export const projectRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await listProjects(c.var.deps, currentUser(c).id)))
  .get("/:id", projectIdParam, async (c) =>
    c.json(await getProject(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  .post("/", validate("json", projectInputSchema), async (c) =>
    c.json(await createProject(c.var.deps, currentUser(c).id, c.req.valid("json")), 201),
  )
  .put("/:id", projectIdParam, validate("json", projectInputSchema), async (c) =>
    c.json(await updateProject(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", projectIdParam, async (c) => {
    await deleteProject(c.var.deps, currentUser(c).id, c.req.valid("param").id);
    return c.json({ success: true });
  });
