import type {
  PaymentConfig,
  SubscriptionInfo,
  SubscriptionLimitsResponse,
} from "../../../schema/api/subscription-body";
import type { Deps } from "../../deps";
import { countGenerationsSince } from "../../data/generations";
import { countOwnedProjects } from "../../data/projects";
import { findSubscription } from "../../data/users";
import { requireProject } from "../access";
import { allowanceAccount, startOfMonthUtc } from "../generation";
import { effectiveTier, limitsFor } from "../plans";

/** "none": a row that only records the Stripe customer (nothing bought yet). */
const NO_SUBSCRIPTION = "none";

/** The stored subscription as the client sees it; the free default when the user never subscribed. */
export async function getSubscription(deps: Deps, userId: number): Promise<SubscriptionInfo> {
  const row = await findSubscription(deps.db, userId);
  if (!row || row.status === NO_SUBSCRIPTION)
    return { tier: "free", status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
  return {
    tier: row.tier,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd ? new Date(row.currentPeriodEnd).toISOString() : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * The plan in effect, its limits and what has been used of them: the person's own, or with `projectId` the plan and
 * allowance a generation in that project uses (`allowanceAccount`: the project owner's, for a team member too). A
 * project the person may not work in is a 404, as everywhere.
 */
export async function getSubscriptionLimits(
  deps: Deps,
  userId: number,
  projectId?: number,
): Promise<SubscriptionLimitsResponse> {
  const account =
    projectId === undefined ? userId : allowanceAccount(userId, await requireProject(deps, userId, projectId));
  // (the two counts go in one round trip; they are read with the plan so the SPA can warn before the work is done)
  const [row, [[generated], [owned]]] = await Promise.all([
    findSubscription(deps.db, account),
    deps.db.batch([
      countGenerationsSince(deps.db, account, startOfMonthUtc(deps.now())),
      countOwnedProjects(deps.db, account),
    ]),
  ]);
  const tier = effectiveTier(row);
  return {
    success: true,
    data: {
      tier,
      limits: limitsFor(tier),
      usage: { transcriptsThisMonth: Number(generated?.n ?? 0), projects: Number(owned?.n ?? 0) },
    },
  };
}

export function getPaymentConfig(deps: Deps): PaymentConfig {
  const billing = deps.config.billing;
  return { configured: billing !== null, publishableKey: billing?.publishableKey ?? null };
}
