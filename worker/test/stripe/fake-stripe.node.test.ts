import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { FakeStripe, NotEmulatedError } from "./fake-stripe";

const AUTH = { Authorization: "Bearer sk_test_fake", "Stripe-Version": "2026-10-28.endive" };

function call(fake: FakeStripe, method: string, path: string, params = "", headers: Record<string, string> = {}) {
  const inQuery = method === "GET";
  return fake.handle({
    method,
    path,
    query: inQuery ? params : "",
    body: inQuery ? "" : params,
    headers: { ...AUTH, ...headers },
  });
}

function subscribe(fake: FakeStripe, price = "price_storyloom_pro") {
  const customer = call(fake, "POST", "/v1/customers", "email=a%40example.com&metadata[userId]=7")
    .body as Stripe.Customer;
  const params = `customer=${customer.id}&items[0][price]=${price}&payment_behavior=default_incomplete&payment_settings[save_default_payment_method]=on_subscription&metadata[userId]=7&expand[0]=latest_invoice.confirmation_secret`;
  return call(fake, "POST", "/v1/subscriptions", params);
}

const subscriptionOf = (fake: FakeStripe, id: string, expand = "expand[]=latest_invoice.confirmation_secret") =>
  call(fake, "GET", `/v1/subscriptions/${id}`, expand).body as Stripe.Subscription & { latest_invoice: Stripe.Invoice };

describe("FakeStripe: requests", () => {
  it("replays an Idempotency-Key's first answer, and refuses the key with other parameters", () => {
    const fake = new FakeStripe();
    const first = call(fake, "POST", "/v1/customers", "email=a%40example.com", { "Idempotency-Key": "k1" });
    const again = call(fake, "POST", "/v1/customers", "email=a%40example.com", { "Idempotency-Key": "k1" });
    expect(again.body).toEqual(first.body);
    expect(fake.calls.map((c) => c.replayed)).toEqual([false, true]);
    const other = call(fake, "POST", "/v1/customers", "email=b%40example.com", { "Idempotency-Key": "k1" });
    expect(other).toMatchObject({ status: 400, body: { error: { type: "idempotency_error" } } });
  });

  it("refuses what Stripe refuses: no API key, an unknown or mistyped parameter, an unknown id", () => {
    const fake = new FakeStripe();
    expect(fake.handle({ method: "GET", path: "/v1/subscriptions/sub_1" })).toMatchObject({ status: 401 });
    expect(
      call(fake, "POST", "/v1/subscriptions", "customer=cus_1&items[0][prices]=price_storyloom_pro"),
    ).toMatchObject({
      status: 400,
      body: {
        error: {
          code: "parameter_unknown",
          param: "items[0][prices]",
          message: "Received unknown parameter: items[0][prices]",
        },
      },
    });
    expect(
      call(fake, "POST", "/v1/subscriptions", "customer=cus_1&payment_behaviour=default_incomplete"),
    ).toMatchObject({
      status: 400,
      body: { error: { code: "parameter_unknown", param: "payment_behaviour" } },
    });
    expect(call(fake, "POST", "/v1/subscriptions/sub_1", "cancel_at_period_end=maybe")).toMatchObject({
      status: 400,
      body: { error: { param: "cancel_at_period_end" } },
    });
    expect(call(fake, "GET", "/v1/subscriptions/sub_1")).toMatchObject({
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "id",
          message: "No such subscription: 'sub_1'",
        },
      },
    });
  });

  it("throws on what it does not model instead of answering plausibly", () => {
    const fake = new FakeStripe();
    expect(() => call(fake, "GET", "/v1/prices")).toThrow(NotEmulatedError);
    expect(() =>
      call(fake, "POST", "/v1/subscriptions", "customer=cus_1&items[0][price]=p&payment_behavior=allow_incomplete"),
    ).toThrow(/default_incomplete/);
    expect(() => call(fake, "GET", "/v1/customers/cus_1", "", { "Stripe-Version": "2024-06-20" })).toThrow(
      /speaks 2026-10-28.endive/,
    );
  });
});

describe("FakeStripe: customers", () => {
  it("deletes a customer as Stripe does: its live subscription is cancelled, a GET answers deleted_customer, anything else 404", () => {
    const fake = new FakeStripe();
    const subscription = subscribe(fake).body as Stripe.Subscription;
    const customer = String(subscription.customer);
    expect(call(fake, "DELETE", `/v1/customers/${customer}`, "expand[]=x")).toMatchObject({
      status: 400,
      body: { error: { code: "parameter_unknown" } },
    });
    expect(call(fake, "DELETE", `/v1/customers/${customer}`)).toEqual({
      status: 200,
      body: { id: customer, object: "customer", deleted: true },
    });
    expect(fake.inspect(subscription.id).status).toBe("canceled");
    expect(call(fake, "GET", `/v1/customers/${customer}`).body).toEqual({
      id: customer,
      object: "customer",
      deleted: true,
    });
    expect(call(fake, "DELETE", `/v1/customers/${customer}`)).toMatchObject({
      status: 404,
      body: { error: { code: "resource_missing" } },
    });
    expect(
      call(
        fake,
        "POST",
        "/v1/subscriptions",
        `customer=${customer}&items[0][price]=price_storyloom_pro&payment_behavior=default_incomplete`,
      ),
    ).toMatchObject({ status: 404 });
  });
});

describe("FakeStripe: subscriptions", () => {
  it("creates a subscription incomplete, its first invoice open with a confirmation secret and its item's period", () => {
    const fake = new FakeStripe({ now: () => Date.UTC(2027, 0, 31, 12) });
    const { status, body } = subscribe(fake);
    const subscription = body as Stripe.Subscription & { latest_invoice: Stripe.Invoice };
    expect(status).toBe(200);
    expect(subscription).toMatchObject({
      status: "incomplete",
      metadata: { userId: "7" },
      payment_settings: { save_default_payment_method: "on_subscription" },
    });
    expect(subscription.latest_invoice).toMatchObject({
      status: "open",
      amount_due: 2900,
      billing_reason: "subscription_create",
    });
    expect(subscription.latest_invoice.confirmation_secret).toEqual({
      client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      type: "payment_intent",
    });
    expect(subscription.items.data[0]!.current_period_end).toBe(Date.UTC(2027, 1, 28, 12) / 1000);
    expect(fake.events.map((e) => e.type)).toEqual([
      "customer.created",
      "customer.subscription.created",
      "invoice.created",
      "invoice.finalized",
    ]);
    expect(subscriptionOf(fake, subscription.id, "").latest_invoice).toBe(subscription.latest_invoice.id);
  });

  it("refuses an unknown price", () => {
    const fake = new FakeStripe();
    expect(subscribe(fake, "price_gold")).toMatchObject({
      status: 404,
      body: { error: { code: "resource_missing", param: "items[0][price]" } },
    });
  });

  it("pay: the invoice is paid and the subscription active; the confirmation secret is gone", () => {
    const fake = new FakeStripe();
    const { id } = subscribe(fake).body as Stripe.Subscription;
    fake.pay(id);
    const subscription = subscriptionOf(fake, id);
    expect(subscription.status).toBe("active");
    expect(subscription.latest_invoice).toMatchObject({
      status: "paid",
      amount_paid: 2900,
      amount_remaining: 0,
      confirmation_secret: null,
    });
    expect(fake.lastEvent().type).toBe("customer.subscription.updated");
    expect(fake.lastEvent("invoice.paid").data.object).toMatchObject({
      id: subscription.latest_invoice.id,
      status: "paid",
    });
    expect(() => fake.pay(id)).toThrow(/no open invoice/);
  });

  it("requireAction: the PaymentIntent waits for 3-D Secure and the subscription stays incomplete", () => {
    const fake = new FakeStripe();
    const { id } = subscribe(fake).body as Stripe.Subscription;
    fake.requireAction(id);
    const invoice = subscriptionOf(fake, id, "expand[]=latest_invoice.payments").latest_invoice;
    const intentId = invoice.payments!.data[0]!.payment.payment_intent as string;
    expect(call(fake, "GET", `/v1/payment_intents/${intentId}`).body).toMatchObject({
      status: "requires_action",
      next_action: { type: "use_stripe_sdk" },
    });
    expect(subscriptionOf(fake, id).status).toBe("incomplete");
    expect(fake.lastEvent().type).toBe("invoice.payment_action_required");
  });

  it("decline: a first payment leaves it incomplete; a renewal makes it past_due, and paying the invoice is a 402 until pay", () => {
    const fake = new FakeStripe();
    const first = (subscribe(fake).body as Stripe.Subscription).id;
    fake.decline(first);
    expect(subscriptionOf(fake, first).status).toBe("incomplete");
    expect(fake.lastEvent().type).toBe("invoice.payment_failed");

    const [renewing] = fake.seed(1);
    const paidPeriodEnd = subscriptionOf(fake, renewing!).items.data[0]!.current_period_end;
    fake.decline(renewing!);
    const pastDue = subscriptionOf(fake, renewing!);
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.items.data[0]!.current_period_start).toBe(paidPeriodEnd);
    expect(pastDue.latest_invoice).toMatchObject({
      status: "open",
      billing_reason: "subscription_cycle",
      attempt_count: 1,
    });
    expect(call(fake, "POST", `/v1/invoices/${pastDue.latest_invoice.id}/pay`)).toMatchObject({
      status: 402,
      body: { error: { type: "card_error", code: "card_declined", decline_code: "generic_decline" } },
    });
    fake.pay(renewing!);
    expect(subscriptionOf(fake, renewing!).status).toBe("active");
  });

  it("expire: incomplete_expired with a void invoice, after which Stripe treats it as gone for changes", () => {
    const fake = new FakeStripe();
    const { id } = subscribe(fake).body as Stripe.Subscription;
    fake.expire(id);
    expect(subscriptionOf(fake, id)).toMatchObject({
      status: "incomplete_expired",
      latest_invoice: { status: "void", confirmation_secret: null },
    });
    expect(call(fake, "POST", `/v1/subscriptions/${id}`, "cancel_at_period_end=true")).toMatchObject({ status: 404 });
  });

  it("changes an item's price with a proration; an item without its id is added, as Stripe does", () => {
    let now = Date.UTC(2027, 3, 1);
    const fake = new FakeStripe({ now: () => now });
    const { id } = subscribe(fake).body as Stripe.Subscription;
    fake.pay(id);
    const itemId = subscriptionOf(fake, id).items.data[0]!.id;
    now = Date.UTC(2027, 3, 16); // half of April's 30 days remain
    const changed = call(
      fake,
      "POST",
      `/v1/subscriptions/${id}`,
      `items[0][id]=${itemId}&items[0][price]=price_storyloom_enterprise&proration_behavior=create_prorations`,
    );
    expect((changed.body as Stripe.Subscription).items.data.map((i) => [i.id, i.price.id])).toEqual([
      [itemId, "price_storyloom_enterprise"],
    ]);
    expect(fake.prorations).toEqual([
      {
        subscriptionId: id,
        itemId,
        fromPriceId: "price_storyloom_pro",
        toPriceId: "price_storyloom_enterprise",
        amount: 3500,
      },
    ]);
    const added = call(fake, "POST", `/v1/subscriptions/${id}`, "items[0][price]=price_storyloom_pro")
      .body as Stripe.Subscription;
    expect(added.items.data).toHaveLength(2);
  });

  it("cancel_at_period_end, then cancel: canceled, still readable, and a second cancel is a 404", () => {
    const fake = new FakeStripe();
    const { id } = subscribe(fake).body as Stripe.Subscription;
    fake.pay(id);
    const scheduled = call(fake, "POST", `/v1/subscriptions/${id}`, "cancel_at_period_end=true")
      .body as Stripe.Subscription;
    expect(scheduled).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: scheduled.items.data[0]!.current_period_end,
    });
    expect(call(fake, "DELETE", `/v1/subscriptions/${id}`).body).toMatchObject({
      status: "canceled",
      cancellation_details: { reason: "cancellation_requested" },
    });
    expect(fake.lastEvent().type).toBe("customer.subscription.deleted");
    expect(subscriptionOf(fake, id).status).toBe("canceled");
    expect(call(fake, "DELETE", `/v1/subscriptions/${id}`)).toMatchObject({
      status: 404,
      body: { error: { code: "resource_missing" } },
    });
  });

  it("lists newest first in pages, canceled ones only with status=all", () => {
    const fake = new FakeStripe();
    const ids = fake.seed(250);
    call(fake, "DELETE", `/v1/subscriptions/${ids[0]}`);
    const page = (query: string) =>
      call(fake, "GET", "/v1/subscriptions", query).body as Stripe.ApiList<Stripe.Subscription>;
    const first = page("status=all&limit=100");
    expect(first.data.map((s) => s.id)).toEqual(ids.slice(150).reverse());
    expect(first.has_more).toBe(true);
    const last = page(`status=all&limit=100&starting_after=${ids[50]}`);
    expect([last.data.length, last.has_more]).toEqual([50, false]);
    expect(page(`limit=100&starting_after=${ids[50]}`).data).toHaveLength(49);
    expect(fake.callsTo("GET", "/v1/subscriptions")).toHaveLength(3);
  });
});
