import { Hono } from "hono";
import { z } from "zod";
import { TIERS } from "../../schema/api/subscription";
import type { AppEnv } from "../env";
import { listOutboxEmails } from "../data/email-outbox";
import { setSubscription } from "../data/users";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { createSampleTranscripts } from "../services/dev/samples";
import { seedDemoAccounts } from "../services/dev/seed";

/** Development helpers. They answer 404, like any unknown path, unless the Worker runs locally. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!c.var.deps.config.isLocal) throw notFound("Route");
    await next();
  })
  .get("/outbox", async (c) => {
    const emails = await listOutboxEmails(c.var.deps.db);
    return c.json(emails.map((e) => ({ ...e, createdAt: new Date(e.createdAt).toISOString() })));
  })
  // Called by `npm run dev` once the server is up.
  .post("/seed", async (c) => c.json({ success: true, accounts: await seedDemoAccounts(c.var.deps) }))
  // Transcripts for the signed-in user, until generation exists (browser tests, benchmark, trying the UI).
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
    async (c) => c.json({ success: true, ids: await createSampleTranscripts(c.var.deps, currentUser(c).id, c.req.valid("json")) }),
  )
  // Sets the signed-in user's plan while billing does not exist yet.
  .post("/subscription", requireUser, validate("json", z.object({ tier: z.enum(TIERS) })), async (c) => {
    await setSubscription(c.var.deps.db, currentUser(c).id, c.req.valid("json").tier, "active", c.var.deps.now());
    return c.json({ success: true });
  });
