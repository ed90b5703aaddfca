import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../bindings";
import { call, json } from "../test/client";
import { createUser, type TestUser } from "../test/factories";
import { FAKE_PRICES, FakeStripe } from "../test/stripe/fake-stripe";
import { mockStripe } from "../test/stripe/mock";

// The payment calls through the real Worker, the real billing adapter and the Stripe SDK, with Stripe's HTTP API
// answered by the contract-checked emulator.

const [PRO, ENTERPRISE] = FAKE_PRICES.map((p) => p.id) as [string, string];
const BILLING: Partial<Bindings> = {
  STRIPE_SECRET_KEY: "sk_test_storyloom",
  STRIPE_PUBLISHABLE_KEY: "pk_test_storyloom",
  STRIPE_PRICE_PRO: PRO,
  STRIPE_PRICE_ENTERPRISE: ENTERPRISE,
};

function billing() {
  const fake = new FakeStripe();
  mockStripe(fake);
  const post = (user: TestUser, path: string, body?: unknown) =>
    call("POST", path, { cookie: user.session, body, env: BILLING });
  const get = (user: TestUser, path: string) => call("GET", path, { cookie: user.session, env: BILLING });
  return { fake, post, get };
}

async function stored(userId: number) {
  return env.DB.prepare(
    "SELECT tier, status, stripe_customer_id, stripe_subscription_id, cancel_at_period_end FROM subscriptions WHERE user_id = ?",
  )
    .bind(userId)
    .first<{
      tier: string;
      status: string;
      stripe_customer_id: string;
      stripe_subscription_id: string;
      cancel_at_period_end: number;
    }>();
}

/** A paid, active Pro subscription for `user`; returns its Stripe id. */
async function subscribeAndPay(
  fake: FakeStripe,
  post: ReturnType<typeof billing>["post"],
  user: TestUser,
): Promise<string> {
  await post(user, "/api/create-subscription", { tier: "pro" });
  const { stripe_subscription_id: id } = (await stored(user.id))!;
  fake.pay(id);
  await post(user, "/api/confirm-payment");
  return id;
}

async function limitsTier(get: ReturnType<typeof billing>["get"], user: TestUser) {
  return (await json<{ data: { tier: string } }>(await get(user, "/api/subscription/limits"))).data.tier;
}

describe("create, pay and confirm", () => {
  it("creates one customer and an incomplete subscription whose secret the Payment Element confirms; paying activates Pro", async () => {
    const { fake, post, get } = billing();
    const user = await createUser();
    expect(await json(await get(user, "/api/subscription/payment-config"))).toEqual({
      configured: true,
      publishableKey: "pk_test_storyloom",
    });

    const created = await post(user, "/api/create-subscription", { tier: "pro" });
    expect(created.status).toBe(200);
    const { clientSecret, status } = await json<{ clientSecret: string; status: string }>(created);
    expect(status).toBe("incomplete");
    expect(clientSecret).toMatch(/_secret_/);
    const [create] = fake.callsTo("POST", "/v1/subscriptions");
    expect(create!.params).toMatchObject({
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      items: [{ price: PRO }],
    });
    expect(create!.idempotencyKey).toBeTruthy();
    expect(await limitsTier(get, user)).toBe("free");

    // Clicking again (or a retry after a timeout) reuses the incomplete subscription and the customer.
    const again = await json<{ clientSecret: string }>(await post(user, "/api/create-subscription", { tier: "pro" }));
    expect(again.clientSecret).toBe(clientSecret);
    expect(fake.callsTo("POST", "/v1/customers")).toHaveLength(1);
    expect(fake.callsTo("POST", "/v1/subscriptions")).toHaveLength(1);

    const row = (await stored(user.id))!;
    fake.pay(row.stripe_subscription_id);
    expect(await json(await post(user, "/api/confirm-payment"))).toEqual({ status: "active" });
    expect(await json(await get(user, "/api/subscription"))).toMatchObject({
      tier: "pro",
      status: "active",
      cancelAtPeriodEnd: false,
    });
    expect(await limitsTier(get, user)).toBe("pro");
  });

  it("keeps a payment that needs 3-D Secure pending, with its secret to complete, until it is paid", async () => {
    const { fake, post } = billing();
    const user = await createUser();
    const { clientSecret } = await json<{ clientSecret: string }>(
      await post(user, "/api/create-subscription", { tier: "pro" }),
    );
    const { stripe_subscription_id: id } = (await stored(user.id))!;
    fake.requireAction(id);
    expect(await json(await post(user, "/api/confirm-payment"))).toEqual({ status: "incomplete" });
    const retry = await json<{ requiresPayment: boolean; clientSecret: string }>(
      await post(user, "/api/retry-subscription-payment"),
    );
    expect(retry).toMatchObject({ requiresPayment: true, clientSecret });
    fake.pay(id);
    expect(await json(await post(user, "/api/confirm-payment"))).toEqual({ status: "active" });
  });

  it("a declined renewal makes the subscription past due: no paid access, and Complete Payment gets the open invoice", async () => {
    const { fake, post, get } = billing();
    const user = await createUser();
    const id = await subscribeAndPay(fake, post, user);
    fake.decline(id);
    expect(await json(await post(user, "/api/confirm-payment"))).toEqual({ status: "past_due" });
    expect(await limitsTier(get, user)).toBe("free");
    const retry = await json<{ requiresPayment: boolean; clientSecret: string | null }>(
      await post(user, "/api/retry-subscription-payment"),
    );
    expect(retry.requiresPayment).toBe(true);
    expect(retry.clientSecret).toMatch(/_secret_/);
  });

  it("starts a fresh subscription for the same tier when the first payment expired unpaid", async () => {
    const { fake, post } = billing();
    const user = await createUser();
    await post(user, "/api/create-subscription", { tier: "enterprise" });
    const { stripe_subscription_id: first } = (await stored(user.id))!;
    fake.expire(first);
    const retry = await json<{ requiresPayment: boolean; status: string }>(
      await post(user, "/api/retry-subscription-payment"),
    );
    expect(retry).toMatchObject({ requiresPayment: true, status: "incomplete" });
    const { stripe_subscription_id: second } = (await stored(user.id))!;
    expect(second).not.toBe(first);
    expect(fake.inspect(second).items.data[0]!.price.id).toBe(ENTERPRISE);
  });
});

describe("one live subscription per user", () => {
  it("changes the live subscription's price with proration when the other paid tier is chosen", async () => {
    const { fake, post, get } = billing();
    const user = await createUser();
    const id = await subscribeAndPay(fake, post, user);

    const change = await post(user, "/api/create-subscription", { tier: "enterprise" });
    expect(change.status).toBe(200);
    expect((await stored(user.id))!.stripe_subscription_id).toBe(id);
    const update = fake.callsTo("POST", `/v1/subscriptions/${id}`).at(-1)!;
    expect(update.params).toMatchObject({ proration_behavior: "create_prorations", items: [{ price: ENTERPRISE }] });
    expect(fake.inspect(id).items.data[0]!.price.id).toBe(ENTERPRISE);
    expect(fake.callsTo("POST", "/v1/subscriptions")).toHaveLength(1);
    expect(await limitsTier(get, user)).toBe("enterprise");
  });

  it("cancels an abandoned incomplete subscription when another tier is chosen", async () => {
    const { fake, post } = billing();
    const user = await createUser();
    await post(user, "/api/create-subscription", { tier: "pro" });
    const { stripe_subscription_id: abandoned } = (await stored(user.id))!;
    await post(user, "/api/create-subscription", { tier: "enterprise" });
    expect(fake.inspect(abandoned).status).toBe("canceled");
    const { stripe_subscription_id: current } = (await stored(user.id))!;
    expect(fake.inspect(current).items.data[0]!.price.id).toBe(ENTERPRISE);
  });
});

describe("cancel and reset", () => {
  it("cancels at the period end: access lasts until then, and choosing the plan again resumes it", async () => {
    const { fake, post, get } = billing();
    const user = await createUser();
    const id = await subscribeAndPay(fake, post, user);

    const cancelled = await json<{ success: boolean; currentPeriodEnd: string }>(
      await post(user, "/api/cancel-subscription"),
    );
    expect(cancelled.success).toBe(true);
    expect(new Date(cancelled.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());
    expect(fake.inspect(id).cancel_at_period_end).toBe(true);
    expect(await json(await get(user, "/api/subscription"))).toMatchObject({
      tier: "pro",
      status: "active",
      cancelAtPeriodEnd: true,
    });
    expect(await limitsTier(get, user)).toBe("pro");

    await post(user, "/api/create-subscription", { tier: "pro" });
    expect(fake.inspect(id).cancel_at_period_end).toBe(false);
  });

  it("refuses to cancel when nothing is paid for", async () => {
    const { post } = billing();
    const user = await createUser();
    const response = await post(user, "/api/cancel-subscription");
    expect(response.status).toBe(409);
    expect((await json(response)).error).toBe("There is no active paid subscription to cancel.");
  });

  it("the account reset cancels the live subscription at once and forgets it", async () => {
    const { fake, post, get } = billing();
    const user = await createUser();
    const id = await subscribeAndPay(fake, post, user);
    expect(await json(await post(user, "/api/cleanup-stripe"))).toEqual({ success: true });
    expect(fake.inspect(id).status).toBe("canceled");
    expect(await json(await get(user, "/api/subscription"))).toMatchObject({ tier: "free", status: null });
  });
});

describe("without card payment configured", () => {
  it("says so, with no key, and every payment call answers 503", async () => {
    const user = await createUser();
    expect(await json(await call("GET", "/api/subscription/payment-config", { cookie: user.session }))).toEqual({
      configured: false,
      publishableKey: null,
    });
    const response = await call("POST", "/api/create-subscription", { cookie: user.session, body: { tier: "pro" } });
    expect(response.status).toBe(503);
    expect((await json(response)).error).toBe("Card payment is not configured here. An admin can set your plan.");
  });
});
