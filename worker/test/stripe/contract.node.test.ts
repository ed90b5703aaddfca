import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { assertStripeShape } from "./contract";
import { invoiceObject, itemObject, list, priceObject, subscriptionObject } from "./objects";

const NOW = 1_790_000_000;

/** A subscription as `POST /v1/subscriptions` answers with `expand[]=latest_invoice.confirmation_secret`. */
function incompleteSubscription(): Stripe.Subscription {
  const price = priceObject({ id: "price_pro", unitAmount: 2900, currency: "gbp" }, NOW);
  const item = itemObject({
    id: "si_1",
    subscription: "sub_1",
    price,
    created: NOW,
    periodStart: NOW,
    periodEnd: NOW + 2_592_000,
  });
  const subscription = subscriptionObject({
    id: "sub_1",
    customer: "cus_1",
    created: NOW,
    status: "incomplete",
    items: [item],
    metadata: { userId: "7" },
    saveDefaultPaymentMethod: "on_subscription",
    latestInvoice: "in_1",
  });
  const invoice = invoiceObject({
    id: "in_1",
    number: "ABC-0001",
    subscription,
    created: NOW,
    billingReason: "subscription_create",
  });
  return {
    ...subscription,
    latest_invoice: { ...invoice, confirmation_secret: { client_secret: "pi_1_secret_x", type: "payment_intent" } },
  };
}

const failure = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return String(error);
  }
  throw new Error("expected the shape to be refused");
};

describe("assertStripeShape", () => {
  it("accepts a valid subscription, by schema name and as an operation's answer", () => {
    assertStripeShape("subscription", incompleteSubscription());
    assertStripeShape({ method: "POST", path: "/v1/subscriptions", status: 200 }, incompleteSubscription());
    assertStripeShape(
      { method: "GET", path: "/v1/subscriptions/sub_1", status: 200 },
      { ...incompleteSubscription(), latest_invoice: null },
    );
  });

  it("refuses a missing required field", () => {
    const { status: _status, ...withoutStatus } = incompleteSubscription();
    expect(failure(() => assertStripeShape("subscription", withoutStatus))).toContain(
      '/: Instance does not have required property "status"',
    );
  });

  it("refuses a value outside an enum", () => {
    const message = failure(() =>
      assertStripeShape("subscription", { ...incompleteSubscription(), status: "incompete" }),
    );
    expect(message).toContain("/status: Instance does not match any of");
  });

  it("refuses a field the API does not have: the invoice's payment_intent, gone since 2025-03-31.basil", () => {
    const subscription = incompleteSubscription();
    const invoice = { ...(subscription.latest_invoice as Stripe.Invoice), payment_intent: "pi_1" };
    expect(failure(() => assertStripeShape("invoice", invoice))).toContain(
      "/payment_intent: is not a field of this object in the API",
    );
    expect(failure(() => assertStripeShape("subscription", { ...subscription, latest_invoice: invoice }))).toContain(
      "/latest_invoice/payment_intent: is not a field of this object in the API",
    );
  });

  it("checks the error answer (any status but 200) and list answers, whose envelope is closed too", () => {
    const notFound = {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "id",
        message: "No such subscription: 'sub_9'",
      },
    };
    assertStripeShape({ method: "GET", path: "/v1/subscriptions/sub_9", status: 404 }, notFound);
    const page = { ...list([incompleteSubscription()], "/v1/subscriptions"), has_more: true };
    assertStripeShape({ method: "GET", path: "/v1/subscriptions", status: 200 }, page);
    expect(
      failure(() =>
        assertStripeShape({ method: "GET", path: "/v1/subscriptions", status: 200 }, { ...page, next_page: "x" }),
      ),
    ).toContain("/next_page: is not a field");
  });

  it("names a schema or operation the contract does not have", () => {
    expect(failure(() => assertStripeShape("subscriptions", {}))).toContain("no component schema 'subscriptions'");
    expect(
      failure(() => assertStripeShape({ method: "GET", path: "/v1/checkout/sessions", status: 200 }, {})),
    ).toContain("no operation");
  });
});
