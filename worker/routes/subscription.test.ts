import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, json } from "../test/client";
import { createProject, createUser } from "../test/factories";

async function setSubscription(userId: number, tier: string, status: string) {
  await env.DB.prepare(
    "INSERT OR REPLACE INTO subscriptions (user_id, tier, status, current_period_end, updated_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(userId, tier, status, Date.UTC(2026, 11, 31), Date.now())
    .run();
}

describe("GET /api/subscription", () => {
  it("is the free default for a user who never subscribed", async () => {
    const user = await createUser();
    const response = await call("GET", "/api/subscription", { cookie: user.session });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      tier: "free",
      status: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
  });

  it("returns the stored subscription", async () => {
    const user = await createUser();
    await setSubscription(user.id, "pro", "incomplete");
    expect(await json(await call("GET", "/api/subscription", { cookie: user.session }))).toEqual({
      tier: "pro",
      status: "incomplete",
      currentPeriodEnd: "2026-12-31T00:00:00.000Z",
      cancelAtPeriodEnd: false,
    });
  });

  it("needs a session", async () => {
    expect((await call("GET", "/api/subscription")).status).toBe(401);
  });
});

describe("GET /api/subscription/limits", () => {
  it("gives the free tier's limits by default", async () => {
    const user = await createUser();
    const body = await json(await call("GET", "/api/subscription/limits", { cookie: user.session }));
    expect(body).toEqual({
      success: true,
      data: {
        tier: "free",
        limits: {
          projects: 1,
          transcriptsPerMonth: 5,
          teamMembers: 1,
          audioTranscription: false,
          integrations: false,
          priceGbpPerMonth: 0,
        },
        usage: { transcriptsThisMonth: 0, projects: 0 },
      },
    });
  });

  it("says what the account has used: this month's generations and its projects", async () => {
    const user = await createUser();
    await createProject(user);
    for (const title of ["Kiosk sync", "Rota review"]) {
      const generated = await call("POST", "/api/generate", {
        cookie: user.session,
        body: { transcript: "Ana: Nurses need to swap shifts from their phone.", title, projectId: null },
      });
      expect(generated.status).toBe(200);
    }
    // a generation of an earlier month no longer counts
    await env.DB.prepare(
      "INSERT INTO generations (user_id, transcript_id, provider, created_at) VALUES (?, NULL, 'local', ?)",
    )
      .bind(user.id, Date.UTC(2020, 0, 15))
      .run();
    const body = await json<{ data: { usage: unknown } }>(
      await call("GET", "/api/subscription/limits", { cookie: user.session }),
    );
    expect(body.data.usage).toEqual({ transcriptsThisMonth: 2, projects: 1 });
  });

  it.each([
    ["pro", "active", "pro", 3],
    ["enterprise", "complete", "enterprise", 5],
    ["pro", "incomplete", "free", 1],
    ["enterprise", "canceled", "free", 1],
  ])("a %s subscription with status %s counts as %s", async (tier, status, effective, seats) => {
    const user = await createUser();
    await setSubscription(user.id, tier, status);
    const body = await json<{ data: { tier: string; limits: { teamMembers: number; projects: number | null } } }>(
      await call("GET", "/api/subscription/limits", { cookie: user.session }),
    );
    expect(body.data.tier).toBe(effective);
    expect(body.data.limits.teamMembers).toBe(seats);
    expect(body.data.limits.projects).toBe(effective === "free" ? 1 : null);
  });
});
