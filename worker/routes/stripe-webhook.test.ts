import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { SubscriptionInfo } from "../../schema/api/subscription-body";
import { createStripeBilling, toBillingSubscription } from "../adapters/billing/stripe";
import { saveStripeState } from "../data/subscriptions";
import { findSubscription } from "../data/users";
import worker from "../index";
import { getConfig } from "../lib/config";
import type { Bindings } from "../bindings";
import { stripeStateOf } from "../services/billing/stripe-state";
import { SUBSCRIPTION_EVENTS } from "../services/billing/webhooks";
import { call, json, ORIGIN, unique } from "../test/client";
import { buildTestDeps } from "../test/deps";
import { countRows, createUser } from "../test/factories";
import { FAKE_PRICES, FakeStripe, type FakeStripeEvent } from "../test/stripe/fake-stripe";
import { mockStripe, signedWebhook, type SignedWebhook } from "../test/stripe/mock";

// POST /api/stripe/webhook through the real Worker, the real Stripe adapter (the SDK's constructEventAsync checks every
// signature) and the Stripe emulator behind api.stripe.com, whose answers and events are held to Stripe's contract.

const WEBHOOK_SECRET = "whsec_storyloom_webhook_test";
const STRIPE_ENV: Partial<Bindings> = {
  STRIPE_SECRET_KEY: "sk_test_storyloom",
  STRIPE_PUBLISHABLE_KEY: "pk_test_storyloom",
  STRIPE_PRICE_PRO: FAKE_PRICES[0]!.id,
  STRIPE_PRICE_ENTERPRISE: FAKE_PRICES[1]!.id,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const PRICES = getConfig({ ...env, ...STRIPE_ENV } as Bindings).billing!.prices;
const TOLERANCE_SECONDS = 300;

/** A delivery as Stripe makes it: server to server, no Origin, no cookie. */
async function deliver(
  webhook: Pick<SignedWebhook, "body" | "headers">,
  bindings: Partial<Bindings> = STRIPE_ENV,
): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/api/stripe/webhook`, {
    method: "POST",
    headers: { ...webhook.headers, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
    body: webhook.body,
  });
  const response = await worker.fetch(request, { ...env, ...bindings } as Bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const sign = (event: FakeStripeEvent, options?: { timestamp?: number; scheme?: string }) =>
  signedWebhook(event, WEBHOOK_SECRET, options);

/** A user who chose Pro through the API: customer and incomplete subscription made in the emulator and stored. */
async function subscriber(fake: FakeStripe) {
  const user = await createUser();
  const created = await call("POST", "/api/create-subscription", {
    cookie: user.session,
    body: { tier: "pro" },
    env: STRIPE_ENV,
  });
  expect(created.status).toBe(200);
  const stored = (await findSubscription(buildTestDeps().db, user.id))!;
  const subscriptionId = stored.stripeSubscriptionId!;
  return {
    user,
    subscriptionId,
    customerId: stored.stripeCustomerId!,
    plan: async () => json<SubscriptionInfo>(await call("GET", "/api/subscription", { cookie: user.session })),
    /** What Stripe holds now, as StoryLoom stores it. */
    stripeState: () => stripeStateOf(PRICES, toBillingSubscription(fake.inspect(subscriptionId))),
    fetches: () => fake.callsTo("GET", `/v1/subscriptions/${subscriptionId}`).length,
  };
}

describe("POST /api/stripe/webhook", () => {
  it("turns a paid checkout into Pro from Stripe's events, delivered as Stripe sends them", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const buyer = await subscriber(fake);
    expect(await buyer.plan()).toMatchObject({ tier: "pro", status: "incomplete" });
    fake.pay(buyer.subscriptionId);

    const types = [];
    for (const event of fake.events) {
      const response = await deliver(await sign(event));
      expect(response.status, event.type).toBe(200);
      expect(await response.json()).toEqual({ received: true });
      types.push(event.type);
    }

    expect(types).toEqual(
      expect.arrayContaining(["customer.subscription.created", "invoice.paid", "customer.subscription.updated"]),
    );
    expect(await buyer.plan()).toMatchObject({ tier: "pro", status: "active", cancelAtPeriodEnd: false });
    const limits = await json<{ data: { tier: string } }>(
      await call("GET", "/api/subscription/limits", { cookie: buyer.user.session }),
    );
    expect(limits.data.tier).toBe("pro");
  });

  it("applies 10 deliveries of one event once, one after another or all at once", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const buyer = await subscriber(fake);
    fake.pay(buyer.subscriptionId);
    const paid = await sign(fake.lastEvent("invoice.paid"));
    const fetchesBefore = buyer.fetches();

    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await deliver(paid)).status);

    expect(statuses).toEqual(Array(10).fill(200));
    // Only the first delivery asked Stripe; the other nine found the event claimed.
    expect(buyer.fetches() - fetchesBefore).toBe(1);
    expect(await countRows("stripe_events", "id = ?", JSON.parse(paid.body).id)).toBe(1);
    expect(await buyer.plan()).toMatchObject({ tier: "pro", status: "active" });

    const updated = await sign(fake.eventFor("customer.subscription.updated", buyer.subscriptionId));
    const together = await Promise.all(Array.from({ length: 10 }, () => deliver(updated)));
    expect(together.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await countRows("stripe_events", "id = ?", JSON.parse(updated.body).id)).toBe(1);
  });

  it("converges to Stripe's final state for every order of created, updated, paid and deleted", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const buyer = await subscriber(fake);
    const checkedOut = buyer.stripeState();
    fake.pay(buyer.subscriptionId);
    await createStripeBilling(getConfig({ ...env, ...STRIPE_ENV } as Bindings).billing!).cancelNow(
      buyer.subscriptionId,
    );
    const final = buyer.stripeState();
    expect(final).toMatchObject({ tier: "free", status: "canceled" });

    const kinds = [
      "customer.subscription.created",
      "customer.subscription.updated",
      "invoice.paid",
      "customer.subscription.deleted",
    ];
    const permutations = (items: string[]): string[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((item, i) => permutations(items.filter((_, j) => j !== i)).map((rest) => [item, ...rest]));
    const failures = [];
    for (const order of permutations(kinds)) {
      // Back to what checkout stored, then the four deliveries in this order.
      await saveStripeState(buildTestDeps().db, buyer.user.id, checkedOut, Date.now());
      for (const type of order)
        expect((await deliver(await sign(fake.eventFor(type, buyer.subscriptionId)))).status).toBe(200);
      const plan = await buyer.plan();
      if (plan.tier !== final.tier || plan.status !== final.status)
        failures.push(`${order.join(" → ")}: ${plan.tier}/${plan.status}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("changes nothing for a customer no user has, and logs the event without secrets", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const [strangers] = fake.seed(1);
    const event = fake.eventFor("customer.subscription.updated", strangers!);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const rows = await countRows("subscriptions", "1 = 1");

    expect((await deliver(await sign(event))).status).toBe(200);

    expect(await countRows("subscriptions", "1 = 1")).toBe(rows);
    expect(await countRows("subscriptions", "stripe_subscription_id = ?", strangers)).toBe(0);
    const lines = warned.mock.calls.map(([line]) => String(line));
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ event: "stripe_event_unknown_customer", eventId: event.id, subscriptionId: strangers }),
    ]);
    expect(lines.join("\n")).not.toMatch(/sk_test|whsec_|pk_test|t=\d+,v1=/);
  });

  it("ends access when Stripe answers 404 for the subscription", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const buyer = await subscriber(fake);
    fake.pay(buyer.subscriptionId);
    // The row follows a subscription Stripe does not know (another account's id, or one since removed).
    const goneId = unique("sub_gone");
    await saveStripeState(
      buildTestDeps().db,
      buyer.user.id,
      { ...buyer.stripeState(), stripeSubscriptionId: goneId },
      Date.now(),
    );
    expect(await buyer.plan()).toMatchObject({ tier: "pro", status: "active" });
    const event = structuredClone(fake.eventFor("customer.subscription.deleted", buyer.subscriptionId));
    (event.data.object as { id: string }).id = goneId;

    expect((await deliver(await sign(event))).status).toBe(200);

    expect(fake.callsTo("GET", `/v1/subscriptions/${goneId}`).map((request) => request.status)).toEqual([404]);
    expect(await buyer.plan()).toMatchObject({ tier: "free", status: "canceled" });
  });

  it("acknowledges the other events Stripe sends without calling Stripe or storing them", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    await subscriber(fake);
    const others = fake.events.filter((event) => !SUBSCRIPTION_EVENTS.has(event.type));
    expect(others.map((event) => event.type)).toEqual(
      expect.arrayContaining(["customer.created", "invoice.created", "invoice.finalized"]),
    );
    const calls = fake.calls.length;

    for (const event of others) expect((await deliver(await sign(event))).status).toBe(200);

    expect(fake.calls.length).toBe(calls);
    for (const event of others) expect(await countRows("stripe_events", "id = ?", event.id)).toBe(0);
  });

  it("refuses six kinds of bad signature with 400, changing nothing and calling nobody", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const [id] = fake.seed(1);
    const event = fake.eventFor("customer.subscription.updated", id!);
    const good = await sign(event);
    const withSignature = (signature: string | null, body = good.body): Pick<SignedWebhook, "body" | "headers"> => {
      const { "Stripe-Signature": _signed, ...unsigned } = good.headers;
      return { body, headers: signature === null ? unsigned : { ...unsigned, "Stripe-Signature": signature } };
    };
    const cases: Array<[string, Pick<SignedWebhook, "body" | "headers">]> = [
      ["missing header", withSignature(null)],
      ["wrong secret", withSignature((await signedWebhook(event, "whsec_someone_else")).signature)],
      ["tampered body", withSignature(good.signature, good.body.replace('"status": "active"', '"status": "canceled"'))],
      [
        "stale timestamp",
        withSignature(
          (await sign(event, { timestamp: Math.floor(Date.now() / 1000) - TOLERANCE_SECONDS - 5 })).signature,
        ),
      ],
      ["wrong scheme", withSignature((await sign(event, { scheme: "v0" })).signature)],
      ["malformed header", withSignature("not a stripe signature")],
    ];
    expect(cases[2]![1].body).not.toBe(good.body);
    const calls = fake.calls.length;
    const events = await countRows("stripe_events", "1 = 1");

    const answers = [];
    for (const [name, webhook] of cases) {
      const response = await deliver(webhook);
      answers.push({ name, status: response.status, code: (await json<{ code: string }>(response)).code });
    }

    expect(answers).toEqual(cases.map(([name]) => ({ name, status: 400, code: "bad_request" })));
    expect(fake.calls.length).toBe(calls);
    expect(await countRows("stripe_events", "1 = 1")).toBe(events);
    // The same delivery, correctly signed, and one just inside the 5-minute tolerance, are accepted.
    expect((await deliver(good)).status).toBe(200);
    const recent = await sign(fake.eventFor("customer.subscription.updated", id!), {
      timestamp: Math.floor(Date.now() / 1000) - TOLERANCE_SECONDS + 5,
    });
    expect((await deliver(recent)).status).toBe(200);
  });

  it("answers 503 when card payment or the webhook secret is not configured here", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const [id] = fake.seed(1);
    const webhook = await sign(fake.eventFor("customer.subscription.updated", id!));
    vi.spyOn(console, "error").mockImplementation(() => {});

    expect((await deliver(webhook, {})).status).toBe(503);
    expect((await deliver(webhook, { ...STRIPE_ENV, STRIPE_WEBHOOK_SECRET: "" })).status).toBe(503);
  });

  it("is the only exception to the Origin rule: another path refuses the same delivery", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const [id] = fake.seed(1);
    const webhook = await sign(fake.eventFor("customer.subscription.updated", id!));
    const response = await worker.fetch(
      new Request(`${ORIGIN}/api/stripe/webhooks`, { method: "POST", headers: webhook.headers, body: webhook.body }),
      { ...env, ...STRIPE_ENV } as Bindings,
      createExecutionContext(),
    );
    expect(response.status).toBe(403);
  });
});
