import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import worker from "../index";
import type { Bindings } from "../lib/config";
import { ORIGIN, unique } from "../test/client";
import { countRows } from "../test/factories";
import { mockOutbound } from "../test/outbound";

// POST /api/stripe/webhook through the real Worker and the real Stripe adapter: the SDK's constructEventAsync checks
// every signature here. No call reaches Stripe: each test mocks outbound fetch with no routes, so one would fail it.

const WEBHOOK_SECRET = "whsec_storyloom_test_secret";
const STRIPE_ENV: Partial<Bindings> = {
  STRIPE_SECRET_KEY: "sk_test_storyloom",
  STRIPE_PUBLISHABLE_KEY: "pk_test_storyloom",
  STRIPE_PRICE_PRO: "price_pro",
  STRIPE_PRICE_ENTERPRISE: "price_enterprise",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const TOLERANCE_SECONDS = 300;

/** An event Stripe sends that StoryLoom acknowledges without acting (so a valid one needs no call to Stripe). */
function customerCreated() {
  return JSON.stringify({
    id: unique("evt_"),
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type: "customer.created",
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: unique("cus_"), object: "customer" } },
  });
}

function sign(payload: string, options: { secret?: string; timestamp?: number; scheme?: string } = {}) {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...options });
}

/** A delivery as Stripe makes it: server to server, no Origin, no cookie, Stripe's content type. */
async function deliver(body: string, signature: string | null, bindings: Partial<Bindings> = STRIPE_ENV): Promise<Response> {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", headers, body }),
    { ...env, ...bindings } as Bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe("POST /api/stripe/webhook", () => {
  it("accepts a correctly signed delivery without our Origin or a session, and answers 200 at once", async () => {
    const stripe = mockOutbound({});
    const body = customerCreated();

    const response = await deliver(body, await sign(body));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(stripe.calls).toEqual([]);
  });

  it("accepts a signature made just inside the 5-minute tolerance", async () => {
    mockOutbound({});
    const body = customerCreated();
    const response = await deliver(body, await sign(body, { timestamp: Math.floor(Date.now() / 1000) - TOLERANCE_SECONDS + 5 }));
    expect(response.status).toBe(200);
  });

  it("refuses six kinds of bad signature with 400, changing nothing and calling nobody", async () => {
    const stripe = mockOutbound({});
    const body = customerCreated();
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, string, string | null]> = [
      ["missing header", body, null],
      ["wrong secret", body, await sign(body, { secret: "whsec_someone_else" })],
      ["tampered body", body.replace("customer.created", "invoice.paid"), await sign(body)],
      ["stale timestamp", body, await sign(body, { timestamp: now - TOLERANCE_SECONDS - 5 })],
      ["wrong scheme", body, await sign(body, { scheme: "v0" })],
      ["malformed header", body, "not a stripe signature"],
    ];
    const events = await countRows("stripe_events", "1 = 1");

    const answers = [];
    for (const [name, payload, signature] of cases) {
      const response = await deliver(payload, signature);
      answers.push({ name, status: response.status, code: ((await response.json()) as { code: string }).code });
    }

    expect(answers).toEqual(cases.map(([name]) => ({ name, status: 400, code: "bad_request" })));
    expect(stripe.calls).toEqual([]);
    expect(await countRows("stripe_events", "1 = 1")).toBe(events);
  });

  it("answers 503 when card payment or the webhook secret is not configured here", async () => {
    mockOutbound({});
    const body = customerCreated();
    const signature = await sign(body);

    expect((await deliver(body, signature, {})).status).toBe(503);
    expect((await deliver(body, signature, { ...STRIPE_ENV, STRIPE_WEBHOOK_SECRET: "" })).status).toBe(503);
  });

  it("is the only exception to the Origin rule: other /api paths still refuse a delivery like Stripe's", async () => {
    mockOutbound({});
    const body = customerCreated();
    const response = await worker.fetch(
      new Request(`${ORIGIN}/api/stripe/webhooks`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": await sign(body) },
        body,
      }),
      { ...env, ...STRIPE_ENV } as Bindings,
      createExecutionContext(),
    );
    expect(response.status).toBe(403);
  });
});
