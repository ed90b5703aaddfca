import Stripe from "stripe";
import { AppError } from "../../lib/errors";
import type { Billing, BillingEvent, BillingInvoice, BillingSubscription } from "./index";

const UPSTREAM = "stripe";
/** Webhook signatures older than this are refused (Stripe's default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | null;
  /** Development and tests only: a fake Stripe on localhost. */
  apiBase: URL | null;
}

function toInvoice(invoice: string | Stripe.Invoice | null | undefined): BillingInvoice | null {
  if (!invoice || typeof invoice === "string")
    return invoice ? { id: invoice, status: null, clientSecret: null } : null;
  return {
    id: invoice.id!,
    status: invoice.status ?? null,
    clientSecret: invoice.confirmation_secret?.client_secret ?? null,
  };
}

export function toBillingSubscription(subscription: Stripe.Subscription): BillingSubscription {
  const item = subscription.items.data[0];
  const userId = Number(subscription.metadata?.userId);
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    itemId: item?.id ?? null,
    priceId: item?.price.id ?? null,
    currentPeriodEnd: item ? item.current_period_end * 1000 : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
    latestInvoice: toInvoice(subscription.latest_invoice),
  };
}

function upstreamError(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeCardError) {
    // A decline is the customer's to see (spec: 'Payment Failed' with Stripe's message).
    return new AppError("payment_required", error.message, { cause: error, upstream: UPSTREAM });
  }
  const status = error instanceof Stripe.errors.StripeError ? error.statusCode : undefined;
  return new AppError(
    status === 429 || status === undefined ? "service_unavailable" : "upstream_error",
    "The payment provider could not complete the request. Please try again.",
    { cause: error, upstream: UPSTREAM },
  );
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw upstreamError(error);
  }
}

const clients = new WeakMap<StripeOptions, Billing>();

/**
 * Stripe through the official SDK (fetch and SubtleCrypto in workerd), pinned to the SDK's API version. One client
 * per isolate: the options object comes from the cached Config, so requests reuse it.
 */
export function createStripeBilling(options: StripeOptions): Billing {
  let billing = clients.get(options);
  if (!billing) {
    billing = buildStripeBilling(options);
    clients.set(options, billing);
  }
  return billing;
}

function buildStripeBilling(options: StripeOptions): Billing {
  const stripe = new Stripe(options.secretKey, {
    // `fetch` looked up on each call, not captured when the client is made: the client lives for the isolate.
    httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(options.apiBase
      ? {
          host: options.apiBase.hostname,
          port: options.apiBase.port || (options.apiBase.protocol === "https:" ? 443 : 80),
          protocol: options.apiBase.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  const expandInvoice = ["latest_invoice.confirmation_secret"];

  return {
    createCustomer: (input, idempotencyKey) =>
      call(async () => {
        const customer = await stripe.customers.create(
          { email: input.email ?? undefined, metadata: { userId: String(input.userId) } },
          { idempotencyKey },
        );
        // An answer without an id is no customer: before, it stored a subscription row with no customer (fault grid).
        if (typeof customer?.id !== "string" || !customer.id)
          throw new Error("Stripe's answer to a customer create had no id");
        return { id: customer.id };
      }),

    createSubscription: (input, idempotencyKey) =>
      call(async () =>
        toBillingSubscription(
          await stripe.subscriptions.create(
            {
              customer: input.customerId,
              items: [{ price: input.priceId }],
              payment_behavior: "default_incomplete",
              payment_settings: { save_default_payment_method: "on_subscription" },
              metadata: { userId: String(input.userId) },
              expand: expandInvoice,
            },
            { idempotencyKey },
          ),
        ),
      ),

    getSubscription: (id) =>
      call(async () => {
        try {
          return toBillingSubscription(await stripe.subscriptions.retrieve(id, { expand: expandInvoice }));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
          throw error;
        }
      }),

    changePrice: (subscription, priceId, idempotencyKey) =>
      call(async () =>
        toBillingSubscription(
          await stripe.subscriptions.update(
            subscription.id,
            {
              items: [{ id: subscription.itemId ?? undefined, price: priceId }],
              proration_behavior: "create_prorations",
              cancel_at_period_end: false,
              expand: expandInvoice,
            },
            { idempotencyKey },
          ),
        ),
      ),

    setCancelAtPeriodEnd: (id, cancel) =>
      call(async () =>
        toBillingSubscription(
          await stripe.subscriptions.update(id, { cancel_at_period_end: cancel, expand: expandInvoice }),
        ),
      ),

    cancelNow: (id) =>
      call(async () => {
        try {
          await stripe.subscriptions.cancel(id);
        } catch (error) {
          // Stripe answers 404 for a subscription already cancelled: what this call wanted is done.
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
          throw error;
        }
      }),

    deleteCustomer: (id) =>
      call(async () => {
        try {
          await stripe.customers.del(id);
        } catch (error) {
          // Stripe answers 404 for a customer already deleted (an earlier try that got no answer): the work is done.
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
          throw error;
        }
      }),

    listSubscriptions: (cursor) =>
      call(async () => {
        const page = await stripe.subscriptions.list({
          status: "all",
          limit: 100,
          ...(cursor ? { starting_after: cursor } : {}),
        });
        const subscriptions = page.data.map(toBillingSubscription);
        return { subscriptions, nextCursor: page.has_more ? (subscriptions.at(-1)?.id ?? null) : null };
      }),

    async verifyEvent(rawBody, signature): Promise<BillingEvent> {
      if (!options.webhookSecret)
        throw new AppError("service_unavailable", "Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).");
      if (!signature) throw new AppError("bad_request", "Missing Stripe signature");
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        throw new AppError("bad_request", "Invalid Stripe signature");
      }
      const object = event.data.object as {
        id?: string;
        object?: string;
        customer?: string | { id: string } | null;
        subscription?: unknown;
      };
      const customer = object.customer;
      const subscriptionId =
        object.object === "subscription"
          ? (object.id ?? null)
          : typeof (object as { parent?: { subscription_details?: { subscription?: unknown } } }).parent
                ?.subscription_details?.subscription === "string"
            ? (object as { parent: { subscription_details: { subscription: string } } }).parent.subscription_details
                .subscription
            : null;
      return {
        id: event.id,
        type: event.type,
        customerId: typeof customer === "string" ? customer : (customer?.id ?? null),
        subscriptionId,
      };
    },
  };
}
