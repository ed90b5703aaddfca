import type { Billing, BillingSubscription } from "../../adapters/billing";
import type { Database } from "../../data/db";
import {
  differsFromRow,
  findSubscriptionsByCustomers,
  listUnfinishedStripeSubscriptions,
  saveStripeStateStatement,
  type StripeState,
  type SubscriptionRow,
} from "../../data/subscriptions";
import type { Config } from "../../lib/config";
import { stripeStateOf, takesOver, vanishedStateOf } from "./stripe-state";

type Prices = NonNullable<Config["billing"]>["prices"];

export interface ReconcileSummary {
  /** List calls made to Stripe (100 subscriptions a page). */
  pages: number;
  /** Subscriptions Stripe listed. */
  seen: number;
  /** Rows changed to what Stripe says, subscriptions it ended or forgot included. */
  repaired: number;
  /** Listed subscriptions whose customer no user has. */
  unknownCustomers: number;
}

/** Everything Stripe holds, every status, newest first within each customer (the list's own order). */
async function listAll(billing: Billing) {
  const byCustomer = new Map<string, BillingSubscription[]>();
  let pages = 0;
  let seen = 0;
  let cursor: string | null = null;
  do {
    const page = await billing.listSubscriptions(cursor ?? undefined);
    pages += 1;
    seen += page.subscriptions.length;
    for (const subscription of page.subscriptions) {
      const listed = byCustomer.get(subscription.customerId);
      if (listed) listed.push(subscription);
      else byCustomer.set(subscription.customerId, [subscription]);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return { byCustomer, pages, seen };
}

/**
 * The state a user's row should hold, by the webhook's rule (takesOver): its own subscription as Stripe has it now,
 * ended when Stripe no longer lists it, unless another of the customer's subscriptions stands higher (newest first
 * among equals). Undefined when the row should stay as it is (a plan granted without Stripe).
 */
function wantedState(prices: Prices, row: SubscriptionRow, listed: BillingSubscription[]): StripeState | undefined {
  const own = listed.find((subscription) => subscription.id === row.stripeSubscriptionId);
  let wanted: StripeState | undefined = own
    ? stripeStateOf(prices, own)
    : row.stripeSubscriptionId && row.source === "stripe"
      ? vanishedStateOf(row, row.stripeSubscriptionId)
      : undefined;
  for (const subscription of listed) {
    const state = stripeStateOf(prices, subscription);
    if (takesOver(wanted ?? row, state)) wanted = state;
  }
  return wanted;
}

/** Statements per D1 batch: a first run after a long outage may repair thousands of rows. */
const WRITES_PER_BATCH = 100;

async function saveAll(
  db: Database,
  writes: Array<{ userId: number; state: StripeState }>,
  startedAt: number,
): Promise<number> {
  let changed = 0;
  for (let start = 0; start < writes.length; start += WRITES_PER_BATCH) {
    const [first, ...rest] = writes.slice(start, start + WRITES_PER_BATCH).map(({ userId, state }) =>
      // A row written since the list began may hold newer news than the list (a webhook's): it is left alone.
      saveStripeStateStatement(db, userId, state, startedAt, { unchangedSince: startedAt }),
    );
    const results = await db.batch([first!, ...rest]);
    changed += results.filter((result) => result.length > 0).length;
  }
  return changed;
}

/**
 * The webhooks' safety net, run by the cron: lists every subscription from Stripe in pages of 100 (never a call per
 * user), stores Stripe's state on each customer's row where it differs, and ends access that Stripe ended or forgot:
 * rows following a subscription Stripe no longer lists become free. Statements go only to rows that differ, so a
 * second run writes nothing.
 */
export async function reconcileSubscriptions(
  db: Database,
  billing: Billing,
  prices: Prices,
  startedAt: number,
): Promise<ReconcileSummary> {
  const { byCustomer, pages, seen } = await listAll(billing);
  const seenIds = new Set([...byCustomer.values()].flat().map((subscription) => subscription.id));

  const rows = await findSubscriptionsByCustomers(db, [...byCustomer.keys()]);
  const writes: Array<{ userId: number; state: StripeState }> = [];
  for (const row of rows) {
    const state = wantedState(prices, row, byCustomer.get(row.stripeCustomerId!)!);
    if (state && differsFromRow(row, state)) writes.push({ userId: row.userId, state });
  }
  // Rows of customers Stripe listed nothing for: the subscription they follow is gone from Stripe.
  const checked = new Set(rows.map((row) => row.userId));
  for (const row of await listUnfinishedStripeSubscriptions(db, startedAt)) {
    if (!checked.has(row.userId) && !seenIds.has(row.stripeSubscriptionId!)) {
      writes.push({ userId: row.userId, state: vanishedStateOf(row, row.stripeSubscriptionId!) });
    }
  }
  return {
    pages,
    seen,
    repaired: await saveAll(db, writes, startedAt),
    unknownCustomers: byCustomer.size - rows.length,
  };
}
