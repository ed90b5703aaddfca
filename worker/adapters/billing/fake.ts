import { AppError } from "../../lib/errors";
import type { Billing, BillingEvent, BillingSubscription } from "./index";

/** The one signature the fake accepts; the real check (Stripe's scheme, secret, tolerance) is the Stripe adapter's. */
export const FAKE_WEBHOOK_SIGNATURE = "t=0,v1=fake";

const PAGE_SIZE = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FakeBilling extends Billing {
  /** Stripe's side: adds or replaces a subscription as Stripe would now return it. */
  setSubscription(subscription: BillingSubscription): void;
  /** Stripe no longer knows the subscription: getSubscription answers null and lists leave it out. */
  forgetSubscription(id: string): void;
  /** The next call (of `method`, or whichever comes) fails as an unavailable Stripe would, or with `error`. */
  failNextCall(options?: { method?: keyof Billing; error?: Error }): void;
  /** Customers deleted, in order (a repeat is recorded again, as Stripe would answer it with a 404 that counts as done). */
  readonly deletedCustomers: string[];
  /** Calls per method, e.g. how many list pages a job asked for. */
  readonly calls: Record<keyof Billing, number>;
  /** A webhook body and signature that verifyEvent accepts, carrying `event`. */
  signedEvent(event: BillingEvent): { body: string; signature: string };
}

/** A subscription as the fake's Stripe holds it: active, one month, nothing pending unless told otherwise. */
export function fakeSubscription(
  fields: Partial<BillingSubscription> & Pick<BillingSubscription, "id" | "customerId">,
): BillingSubscription {
  return {
    status: "active",
    itemId: `si_${fields.id}`,
    priceId: null,
    currentPeriodEnd: Date.UTC(2026, 11, 23),
    cancelAtPeriodEnd: false,
    userId: null,
    latestInvoice: null,
    ...fields,
  };
}

/**
 * Billing in memory, for service tests: what Stripe holds is a map the test sets, lists are paged like Stripe's
 * (newest first, 100 a page), creates honour idempotency keys, and any call can be made to fail once.
 */
export function createFakeBilling(options: { webhooksConfigured?: boolean } = {}): FakeBilling {
  // Insertion order is creation order; lists read it backwards, as Stripe lists newest first.
  const subscriptions = new Map<string, BillingSubscription>();
  const byIdempotencyKey = new Map<string, unknown>();
  const calls = {
    createCustomer: 0,
    createSubscription: 0,
    getSubscription: 0,
    changePrice: 0,
    setCancelAtPeriodEnd: 0,
    cancelNow: 0,
    deleteCustomer: 0,
    listSubscriptions: 0,
    verifyEvent: 0,
  } satisfies Record<keyof Billing, number>;
  const deletedCustomers: string[] = [];
  let nextFailure: { method?: keyof Billing; error: Error } | null = null;
  let sequence = 0;

  function begin(method: keyof Billing) {
    calls[method] += 1;
    if (!nextFailure || (nextFailure.method && nextFailure.method !== method)) return;
    const { error } = nextFailure;
    nextFailure = null;
    throw error;
  }

  function once<T>(key: string, create: () => T): T {
    if (!byIdempotencyKey.has(key)) byIdempotencyKey.set(key, create());
    return byIdempotencyKey.get(key) as T;
  }

  function existing(id: string): BillingSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new AppError("upstream_error", `No such subscription: '${id}'`, { upstream: "stripe" });
    return subscription;
  }

  function update(id: string, fields: Partial<BillingSubscription>): BillingSubscription {
    const updated = { ...existing(id), ...fields };
    subscriptions.set(id, updated);
    return updated;
  }

  return {
    calls,
    deletedCustomers,

    setSubscription(subscription) {
      subscriptions.set(subscription.id, subscription);
    },

    forgetSubscription(id) {
      subscriptions.delete(id);
    },

    failNextCall({
      method,
      error = new AppError("service_unavailable", "The payment provider could not complete the request.", {
        upstream: "stripe",
      }),
    } = {}) {
      nextFailure = { method, error };
    },

    signedEvent(event) {
      return { body: JSON.stringify(event), signature: FAKE_WEBHOOK_SIGNATURE };
    },

    async createCustomer(_input, idempotencyKey) {
      begin("createCustomer");
      return once(`customer:${idempotencyKey}`, () => ({ id: `cus_fake_${++sequence}` }));
    },

    async createSubscription(input, idempotencyKey) {
      begin("createSubscription");
      return once(`subscription:${idempotencyKey}`, () => {
        const id = `sub_fake_${++sequence}`;
        const subscription = fakeSubscription({
          id,
          customerId: input.customerId,
          status: "incomplete",
          priceId: input.priceId,
          currentPeriodEnd: Date.UTC(2026, 11, 23) + sequence * DAY_MS,
          userId: input.userId,
          latestInvoice: { id: `in_fake_${sequence}`, status: "open", clientSecret: `pi_fake_${sequence}_secret` },
        });
        subscriptions.set(id, subscription);
        return subscription;
      });
    },

    async getSubscription(id) {
      begin("getSubscription");
      return subscriptions.get(id) ?? null;
    },

    async changePrice(subscription, priceId) {
      begin("changePrice");
      return update(subscription.id, { priceId, cancelAtPeriodEnd: false });
    },

    async setCancelAtPeriodEnd(id, cancel) {
      begin("setCancelAtPeriodEnd");
      return update(id, { cancelAtPeriodEnd: cancel });
    },

    async cancelNow(id) {
      begin("cancelNow");
      update(id, { status: "canceled" });
    },

    async deleteCustomer(id) {
      begin("deleteCustomer");
      deletedCustomers.push(id);
      for (const subscription of subscriptions.values()) {
        if (subscription.customerId === id && subscription.status !== "canceled")
          update(subscription.id, { status: "canceled" });
      }
    },

    async listSubscriptions(cursor) {
      begin("listSubscriptions");
      const newestFirst = [...subscriptions.values()].reverse();
      const start = cursor ? newestFirst.indexOf(existing(cursor)) + 1 : 0;
      const page = newestFirst.slice(start, start + PAGE_SIZE);
      const hasMore = start + PAGE_SIZE < newestFirst.length;
      return { subscriptions: page, nextCursor: hasMore ? page.at(-1)!.id : null };
    },

    async verifyEvent(rawBody, signature) {
      begin("verifyEvent");
      if (options.webhooksConfigured === false) {
        throw new AppError("service_unavailable", "Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).");
      }
      if (!signature) throw new AppError("bad_request", "Missing Stripe signature");
      if (signature !== FAKE_WEBHOOK_SIGNATURE) throw new AppError("bad_request", "Invalid Stripe signature");
      return JSON.parse(rawBody) as BillingEvent;
    },
  };
}
