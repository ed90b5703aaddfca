import { Hono } from "hono";
import { generateInputSchema } from "../../schema/api/transcripts";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { generateStories, regenerateStories } from "../services/generation";
import { idParam } from "./projects";

/** Mounted at /api. */
export const generateRoutes = new Hono<AppEnv>()
  .post("/generate", requireUser, validate("json", generateInputSchema), async (c) =>
    c.json(await generateStories(c.var.deps, currentUser(c).id, c.req.valid("json"))),
  )
  .post("/transcripts/:id/generate", requireUser, validate("param", idParam), async (c) =>
    c.json(await regenerateStories(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  );
