import { Hono } from "hono";
import { webhookReceivedSchema } from "../../schema/api/subscription-body";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { handleStripeWebhook } from "../services/billing/webhooks";

/**
 * Mounted at /api/stripe. Stripe calls it server to server, without a session or our Origin: the signature over the
 * body is the authentication (the reviewed exception in middleware/security.ts). Every verified delivery gets 200,
 * handled or not, so Stripe stops retrying; a failure to reach Stripe or D1 answers 5xx, and Stripe retries.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post(
  "/webhook",
  documented(
    "Billing",
    "Receive Stripe's subscription events",
    { body: webhookReceivedSchema },
    {
      description:
        "Called by Stripe, not by the app: the Stripe-Signature header, over the exact bytes of the body, authenticates it. Every verified event is acknowledged, whether it changed anything or not.",
      request: {
        mediaType: "application/json",
        description: "Stripe's event, exactly as Stripe sent it (the signature covers these bytes).",
      },
    },
  ),
  async (c) => {
    // The signature covers the exact bytes Stripe sent: the body is read as text, never parsed and serialised again.
    await handleStripeWebhook(c.var.deps, await c.req.text(), c.req.header("Stripe-Signature"));
    return c.json({ received: true });
  },
);
