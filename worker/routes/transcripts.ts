import { Hono } from "hono";
import { z } from "zod";
import { assignProjectSchema, generatedStoriesSchema } from "../../schema/api/transcripts";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import {
  assignTranscriptProject,
  deleteTranscript,
  getTranscript,
  listActivity,
  listTranscripts,
  saveStoryEdits,
} from "../services/transcripts";
import { idParam } from "./projects";

const listQuery = z.object({ projectId: z.coerce.number().int().positive().optional() });

/** Mounted at /api: the spec names the delete route in the singular (/api/transcript/{id}). */
export const transcriptRoutes = new Hono<AppEnv>()
  .use("/transcripts/*", requireUser)
  .use("/transcripts", requireUser)
  .use("/transcript/*", requireUser)
  .use("/activity", requireUser)
  .get("/transcripts", validate("query", listQuery), async (c) =>
    c.json(await listTranscripts(c.var.deps, currentUser(c).id, c.req.valid("query"))),
  )
  .get("/transcripts/:id", validate("param", idParam), async (c) =>
    c.json(await getTranscript(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  .patch("/transcripts/:id/project", validate("param", idParam), validate("json", assignProjectSchema), async (c) =>
    c.json(
      await assignTranscriptProject(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json").projectId),
    ),
  )
  .put("/transcripts/:id/stories", validate("param", idParam), validate("json", generatedStoriesSchema), async (c) =>
    c.json(await saveStoryEdits(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/transcript/:id", validate("param", idParam), async (c) => {
    await deleteTranscript(c.var.deps, currentUser(c).id, c.req.valid("param").id);
    return c.json({ success: true });
  })
  .get("/activity", async (c) => c.json(await listActivity(c.var.deps, currentUser(c).id)));
