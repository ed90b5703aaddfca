import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tier } from "../../schema/api/subscription";
import { stripeEvents, subscriptions, type SubscriptionRow } from "../../schema/db";
import type { Database } from "./db";

export type { SubscriptionRow };

export async function findSubscriptionByCustomer(db: Database, customerId: string) {
  return db.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId)).get();
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
  const row = await db.select({ id: subscriptions.stripeCustomerId }).from(subscriptions).where(eq(subscriptions.userId, userId)).get();
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

/** Stores Stripe's state for the user; returns whether anything changed (the reconciler counts repairs). */
export function saveStripeStateStatement(db: Database, userId: number, state: StripeState, now: number) {
  return db
    .update(subscriptions)
    .set({ ...state, source: "stripe", updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), stateChanged(state)))
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
    .set({ tier: "free", status: "none", stripeSubscriptionId: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, source: "manual", updatedAt: now })
    .where(eq(subscriptions.userId, userId));
}

/** Webhook de-duplication: the insert that claims an event id, for the same batch as the event's effect. */
export function claimEventStatement(db: Database, event: { id: string; type: string }, now: number) {
  return db.insert(stripeEvents).values({ id: event.id, type: event.type, processedAt: now }).onConflictDoNothing().returning({ id: stripeEvents.id });
}

export async function isEventProcessed(db: Database, id: string): Promise<boolean> {
  return (await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id)).get()) !== undefined;
}
