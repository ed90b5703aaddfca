import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createStripeBilling } from "../../adapters/billing/stripe";
import { FakeStripe } from "./fake-stripe";
import { mockStripe, signedWebhook } from "./mock";

const SECRET = "whsec_mock_test";

describe("mockStripe", () => {
  // One options object, as the cached Config gives deps.ts: the adapter keeps one SDK client for both tests.
  const options = { secretKey: "sk_test_mock", webhookSecret: SECRET, apiBase: null };

  it("answers the SDK from the emulator", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const customer = await createStripeBilling(options).createCustomer({ userId: 1, email: null }, "mock-1");
    expect(fake.calls.map((c) => [c.method, c.path, c.status])).toEqual([["POST", "/v1/customers", 200]]);
    expect(customer.id).toMatch(/^cus_/);
  });

  it("routes a client made in an earlier test to this test's emulator", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    await createStripeBilling(options).createCustomer({ userId: 2, email: null }, "mock-2");
    expect(fake.calls).toHaveLength(1);
  });

  it.fails("fails the test when the emulator throws, even if the code under test swallows the error", async () => {
    mockStripe(new FakeStripe());
    const stripe = new Stripe("sk_test_mock", { httpClient: Stripe.createFetchHttpClient() });
    await stripe.prices.list().catch(() => undefined);
  });
});

describe("signedWebhook", () => {
  it("signs the emulator's newest event so that the SDK verifies it", async () => {
    const fake = new FakeStripe();
    const [id] = fake.seed(1);
    const event = fake.eventFor("customer.subscription.updated", id!);
    const { body, signature, headers } = await signedWebhook(fake, SECRET);
    expect(headers["Stripe-Signature"]).toBe(signature);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verified = await Stripe.webhooks.constructEventAsync(body, signature, SECRET);
    expect(verified).toMatchObject({ id: event.id, type: "customer.subscription.updated", data: { object: { id } } });
  });

  it("refuses a payload that is not shaped like Stripe's event", async () => {
    const notAnEvent = { type: "invoice.paid", data: { object: { object: "invoice", id: "in_1" } } };
    await expect(signedWebhook(notAnEvent, SECRET)).rejects.toThrow(/Not a Stripe event/);
  });
});
