import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { call, json } from "../../test/client";
import { buildTestDeps } from "../../test/deps";
import { countRows, createUser, setTier } from "../../test/factories";
import { effectiveTier } from "../plans";
import { findSubscription } from "../../data/users";
import { listConversations, listUsers, makeAdmin, updateSubscription } from "./index";

// Platform admin actions (issue 18): grants recorded as granted, Stripe untouched, an audit entry for each.

describe("admin actions", () => {
  it("makes an admin once and records who did it", async () => {
    const admin = await createUser({ isAdmin: true });
    const target = await createUser();
    const deps = buildTestDeps({ now: Date.now });
    expect(await makeAdmin(deps, admin.id, target.id)).toBe(`${target.username} is now an admin.`);
    expect(await makeAdmin(deps, admin.id, target.id)).toBe(`${target.username} is already an admin.`);
    expect(await countRows("users", "id = ? AND is_admin = 1", target.id)).toBe(1);
    expect(
      await countRows(
        "admin_audit_log",
        "actor_id = ? AND target_user_id = ? AND action = 'make_admin'",
        admin.id,
        target.id,
      ),
    ).toBe(1);
  });

  it("grants a tier as granted (never as paid), and records it", async () => {
    const admin = await createUser({ isAdmin: true });
    const target = await createUser();
    const deps = buildTestDeps({ now: Date.now });
    expect(await updateSubscription(deps, admin.id, target.id, "enterprise")).toBe(
      `${target.username} is now on the enterprise plan (granted, not paid).`,
    );
    const row = (await findSubscription(deps.db, target.id))!;
    expect([row.tier, row.status, row.source, effectiveTier(row)]).toEqual([
      "enterprise",
      "complete",
      "manual",
      "enterprise",
    ]);
    const entry = await env.DB.prepare(
      "SELECT details FROM admin_audit_log WHERE target_user_id = ? AND action = 'update_subscription'",
    )
      .bind(target.id)
      .first<{ details: string }>();
    expect(JSON.parse(entry!.details)).toEqual({ from: "free", to: "enterprise" });
  });

  it("does not replace a subscription paid through Stripe with a grant, and says why", async () => {
    const admin = await createUser({ isAdmin: true });
    const payer = await createUser();
    await env.DB.prepare(
      "INSERT INTO subscriptions (user_id, tier, status, source, stripe_subscription_id, updated_at) VALUES (?, 'pro', 'active', 'stripe', ?, ?)",
    )
      .bind(payer.id, `sub_${payer.id}`, Date.now())
      .run();
    const deps = buildTestDeps({ now: Date.now });
    const refused = await updateSubscription(deps, admin.id, payer.id, "free").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toMatch(/pays for pro through Stripe/);
    expect((await findSubscription(deps.db, payer.id))!.source).toBe("stripe");
    expect(await countRows("admin_audit_log", "target_user_id = ?", payer.id)).toBe(0);
  });

  it("pages and searches users and conversations, with totals for the badge", async () => {
    const deps = buildTestDeps({ now: Date.now });
    for (let i = 0; i < 3; i++) await createUser({ username: `zebra${i}x${Date.now() % 1000}` });
    const first = await listUsers(deps, { page: 1, limit: 2, search: "zebra" });
    expect(first.data).toHaveLength(2);
    expect(first.pagination).toMatchObject({ page: 1, hasMore: true, total: 3 });
    const second = await listUsers(deps, { page: 2, limit: 2, search: "zebra" });
    expect(second.data).toHaveLength(1);
    expect(second.pagination.hasMore).toBe(false);
    // a search with LIKE wildcards matches them literally
    expect((await listUsers(deps, { page: 1, limit: 10, search: "%" })).data).toEqual([]);

    for (const [i, text] of ["How much is Pro?", "How do I export to JIRA?", "what about notion"].entries()) {
      await env.DB.prepare(
        "INSERT INTO chatbot_conversations (username, user_message, bot_response, created_at) VALUES (?, ?, 'answer', ?)",
      )
        .bind(i ? null : "amy", text, Date.now() + i)
        .run();
    }
    const found = await listConversations(deps, { page: 1, limit: 20, search: "export" });
    expect(found.data.map((c) => c.userMessage)).toEqual(["How do I export to JIRA?"]);
    expect(found.pagination.total).toBe(1);
    expect((await listConversations(deps, { page: 1, limit: 20 })).data[0]!.userMessage).toBe("what about notion");
  });

  it("answers 403 'Admin access required' to anyone else, and validates the tier", async () => {
    const user = await createUser();
    await setTier(user, "enterprise");
    const refused = await call("GET", "/api/admin/analytics", { cookie: user.session });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ error: "Admin access required", code: "forbidden" });
    const admin = await createUser({ isAdmin: true });
    const bad = await call("POST", `/api/admin/update-subscription/${user.id}`, {
      cookie: admin.session,
      body: { tier: "platinum" },
    });
    expect(bad.status).toBe(400);
  });
});
