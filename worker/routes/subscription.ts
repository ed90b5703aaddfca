import { Hono } from "hono";
import type { AppEnv } from "../env";
import { currentUser, requireUser } from "../middleware/session";
import { getPaymentConfig, getSubscription, getSubscriptionLimits } from "../services/billing/subscription";

/** Mounted at /api/subscription. */
export const subscriptionRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await getSubscription(c.var.deps, currentUser(c).id)))
  .get("/limits", async (c) => c.json(await getSubscriptionLimits(c.var.deps, currentUser(c).id)))
  .get("/payment-config", (c) => c.json(getPaymentConfig(c.var.deps)));
