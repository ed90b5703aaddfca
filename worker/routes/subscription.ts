import { Hono } from "hono";
import * as z from "zod";
import {
  paymentConfigSchema,
  subscriptionInfoSchema,
  subscriptionLimitsResponseSchema,
} from "../../schema/api/subscription-body";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { canonicalId, validateIds } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { getPaymentConfig, getSubscription, getSubscriptionLimits } from "../services/billing/subscription";

const SIGNED_IN = { signedIn: true };
// (a project id in the URL that is not canonical is a missing project: 404, as on the transcripts list)
const limitsQuery = z.object({ projectId: canonicalId.optional() });

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
      "Read the plan in effect, its limits and what the account has used of them; with projectId, those a generation in that project uses (its owner's)",
      { body: subscriptionLimitsResponseSchema },
      SIGNED_IN,
    ),
    validateIds("query", limitsQuery, "Project"),
    async (c) => c.json(await getSubscriptionLimits(c.var.deps, currentUser(c).id, c.req.valid("query").projectId)),
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
