// Fault grid: Stripe × the seven faults on three paths: starting a subscription (POST /api/create-subscription, the
// customer create), cancelling one (POST /api/cancel-subscription, the subscription update) and the hourly
// reconciliation (the cron's subscription list). The real routes, the real adapter and the Stripe SDK; every other
// request is answered by the contract-checked fake Stripe. Stripe is the source of truth, so a fault must leave the
// stored subscription exactly as it was.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "../../data/db";
import { selectBilling } from "../../deps";
import { reconcilePayments } from "../../jobs/reconcile-payments";
import { getConfig } from "../../lib/config";
import type { Bindings } from "../../bindings";
import { call, type CallOptions } from "../../test/client";
import { createUser, type TestUser } from "../../test/factories";
import { mockOutbound, type RecordedRequest } from "../../test/outbound";
import { FAKE_PRICES, FakeStripe } from "../../test/stripe/fake-stripe";
import {
  captureLogs,
  compressTime,
  expectClearError,
  expectLogsWithout,
  FAULT_ROWS,
  type Fault,
  type FaultName,
} from "./faults";

const STRIPE_API = "https://api.stripe.com/v1/";
const SECRET_KEY = "sk_test_faultgrid_0123456789";
const BILLING: Partial<Bindings> = {
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: "pk_test_faultgrid",
  STRIPE_PRICE_PRO: FAKE_PRICES[0]!.id,
  STRIPE_PRICE_ENTERPRISE: FAKE_PRICES[1]!.id,
};

function fromFake(fake: FakeStripe) {
  return (request: RecordedRequest): Response => {
    const url = new URL(request.url);
    const { status, body } = fake.handle({
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      body: request.body,
      headers: Object.fromEntries(request.headers),
    });
    return Response.json(body, { status });
  };
}
const fakeRoutes = (fake: FakeStripe) => ({
  [`GET ${STRIPE_API}`]: fromFake(fake),
  [`POST ${STRIPE_API}`]: fromFake(fake),
  [`DELETE ${STRIPE_API}`]: fromFake(fake),
});

/**
 * The adapter's policy (adapters/billing/stripe.ts): the SDK with maxNetworkRetries 2, which retries a request that
 * got no answer and a 5xx (with the same idempotency key), and nothing else: not a 429 (Stripe's Retry-After is not
 * read), not an answer it cannot parse.
 */
const expectedCalls = (fault: FaultName) => (["timeout", "connection refused", "500", "503"].includes(fault) ? 3 : 1);

const subscriptionRow = async (userId: number) =>
  env.DB.prepare("SELECT * FROM subscriptions WHERE user_id = ?").bind(userId).first();
const allSubscriptionRows = async () =>
  (await env.DB.prepare("SELECT * FROM subscriptions ORDER BY user_id").all()).results;

const post = (user: TestUser, path: string, options: CallOptions = {}) =>
  call("POST", path, { cookie: user.session, env: BILLING, ...options });

/** A user paying for Pro in the fake Stripe, with the row StoryLoom stored. */
async function payingUser(fake: FakeStripe): Promise<TestUser> {
  const user = await createUser();
  mockOutbound(fakeRoutes(fake));
  await post(user, "/api/create-subscription", { body: { tier: "pro" } });
  const row = await subscriptionRow(user.id);
  fake.pay(String(row!.stripe_subscription_id));
  expect((await post(user, "/api/confirm-payment")).status).toBe(200);
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "pro", status: "active" });
  vi.restoreAllMocks();
  return user;
}

function faultOn(route: string, fault: Fault, fake: FakeStripe) {
  compressTime();
  const logs = captureLogs();
  const { calls } = mockOutbound({ [route]: fault.handler, ...fakeRoutes(fake) });
  const faulty = () => calls.filter((c) => `${c.method} ${c.url}`.startsWith(route)).length;
  return { logs, faulty };
}

describe("fault grid: Stripe × starting a subscription (the customer create)", () => {
  it.each(FAULT_ROWS)("%s: 502/503 with a clear message, no subscription or customer stored", async (name, fault) => {
    const fake = new FakeStripe();
    const user = await createUser();
    const { logs, faulty } = faultOn(`POST ${STRIPE_API}customers`, fault, fake);
    const response = await post(user, "/api/create-subscription", { body: { tier: "pro" } });
    await expectClearError(response, [502, 503], [SECRET_KEY]);
    expectLogsWithout(logs, [SECRET_KEY]);
    expect(await subscriptionRow(user.id)).toBeNull();
    expect(fake.callsTo("POST", "/v1/subscriptions")).toHaveLength(0);
    expect(faulty()).toBe(expectedCalls(name));
  });
});

describe("fault grid: Stripe × cancelling (the subscription update)", () => {
  it.each(FAULT_ROWS)("%s: 502/503 with a clear message, the stored subscription unchanged", async (name, fault) => {
    const fake = new FakeStripe();
    const user = await payingUser(fake);
    const before = await subscriptionRow(user.id);
    const { logs, faulty } = faultOn(`POST ${STRIPE_API}subscriptions/`, fault, fake);
    const response = await post(user, "/api/cancel-subscription");
    await expectClearError(response, [502, 503], [SECRET_KEY]);
    expectLogsWithout(logs, [SECRET_KEY]);
    expect(await subscriptionRow(user.id)).toEqual(before);
    expect(faulty()).toBe(expectedCalls(name));
  });
});

describe("fault grid: Stripe × the hourly reconciliation (the subscription list)", () => {
  it.each(FAULT_ROWS)("%s: the run stops, logged, and changes no row", async (name, fault) => {
    const fake = new FakeStripe();
    const user = await payingUser(fake);
    // Stripe ended the subscription while every webhook was missed: a working run would repair the row.
    await env.DB.prepare("UPDATE subscriptions SET status = 'past_due', updated_at = ? WHERE user_id = ?")
      .bind(Date.now() - 60_000, user.id)
      .run();
    const before = await allSubscriptionRows();
    const { logs, faulty } = faultOn(`GET ${STRIPE_API}subscriptions`, fault, fake);
    // What the reconcile cron runs (index.ts), awaited here: the billing adapter chosen from the same configuration.
    const config = getConfig({ ...env, ...BILLING } as Bindings);
    const run = reconcilePayments(createDb(env.DB), selectBilling(config)!, config.billing!.prices, Date.now());
    await expect(run).rejects.toMatchObject({ code: expect.stringMatching(/^(upstream_error|service_unavailable)$/) });
    expect(await allSubscriptionRows()).toEqual(before);
    const failed = logs.lines().filter((line) => line.includes('"payments_reconcile_failed"'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).not.toContain(SECRET_KEY);
    expect(faulty()).toBe(expectedCalls(name));
  });
});
