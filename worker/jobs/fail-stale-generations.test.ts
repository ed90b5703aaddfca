import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it, vi } from "vitest";
import type { TranscriptPage } from "../../schema/api/transcripts";
import { createDb } from "../data/db";
import { startGeneration } from "../data/generations";
import worker from "../index";
import type { Bindings } from "../bindings";
import { INTERRUPTED_GENERATION_MESSAGE } from "../services/generation";
import { call, json, useBindings } from "../test/client";
import { mockOutbound, neverAnswers } from "../test/outbound";
import { countRows, createUser } from "../test/factories";
import { STALE_GENERATION_MS } from "./fail-stale-generations";

/** A run started straight through the data layer: its characters charged to the owner's day 0, no ceiling. */
const unchecked = (userId: number) => ({
  daily: { userId, day: 0, chars: 0, limit: Number.MAX_SAFE_INTEGER },
  modelStartsNow: false,
});

async function startedAt(userId: number, title: string, now: number) {
  const run = await startGeneration(
    createDb(env.DB),
    { userId, provider: "openai", now, since: 0, limit: null, ...unchecked(userId) },
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

it("npm run dev's call after a restart fails every run started before the server, whatever the engine says, and gives it back", async () => {
  useBindings({ LLM_PROVIDER: "openai", OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "test-model" });
  mockOutbound({ "POST https://api.openai.com/v1/chat/completions": neverAnswers });
  const user = await createUser();
  const long = Array.from({ length: 1200 }, (_, i) => `Ana: Ward managers need to swap shifts, point ${i}.`).join("\n");
  const started = await call("POST", "/api/generate", {
    cookie: user.session,
    body: { transcript: long, title: "Before the restart" },
    headers: { Prefer: "wait=0" },
  });
  expect(started.status).toBe(202);
  const { transcriptId } = await json<{ transcriptId: number }>(started);
  const serverStartedAt = Date.now() + 1;
  const later = await startedAt(user.id, "After the restart", serverStartedAt + 1);

  const answer = await call("POST", "/api/dev/interrupted-generations", { body: { startedBefore: serverStartedAt } });
  // (this file's other runs, started before too, are failed with it)
  expect(await json(answer)).toMatchObject({ success: true, failed: expect.any(Number) });
  const status = await json<{ state: string; error: string }>(
    await call("GET", `/api/transcripts/${transcriptId}/generation`, { cookie: user.session }),
  );
  expect(status).toMatchObject({ state: "failed", error: INTERRUPTED_GENERATION_MESSAGE });
  expect(await countRows("generations", "transcript_id = ?", transcriptId)).toBe(0);
  expect(await countRows("transcripts", "id = ? AND generation_started_at IS NOT NULL", later)).toBe(1);
  // Try Again is open
  const again = await call("POST", `/api/transcripts/${transcriptId}/generate`, {
    cookie: user.session,
    headers: { Prefer: "wait=0" },
  });
  expect(again.status).toBe(202);
  await call("DELETE", `/api/transcripts/${transcriptId}/generation`, { cookie: user.session });
});
