import { Hono } from "hono";
import * as z from "zod";
import { TIERS } from "../../schema/api/subscription";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { createSampleTranscripts } from "../services/dev/samples";
import { seedDemoAccounts } from "../services/dev/seed";
import { failRunsOfAStoppedServer } from "../services/generation";
import { readOutbox, setTierForDevelopment } from "../services/dev/shortcuts";

/** Mounted at /api/dev. Development helpers. They answer 404, like any unknown path, unless the Worker runs locally. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!c.var.deps.config.isLocal) throw notFound("Route");
    await next();
  })
  .get("/outbox", async (c) => c.json(await readOutbox(c.var.deps)))
  // Called by `npm run dev` once the server is up.
  .post("/seed", async (c) => c.json({ success: true, accounts: await seedDemoAccounts(c.var.deps) }))
  // Called by `npm run dev` once the server is up, with the moment it started the server: a generation still marked
  // running from before then lost its server (the local Workflows engine does not resume it), so it is failed now and
  // given back, and history offers Try Again.
  .post(
    "/interrupted-generations",
    validate("json", z.object({ startedBefore: z.number().int().nonnegative() })),
    async (c) =>
      c.json({ success: true, failed: await failRunsOfAStoppedServer(c.var.deps, c.req.valid("json").startedBefore) }),
  )
  // Transcripts with stories for the signed-in user, without generating (browser tests, benchmark, trying the UI).
  .post(
    "/sample-transcripts",
    requireUser,
    validate(
      "json",
      z.object({
        count: z.number().int().min(1).max(50).default(3),
        projectId: z.number().int().positive().nullable().default(null),
        spreadAcrossProjects: z.boolean().default(false),
      }),
    ),
    async (c) =>
      c.json({ success: true, ids: await createSampleTranscripts(c.var.deps, currentUser(c).id, c.req.valid("json")) }),
  )
  // Sets the signed-in user's plan while billing does not exist yet.
  .post("/subscription", requireUser, validate("json", z.object({ tier: z.enum(TIERS) })), async (c) => {
    await setTierForDevelopment(c.var.deps, currentUser(c).id, c.req.valid("json").tier);
    return c.json({ success: true });
  });
