import { Hono } from "hono";
import { acknowledgedSchema } from "../../schema/api/envelope";
import {
  cancelSubscriptionResponseSchema,
  confirmPaymentResponseSchema,
  createSubscriptionResponseSchema,
  retryPaymentResponseSchema,
} from "../../schema/api/subscription-body";
import { createSubscriptionSchema } from "../../schema/api/subscription-input";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import {
  cancelSubscription,
  cleanupStripe,
  confirmPayment,
  createSubscription,
  retrySubscriptionPayment,
} from "../services/billing/checkout";

const SIGNED_IN = { signedIn: true };

/** Mounted at /api: the spec names the payment calls at the root (/api/create-subscription…). */
export const billingRoutes = new Hono<AppEnv>()
  .post(
    "/create-subscription",
    documented(
      "Billing",
      "Subscribe to a paid plan, or change the live subscription to the other one",
      { body: createSubscriptionResponseSchema },
      SIGNED_IN,
    ),
    requireUser,
    validate("json", createSubscriptionSchema),
    async (c) => c.json(await createSubscription(c.var.deps, currentUser(c).id, c.req.valid("json").tier)),
  )
  .post(
    "/confirm-payment",
    documented(
      "Billing",
      "Read the subscription's status from Stripe again and store it",
      { body: confirmPaymentResponseSchema },
      SIGNED_IN,
    ),
    requireUser,
    async (c) => c.json(await confirmPayment(c.var.deps, currentUser(c).id)),
  )
  .post(
    "/cancel-subscription",
    documented(
      "Billing",
      "Cancel the subscription at the end of the paid period",
      { body: cancelSubscriptionResponseSchema },
      SIGNED_IN,
    ),
    requireUser,
    async (c) => c.json(await cancelSubscription(c.var.deps, currentUser(c).id)),
  )
  .post(
    "/retry-subscription-payment",
    documented(
      "Billing",
      "Complete the payment of an incomplete or past-due subscription",
      { body: retryPaymentResponseSchema },
      SIGNED_IN,
    ),
    requireUser,
    async (c) => c.json(await retrySubscriptionPayment(c.var.deps, currentUser(c).id)),
  )
  .post(
    "/cleanup-stripe",
    documented(
      "Billing",
      "Cancel whatever is live in Stripe now and forget the stored subscription (the account reset)",
      { body: acknowledgedSchema },
      SIGNED_IN,
    ),
    requireUser,
    async (c) => c.json(await cleanupStripe(c.var.deps, currentUser(c).id)),
  );
