// The emulator's state and Stripe Billing's rules over it: a subscription created incomplete with an open first
// invoice, paid (active), failed (incomplete or past_due), renewed, voided, canceled; price changes with prorations;
// the events Stripe sends for each change. Lookups throw Stripe's 404s, for the API handlers (api.ts).
import type Stripe from "stripe";
import { assertStripeShape } from "./contract";
import { CARD_DECLINED, missing, NotEmulatedError } from "./errors";
import {
  customerObject,
  invoiceObject,
  invoicePaymentObject,
  itemObject,
  list,
  oneMonthAfter,
  paymentIntentObject,
  priceObject,
  subscriptionObject,
  type FakePrice,
  type Seconds,
} from "./objects";

/** The only API version the emulator speaks (the SDK's pinned one, and the contract's). */
export const FAKE_STRIPE_API_VERSION = "2026-10-28.endive";

/** A Stripe `event` (checked against the contract, and its object against the object's own schema). */
export interface FakeStripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: Seconds;
  data: { object: Stripe.Subscription | Stripe.Invoice | Stripe.Customer };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

/** A proration Stripe would put on the next invoice when an item changes price mid-period. */
export interface FakeProration {
  subscriptionId: string;
  itemId: string;
  fromPriceId: string;
  toPriceId: string;
  /** Minor units: the new price's share of the rest of the period less the old one's (negative on a downgrade). */
  amount: number;
}

/** Stripe retries a failed renewal days later (Smart Retries vary); the emulator only records when. */
const RETRY_AFTER: Seconds = 3 * 24 * 3600;

const TERMINAL: readonly Stripe.Subscription.Status[] = ["canceled", "incomplete_expired"];

function found<T>(value: T | undefined, kind: string, id: string, param = "id"): T {
  if (value === undefined) throw missing(kind, id, param);
  return value;
}

function randomTag(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => alphabet[byte % alphabet.length]).join("");
}

export class StripeLedger {
  readonly events: FakeStripeEvent[] = [];
  readonly prorations: FakeProration[] = [];
  readonly subscriptions = new Map<string, Stripe.Subscription>();
  /** Customers whose card declines (until a payment succeeds). */
  readonly decliningCustomers = new Set<string>();

  private readonly prices = new Map<string, Stripe.Price>();
  private readonly customers = new Map<string, Stripe.Customer>();
  /** Deleted customers: a GET answers `deleted_customer`, anything else (a second DELETE included) a 404. */
  private readonly deletedCustomers = new Set<string>();
  private readonly invoices = new Map<string, Stripe.Invoice>();
  /** Each invoice's PaymentIntent, by invoice id. */
  private readonly intents = new Map<string, Stripe.PaymentIntent>();
  /** Ids are unique across emulators, so events and customers from two tests never collide in one database. */
  private readonly tag = randomTag();
  private sequence = 0;
  /** While seeding: events are neither checked nor recorded (thousands of subscriptions in milliseconds). */
  private muted = false;

  private readonly clock: () => number;

  constructor(clock: () => number, prices: readonly FakePrice[]) {
    this.clock = clock;
    for (const price of prices) this.prices.set(price.id, priceObject(price, this.now()));
  }

  now(): Seconds {
    return Math.floor(this.clock() / 1000);
  }

  private id(prefix: string): string {
    return `${prefix}_${this.tag}${String(++this.sequence).padStart(8, "0")}`;
  }

  // ——— lookups (Stripe's 404s) ———

  customer(id: string): Stripe.Customer {
    return found(this.customers.get(id), "customer", id);
  }

  /** GET /v1/customers/{id}: the customer, or `deleted_customer` once deleted. */
  retrieveCustomer(id: string): Stripe.Customer | Stripe.DeletedCustomer {
    if (this.deletedCustomers.has(id)) return { id, object: "customer", deleted: true };
    return this.customer(id);
  }

  price(id: string, param: string): Stripe.Price {
    return found(this.prices.get(id), "price", id, param);
  }

  subscription(id: string): Stripe.Subscription {
    return found(this.subscriptions.get(id), "subscription", id);
  }

  /** Stripe answers a change to a canceled (or expired) subscription as if it no longer existed. */
  liveSubscription(id: string): Stripe.Subscription {
    const subscription = this.subscription(id);
    return found(TERMINAL.includes(subscription.status) ? undefined : subscription, "subscription", id);
  }

  invoice(id: string): Stripe.Invoice {
    return found(this.invoices.get(id), "invoice", id);
  }

  paymentIntent(id: string): Stripe.PaymentIntent {
    return found(
      [...this.intents.values()].find((intent) => intent.id === id),
      "payment_intent",
      id,
    );
  }

  private intentOf(invoice: Stripe.Invoice): Stripe.PaymentIntent {
    return this.intents.get(invoice.id!)!;
  }

  // ——— changes ———

  addCustomer(input: { email: string | null; name: string | null; metadata: Stripe.Metadata }): Stripe.Customer {
    const customer = customerObject({ id: this.id("cus"), created: this.now(), ...input });
    this.customers.set(customer.id, customer);
    this.emit("customer.created", customer);
    return customer;
  }

  /** Created `default_incomplete`: incomplete, with an open first invoice whose PaymentIntent awaits the card. */
  addSubscription(input: {
    customer: Stripe.Customer;
    prices: Stripe.Price[];
    metadata: Stripe.Metadata;
    saveDefaultPaymentMethod: Stripe.Subscription.PaymentSettings.SaveDefaultPaymentMethod | null;
  }): Stripe.Subscription {
    const id = this.id("sub");
    const start = this.now();
    const subscription = subscriptionObject({
      id,
      customer: input.customer.id,
      created: start,
      status: "incomplete",
      items: input.prices.map((price) =>
        itemObject({
          id: this.id("si"),
          subscription: id,
          price,
          created: start,
          periodStart: start,
          periodEnd: oneMonthAfter(start),
        }),
      ),
      metadata: input.metadata,
      saveDefaultPaymentMethod: input.saveDefaultPaymentMethod,
      latestInvoice: null,
    });
    this.subscriptions.set(id, subscription);
    this.emit("customer.subscription.created", subscription);
    this.openInvoice(subscription, "subscription_create");
    return subscription;
  }

  /** Moves an item to another price for the rest of its period, recording the proration when asked to. */
  changePrice(subscription: Stripe.Subscription, position: number, price: Stripe.Price, prorate: boolean): void {
    const items = subscription.items.data;
    const current = items[position];
    const now = this.now();
    const periodStart = current?.current_period_start ?? items[0]?.current_period_start ?? now;
    const periodEnd = current?.current_period_end ?? items[0]?.current_period_end ?? oneMonthAfter(now);
    if (current && prorate && current.price.id !== price.id) {
      const unused = Math.max(0, periodEnd - now) / (periodEnd - periodStart);
      const amount = Math.round(((price.unit_amount ?? 0) - (current.price.unit_amount ?? 0)) * unused);
      this.prorations.push({
        subscriptionId: subscription.id,
        itemId: current.id,
        fromPriceId: current.price.id,
        toPriceId: price.id,
        amount,
      });
    }
    const id = current?.id ?? this.id("si");
    items[position] = itemObject({
      id,
      subscription: subscription.id,
      price,
      created: current?.created ?? now,
      periodStart,
      periodEnd,
    });
  }

  setCancelAtPeriodEnd(subscription: Stripe.Subscription, cancel: boolean): void {
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? (subscription.items.data[0]?.current_period_end ?? null) : null;
    subscription.canceled_at = cancel ? this.now() : null;
  }

  cancel(subscription: Stripe.Subscription): void {
    const now = this.now();
    subscription.status = "canceled";
    subscription.canceled_at = now;
    subscription.ended_at = now;
    subscription.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: "cancellation_requested",
    };
    this.emit("customer.subscription.deleted", subscription);
  }

  /** DELETE /v1/customers/{id}: as Stripe does, the customer's live subscriptions are cancelled at once. */
  deleteCustomer(id: string): Stripe.DeletedCustomer {
    const customer = this.customer(id);
    for (const subscription of this.subscriptions.values()) {
      if (subscription.customer === id && !TERMINAL.includes(subscription.status)) this.cancel(subscription);
    }
    this.customers.delete(id);
    this.deletedCustomers.add(id);
    this.emit("customer.deleted", customer);
    return { id, object: "customer", deleted: true };
  }

  openInvoice(subscription: Stripe.Subscription, reason: Stripe.Invoice.BillingReason): Stripe.Invoice {
    const customer = this.customer(String(subscription.customer));
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    const number = `${customer.invoice_prefix}-${String(sequence).padStart(4, "0")}`;
    const invoice = invoiceObject({
      id: this.id("in"),
      number,
      subscription,
      created: this.now(),
      billingReason: reason,
    });
    this.invoices.set(invoice.id!, invoice);
    this.intents.set(invoice.id!, paymentIntentObject({ id: this.id("pi"), invoice, created: this.now() }));
    subscription.latest_invoice = invoice.id!;
    this.emit("invoice.created", invoice);
    this.emit("invoice.finalized", invoice);
    return invoice;
  }

  /** The payment succeeds: the invoice is paid and the subscription active. */
  settle(subscription: Stripe.Subscription, invoice: Stripe.Invoice): void {
    Object.assign(this.intentOf(invoice), {
      status: "succeeded",
      amount_received: invoice.amount_due,
      next_action: null,
      last_payment_error: null,
    });
    Object.assign(invoice, {
      status: "paid",
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: true,
      next_payment_attempt: null,
    });
    invoice.attempt_count += 1;
    invoice.status_transitions.paid_at = this.now();
    this.decliningCustomers.delete(String(invoice.customer));
    this.emit("invoice.paid", invoice);
    this.emit("invoice.payment_succeeded", invoice);
    this.setStatus(subscription, "active");
  }

  /** The card is declined: a first invoice leaves the subscription incomplete, a renewal makes it past_due. */
  failPayment(subscription: Stripe.Subscription, invoice: Stripe.Invoice): void {
    Object.assign(this.intentOf(invoice), {
      status: "requires_payment_method",
      next_action: null,
      last_payment_error: { ...CARD_DECLINED, payment_method_type: "card" },
    });
    invoice.attempted = true;
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = invoice.billing_reason === "subscription_create" ? null : this.now() + RETRY_AFTER;
    this.emit("invoice.payment_failed", invoice);
    if (subscription.status === "active") this.setStatus(subscription, "past_due");
  }

  /** 3-D Secure: the PaymentIntent waits for the customer to authenticate. */
  requireAction(invoice: Stripe.Invoice): void {
    Object.assign(this.intentOf(invoice), {
      status: "requires_action",
      next_action: { type: "use_stripe_sdk", use_stripe_sdk: {} },
    });
    this.emit("invoice.payment_action_required", invoice);
  }

  /** The next period starts and is invoiced. */
  renew(subscription: Stripe.Subscription): void {
    for (const item of subscription.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = oneMonthAfter(item.current_period_end);
    }
    this.openInvoice(subscription, "subscription_cycle");
  }

  /** The first invoice went unpaid for 23 hours: it is voided and the subscription incomplete_expired. */
  expire(subscription: Stripe.Subscription, invoice: Stripe.Invoice): void {
    const now = this.now();
    Object.assign(this.intentOf(invoice), {
      status: "canceled",
      canceled_at: now,
      cancellation_reason: "void_invoice",
    });
    invoice.status = "void";
    invoice.status_transitions.voided_at = now;
    this.emit("invoice.voided", invoice);
    subscription.ended_at = now;
    this.setStatus(subscription, "incomplete_expired");
  }

  private setStatus(subscription: Stripe.Subscription, status: Stripe.Subscription.Status): void {
    if (subscription.status === status) return;
    subscription.status = status;
    this.emit("customer.subscription.updated", subscription);
  }

  // ——— answers ———

  /** Only `latest_invoice` and what lies under it can be expanded. */
  renderSubscription(subscription: Stripe.Subscription, expand: string[]): Stripe.Subscription {
    const invoicePaths = expand.map((path) => {
      if (path !== "latest_invoice" && !path.startsWith("latest_invoice."))
        throw new NotEmulatedError(`FakeStripe does not expand ${path} on a subscription`);
      return path.slice("latest_invoice.".length);
    });
    const latest = subscription.latest_invoice;
    if (!invoicePaths.length || typeof latest !== "string") return subscription;
    return { ...subscription, latest_invoice: this.renderInvoice(this.invoice(latest), invoicePaths.filter(Boolean)) };
  }

  /** `confirmation_secret` and `payments` are includable: present only when expanded. */
  renderInvoice(invoice: Stripe.Invoice, expand: string[]): Stripe.Invoice {
    const rendered: Stripe.Invoice = { ...invoice };
    const intent = this.intentOf(invoice);
    for (const path of expand) {
      if (path === "confirmation_secret") {
        rendered.confirmation_secret =
          invoice.status === "open" ? { client_secret: intent.client_secret!, type: "payment_intent" } : null;
      } else if (path === "payments") {
        rendered.payments = list([invoicePaymentObject(invoice, intent)], `/v1/invoices/${invoice.id}/payments`);
      } else throw new NotEmulatedError(`FakeStripe does not expand ${path} on an invoice`);
    }
    return rendered;
  }

  /** Records (after checking it against the contract) the event Stripe would send about `object` now. */
  emit(type: string, object: Stripe.Subscription | Stripe.Invoice | Stripe.Customer): FakeStripeEvent {
    const event: FakeStripeEvent = {
      id: this.id("evt"),
      object: "event",
      api_version: FAKE_STRIPE_API_VERSION,
      created: this.now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    if (this.muted) return event;
    assertStripeShape(object.object, event.data.object);
    assertStripeShape("event", event);
    this.events.push(event);
    return event;
  }

  quietly<T>(work: () => T): T {
    this.muted = true;
    try {
      return work();
    } finally {
      this.muted = false;
    }
  }
}
