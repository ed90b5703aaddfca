// The emulated endpoints: each reads its form parameters (strings, already held to the contract by
// request-contract.ts), refuses what Stripe would refuse, and changes the ledger. A parameter the contract allows but
// the emulator does not model throws NotEmulatedError rather than being ignored.
import type Stripe from "stripe";
import { CARD_DECLINED, missing, NotEmulatedError, StripeApiError } from "./errors";
import type { FormObject, FormValue } from "./form";
import type { StripeLedger } from "./ledger";
import { list } from "./objects";

type Handler = (ids: string[], params: FormObject) => unknown;
/** The ids are the path's captured parts (`/v1/subscriptions/{id}`). */
export type Route = [method: string, path: RegExp, handler: Handler];

const text = (value: FormValue | undefined): string | undefined => (typeof value === "string" ? value : undefined);
const object = (value: FormValue | undefined): FormObject =>
  typeof value === "object" && !Array.isArray(value) ? value : {};
const objects = (value: FormValue | undefined): FormObject[] => (Array.isArray(value) ? value.map(object) : []);
const expansions = (params: FormObject): string[] =>
  Array.isArray(params.expand) ? params.expand.filter((e) => typeof e === "string") : [];

function only(params: FormObject, supported: readonly string[], what: string): void {
  const other = Object.keys(params).filter((key) => !supported.includes(key));
  if (other.length) throw new NotEmulatedError(`FakeStripe does not emulate ${other.join(", ")} on ${what}`);
}

const missingParam = (param: string) =>
  new StripeApiError(400, {
    type: "invalid_request_error",
    code: "parameter_missing",
    param,
    message: `Missing required param: ${param}.`,
  });

function required(value: FormValue | undefined, param: string): string {
  const found = text(value);
  if (!found) throw missingParam(param);
  return found;
}

/** Stripe merges metadata: `metadata[key]=` removes a key, `metadata=` removes them all. */
function mergeMetadata(current: Stripe.Metadata, change: FormValue | undefined): Stripe.Metadata {
  if (change === undefined) return current;
  if (typeof change === "string" || Array.isArray(change)) return {};
  const merged: Stripe.Metadata = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === "") delete merged[key];
    else merged[key] = String(value);
  }
  return merged;
}

export function stripeApi(ledger: StripeLedger): Route[] {
  /** The price `items[index][price]` names. */
  function itemPrice(item: FormObject, index: number): Stripe.Price {
    const param = `items[${index}][price]`;
    return ledger.price(required(item.price, param), param);
  }

  function createSubscription(params: FormObject): Stripe.Subscription {
    only(
      params,
      ["customer", "items", "payment_behavior", "payment_settings", "metadata", "expand"],
      "POST /v1/subscriptions",
    );
    if (params.payment_behavior !== "default_incomplete") {
      throw new NotEmulatedError(
        `FakeStripe creates subscriptions only with payment_behavior=default_incomplete, not ${String(params.payment_behavior)}`,
      );
    }
    const paymentSettings = object(params.payment_settings);
    only(paymentSettings, ["save_default_payment_method"], "payment_settings");
    const customer = ledger.customer(required(params.customer, "customer"));
    const items = objects(params.items);
    if (!items.length) throw missingParam("items");
    const prices = items.map((item, index) => {
      only(item, ["price"], `items[${index}]`);
      return itemPrice(item, index);
    });
    const subscription = ledger.addSubscription({
      customer,
      prices,
      metadata: mergeMetadata({}, params.metadata),
      saveDefaultPaymentMethod: (text(paymentSettings.save_default_payment_method) ??
        null) as Stripe.Subscription.PaymentSettings.SaveDefaultPaymentMethod | null,
    });
    return ledger.renderSubscription(subscription, expansions(params));
  }

  function updateSubscription(id: string, params: FormObject): Stripe.Subscription {
    only(
      params,
      ["items", "proration_behavior", "cancel_at_period_end", "metadata", "expand"],
      "POST /v1/subscriptions/{id}",
    );
    const subscription = ledger.liveSubscription(id);
    const proration = text(params.proration_behavior) ?? "create_prorations";
    if (proration === "always_invoice")
      throw new NotEmulatedError("FakeStripe does not emulate proration_behavior=always_invoice");
    objects(params.items).forEach((change, index) => {
      // With an id, `items[i]` changes or deletes that item; without one it adds an item (as Stripe does).
      only(change, ["id", "price", "deleted"], `items[${index}]`);
      const itemId = text(change.id);
      const items = subscription.items.data;
      const position = itemId ? items.findIndex((item) => item.id === itemId) : items.length;
      if (position < 0) throw missing("subscription item", itemId!, `items[${index}][id]`);
      if (change.deleted === "true") items.splice(position, 1);
      else ledger.changePrice(subscription, position, itemPrice(change, index), proration === "create_prorations");
    });
    if (params.cancel_at_period_end !== undefined)
      ledger.setCancelAtPeriodEnd(subscription, params.cancel_at_period_end === "true");
    subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
    ledger.emit("customer.subscription.updated", subscription);
    return ledger.renderSubscription(subscription, expansions(params));
  }

  /** Newest first, as Stripe lists; without `status`, canceled subscriptions are left out. */
  function listSubscriptions(params: FormObject) {
    only(params, ["status", "limit", "starting_after", "customer", "expand"], "GET /v1/subscriptions");
    const limit = Number(text(params.limit) ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        param: "limit",
        message: "Invalid integer: limit must be between 1 and 100",
      });
    }
    const status = text(params.status);
    const customer = text(params.customer);
    const matching = [...ledger.subscriptions.values()]
      .reverse()
      .filter((s) => (status === "all" ? true : status ? s.status === status : s.status !== "canceled"))
      .filter((s) => !customer || s.customer === customer);
    const after = text(params.starting_after);
    const start = after ? matching.findIndex((s) => s.id === after) + 1 : 0;
    if (after && start === 0) throw missing("subscription", after, "starting_after");
    const expand = expansions(params).map((path) => {
      if (!path.startsWith("data.")) throw new NotEmulatedError(`FakeStripe does not expand ${path} on a list`);
      return path.slice("data.".length);
    });
    const page = matching.slice(start, start + limit).map((s) => ledger.renderSubscription(s, expand));
    return { ...list(page, "/v1/subscriptions"), has_more: start + limit < matching.length };
  }

  /** Pays an open invoice with the customer's card: a 402 card_error while the card declines. */
  function payInvoice(id: string, params: FormObject): Stripe.Invoice {
    only(params, ["expand"], "POST /v1/invoices/{id}/pay");
    const invoice = ledger.invoice(id);
    if (invoice.status !== "open") {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "invoice_not_open",
        message: `Invoice ${id} is ${invoice.status}; only an open invoice can be paid.`,
      });
    }
    const subscription = ledger.subscription(String(invoice.parent?.subscription_details?.subscription));
    if (ledger.decliningCustomers.has(String(invoice.customer))) {
      ledger.failPayment(subscription, invoice);
      throw new StripeApiError(402, CARD_DECLINED);
    }
    ledger.settle(subscription, invoice);
    return ledger.renderInvoice(invoice, expansions(params));
  }

  return [
    [
      "POST",
      /^\/v1\/customers$/,
      (_, params) => {
        only(params, ["email", "name", "metadata"], "POST /v1/customers");
        return ledger.addCustomer({
          email: text(params.email) || null,
          name: text(params.name) || null,
          metadata: mergeMetadata({}, params.metadata),
        });
      },
    ],
    ["GET", /^\/v1\/customers\/([^/]+)$/, ([id]) => ledger.retrieveCustomer(id!)],
    [
      "DELETE",
      /^\/v1\/customers\/([^/]+)$/,
      ([id], params) => {
        only(params, [], "DELETE /v1/customers/{id}");
        return ledger.deleteCustomer(id!);
      },
    ],
    ["POST", /^\/v1\/subscriptions$/, (_, params) => createSubscription(params)],
    ["GET", /^\/v1\/subscriptions$/, (_, params) => listSubscriptions(params)],
    [
      "GET",
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id], params) => ledger.renderSubscription(ledger.subscription(id!), expansions(params)),
    ],
    ["POST", /^\/v1\/subscriptions\/([^/]+)$/, ([id], params) => updateSubscription(id!, params)],
    [
      "DELETE",
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id], params) => {
        only(params, ["expand"], "DELETE /v1/subscriptions/{id}");
        const subscription = ledger.liveSubscription(id!);
        ledger.cancel(subscription);
        return ledger.renderSubscription(subscription, expansions(params));
      },
    ],
    [
      "GET",
      /^\/v1\/invoices\/([^/]+)$/,
      ([id], params) => ledger.renderInvoice(ledger.invoice(id!), expansions(params)),
    ],
    ["POST", /^\/v1\/invoices\/([^/]+)\/pay$/, ([id], params) => payInvoice(id!, params)],
    ["GET", /^\/v1\/payment_intents\/([^/]+)$/, ([id]) => ledger.paymentIntent(id!)],
  ];
}
