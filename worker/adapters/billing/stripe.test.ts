import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { FakeStripe } from "../../test/stripe/fake-stripe";
import { mockStripe, signedWebhook } from "../../test/stripe/mock";
import { createStripeBilling } from "./stripe";

const WEBHOOK_SECRET = "whsec_storyloom_test";
const PRO = "price_storyloom_pro";
const ENTERPRISE = "price_storyloom_enterprise";

/**
 * The real adapter (and so the Stripe SDK) against a fresh emulator behind api.stripe.com. The adapter is made after
 * the mock because the SDK's fetch client keeps the `fetch` it finds when it is created.
 */
function stripeBilling(fake = new FakeStripe()) {
  mockStripe(fake);
  return {
    fake,
    billing: createStripeBilling({ secretKey: "sk_test_storyloom", webhookSecret: WEBHOOK_SECRET, apiBase: null }),
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function subscribed(priceId = PRO) {
  const setup = stripeBilling();
  const customer = await setup.billing.createCustomer({ userId: 7, email: "ada@example.com" }, "customer-7");
  const subscription = await setup.billing.createSubscription(
    { customerId: customer.id, priceId, userId: 7 },
    "subscribe-7",
  );
  return { ...setup, subscription };
}

describe("Stripe billing adapter against the emulator", () => {
  it("creates a customer once per idempotency key", async () => {
    const { fake, billing } = stripeBilling();
    const first = await billing.createCustomer({ userId: 7, email: "ada@example.com" }, "customer-7");
    const again = await billing.createCustomer({ userId: 7, email: "ada@example.com" }, "customer-7");
    expect(again.id).toBe(first.id);
    expect(fake.calls.map((c) => [c.idempotencyKey, c.replayed])).toEqual([
      ["customer-7", false],
      ["customer-7", true],
    ]);
    expect(fake.calls[0]!.params).toEqual({ email: "ada@example.com", metadata: { userId: "7" } });
  });

  it("creates the subscription default_incomplete, saving the card, with the first invoice's client secret", async () => {
    const { fake, subscription } = await subscribed();
    const request = fake.callsTo("POST", "/v1/subscriptions")[0]!;
    expect(request.idempotencyKey).toBe("subscribe-7");
    expect(request.params).toEqual({
      customer: subscription.customerId,
      items: [{ price: PRO }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { userId: "7" },
      expand: ["latest_invoice.confirmation_secret"],
    });
    const stored = fake.inspect(subscription.id);
    const item = stored.items.data[0]!;
    expect(subscription).toEqual({
      id: stored.id,
      customerId: stored.customer,
      status: "incomplete",
      itemId: item.id,
      priceId: PRO,
      currentPeriodEnd: item.current_period_end * 1000,
      cancelAtPeriodEnd: false,
      userId: 7,
      latestInvoice: {
        id: expect.stringMatching(/^in_/),
        status: "open",
        clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      },
    });
  });

  it("reads a subscription (null when Stripe does not know it), active once paid", async () => {
    const { fake, billing, subscription } = await subscribed();
    expect(await billing.getSubscription("sub_missing")).toBeNull();
    fake.pay(subscription.id);
    expect(await billing.getSubscription(subscription.id)).toMatchObject({
      status: "active",
      latestInvoice: { status: "paid", clientSecret: null },
    });
  });

  it("changes the price of the subscription's item with a proration", async () => {
    const { fake, billing, subscription } = await subscribed();
    fake.pay(subscription.id);
    const changed = await billing.changePrice(subscription, ENTERPRISE, "upgrade-7");
    expect(changed).toMatchObject({ itemId: subscription.itemId, priceId: ENTERPRISE, cancelAtPeriodEnd: false });
    expect(fake.callsTo("POST", `/v1/subscriptions/${subscription.id}`)[0]!.params).toMatchObject({
      items: [{ id: subscription.itemId, price: ENTERPRISE }],
      proration_behavior: "create_prorations",
    });
    expect(fake.prorations).toEqual([
      expect.objectContaining({ itemId: subscription.itemId, fromPriceId: PRO, toPriceId: ENTERPRISE }),
    ]);
  });

  it("sets and clears cancel at period end, and cancels now", async () => {
    const { fake, billing, subscription } = await subscribed();
    fake.pay(subscription.id);
    expect((await billing.setCancelAtPeriodEnd(subscription.id, true)).cancelAtPeriodEnd).toBe(true);
    expect((await billing.setCancelAtPeriodEnd(subscription.id, false)).cancelAtPeriodEnd).toBe(false);
    await billing.cancelNow(subscription.id);
    expect((await billing.getSubscription(subscription.id))?.status).toBe("canceled");
  });

  // Security issue 26: account deletion deletes the customer. The emulator holds the DELETE and its answer to
  // worker/test/contracts/stripe.openapi.json (DeleteCustomersCustomer → deleted_customer).
  it("deletes a customer (its live subscription ends with it), and a second delete, answered 404, counts as done", async () => {
    const { fake, billing, subscription } = await subscribed();
    fake.pay(subscription.id);
    await billing.deleteCustomer(subscription.customerId);
    expect(fake.callsTo("DELETE", `/v1/customers/${subscription.customerId}`)).toEqual([
      expect.objectContaining({ params: {}, status: 200 }),
    ]);
    expect((await billing.getSubscription(subscription.id))?.status).toBe("canceled");
    await billing.deleteCustomer(subscription.customerId);
    expect(fake.callsTo("DELETE", `/v1/customers/${subscription.customerId}`).map((c) => c.status)).toEqual([200, 404]);
    expect(fake.events.map((e) => e.type)).toContain("customer.deleted");
  });

  it("lists 1,000 subscriptions of every status in 10 calls of 100", async () => {
    const { fake, billing } = stripeBilling();
    const seeded = fake.seed(1000, { userId: (i) => i + 1 });
    fake.decline(seeded[0]!);
    const listed: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await billing.listSubscriptions(cursor ?? undefined);
      listed.push(...page.subscriptions.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(listed)).toEqual(new Set(seeded));
    const calls = fake.callsTo("GET", "/v1/subscriptions");
    expect(calls).toHaveLength(10);
    expect(calls.map((c) => c.params.starting_after ?? null)).toEqual([
      null,
      ...listed.filter((_, i) => i % 100 === 99).slice(0, 9),
    ]);
    expect(calls.every((c) => c.params.status === "all" && c.params.limit === "100")).toBe(true);
  });

  it("verifies a signed event and reads what it is about", async () => {
    const { fake, billing, subscription } = await subscribed();
    fake.pay(subscription.id);
    const updated = await signedWebhook(fake.lastEvent("customer.subscription.updated"), WEBHOOK_SECRET);
    expect(await billing.verifyEvent(updated.body, updated.signature)).toEqual({
      id: fake.lastEvent("customer.subscription.updated").id,
      type: "customer.subscription.updated",
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
    });
    const paid = await signedWebhook(fake.lastEvent("invoice.paid"), WEBHOOK_SECRET);
    expect(await billing.verifyEvent(paid.body, paid.signature)).toMatchObject({
      type: "invoice.paid",
      subscriptionId: subscription.id,
    });
  });

  it("refuses an event whose signature is missing, wrong, stale, of another scheme or malformed, or whose body changed", async () => {
    const { fake, billing, subscription } = await subscribed();
    const event = fake.eventFor("customer.subscription.updated", subscription.id);
    const good = await signedWebhook(event, WEBHOOK_SECRET);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    const refusals = [
      [good.body, undefined],
      [good.body, (await signedWebhook(event, "whsec_someone_else")).signature],
      [good.body.replace(subscription.id, "sub_other"), good.signature],
      [good.body, (await signedWebhook(event, WEBHOOK_SECRET, { timestamp: sixMinutesAgo })).signature],
      [good.body, (await signedWebhook(event, WEBHOOK_SECRET, { scheme: "v0" })).signature],
      [good.body, "v1=0123456789abcdef"],
    ] as const;
    const messages = [];
    for (const [body, signature] of refusals) {
      const error = await refusal(billing.verifyEvent(body, signature));
      expect(error.code).toBe("bad_request");
      messages.push(error.message);
    }
    expect(messages).toEqual(["Missing Stripe signature", ...Array(5).fill("Invalid Stripe signature")]);
    expect(await billing.verifyEvent(good.body, good.signature)).toMatchObject({ id: event.id });
  });
});
