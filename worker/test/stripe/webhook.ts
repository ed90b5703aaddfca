// Webhook deliveries as Stripe makes them: the event as the JSON body, signed with the endpoint's secret in the
// Stripe-Signature header (`t=…,v1=…`) by the SDK's own test helper. No test framework here, so scripts/fake-stripe.ts
// sends the same deliveries to a running Worker.
import Stripe from "stripe";
import { assertStripeShape } from "./contract";
import { FakeStripe, type FakeStripeEvent } from "./fake-stripe";

export interface SignedWebhook {
  body: string;
  signature: string;
  /** Content-Type and Stripe-Signature, ready for a POST. */
  headers: Record<string, string>;
}

export interface SignOptions {
  /** Seconds since the epoch of the signature (now by default); an old one tests the 5-minute tolerance. */
  timestamp?: number;
  /** The signature's scheme (Stripe's is v1). */
  scheme?: string;
}

type EventPayload = FakeStripeEvent | { type: string; data: { object: { object?: string } } };

/**
 * Signs an event for the webhook endpoint: the emulator's newest event, or a payload, which must be shaped like
 * Stripe's `event` (its `data.object` like that object's schema).
 */
export async function signedWebhook(
  source: FakeStripe | EventPayload,
  secret: string,
  options: SignOptions = {},
): Promise<SignedWebhook> {
  const event = source instanceof FakeStripe ? source.lastEvent() : source;
  assertStripeShape("event", event);
  const object = event.data.object;
  if (typeof object.object === "string") assertStripeShape(object.object, object);
  const body = JSON.stringify(event, null, 2);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret, ...options });
  return {
    body,
    signature,
    headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature },
  };
}
