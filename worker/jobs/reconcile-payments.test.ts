import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeBilling, fakeSubscription } from "../adapters/billing/fake";
import { findSubscriptionByCustomer, saveCustomerId, saveStripeState } from "../data/subscriptions";
import { setSubscription } from "../data/users";
import worker from "../index";
import type { Bindings } from "../lib/config";
import { stripeStateOf } from "../services/billing/stripe-state";
import { effectiveTier } from "../services/plans";
import { unique } from "../test/client";
import { buildTestDeps, testClock } from "../test/deps";
import { createUser } from "../test/factories";
import { jsonResponse, mockOutbound } from "../test/outbound";
import { reconcilePayments } from "./reconcile-payments";

// The reconciler against the in-memory Stripe. It looks at every row of this file's D1, so each test starts from no
// subscriptions at all.

const PRICES = { pro: "price_pro", enterprise: "price_enterprise" };
const MINUTE = 60_000;

beforeEach(async () => {
  await env.DB.exec("DELETE FROM subscriptions");
});

function setup() {
  const clock = testClock();
  const deps = buildTestDeps({ now: clock.now });
  const stripe = createFakeBilling();
  /** A cron run a minute after whatever the test wrote. */
  const run = () => {
    clock.advance(MINUTE);
    return reconcilePayments(deps.db, stripe, PRICES, clock.now());
  };
  return { clock, deps, stripe, run };
}

async function customer(deps: ReturnType<typeof buildTestDeps>) {
  const user = await createUser();
  const customerId = unique("cus_");
  await saveCustomerId(deps.db, user.id, customerId, deps.now());
  return { userId: user.id, customerId, row: () => findSubscriptionByCustomer(deps.db, customerId) };
}

describe("payment reconciliation", () => {
  it("repairs drift in both directions, and a second run changes nothing", async () => {
    const { deps, stripe, run } = setup();
    const store = async (userId: number, subscription: ReturnType<typeof fakeSubscription>) =>
      saveStripeState(deps.db, userId, stripeStateOf(PRICES, subscription), deps.now());

    // Paid in Stripe, but the webhook never arrived: still free here.
    const missedPayment = await customer(deps);
    const paid = fakeSubscription({ id: unique("sub_"), customerId: missedPayment.customerId, priceId: PRICES.pro });
    stripe.setSubscription(paid);

    // Cancelled in Stripe, still paid here.
    const missedCancel = await customer(deps);
    const cancelled = fakeSubscription({ id: unique("sub_"), customerId: missedCancel.customerId, priceId: PRICES.pro });
    await store(missedCancel.userId, cancelled);
    stripe.setSubscription({ ...cancelled, status: "canceled" });

    // Paid here, and Stripe no longer has the subscription (nor any other for the customer).
    const forgotten = await customer(deps);
    await store(forgotten.userId, fakeSubscription({ id: unique("sub_"), customerId: forgotten.customerId, priceId: PRICES.enterprise }));

    // A renewal failed in Stripe: past due, which grants nothing.
    const pastDue = await customer(deps);
    const renewing = fakeSubscription({ id: unique("sub_"), customerId: pastDue.customerId, priceId: PRICES.enterprise });
    await store(pastDue.userId, renewing);
    stripe.setSubscription({ ...renewing, status: "past_due" });

    // The stored subscription vanished, but the customer holds another, paid one.
    const moved = await customer(deps);
    await store(moved.userId, fakeSubscription({ id: unique("sub_"), customerId: moved.customerId, priceId: PRICES.pro }));
    const replacement = fakeSubscription({ id: unique("sub_"), customerId: moved.customerId, priceId: PRICES.enterprise });
    stripe.setSubscription(replacement);

    // In step with Stripe already; and a plan granted without Stripe.
    const inStep = await customer(deps);
    const steady = fakeSubscription({ id: unique("sub_"), customerId: inStep.customerId, priceId: PRICES.pro });
    await store(inStep.userId, steady);
    stripe.setSubscription(steady);
    const granted = await createUser();
    await setSubscription(deps.db, granted.id, "enterprise", "active", deps.now());

    // A subscription of a customer no user has.
    stripe.setSubscription(fakeSubscription({ id: unique("sub_"), customerId: unique("cus_"), priceId: PRICES.pro }));
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});

    expect(await run()).toEqual({ pages: 1, seen: 6, repaired: 5, unknownCustomers: 1 });

    expect(await missedPayment.row()).toMatchObject({ ...stripeStateOf(PRICES, paid), source: "stripe" });
    expect(effectiveTier(await missedPayment.row())).toBe("pro");
    expect(await missedCancel.row()).toMatchObject({ tier: "free", status: "canceled" });
    expect(await forgotten.row()).toMatchObject({ tier: "free", status: "canceled" });
    expect(await pastDue.row()).toMatchObject({ tier: "enterprise", status: "past_due" });
    expect(effectiveTier(await pastDue.row())).toBe("free");
    expect(await moved.row()).toMatchObject({ stripeSubscriptionId: replacement.id, tier: "enterprise", status: "active" });
    expect(await inStep.row()).toMatchObject({ ...stripeStateOf(PRICES, steady) });
    expect(await env.DB.prepare("SELECT tier, status, source FROM subscriptions WHERE user_id = ?").bind(granted.id).first()).toEqual({
      tier: "enterprise",
      status: "active",
      source: "manual",
    });
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
      expect.objectContaining({ event: "payments_reconciled", pages: 1, seen: 6, repaired: 5, unknownCustomers: 1 }),
    ]);

    const before = await env.DB.prepare("SELECT * FROM subscriptions ORDER BY user_id").all();
    expect(await run()).toEqual({ pages: 1, seen: 6, repaired: 0, unknownCustomers: 1 });
    expect((await env.DB.prepare("SELECT * FROM subscriptions ORDER BY user_id").all()).results).toEqual(before.results);
  });

  it("leaves a row a webhook wrote while the list was being read (the webhook's news is newer)", async () => {
    const { clock, deps, stripe, run } = setup();
    const buyer = await customer(deps);
    const subscription = fakeSubscription({ id: unique("sub_"), customerId: buyer.customerId, priceId: PRICES.pro, status: "incomplete" });
    stripe.setSubscription(subscription);
    const list = stripe.listSubscriptions.bind(stripe);
    vi.spyOn(stripe, "listSubscriptions").mockImplementation(async (cursor) => {
      const page = await list(cursor);
      // The payment goes through just after Stripe answered; its webhook stores the subscription as active.
      clock.advance(1);
      await saveStripeState(deps.db, buyer.userId, stripeStateOf(PRICES, { ...subscription, status: "active" }), clock.now());
      return page;
    });

    expect((await run()).repaired).toBe(0);
    expect(effectiveTier(await buyer.row())).toBe("pro");
  });

  it("reconciles 1,000 subscriptions in 10 list calls and no call per user", async () => {
    const { deps, stripe, run } = setup();
    const prefix = unique("bulk");
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
       INSERT INTO users (username) SELECT ? || i FROM n`,
    )
      .bind(prefix)
      .run();
    // Each has a customer and no subscription stored: every webhook was missed.
    await env.DB.prepare(
      `INSERT INTO subscriptions (user_id, tier, status, stripe_customer_id, updated_at)
       SELECT id, 'free', 'none', 'cus_' || username, ? FROM users WHERE username LIKE ? || '%'`,
    )
      .bind(deps.now(), prefix)
      .run();
    for (let i = 1; i <= 1000; i++) {
      const priceId = i % 3 === 0 ? PRICES.enterprise : PRICES.pro;
      stripe.setSubscription(fakeSubscription({ id: `sub_${prefix}_${i}`, customerId: `cus_${prefix}${i}`, priceId }));
    }
    vi.spyOn(console, "log").mockImplementation(() => {});

    expect(await run()).toEqual({ pages: 10, seen: 1000, repaired: 1000, unknownCustomers: 0 });
    expect(stripe.calls.listSubscriptions).toBe(10);
    expect(stripe.calls.getSubscription).toBe(0);
    const paid = await env.DB.prepare(
      "SELECT tier, count(*) AS n FROM subscriptions WHERE status = 'active' AND source = 'stripe' GROUP BY tier ORDER BY tier",
    ).all();
    expect(paid.results).toEqual([
      { tier: "enterprise", n: 333 },
      { tier: "pro", n: 667 },
    ]);

    expect(await run()).toEqual({ pages: 10, seen: 1000, repaired: 0, unknownCustomers: 0 });
    expect(stripe.calls.listSubscriptions).toBe(20);
  }, 30_000);

  it("logs and rethrows when Stripe cannot be listed, having changed nothing", async () => {
    const { deps, stripe, run } = setup();
    const subscriber = await customer(deps);
    const subscription = fakeSubscription({ id: unique("sub_"), customerId: subscriber.customerId, priceId: PRICES.pro });
    await saveStripeState(deps.db, subscriber.userId, stripeStateOf(PRICES, subscription), deps.now());
    stripe.setSubscription(subscription);
    stripe.failNextCall({ method: "listSubscriptions" });
    const failed = vi.spyOn(console, "error").mockImplementation(() => {});

    await expect(run()).rejects.toMatchObject({ code: "service_unavailable" });

    expect(failed.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
      expect.objectContaining({ event: "payments_reconcile_failed", cause: expect.stringContaining("payment provider") }),
    ]);
    expect(effectiveTier(await subscriber.row())).toBe("pro");
  });

  it("runs from the cron only when billing is configured", async () => {
    const deps = buildTestDeps({ now: () => Date.now() - MINUTE });
    const subscriber = await customer(deps);
    const gone = fakeSubscription({ id: unique("sub_"), customerId: subscriber.customerId, priceId: PRICES.pro });
    await saveStripeState(deps.db, subscriber.userId, stripeStateOf(PRICES, gone), deps.now());
    // Stripe's list, empty: the stored subscription is gone.
    const stripe = mockOutbound({
      "GET https://api.stripe.com/v1/subscriptions": () => jsonResponse({ object: "list", data: [], has_more: false, url: "/v1/subscriptions" }),
    });
    vi.spyOn(console, "log").mockImplementation(() => {});
    const cron = async (bindings: Partial<Bindings>) => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/10 * * * *" }), { ...env, ...bindings } as Bindings, ctx);
      await waitOnExecutionContext(ctx);
    };

    await cron({});
    expect(stripe.calls).toEqual([]);
    expect(effectiveTier(await subscriber.row())).toBe("pro");

    await cron({ STRIPE_SECRET_KEY: "sk_test_cron", STRIPE_PUBLISHABLE_KEY: "pk_test_cron", STRIPE_PRICE_PRO: PRICES.pro, STRIPE_PRICE_ENTERPRISE: PRICES.enterprise });
    expect(stripe.calls.map((call) => `${call.method} ${new URL(call.url).pathname}${new URL(call.url).search}`)).toEqual([
      "GET /v1/subscriptions?status=all&limit=100",
    ]);
    expect(await subscriber.row()).toMatchObject({ tier: "free", status: "canceled", stripeSubscriptionId: gone.id });
  });
});
