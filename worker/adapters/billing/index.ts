// Billing behind one interface. Implementations: Stripe through its SDK (./stripe) and an in-memory fake for service
// tests (./fake). deps.ts builds it only when billing is configured (Config.billing); otherwise there is none.

/** What StoryLoom reads of a Stripe subscription (times in ms). */
export interface BillingSubscription {
  id: string;
  customerId: string;
  /** Stripe's status: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
  status: string;
  /** The subscription's one item: its id (to change the price) and price. */
  itemId: string | null;
  priceId: string | null;
  /** In the current API the period end lives on the subscription's items. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** The user id recorded in the subscription's metadata when it was created. */
  userId: number | null;
  latestInvoice: BillingInvoice | null;
}

export interface BillingInvoice {
  id: string;
  status: string | null;
  /** What the Payment Element confirms (`latest_invoice.confirmation_secret.client_secret`); null once paid. */
  clientSecret: string | null;
}

/** A verified webhook event: what it is about, never trusted for state (the subscription is fetched again). */
export interface BillingEvent {
  id: string;
  type: string;
  customerId: string | null;
  subscriptionId: string | null;
}

export interface Billing {
  createCustomer(input: { userId: number; email: string | null }, idempotencyKey: string): Promise<{ id: string }>;
  /** `default_incomplete`, saving the payment method on the subscription, with the latest invoice's confirmation secret. */
  createSubscription(
    input: { customerId: string; priceId: string; userId: number },
    idempotencyKey: string,
  ): Promise<BillingSubscription>;
  /** null when Stripe does not know it. */
  getSubscription(id: string): Promise<BillingSubscription | null>;
  /** Moves the subscription's item to another price, with proration. */
  changePrice(subscription: BillingSubscription, priceId: string, idempotencyKey: string): Promise<BillingSubscription>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<BillingSubscription>;
  cancelNow(id: string): Promise<void>;
  /**
   * Deletes the customer (account deletion): Stripe removes its saved payment methods and cancels any subscription
   * still running. A customer Stripe no longer knows counts as deleted, so a retry is safe.
   */
  deleteCustomer(id: string): Promise<void>;
  /** One page of all subscriptions (every status), 100 at a time; `cursor` is the last id of the page before. */
  listSubscriptions(cursor?: string): Promise<{ subscriptions: BillingSubscription[]; nextCursor: string | null }>;
  /** Verifies the signature on the raw body (5-minute tolerance) and reads the event; throws on any doubt. */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<BillingEvent>;
}
