import { Hono } from "hono";
import type { AppEnv } from "../env";
import { currentUser, requireUser } from "../middleware/session";
import { listActivity } from "../services/transcripts";

/** Mounted at /api/activity: the dashboard's feed. */
export const activityRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await listActivity(c.var.deps, currentUser(c).id)));
