// Builders for the Stripe objects the emulator keeps: every field the endive API (2026-10-28) has, with the values a
// test-mode account would show. Typed with the SDK's declarations, which the contract was generated from; decimal
// twins (`unit_amount_decimal`…) are null because the SDK types them as Decimal objects where the wire has strings,
// and nothing here reads them.
import type Stripe from "stripe";

/** A price the emulator offers: monthly, per unit. */
export interface FakePrice {
  id: string;
  /** Minor units (pence). */
  unitAmount: number;
  currency: string;
  nickname?: string;
}

/** Seconds, as Stripe's timestamps are. */
export type Seconds = number;

export const list = <T>(data: T[], url: string): Stripe.ApiList<T> => ({ object: "list", data, has_more: false, url });

/** One calendar month on, clamped to the month's last day as Stripe bills (31 January → 28/29 February). */
export function oneMonthAfter(start: Seconds): Seconds {
  const date = new Date(start * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

export function priceObject(price: FakePrice, created: Seconds): Stripe.Price {
  return {
    id: price.id,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: price.nickname ?? null,
    product: `prod_${price.id.replace(/^price_/, "")}`,
    recurring: { interval: "month", interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" },
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: "recurring",
    unit_amount: price.unitAmount,
    unit_amount_decimal: null,
  };
}

/** The legacy `plan` every subscription item still carries, mirroring its price. */
function planObject(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: null,
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    interval: "month",
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

export function customerObject(input: {
  id: string;
  created: Seconds;
  email: string | null;
  name: string | null;
  metadata: Stripe.Metadata;
}): Stripe.Customer {
  return {
    id: input.id,
    object: "customer",
    address: null,
    balance: 0,
    created: input.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: input.email,
    invoice_prefix: input.id.slice(-8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function itemObject(input: {
  id: string;
  subscription: string;
  price: Stripe.Price;
  created: Seconds;
  periodStart: Seconds;
  periodEnd: Seconds;
}): Stripe.SubscriptionItem {
  return {
    id: input.id,
    object: "subscription_item",
    billing_thresholds: null,
    created: input.created,
    current_period_end: input.periodEnd,
    current_period_start: input.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planObject(input.price),
    price: input.price,
    quantity: 1,
    subscription: input.subscription,
    tax_rates: [],
  };
}

export function subscriptionObject(input: {
  id: string;
  customer: string;
  created: Seconds;
  status: Stripe.Subscription.Status;
  items: Stripe.SubscriptionItem[];
  metadata: Stripe.Metadata;
  saveDefaultPaymentMethod: Stripe.Subscription.PaymentSettings.SaveDefaultPaymentMethod | null;
  latestInvoice: string | null;
}): Stripe.Subscription {
  return {
    id: input.id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.items[0]?.current_period_start ?? input.created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: input.created,
    currency: input.items[0]?.price.currency ?? "gbp",
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: "self" },
    },
    items: list(input.items, `/v1/subscription_items?subscription=${input.id}`),
    latest_invoice: input.latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: input.saveDefaultPaymentMethod,
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.created,
    status: input.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
}

function lineObject(
  invoiceId: string,
  subscription: Stripe.Subscription,
  item: Stripe.SubscriptionItem,
  index: number,
): Stripe.InvoiceLineItem {
  return {
    id: `il_${invoiceId.slice(3)}${index}`,
    object: "line_item",
    amount: item.price.unit_amount ?? 0,
    currency: item.price.currency,
    description: `1 × ${item.price.nickname ?? item.price.id} (at ${item.price.unit_amount ?? 0} / month)`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
      type: "subscription_item_details",
    },
    period: { end: item.current_period_end, start: item.current_period_start },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: item.price.id, product: String(item.price.product) },
      type: "price_details",
      unit_amount_decimal: null,
    },
    quantity: 1,
    quantity_decimal: null,
    subscription: subscription.id,
    subtotal: item.price.unit_amount ?? 0,
    taxes: [],
  };
}

/** A finalized, open invoice for the subscription's items (what Stripe bills at creation and at each renewal). */
export function invoiceObject(input: {
  id: string;
  number: string;
  subscription: Stripe.Subscription;
  created: Seconds;
  billingReason: Stripe.Invoice.BillingReason;
}): Stripe.Invoice {
  const items = input.subscription.items.data;
  const total = items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0), 0);
  return {
    id: input.id,
    object: "invoice",
    account_country: "GB",
    account_name: "StoryLoom (test mode)",
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: "charge_automatically",
    created: input.created,
    currency: input.subscription.currency,
    custom_fields: null,
    customer: String(input.subscription.customer),
    customer_account: null,
    customer_address: null,
    customer_email: null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: input.created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/${input.id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/${input.id}/pdf`,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(
      items.map((item, index) => lineObject(input.id, input.subscription, item, index)),
      `/v1/invoices/${input.id}/lines`,
    ),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: input.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: input.subscription.metadata, subscription: input.subscription.id },
      type: "subscription_details",
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.created,
    period_start: input.created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: "open",
    status_transitions: { finalized_at: input.created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: input.created,
  };
}

/** The PaymentIntent behind an invoice: what Stripe.js confirms with the invoice's confirmation secret. */
export function paymentIntentObject(input: {
  id: string;
  invoice: Stripe.Invoice;
  created: Seconds;
}): Stripe.PaymentIntent {
  return {
    id: input.id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: input.invoice.amount_due,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${input.id}_secret_${input.id.slice(3).split("").reverse().join("")}`,
    confirmation_method: "automatic",
    created: input.created,
    currency: input.invoice.currency,
    customer: input.invoice.customer as string,
    customer_account: null,
    description: `Subscription ${input.invoice.billing_reason === "subscription_create" ? "creation" : "update"}`,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: "off_session",
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_group: null,
  };
}

/** `latest_invoice.payments` when expanded: the invoice's one payment, by PaymentIntent. */
export function invoicePaymentObject(invoice: Stripe.Invoice, intent: Stripe.PaymentIntent): Stripe.InvoicePayment {
  const paid = intent.status === "succeeded";
  return {
    id: `inpay_${invoice.id.slice(3)}`,
    object: "invoice_payment",
    amount_paid: paid ? intent.amount : null,
    amount_requested: intent.amount,
    created: intent.created,
    currency: intent.currency,
    invoice: invoice.id!,
    is_default: true,
    livemode: false,
    payment: { payment_intent: intent.id, type: "payment_intent" },
    status: paid ? "paid" : invoice.status === "void" ? "canceled" : "open",
    status_transitions: {
      canceled_at: invoice.status_transitions.voided_at,
      paid_at: invoice.status_transitions.paid_at,
    },
  };
}

/** Stripe's error body (the SDK turns `type` into its error classes: card_error → StripeCardError…). */
export function errorBody(error: {
  type: string;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}) {
  return {
    error: {
      ...error,
      ...(error.code ? { doc_url: `https://docs.stripe.com/error-codes/${error.code.replaceAll("_", "-")}` } : {}),
    },
  };
}
