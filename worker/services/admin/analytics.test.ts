import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../data/db";
import { countStatements } from "../../data/query-counter";
import { buildTestDeps } from "../../test/deps";
import { analyticsWindows, getAnalytics } from "./index";

// Admin analytics against a population seeded with known answers (this file's D1 holds only these users).

const NOW = Date.UTC(2026, 10, 25, 15, 30); // Wednesday 25 November 2026, 15:30 UTC
const at = (y: number, m: number, d: number, h = 9) => Date.UTC(y, m - 1, d, h);

const POPULATION: { created: number; subscription?: { tier: string; status: string; source: string } }[] = [
  // today (2)
  { created: at(2026, 11, 25, 1), subscription: { tier: "pro", status: "active", source: "stripe" } },
  { created: at(2026, 11, 25, 14) },
  // this week before today: Monday and Tuesday (2)
  { created: at(2026, 11, 23, 0), subscription: { tier: "enterprise", status: "active", source: "stripe" } },
  { created: at(2026, 11, 24, 23), subscription: { tier: "pro", status: "complete", source: "manual" } },
  // this month before this week (3)
  { created: at(2026, 11, 1, 0), subscription: { tier: "pro", status: "active", source: "stripe" } },
  { created: at(2026, 11, 22, 23), subscription: { tier: "enterprise", status: "complete", source: "manual" } },
  { created: at(2026, 11, 10), subscription: { tier: "pro", status: "canceled", source: "stripe" } },
  // earlier (4): the last second of October, a cancelled, an incomplete and a granted enterprise
  { created: Date.UTC(2026, 10, 1) - 1000 },
  { created: at(2026, 10, 2), subscription: { tier: "enterprise", status: "incomplete", source: "stripe" } },
  { created: at(2025, 12, 31), subscription: { tier: "enterprise", status: "complete", source: "manual" } },
  { created: at(2024, 5, 5), subscription: { tier: "free", status: "complete", source: "manual" } },
];

describe("admin analytics", () => {
  it("computes the windows in UTC: today, the week from Monday, the calendar month", () => {
    expect(analyticsWindows(NOW)).toEqual({
      dayStart: at(2026, 11, 25, 0),
      weekStart: at(2026, 11, 23, 0),
      monthStart: at(2026, 11, 1, 0),
    });
  });

  it("answers the seeded population exactly, in at most 5 D1 queries", async () => {
    for (const [i, person] of POPULATION.entries()) {
      const { meta } = await env.DB.prepare("INSERT INTO users (username, email, created_at) VALUES (?, ?, ?)")
        .bind(`pop${i}`, `pop${i}@example.com`, person.created)
        .run();
      if (person.subscription) {
        const { tier, status, source } = person.subscription;
        await env.DB.prepare(
          "INSERT INTO subscriptions (user_id, tier, status, source, stripe_subscription_id, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        )
          .bind(meta.last_row_id, tier, status, source, source === "stripe" ? `sub_pop${i}` : null, NOW)
          .run();
      }
    }
    const counted = countStatements(env.DB);
    const analytics = await getAnalytics(buildTestDeps({ db: createDb(counted.db), now: () => NOW }));
    expect(counted.count()).toBeLessThanOrEqual(5);
    expect(analytics).toEqual({
      totalUsers: 11,
      newUsersThisMonth: 7,
      newUsersThisWeek: 4,
      newUsersToday: 2,
      activeSubscriptions: 3,
      totalRevenue: 2 * 29 + 1 * 99,
      usersByTier: { free: 5, pro: 3, enterprise: 3 },
      revenueAnalytics: {
        actualMonthlyRevenue: 2 * 29 + 99,
        grantedMonthlyValue: 29 + 2 * 99,
        paidProUsers: 2,
        paidEnterpriseUsers: 1,
        adminGrantedProUsers: 1,
        adminGrantedEnterpriseUsers: 2,
      },
    });
  });
});
