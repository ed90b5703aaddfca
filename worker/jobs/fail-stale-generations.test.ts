import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it, vi } from "vitest";
import type { TranscriptPage } from "../../schema/api/transcripts";
import { createDb } from "../data/db";
import { startGeneration } from "../data/generations";
import worker from "../index";
import type { Bindings } from "../bindings";
import { INTERRUPTED_GENERATION_MESSAGE } from "../services/generation";
import { call, json } from "../test/client";
import { countRows, createUser } from "../test/factories";
import { STALE_GENERATION_MS } from "./fail-stale-generations";

async function startedAt(userId: number, title: string, now: number) {
  const run = await startGeneration(
    createDb(env.DB),
    { userId, provider: "openai", now, since: 0, limit: null },
    { projectId: null, projectName: null, title, content: "Ana: We need a password reset link.", createdBy: userId },
  );
  return run!.transcriptId;
}

it("the cron handler fails generations running past the timeout (history offers Try Again), gives them back, and leaves live ones", async () => {
  const user = await createUser();
  const stopped = await startedAt(user.id, "Stopped", Date.now() - STALE_GENERATION_MS - 60_000);
  const live = await startedAt(user.id, "Live", Date.now());
  const warned = vi.spyOn(console, "warn").mockImplementation(() => {});

  for (let run = 0; run < 2; run++) {
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }),
      env as Bindings,
      ctx,
    );
    await waitOnExecutionContext(ctx);
  }

  const list = (await json<TranscriptPage>(await call("GET", "/api/transcripts", { cookie: user.session })))
    .transcripts;
  expect(list.find((t) => t.id === stopped)).toMatchObject({
    hasStories: false,
    generationError: INTERRUPTED_GENERATION_MESSAGE,
  });
  expect(list.find((t) => t.id === live)).toMatchObject({ hasStories: false, generationError: null });
  expect(await countRows("generations", "transcript_id = ?", stopped)).toBe(0);
  expect(await countRows("generations", "transcript_id = ?", live)).toBe(1);
  expect(await countRows("transcripts", "id = ? AND generation_started_at IS NULL", stopped)).toBe(1);
  // The second run found nothing left to fail: one log line, for the first.
  expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
    expect.objectContaining({ event: "stale_generations_failed", count: 1 }),
  ]);
});
