import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import worker from "../index";
import type { Bindings } from "../lib/config";
import { call } from "../test/client";
import { createUser } from "../test/factories";

it("the cron handler purges expired sessions and keeps live ones", async () => {
  const live = await createUser();
  const expired = await createUser();
  await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1, expired.id).run();

  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), env as Bindings, ctx);
  await waitOnExecutionContext(ctx);

  const count = (userId: number) =>
    env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first<{ n: number }>();
  expect((await count(expired.id))!.n).toBe(0);
  expect((await count(live.id))!.n).toBe(1);
  expect((await call("GET", "/api/user", { cookie: live.session })).status).toBe(200);
});
