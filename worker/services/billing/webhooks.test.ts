import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { BillingEvent } from "../../adapters/billing";
import { createFakeBilling, fakeSubscription } from "../../adapters/billing/fake";
import {
  clearSubscription,
  findSubscriptionByCustomer,
  saveCustomerId,
  saveStripeState,
} from "../../data/subscriptions";
import { AppError } from "../../lib/errors";
import { unique } from "../../test/client";
import { buildTestDeps } from "../../test/deps";
import { countRows, createUser } from "../../test/factories";
import { effectiveTier } from "../plans";
import { stripeStateOf } from "./stripe-state";
import { handleStripeWebhook, type WebhookOutcome } from "./webhooks";

// The webhook service with the in-memory Stripe: what a delivery changes, whatever the order or number of deliveries.
// The real signature check runs in routes/stripe-webhook.test.ts.

const BILLING_BINDINGS = {
  STRIPE_SECRET_KEY: "sk_test_storyloom",
  STRIPE_PUBLISHABLE_KEY: "pk_test_storyloom",
  STRIPE_PRICE_PRO: "price_pro",
  STRIPE_PRICE_ENTERPRISE: "price_enterprise",
};
const PRICES = { pro: "price_pro", enterprise: "price_enterprise" };

function setup() {
  const stripe = createFakeBilling();
  const deps = buildTestDeps({ billing: stripe, bindings: BILLING_BINDINGS });
  const deliver = (event: BillingEvent): Promise<WebhookOutcome> => {
    const { body, signature } = stripe.signedEvent(event);
    return handleStripeWebhook(deps, body, signature);
  };
  return { stripe, deps, deliver };
}

/** A user whose Stripe customer is recorded (as checkout does before creating a subscription). */
async function customer(deps: ReturnType<typeof buildTestDeps>) {
  const user = await createUser();
  const customerId = unique("cus_");
  await saveCustomerId(deps.db, user.id, customerId, deps.now());
  return { userId: user.id, customerId, row: () => findSubscriptionByCustomer(deps.db, customerId) };
}

function event(type: string, subscription: { id: string; customerId: string }): BillingEvent {
  return { id: unique("evt_"), type, customerId: subscription.customerId, subscriptionId: subscription.id };
}

describe("Stripe webhooks (service)", () => {
  it("stores what Stripe says now, not what the event was about when it was sent", async () => {
    const { stripe, deps, deliver } = setup();
    const { customerId, row } = await customer(deps);
    const subscription = fakeSubscription({ id: unique("sub_"), customerId, priceId: PRICES.pro, status: "active" });
    stripe.setSubscription(subscription);

    // A "created" event (sent while the subscription was incomplete) arriving after the payment went through.
    expect(await deliver(event("customer.subscription.created", subscription))).toBe("applied");

    expect(await row()).toMatchObject({ ...stripeStateOf(PRICES, subscription), source: "stripe" });
    expect(effectiveTier(await row())).toBe("pro");
  });

  it("applies 10 deliveries of one event once, even when Stripe's state changed in between", async () => {
    const { stripe, deps, deliver } = setup();
    const { customerId, row } = await customer(deps);
    const subscription = fakeSubscription({ id: unique("sub_"), customerId, priceId: PRICES.pro, status: "active" });
    stripe.setSubscription(subscription);
    const paid = event("invoice.paid", subscription);

    expect(await deliver(paid)).toBe("applied");
    // Stripe moves on; redeliveries of the handled event must not carry that into the row.
    stripe.setSubscription({ ...subscription, status: "past_due" });
    const redeliveries: WebhookOutcome[] = [];
    for (let i = 0; i < 9; i++) redeliveries.push(await deliver(paid));

    expect(redeliveries).toEqual(Array(9).fill("duplicate"));
    expect((await row())?.status).toBe("active");
    expect(stripe.calls.getSubscription).toBe(1);
    expect(await countRows("stripe_events", "id = ?", paid.id)).toBe(1);
  });

  it("applies 10 simultaneous deliveries of one event once (the claim and the change share a batch)", async () => {
    const { stripe, deps, deliver } = setup();
    const { userId, customerId, row } = await customer(deps);
    const subscription = fakeSubscription({
      id: unique("sub_"),
      customerId,
      priceId: PRICES.enterprise,
      status: "active",
    });
    // Every fetch sees Stripe a little later (another period end), so each delivery that wrote would change the row.
    let fetches = 0;
    vi.spyOn(stripe, "getSubscription").mockImplementation(async () => ({
      ...subscription,
      currentPeriodEnd: Date.UTC(2027, 0, 1) + ++fetches,
    }));
    await env.DB.exec(`CREATE TABLE IF NOT EXISTS test_subscription_writes (user_id INTEGER)`);
    await env.DB.exec(
      `CREATE TRIGGER IF NOT EXISTS test_count_subscription_writes AFTER UPDATE ON subscriptions BEGIN INSERT INTO test_subscription_writes VALUES (NEW.user_id); END`,
    );
    const updated = event("customer.subscription.updated", subscription);

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => deliver(updated)));

    expect(fetches).toBe(10);
    expect(outcomes.filter((outcome) => outcome === "applied")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(9);
    expect(await countRows("test_subscription_writes", "user_id = ?", userId)).toBe(1);
    expect(await row()).toMatchObject({ tier: "enterprise", status: "active" });
    expect(await countRows("stripe_events", "id = ?", updated.id)).toBe(1);
  });

  it("converges to Stripe's final state for every order of created, updated, paid and deleted", async () => {
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
    const orders = permutations(kinds);
    expect(orders).toHaveLength(24);

    for (const order of orders) {
      const { stripe, deps, deliver } = setup();
      const { customerId, row } = await customer(deps);
      const id = unique("sub_");
      // Stripe's side moves one step before each delivery; the deliveries come in `order`, so most arrive out of turn.
      const stages = [
        fakeSubscription({ id, customerId, priceId: PRICES.pro, status: "incomplete" }),
        fakeSubscription({ id, customerId, priceId: PRICES.pro, status: "active" }),
        fakeSubscription({
          id,
          customerId,
          priceId: PRICES.pro,
          status: "active",
          currentPeriodEnd: Date.UTC(2027, 0, 23),
        }),
        fakeSubscription({
          id,
          customerId,
          priceId: PRICES.pro,
          status: "canceled",
          currentPeriodEnd: Date.UTC(2027, 0, 23),
        }),
      ];
      for (const [step, type] of order.entries()) {
        stripe.setSubscription(stages[step]!);
        await deliver(event(type, { id, customerId }));
      }
      expect(await row(), order.join(" → ")).toMatchObject({ ...stripeStateOf(PRICES, stages[3]!), source: "stripe" });
      expect(effectiveTier(await row())).toBe("free");
    }
  }, 30_000);

  it("changes nothing for a customer no user has, claims nothing, and logs the event without secrets", async () => {
    const { stripe, deliver } = setup();
    const stranger = fakeSubscription({ id: unique("sub_"), customerId: unique("cus_"), priceId: PRICES.pro });
    stripe.setSubscription(stranger);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = await countRows("subscriptions", "1 = 1");
    const paid = event("invoice.paid", stranger);

    expect(await deliver(paid)).toBe("unknown_customer");

    expect(await countRows("subscriptions", "1 = 1")).toBe(before);
    expect(await countRows("subscriptions", "stripe_subscription_id = ?", stranger.id)).toBe(0);
    expect(await countRows("stripe_events", "id = ?", paid.id)).toBe(0);
    const lines = warned.mock.calls.map(([line]) => String(line));
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        event: "stripe_event_unknown_customer",
        eventId: paid.id,
        type: "invoice.paid",
        customerId: stranger.customerId,
      }),
    ]);
    expect(lines.join("\n")).not.toMatch(/sk_test|whsec_|pk_test/);
  });

  it("ends access when Stripe no longer knows the subscription (404)", async () => {
    const { deps, deliver } = setup();
    const { userId, customerId, row } = await customer(deps);
    const subscription = fakeSubscription({ id: unique("sub_"), customerId, priceId: PRICES.pro, status: "active" });
    await saveStripeState(deps.db, userId, stripeStateOf(PRICES, subscription), deps.now());
    expect(effectiveTier(await row())).toBe("pro");

    // Stripe never had it, or deleted it: getSubscription answers null.
    expect(await deliver(event("customer.subscription.deleted", subscription))).toBe("applied");

    expect(await row()).toMatchObject({ tier: "free", status: "canceled", stripeSubscriptionId: subscription.id });
    expect(effectiveTier(await row())).toBe("free");
  });

  it("lets a late event about a replaced subscription change nothing, and a paid new one take over", async () => {
    const { stripe, deps, deliver } = setup();
    const { userId, customerId, row } = await customer(deps);
    const abandoned = fakeSubscription({ id: unique("sub_"), customerId, priceId: PRICES.pro, status: "canceled" });
    const current = fakeSubscription({
      id: unique("sub_"),
      customerId,
      priceId: PRICES.enterprise,
      status: "incomplete",
    });
    stripe.setSubscription(abandoned);
    stripe.setSubscription(current);
    await saveStripeState(deps.db, userId, stripeStateOf(PRICES, current), deps.now());

    // The abandoned subscription's cancellation arrives after checkout moved to the new one.
    expect(await deliver(event("customer.subscription.deleted", abandoned))).toBe("unchanged");
    expect((await row())?.stripeSubscriptionId).toBe(current.id);

    stripe.setSubscription({ ...current, status: "active" });
    expect(await deliver(event("invoice.paid", current))).toBe("applied");
    expect(await row()).toMatchObject({ stripeSubscriptionId: current.id, tier: "enterprise", status: "active" });
  });

  it("keeps an account reset (no subscription) when the reset subscription's cancellation arrives afterwards", async () => {
    const { stripe, deps, deliver } = setup();
    const { userId, customerId, row } = await customer(deps);
    const reset = fakeSubscription({ id: unique("sub_"), customerId, priceId: PRICES.pro, status: "canceled" });
    stripe.setSubscription(reset);
    await clearSubscription(deps.db, userId, deps.now());

    expect(await deliver(event("customer.subscription.deleted", reset))).toBe("unchanged");
    expect(await row()).toMatchObject({ status: "none", stripeSubscriptionId: null, source: "manual" });
  });

  it("acknowledges other event types without calling Stripe or claiming them", async () => {
    const { stripe, deliver } = setup();
    const other: BillingEvent = {
      id: unique("evt_"),
      type: "customer.created",
      customerId: unique("cus_"),
      subscriptionId: null,
    };

    expect(await deliver(other)).toBe("ignored");
    expect(await deliver({ ...other, id: unique("evt_"), type: "invoice.paid" })).toBe("ignored");

    expect(stripe.calls.getSubscription).toBe(0);
    expect(await countRows("stripe_events", "id = ?", other.id)).toBe(0);
  });

  it("claims nothing when Stripe cannot be reached, so Stripe's retry applies the event", async () => {
    const { stripe, deps, deliver } = setup();
    const { customerId, row } = await customer(deps);
    const subscription = fakeSubscription({ id: unique("sub_"), customerId, priceId: PRICES.pro, status: "active" });
    stripe.setSubscription(subscription);
    const paid = event("invoice.paid", subscription);
    stripe.failNextCall({ method: "getSubscription" });

    const failure = await deliver(paid).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).status).toBe(503);
    expect(await countRows("stripe_events", "id = ?", paid.id)).toBe(0);

    expect(await deliver(paid)).toBe("applied");
    expect((await row())?.status).toBe("active");
  });

  it("answers 503 when billing is not configured, and 400 for a signature the adapter refuses", async () => {
    const notConfigured = await handleStripeWebhook(buildTestDeps(), "{}", "t=1,v1=x").catch((error: unknown) => error);
    expect((notConfigured as AppError).status).toBe(503);

    const { deps } = setup();
    const refused = await handleStripeWebhook(deps, "{}", "t=1,v1=forged").catch((error: unknown) => error);
    expect((refused as AppError).status).toBe(400);
  });
});
