import { Hono } from "hono";
import {
  checkStoriesInputSchema,
  checkStoriesResponseSchema,
  type CheckStoriesResponse,
} from "../../schema/api/story-check";
import type { AppEnv } from "../env";
import { documented, signedInOrToken } from "../lib/openapi";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { checkStories } from "../services/quality/check";

/** Mounted at /api/stories: the quality gate over any stories (issue 27). */
export const storyRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/check",
    documented(
      "Transcripts",
      "Check the quality of any stories, and how well they cover the transcript when one is sent",
      { body: checkStoriesResponseSchema },
      signedInOrToken("generate"),
    ),
    validate("json", checkStoriesInputSchema),
    async (c) =>
      c.json({
        success: true,
        data: await checkStories(c.var.deps, currentUser(c).id, c.req.valid("json")),
      } satisfies CheckStoriesResponse),
  );
