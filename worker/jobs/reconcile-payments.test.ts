import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeBilling, fakeSubscription } from "../adapters/billing/fake";
import { findSubscriptionByCustomer, saveCustomerId, saveStripeState } from "../data/subscriptions";
import { setSubscription } from "../data/users";
import worker, { CRONS } from "../index";
import type { Bindings } from "../bindings";
import { stripeStateOf } from "../services/billing/stripe-state";
import { effectiveTier } from "../services/plans";
import { unique } from "../test/client";
import { buildTestDeps, testClock } from "../test/deps";
import { createUser } from "../test/factories";
import { FAKE_PRICES, FakeStripe } from "../test/stripe/fake-stripe";
import { mockStripe } from "../test/stripe/mock";
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
    const cancelled = fakeSubscription({
      id: unique("sub_"),
      customerId: missedCancel.customerId,
      priceId: PRICES.pro,
    });
    await store(missedCancel.userId, cancelled);
    stripe.setSubscription({ ...cancelled, status: "canceled" });

    // Paid here, and Stripe no longer has the subscription (nor any other for the customer).
    const forgotten = await customer(deps);
    await store(
      forgotten.userId,
      fakeSubscription({ id: unique("sub_"), customerId: forgotten.customerId, priceId: PRICES.enterprise }),
    );

    // A renewal failed in Stripe: past due, which grants nothing.
    const pastDue = await customer(deps);
    const renewing = fakeSubscription({
      id: unique("sub_"),
      customerId: pastDue.customerId,
      priceId: PRICES.enterprise,
    });
    await store(pastDue.userId, renewing);
    stripe.setSubscription({ ...renewing, status: "past_due" });

    // The stored subscription vanished, but the customer holds another, paid one.
    const moved = await customer(deps);
    await store(
      moved.userId,
      fakeSubscription({ id: unique("sub_"), customerId: moved.customerId, priceId: PRICES.pro }),
    );
    const replacement = fakeSubscription({
      id: unique("sub_"),
      customerId: moved.customerId,
      priceId: PRICES.enterprise,
    });
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
    expect(await moved.row()).toMatchObject({
      stripeSubscriptionId: replacement.id,
      tier: "enterprise",
      status: "active",
    });
    expect(await inStep.row()).toMatchObject({ ...stripeStateOf(PRICES, steady) });
    expect(
      await env.DB.prepare("SELECT tier, status, source FROM subscriptions WHERE user_id = ?").bind(granted.id).first(),
    ).toEqual({
      tier: "enterprise",
      status: "active",
      source: "manual",
    });
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
      expect.objectContaining({ event: "payments_reconciled", pages: 1, seen: 6, repaired: 5, unknownCustomers: 1 }),
    ]);

    const before = await env.DB.prepare("SELECT * FROM subscriptions ORDER BY user_id").all();
    expect(await run()).toEqual({ pages: 1, seen: 6, repaired: 0, unknownCustomers: 1 });
    expect((await env.DB.prepare("SELECT * FROM subscriptions ORDER BY user_id").all()).results).toEqual(
      before.results,
    );
  });

  it("leaves a row a webhook wrote while the list was being read (the webhook's news is newer)", async () => {
    const { clock, deps, stripe, run } = setup();
    const buyer = await customer(deps);
    const subscription = fakeSubscription({
      id: unique("sub_"),
      customerId: buyer.customerId,
      priceId: PRICES.pro,
      status: "incomplete",
    });
    stripe.setSubscription(subscription);
    const list = stripe.listSubscriptions.bind(stripe);
    vi.spyOn(stripe, "listSubscriptions").mockImplementation(async (cursor) => {
      const page = await list(cursor);
      // The payment goes through just after Stripe answered; its webhook stores the subscription as active.
      clock.advance(1);
      await saveStripeState(
        deps.db,
        buyer.userId,
        stripeStateOf(PRICES, { ...subscription, status: "active" }),
        clock.now(),
      );
      return page;
    });

    expect((await run()).repaired).toBe(0);
    expect(effectiveTier(await buyer.row())).toBe("pro");
  });

  it("logs and rethrows when Stripe cannot be listed, having changed nothing", async () => {
    const { deps, stripe, run } = setup();
    const subscriber = await customer(deps);
    const subscription = fakeSubscription({
      id: unique("sub_"),
      customerId: subscriber.customerId,
      priceId: PRICES.pro,
    });
    await saveStripeState(deps.db, subscriber.userId, stripeStateOf(PRICES, subscription), deps.now());
    stripe.setSubscription(subscription);
    stripe.failNextCall({ method: "listSubscriptions" });
    const failed = vi.spyOn(console, "error").mockImplementation(() => {});

    await expect(run()).rejects.toMatchObject({ code: "service_unavailable" });

    expect(failed.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
      expect.objectContaining({
        event: "payments_reconcile_failed",
        cause: expect.stringContaining("payment provider"),
      }),
    ]);
    expect(effectiveTier(await subscriber.row())).toBe("pro");
  });

  it("runs from the cron when billing is configured: 1,000 subscriptions in 10 list calls, then nothing to repair", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const subscriptions = [
      ...fake.seed(667, { priceId: FAKE_PRICES[0]!.id }),
      ...fake.seed(333, { priceId: FAKE_PRICES[1]!.id }),
    ];
    const customers = subscriptions.map((id) => String(fake.inspect(id).customer));
    // 1,000 users who paid while every webhook was missed: each has its customer recorded and no subscription.
    const prefix = unique("bulk");
    await env.DB.prepare(`INSERT INTO users (username) SELECT ? || key FROM json_each(?)`)
      .bind(prefix, JSON.stringify(customers))
      .run();
    await env.DB.prepare(
      `INSERT INTO subscriptions (user_id, tier, status, stripe_customer_id, updated_at)
       SELECT users.id, 'free', 'none', json_each.value, ? FROM json_each(?) JOIN users ON users.username = ? || json_each.key`,
    )
      .bind(Date.now() - MINUTE, JSON.stringify(customers), prefix)
      .run();
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    const cron = async (bindings: Partial<Bindings>) => {
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime: Date.now(), cron: CRONS.reconcile }),
        { ...env, ...bindings } as Bindings,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    };
    const stripeEnv = {
      STRIPE_SECRET_KEY: "sk_test_cron",
      STRIPE_PUBLISHABLE_KEY: "pk_test_cron",
      STRIPE_PRICE_PRO: FAKE_PRICES[0]!.id,
      STRIPE_PRICE_ENTERPRISE: FAKE_PRICES[1]!.id,
    };
    const paidByTier = async () =>
      (
        await env.DB.prepare(
          "SELECT tier, count(*) AS n FROM subscriptions WHERE status = 'active' AND source = 'stripe' GROUP BY tier ORDER BY tier",
        ).all()
      ).results;

    await cron({});
    expect(fake.calls).toEqual([]);
    expect(await paidByTier()).toEqual([]);

    await cron(stripeEnv);
    expect(fake.calls.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(
      Array(10).fill("GET /v1/subscriptions 200"),
    );
    expect(await paidByTier()).toEqual([
      { tier: "enterprise", n: 333 },
      { tier: "pro", n: 667 },
    ]);
    const before = await env.DB.prepare("SELECT * FROM subscriptions ORDER BY user_id").all();

    await cron(stripeEnv);
    expect(fake.callsTo("GET", "/v1/subscriptions")).toHaveLength(20);
    expect((await env.DB.prepare("SELECT * FROM subscriptions ORDER BY user_id").all()).results).toEqual(
      before.results,
    );
    expect(
      logged.mock.calls
        .map(([line]) => JSON.parse(String(line)))
        .filter((line) => line.event === "payments_reconciled"),
    ).toEqual([
      expect.objectContaining({ pages: 10, seen: 1000, repaired: 1000, unknownCustomers: 0 }),
      expect.objectContaining({ pages: 10, seen: 1000, repaired: 0, unknownCustomers: 0 }),
    ]);
  }, 30_000);
});
