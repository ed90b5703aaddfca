import { Hono } from "hono";
import { generateInputSchema } from "../../schema/api/transcripts";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { generateStories } from "../services/generation";

/** Mounted at /api/generate. Regeneration of a saved transcript lives with the transcripts (routes/transcripts.ts). */
export const generateRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", validate("json", generateInputSchema), async (c) =>
    c.json(await generateStories(c.var.deps, currentUser(c).id, c.req.valid("json"))),
  );
