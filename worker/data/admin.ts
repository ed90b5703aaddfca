import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { adminAuditLog, chatbotConversations, subscriptions, users } from "../../schema/db";
import { insertWhere, PREVIOUS_CHANGED, type Database } from "./db";

// Platform admin queries (issue 18). Analytics are two aggregate queries in one round trip.

export interface AnalyticsWindows {
  monthStart: number;
  weekStart: number;
  dayStart: number;
}

const paid = sql`${subscriptions.status} IN ('active', 'complete')`;
const sum = (condition: SQL) => sql<number>`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`;

export async function analyticsCounts(db: Database, w: AnalyticsWindows) {
  const [userCounts, subscriptionCounts] = await db.batch([
    db
      .select({
        total: sql<number>`count(*)`.as("total"),
        month: sum(sql`${users.createdAt} >= ${w.monthStart}`).as("month"),
        week: sum(sql`${users.createdAt} >= ${w.weekStart}`).as("week"),
        today: sum(sql`${users.createdAt} >= ${w.dayStart}`).as("today"),
      })
      .from(users),
    db
      .select({
        paidPro: sum(sql`${paid} AND ${subscriptions.source} = 'stripe' AND ${subscriptions.tier} = 'pro'`).as(
          "paid_pro",
        ),
        paidEnterprise: sum(
          sql`${paid} AND ${subscriptions.source} = 'stripe' AND ${subscriptions.tier} = 'enterprise'`,
        ).as("paid_enterprise"),
        grantedPro: sum(sql`${paid} AND ${subscriptions.source} = 'manual' AND ${subscriptions.tier} = 'pro'`).as(
          "granted_pro",
        ),
        grantedEnterprise: sum(
          sql`${paid} AND ${subscriptions.source} = 'manual' AND ${subscriptions.tier} = 'enterprise'`,
        ).as("granted_enterprise"),
      })
      .from(subscriptions),
  ]);
  const u = userCounts[0]!;
  const s = subscriptionCounts[0]!;
  return {
    total: Number(u.total),
    month: Number(u.month),
    week: Number(u.week),
    today: Number(u.today),
    paidPro: Number(s.paidPro),
    paidEnterprise: Number(s.paidEnterprise),
    grantedPro: Number(s.grantedPro),
    grantedEnterprise: Number(s.grantedEnterprise),
  };
}

/** LIKE pattern for a search term, its wildcards escaped. */
function contains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of users, newest first, optionally matching a username or email; one row more than asked tells `hasMore`. */
export async function listUsersPage(db: Database, page: { offset: number; limit: number; search?: string }) {
  const where = page.search
    ? or(
        sql`${users.username} LIKE ${contains(page.search)} ESCAPE '\\'`,
        sql`${users.email} LIKE ${contains(page.search.toLowerCase())} ESCAPE '\\'`,
      )
    : undefined;
  const [rows, total] = await db.batch([
    db
      .select({ user: users, tier: subscriptions.tier, status: subscriptions.status, source: subscriptions.source })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit + 1)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export async function listConversationsPage(db: Database, page: { offset: number; limit: number; search?: string }) {
  const where = page.search
    ? or(
        sql`${chatbotConversations.userMessage} LIKE ${contains(page.search)} ESCAPE '\\'`,
        sql`${chatbotConversations.botResponse} LIKE ${contains(page.search)} ESCAPE '\\'`,
        sql`${chatbotConversations.username} LIKE ${contains(page.search)} ESCAPE '\\'`,
      )
    : undefined;
  const [rows, total] = await db.batch([
    db
      .select()
      .from(chatbotConversations)
      .where(where)
      .orderBy(desc(chatbotConversations.createdAt), desc(chatbotConversations.id))
      .limit(page.limit + 1)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)` })
      .from(chatbotConversations)
      .where(where),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

/** Makes the user an admin and records who did it, in one batch; false when they already were (nothing recorded). */
export async function grantAdmin(db: Database, actorId: number, targetUserId: number, now: number): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ isAdmin: true })
      .where(and(eq(users.id, targetUserId), eq(users.isAdmin, false)))
      .returning({ id: users.id }),
    insertWhere(
      db,
      adminAuditLog,
      { actorId, action: "make_admin", targetUserId, details: {}, createdAt: now },
      PREVIOUS_CHANGED,
    ),
  ]);
  return updated.length === 1;
}

/** Sets a granted tier (source "manual", status "complete", or "free"), with its audit entry, in one batch. */
export async function grantTier(
  db: Database,
  actorId: number,
  targetUserId: number,
  tier: "free" | "pro" | "enterprise",
  from: string,
  now: number,
) {
  await db.batch([
    db
      .insert(subscriptions)
      .values({ userId: targetUserId, tier, status: "complete", source: "manual", updatedAt: now })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: {
          tier,
          status: "complete",
          source: "manual",
          cancelAtPeriodEnd: false,
          currentPeriodEnd: null,
          updatedAt: now,
        },
      }),
    db
      .insert(adminAuditLog)
      .values({ actorId, action: "update_subscription", targetUserId, details: { from, to: tier }, createdAt: now }),
  ]);
}

/** Logs one exchange with the help assistant (kept 90 days: services/retention). */
export async function logConversation(
  db: Database,
  row: {
    userId: number | null;
    username: string | null;
    userMessage: string;
    botResponse: string;
    ipAddress: string | null;
    userAgent: string | null;
    createdAt: number;
  },
) {
  await db.insert(chatbotConversations).values(row);
}
