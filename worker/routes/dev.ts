import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listOutboxEmails } from "../data/email-outbox";
import { notFound } from "../lib/errors";
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
  .post("/seed", async (c) => c.json({ success: true, accounts: await seedDemoAccounts(c.var.deps) }));
