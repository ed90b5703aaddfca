import { Hono } from "hono";
import { generationPendingSchema } from "../../schema/api/generation";
import { generateInputSchema, generateResponseSchema } from "../../schema/api/transcripts";
import type { AppEnv } from "../env";
import { documented, signedInOrToken } from "../lib/openapi";
import { preferredWaitMs } from "../lib/prefer";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { generateStories, isPending } from "../services/generation";

/** Mounted at /api/generate. Regeneration of a saved transcript lives with the transcripts (routes/transcripts.ts). */
export const generateRoutes = new Hono<AppEnv>()
  .use(requireUser)
  // 202 when an LLM provider's durable run is still going after the wait (services/generation/index.ts)
  .post(
    "/",
    documented(
      "Transcripts",
      "Save a transcript and generate an epic and user stories from it, with their quality report",
      { body: generateResponseSchema, accepted: generationPendingSchema },
      {
        ...signedInOrToken("generate"),
        description:
          "With an LLM provider the generation is a durable job: when it is still running after a wait (25 s, or less with `Prefer: wait=N`) the answer is 202, with the URL of its progress. Each account may generate from at most 2,000,000 transcript characters a UTC day, on any plan: past that the answer is 429 with Retry-After (seconds until 00:00 UTC).",
      },
    ),
    validate("json", generateInputSchema),
    async (c) => {
      const outcome = await generateStories(c.var.deps, currentUser(c).id, c.req.valid("json"), {
        waitMs: preferredWaitMs(c.req.header("Prefer")),
      });
      return isPending(outcome) ? c.json(outcome, 202) : c.json(outcome);
    },
  );
