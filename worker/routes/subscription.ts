import { Hono } from "hono";
import {
  paymentConfigSchema,
  subscriptionInfoSchema,
  subscriptionLimitsResponseSchema,
} from "../../schema/api/subscription-body";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { currentUser, requireUser } from "../middleware/session";
import { getPaymentConfig, getSubscription, getSubscriptionLimits } from "../services/billing/subscription";

const SIGNED_IN = { signedIn: true };

/** Mounted at /api/subscription. */
export const subscriptionRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/",
    documented("Billing", "Read the user's subscription", { body: subscriptionInfoSchema }, SIGNED_IN),
    async (c) => c.json(await getSubscription(c.var.deps, currentUser(c).id)),
  )
  .get(
    "/limits",
    documented(
      "Billing",
      "Read the plan in effect, its limits and what the account has used of them",
      { body: subscriptionLimitsResponseSchema },
      SIGNED_IN,
    ),
    async (c) => c.json(await getSubscriptionLimits(c.var.deps, currentUser(c).id)),
  )
  .get(
    "/payment-config",
    documented(
      "Billing",
      "Whether card payment is set up here, and Stripe's publishable key",
      { body: paymentConfigSchema },
      SIGNED_IN,
    ),
    (c) => c.json(getPaymentConfig(c.var.deps)),
  );
