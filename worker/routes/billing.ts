import { Hono } from "hono";
import { createSubscriptionSchema } from "../../schema/api/subscription-input";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import {
  cancelSubscription,
  cleanupStripe,
  confirmPayment,
  createSubscription,
  retrySubscriptionPayment,
} from "../services/billing/checkout";

/** Mounted at /api: the spec names the payment calls at the root (/api/create-subscription…). */
export const billingRoutes = new Hono<AppEnv>()
  .post("/create-subscription", requireUser, validate("json", createSubscriptionSchema), async (c) =>
    c.json(await createSubscription(c.var.deps, currentUser(c).id, c.req.valid("json").tier)),
  )
  .post("/confirm-payment", requireUser, async (c) => c.json(await confirmPayment(c.var.deps, currentUser(c).id)))
  .post("/cancel-subscription", requireUser, async (c) =>
    c.json(await cancelSubscription(c.var.deps, currentUser(c).id)),
  )
  .post("/retry-subscription-payment", requireUser, async (c) =>
    c.json(await retrySubscriptionPayment(c.var.deps, currentUser(c).id)),
  )
  .post("/cleanup-stripe", requireUser, async (c) => c.json(await cleanupStripe(c.var.deps, currentUser(c).id)));
