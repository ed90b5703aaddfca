import { Hono } from "hono";
import * as z from "zod";
import { activityItemSchema } from "../../schema/api/transcripts";
import type { AppEnv } from "../env";
import { documented, signedInOrToken } from "../lib/openapi";
import { currentUser, requireUser } from "../middleware/session";
import { listActivity } from "../services/transcripts";

/** Mounted at /api/activity: the dashboard's feed. */
export const activityRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/",
    documented(
      "Projects",
      "List the latest 20 events of the user's own activity and of the team projects they work in, newest first",
      { body: z.array(activityItemSchema) },
      signedInOrToken("read"),
    ),
    async (c) => c.json(await listActivity(c.var.deps, currentUser(c).id)),
  );
