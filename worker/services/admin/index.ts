import type { AdminAnalytics, AdminConversation, AdminUser, Pagination } from "../../../schema/api/admin";
import { PLAN_LIMITS, type Tier } from "../../../schema/api/subscription";
import type { Deps } from "../../deps";
import { analyticsCounts, grantAdmin, grantTier, listConversationsPage, listUsersPage } from "../../data/admin";
import { findSubscription, findUserById } from "../../data/users";
import { AppError, notFound } from "../../lib/errors";
import { isPaidStatus } from "../plans";

// Platform admin (issue 18; docs/product-spec.md §2 Admin dashboard, §3, §6, §7). Routes reach these only for isAdmin users.

const DAY = 24 * 60 * 60 * 1000;

/** The starts of today, this week (Monday) and this month, in UTC. */
export function analyticsWindows(now: number) {
  const d = new Date(now);
  const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  return {
    dayStart,
    weekStart: dayStart - weekday * DAY,
    monthStart: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
  };
}

export async function getAnalytics(deps: Deps): Promise<AdminAnalytics> {
  const c = await analyticsCounts(deps.db, analyticsWindows(deps.now()));
  const price = (tier: Tier) => PLAN_LIMITS[tier].priceGbpPerMonth;
  const actual = c.paidPro * price("pro") + c.paidEnterprise * price("enterprise");
  const granted = c.grantedPro * price("pro") + c.grantedEnterprise * price("enterprise");
  const pro = c.paidPro + c.grantedPro;
  const enterprise = c.paidEnterprise + c.grantedEnterprise;
  return {
    totalUsers: c.total,
    newUsersThisMonth: c.month,
    newUsersThisWeek: c.week,
    newUsersToday: c.today,
    activeSubscriptions: c.paidPro + c.paidEnterprise,
    totalRevenue: actual,
    usersByTier: { free: c.total - pro - enterprise, pro, enterprise },
    revenueAnalytics: {
      actualMonthlyRevenue: actual,
      grantedMonthlyValue: granted,
      paidProUsers: c.paidPro,
      paidEnterpriseUsers: c.paidEnterprise,
      adminGrantedProUsers: c.grantedPro,
      adminGrantedEnterpriseUsers: c.grantedEnterprise,
    },
  };
}

function pagination(page: number, limit: number, found: number, total: number): Pagination {
  return { page, limit, hasMore: found > limit, total };
}

export async function listUsers(
  deps: Deps,
  query: { page: number; limit: number; search?: string },
): Promise<{ data: AdminUser[]; pagination: Pagination }> {
  const { rows, total } = await listUsersPage(deps.db, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    search: query.search,
  });
  return {
    data: rows.slice(0, query.limit).map(({ user, tier, status, source }) => ({
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      isAdmin: user.isAdmin,
      subscriptionTier: tier && isPaidStatus(status) ? tier : "free",
      subscriptionStatus: status ?? "inactive",
      subscriptionSource: source ?? null,
      createdAt: new Date(user.createdAt).toISOString(),
    })),
    pagination: pagination(query.page, query.limit, rows.length, total),
  };
}

export async function listConversations(
  deps: Deps,
  query: { page: number; limit: number; search?: string },
): Promise<{ data: AdminConversation[]; pagination: Pagination }> {
  const { rows, total } = await listConversationsPage(deps.db, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    search: query.search,
  });
  return {
    data: rows.slice(0, query.limit).map((r) => ({
      id: r.id,
      username: r.username,
      userMessage: r.userMessage,
      botResponse: r.botResponse,
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    pagination: pagination(query.page, query.limit, rows.length, total),
  };
}

function nameOf(user: { username: string | null; email: string | null; id: number }): string {
  return user.username ?? user.email ?? `user ${user.id}`;
}

export async function makeAdmin(deps: Deps, actorId: number, targetUserId: number): Promise<string> {
  const target = await findUserById(deps.db, targetUserId);
  if (!target) throw notFound("User");
  if (target.isAdmin) return `${nameOf(target)} is already an admin.`;
  await grantAdmin(deps.db, actorId, targetUserId, deps.now());
  return `${nameOf(target)} is now an admin.`;
}

/**
 * Grants a tier (recorded as granted, never touching Stripe). A user paying through Stripe keeps what they pay for:
 * a grant over an active paid subscription is refused with the reason, instead of silently replacing it.
 */
export async function updateSubscription(
  deps: Deps,
  actorId: number,
  targetUserId: number,
  tier: Tier,
): Promise<string> {
  const [target, subscription] = await Promise.all([
    findUserById(deps.db, targetUserId),
    findSubscription(deps.db, targetUserId),
  ]);
  if (!target) throw notFound("User");
  const paysThroughStripe =
    subscription?.source === "stripe" &&
    Boolean(subscription.stripeSubscriptionId) &&
    isPaidStatus(subscription.status);
  if (paysThroughStripe && subscription!.tier === tier)
    return `${nameOf(target)} already pays for ${tier} through Stripe; nothing changed.`;
  if (paysThroughStripe && subscription) {
    throw new AppError(
      "conflict",
      `${nameOf(target)} pays for ${subscription.tier} through Stripe. Their plan changes when they change or cancel it; a grant would not stop the payments.`,
    );
  }
  const from = subscription && isPaidStatus(subscription.status) ? subscription.tier : "free";
  await grantTier(deps.db, actorId, targetUserId, tier, from, deps.now());
  return `${nameOf(target)} is now on the ${tier} plan${tier === "free" ? "" : " (granted, not paid)"}.`;
}
