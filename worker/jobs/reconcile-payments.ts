import type { Billing } from "../adapters/billing";
import type { Database } from "../data/db";
import type { Config } from "../lib/config";
import { causeMessage, logEvent } from "../lib/log";
import { reconcileSubscriptions, type ReconcileSummary } from "../services/billing/reconcile";

/**
 * The hourly cron's payment reconciliation (services/billing/reconcile.ts), the webhooks' safety net. Logs a
 * one-line summary, or the failure.
 */
export async function reconcilePayments(
  db: Database,
  billing: Billing,
  prices: NonNullable<Config["billing"]>["prices"],
  startedAt: number,
): Promise<ReconcileSummary> {
  try {
    const summary = await reconcileSubscriptions(db, billing, prices, startedAt);
    logEvent("info", "payments_reconciled", { ...summary });
    return summary;
  } catch (error) {
    logEvent("error", "payments_reconcile_failed", { cause: causeMessage(error) });
    throw error;
  }
}
