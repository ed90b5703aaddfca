import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import worker from "../index";
import type { Bindings } from "../bindings";
import { call } from "../test/client";
import { countRows, createUser } from "../test/factories";

it("the cron handler purges expired sessions and keeps live ones", async () => {
  const live = await createUser();
  const expired = await createUser();
  await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
    .bind(Date.now() - 1, expired.id)
    .run();

  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }),
    env as Bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);

  const count = (userId: number) =>
    env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first<{ n: number }>();
  expect((await count(expired.id))!.n).toBe(0);
  expect((await count(live.id))!.n).toBe(1);
  expect((await call("GET", "/api/user", { cookie: live.session })).status).toBe(200);
});

it("deletes password accounts that never verified their address within 7 days, and nothing else", async () => {
  const DAY = 24 * 60 * 60 * 1000;
  const stale = await createUser({ emailVerified: false });
  const recent = await createUser({ emailVerified: false });
  const verified = await createUser();
  const noEmail = await createUser({ email: null });
  for (const user of [stale, verified, noEmail]) {
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 8 * DAY, user.id)
      .run();
  }
  await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?")
    .bind(Date.now() - 6 * DAY, recent.id)
    .run();

  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }),
    env as Bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);

  expect(await countRows("users", "id = ?", stale.id)).toBe(0);
  for (const kept of [recent, verified, noEmail]) expect(await countRows("users", "id = ?", kept.id)).toBe(1);
});

it("forgets Stripe event ids once Stripe can no longer redeliver them (30 days), and keeps recent ones", async () => {
  const DAY = 24 * 60 * 60 * 1000;
  const old = `evt_old_${Date.now()}`;
  const recent = `evt_recent_${Date.now()}`;
  await env.DB.prepare(
    "INSERT INTO stripe_events (id, type, processed_at) VALUES (?, 'invoice.paid', ?), (?, 'invoice.paid', ?)",
  )
    .bind(old, Date.now() - 31 * DAY, recent, Date.now() - 2 * DAY)
    .run();

  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: Date.now(), cron: "*/10 * * * *" }),
    env as Bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);

  expect(await countRows("stripe_events", "id = ?", old)).toBe(0);
  expect(await countRows("stripe_events", "id = ?", recent)).toBe(1);
});
