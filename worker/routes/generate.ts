import { Hono } from "hono";
import { generateInputSchema, generateResponseSchema } from "../../schema/api/transcripts";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { generateStories } from "../services/generation";

/** Mounted at /api/generate. Regeneration of a saved transcript lives with the transcripts (routes/transcripts.ts). */
export const generateRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/",
    documented(
      "Transcripts",
      "Save a transcript and generate an epic and user stories from it, with their quality report",
      { body: generateResponseSchema },
      { signedIn: true },
    ),
    validate("json", generateInputSchema),
    async (c) => c.json(await generateStories(c.var.deps, currentUser(c).id, c.req.valid("json"))),
  );
