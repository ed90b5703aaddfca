import { and, eq, inArray, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Tier } from "../../schema/api/subscription";
import { stripeEvents, subscriptions, type SubscriptionRow } from "../../schema/db";
import { PREVIOUS_CHANGED, type Database } from "./db";

export type { SubscriptionRow };

export async function findSubscriptionByCustomer(db: Database, customerId: string) {
  return db.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId)).get();
}

/** D1 binds at most 100 parameters per statement. */
const MAX_CUSTOMERS_PER_QUERY = 100;

/** The rows of many customers at once (the reconciler's lookup: one query per 100 customers, not one per customer). */
export async function findSubscriptionsByCustomers(
  db: Database,
  customerIds: readonly string[],
): Promise<SubscriptionRow[]> {
  const rows: SubscriptionRow[] = [];
  for (let start = 0; start < customerIds.length; start += MAX_CUSTOMERS_PER_QUERY) {
    const chunk = customerIds.slice(start, start + MAX_CUSTOMERS_PER_QUERY);
    rows.push(...(await db.select().from(subscriptions).where(inArray(subscriptions.stripeCustomerId, chunk))));
  }
  return rows;
}

/** Statuses after which a Stripe subscription grants nothing again ("none": only the customer is recorded). */
const FINISHED_STATUSES = ["canceled", "incomplete_expired", "none"];

/**
 * Rows that follow a Stripe subscription not yet ended, last written before `writtenBefore`: what the reconciler
 * checks against Stripe's list (a row written after its listing began may hold a subscription the list missed).
 */
export async function listUnfinishedStripeSubscriptions(db: Database, writtenBefore: number) {
  return db
    .select({
      userId: subscriptions.userId,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.source, "stripe"),
        isNotNull(subscriptions.stripeSubscriptionId),
        notInArray(subscriptions.status, FINISHED_STATUSES),
        lt(subscriptions.updatedAt, writtenBefore),
      ),
    );
}

/**
 * Records the user's Stripe customer once: only when the row has none yet, so two racing first purchases keep the
 * first customer (the second reads it back). Returns the customer id stored.
 */
export async function saveCustomerId(db: Database, userId: number, customerId: string, now: number): Promise<string> {
  await db
    .insert(subscriptions)
    .values({ userId, tier: "free", status: "none", stripeCustomerId: customerId, updatedAt: now })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { stripeCustomerId: customerId, updatedAt: now },
      setWhere: isNull(subscriptions.stripeCustomerId),
    });
  const row = await db
    .select({ id: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .get();
  return row!.id!;
}

/** What Stripe says about a user's subscription, stored as it is (Stripe is the source of truth). */
export interface StripeState {
  tier: Tier;
  status: string;
  stripeSubscriptionId: string | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

function stateChanged(state: StripeState) {
  return sql`(${subscriptions.tier} IS NOT ${state.tier} OR ${subscriptions.status} IS NOT ${state.status}
    OR ${subscriptions.stripeSubscriptionId} IS NOT ${state.stripeSubscriptionId}
    OR ${subscriptions.currentPeriodEnd} IS NOT ${state.currentPeriodEnd}
    OR ${subscriptions.cancelAtPeriodEnd} IS NOT ${state.cancelAtPeriodEnd} OR ${subscriptions.source} IS NOT 'stripe')`;
}

/** stateChanged asked of a row already read: the reconciler sends a statement only for rows that differ. */
export function differsFromRow(row: SubscriptionRow, state: StripeState): boolean {
  return (
    row.tier !== state.tier ||
    row.status !== state.status ||
    row.stripeSubscriptionId !== state.stripeSubscriptionId ||
    row.currentPeriodEnd !== state.currentPeriodEnd ||
    row.cancelAtPeriodEnd !== state.cancelAtPeriodEnd ||
    row.source !== "stripe"
  );
}

/** Extra conditions on a save, checked in the same statement so no other write can slip in between. */
export interface SaveConditions {
  /** Only when the statement before it in the batch changed a row: a webhook event's claim gates its effect. */
  afterClaim?: boolean;
  /** Only when nothing wrote the row since then: a reconciler's list is older than a webhook's write after it. */
  unchangedSince?: number;
}

/** Stores Stripe's state for the user; returns whether anything changed (the reconciler counts repairs). */
export function saveStripeStateStatement(
  db: Database,
  userId: number,
  state: StripeState,
  now: number,
  conditions: SaveConditions = {},
) {
  return db
    .update(subscriptions)
    .set({ ...state, source: "stripe", updatedAt: now })
    .where(
      and(
        eq(subscriptions.userId, userId),
        stateChanged(state),
        conditions.afterClaim ? PREVIOUS_CHANGED : undefined,
        conditions.unchangedSince === undefined ? undefined : lt(subscriptions.updatedAt, conditions.unchangedSince),
      ),
    )
    .returning({ userId: subscriptions.userId });
}

export async function saveStripeState(db: Database, userId: number, state: StripeState, now: number): Promise<boolean> {
  const changed = await saveStripeStateStatement(db, userId, state, now);
  return changed.length > 0;
}

/** The account reset: forget the stored subscription (the customer stays, so a later purchase reuses it). */
export async function clearSubscription(db: Database, userId: number, now: number) {
  await db
    .update(subscriptions)
    .set({
      tier: "free",
      status: "none",
      stripeSubscriptionId: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      source: "manual",
      updatedAt: now,
    })
    .where(eq(subscriptions.userId, userId));
}

/** Webhook de-duplication: the insert that claims an event id, for the same batch as the event's effect. */
export function claimEventStatement(db: Database, event: { id: string; type: string }, now: number) {
  return db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, processedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
}

export async function isEventProcessed(db: Database, id: string): Promise<boolean> {
  return (
    (await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id)).get()) !== undefined
  );
}
