// Issue 39, finding 2: a cancelled generation stays counted once the model has started on it; who may cancel a run;
// the daily ceiling on transcript characters. Durable runs go through the real Worker, the real Workflow engine of the
// test Worker and the real OpenAI SDK, with the chat completions endpoint answered at the HTTP boundary.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GenerationCancelled, GenerationPending, GenerationStatus } from "../../schema/api/generation";
import type { SubscriptionLimitsResponse } from "../../schema/api/subscription-body";
import { createDb } from "../data/db";
import { markModelStarted, startGeneration, startRegeneration, type AllowanceCheck } from "../data/generations";
import { DAILY_GENERATION_CHARS, startOfDayUtc } from "../services/generation";
import { call, json, useBindings } from "../test/client";
import { addTeamMember, countRows, createProject, createUser, setTier, type TestUser } from "../test/factories";
import { jsonResponse, mockOutbound, neverAnswers } from "../test/outbound";

const COMPLETIONS = "POST https://api.openai.com/v1/chat/completions";
const OPENAI = { LLM_PROVIDER: "openai", OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "test-model" } as const;
const WAIT_0 = { Prefer: "respond-async, wait=0" };

/** A meeting of `length` characters (no whitespace at either end), in speaker turns. */
function meeting(length: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join("\n").length < length; i++)
    lines.push(`${i % 2 ? "Ana" : "Ben"}: Ward managers need to swap shifts without calling the office, point ${i}.`);
  return lines.join("\n").slice(0, length).trimEnd();
}
/** The 60,000-character meeting: two parts of at most 48,000 for the provider. */
const LONG = meeting(60_000);

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function usedThisMonth(user: TestUser): Promise<number> {
  const limits = await json<SubscriptionLimitsResponse>(
    await call("GET", "/api/subscription/limits", { cookie: user.session }),
  );
  return limits.data.usage.transcriptsThisMonth;
}

const cancel = (user: TestUser, transcriptId: number) =>
  call("DELETE", `/api/transcripts/${transcriptId}/generation`, { cookie: user.session });
const statusOf = async (user: TestUser, transcriptId: number) =>
  json<GenerationStatus>(await call("GET", `/api/transcripts/${transcriptId}/generation`, { cookie: user.session }));

describe("cancelling a generation once the model has started keeps it counted (issue 39, finding 2)", () => {
  it(
    "the cancel loop: a free account starting a long meeting with Prefer: wait=0 and cancelling once the model calls start uses its allowance up",
    { timeout: 60_000 },
    async () => {
      useBindings(OPENAI);
      const user = await createUser(); // free: 5 generations a month
      const { calls } = mockOutbound({ [COMPLETIONS]: neverAnswers });
      for (let run = 1; run <= 5; run++) {
        const sent = calls.length;
        const started = await call("POST", "/api/generate", {
          cookie: user.session,
          body: { transcript: LONG, title: `Meeting ${run}` },
          headers: WAIT_0,
        });
        expect(started.status).toBe(202);
        const { transcriptId } = await json<GenerationPending>(started);
        await until(() => calls.length > sent, "the model calls to start");
        const cancelled = await cancel(user, transcriptId);
        expect(cancelled.status).toBe(200);
        expect(await json<GenerationCancelled>(cancelled)).toMatchObject({
          state: "cancelled",
          error: "Story generation was cancelled.",
          counted: true,
        });
        expect(await usedThisMonth(user)).toBe(run);
      }
      // the allowance is used up: the sixth is refused before anything is saved or sent
      const sent = calls.length;
      const sixth = await call("POST", "/api/generate", {
        cookie: user.session,
        body: { transcript: LONG, title: "Meeting 6" },
        headers: WAIT_0,
      });
      expect(sixth.status).toBe(403);
      expect((await json<{ code: string }>(sixth)).code).toBe("plan_limit");
      expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(5);
      // two parts per run at most, none of them after the refusal
      expect(sent).toBeLessThanOrEqual(10);
      expect(calls.length).toBe(sent);
    },
  );

  it("a run cancelled before its first model call is given back, and can then send nothing", async () => {
    const user = await createUser();
    const db = createDb(env.DB);
    const run = (await startGeneration(db, check(user, user, LONG.length), {
      projectId: null,
      projectName: null,
      title: "Not started",
      content: LONG,
      createdBy: user.id,
    }))!;
    expect(await usedThisMonth(user)).toBe(1);
    const cancelled = await cancel(user, run.transcriptId);
    expect(cancelled.status).toBe(200);
    expect(await json<GenerationCancelled>(cancelled)).toMatchObject({ state: "cancelled", counted: false });
    expect(await usedThisMonth(user)).toBe(0);
    // the part step that comes after the cancel may not send: the run lost its hold
    expect(await markModelStarted(db, run, Date.now())).toBe(false);
  });

  it("a platform failure (the provider refuses) gives the generation back; its characters stay charged", async () => {
    useBindings(OPENAI);
    const user = await createUser();
    mockOutbound({ [COMPLETIONS]: () => jsonResponse({ error: { message: "bad key" } }, 401) });
    const response = await call("POST", "/api/generate", { cookie: user.session, body: { transcript: LONG } });
    expect(response.status).toBe(503);
    expect(await usedThisMonth(user)).toBe(0);
    expect(await charsToday(user)).toBe(LONG.length);
  });
});

/** What a run started straight through the data layer is counted against: the owner's month, the starter's day. */
function check(owner: TestUser, startedBy: TestUser, chars: number): AllowanceCheck {
  const now = Date.now();
  return {
    userId: owner.id,
    provider: "openai",
    now,
    since: 0,
    limit: null,
    daily: { userId: startedBy.id, day: startOfDayUtc(now), chars, limit: DAILY_GENERATION_CHARS },
    modelStartsNow: false,
  };
}

describe("who may cancel a run: its starter, the workspace's owner and team admins (docs/decisions/2026-12-07-cancelled-generations-stay-counted.md)", () => {
  async function world() {
    const owner = await createUser();
    await setTier(owner, "enterprise");
    const [admin, starter, colleague] = [await createUser(), await createUser(), await createUser()];
    await addTeamMember(owner, admin, "admin");
    await addTeamMember(owner, starter);
    await addTeamMember(owner, colleague);
    const otherOwner = await createUser();
    await setTier(otherOwner, "enterprise");
    const [otherAdmin, otherMember, outsider] = [await createUser(), await createUser(), await createUser()];
    await addTeamMember(otherOwner, otherAdmin, "admin");
    await addTeamMember(otherOwner, otherMember);
    const project = await createProject(owner, { name: "Ward rota" });
    /** A run in the owner's project, started by `by` (no Workflow behind it: a cancel finds none to stop). */
    const running = async (by: TestUser) =>
      (await startGeneration(createDb(env.DB), check(owner, by, 100), {
        projectId: project.id,
        projectName: project.name,
        title: "Rota",
        content: LONG.slice(0, 100),
        createdBy: by.id,
      }))!.transcriptId;
    return { owner, admin, starter, colleague, otherOwner, otherAdmin, otherMember, outsider, running };
  }

  it("another team's admin and member and an outsider get the 404 of a missing transcript; the run goes on", async () => {
    const w = await world();
    const transcriptId = await w.running(w.starter);
    const missing = (await json<{ error: string }>(await cancel(w.outsider, 999_999_999))).error;
    for (const stranger of [w.otherAdmin, w.otherMember, w.otherOwner, w.outsider]) {
      const answer = await cancel(stranger, transcriptId);
      expect(answer.status).toBe(404);
      expect((await json<{ error: string }>(answer)).error).toBe(missing);
    }
    expect((await statusOf(w.owner, transcriptId)).state).toBe("running");
  });

  it("a team member who did not start the run gets 403 and the run goes on; its starter may cancel it", async () => {
    const w = await world();
    const transcriptId = await w.running(w.starter);
    const refused = await cancel(w.colleague, transcriptId);
    expect(refused.status).toBe(403);
    expect((await json<{ error: string; code: string }>(refused)).error).toBe(
      "Only the person who started this generation, the team's owner or an admin can cancel it.",
    );
    expect((await statusOf(w.owner, transcriptId)).state).toBe("running");
    expect((await cancel(w.starter, transcriptId)).status).toBe(200);
  });

  it("the team's admin and the owner may cancel a member's run; a member may not cancel the owner's", async () => {
    const w = await world();
    const byMember = await w.running(w.starter);
    expect((await cancel(w.admin, byMember)).status).toBe(200);
    const another = await w.running(w.starter);
    expect((await cancel(w.owner, another)).status).toBe(200);
    const byOwner = await w.running(w.owner);
    expect((await cancel(w.starter, byOwner)).status).toBe(403);
    expect((await cancel(w.admin, byOwner)).status).toBe(200);
  });

  it("the starter is who started the run, not who made the transcript: a colleague's Try Again is the colleague's", async () => {
    const w = await world();
    const transcriptId = await w.running(w.starter);
    expect((await cancel(w.starter, transcriptId)).status).toBe(200);
    await startRegeneration(createDb(env.DB), check(w.owner, w.colleague, 100), transcriptId, w.colleague.id);
    expect((await cancel(w.starter, transcriptId)).status).toBe(403);
    expect((await cancel(w.colleague, transcriptId)).status).toBe(200);
  });

  it("nothing running: 409 for everyone in the team, 404 for everyone else", async () => {
    const w = await world();
    const transcriptId = await w.running(w.starter);
    await cancel(w.starter, transcriptId);
    for (const member of [w.owner, w.admin, w.starter, w.colleague])
      expect((await cancel(member, transcriptId)).status).toBe(409);
    for (const stranger of [w.otherAdmin, w.otherMember])
      expect((await cancel(stranger, transcriptId)).status).toBe(404);
  });
});

async function charsToday(user: TestUser): Promise<number> {
  const row = await env.DB.prepare("SELECT chars FROM generation_chars_daily WHERE user_id = ? AND day = ?")
    .bind(user.id, startOfDayUtc(Date.now()))
    .first<{ chars: number }>();
  return row?.chars ?? 0;
}

async function spend(user: TestUser, chars: number, day = startOfDayUtc(Date.now())) {
  await env.DB.prepare(
    "INSERT INTO generation_chars_daily (user_id, day, chars) VALUES (?, ?, ?) ON CONFLICT (user_id, day) DO UPDATE SET chars = excluded.chars",
  )
    .bind(user.id, day, chars)
    .run();
}

const generate = (user: TestUser, transcript: string, projectId: number | null = null) =>
  call("POST", "/api/generate", { cookie: user.session, body: { transcript, projectId } });

describe("the daily ceiling on transcript characters (every generator, every plan)", () => {
  it("answers 429 naming when it resets, with Retry-After, and saves and counts nothing", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    await spend(user, DAILY_GENERATION_CHARS - 15_000);
    const refused = await generate(user, meeting(20_000));
    expect(refused.status).toBe(429);
    const body = await json<{ error: string; code: string; details: { resetsAt: string; used: number } }>(refused);
    const midnight = startOfDayUtc(Date.now()) + 24 * 60 * 60_000;
    expect(body.code).toBe("rate_limited");
    expect(body.error).toMatch(
      /^Daily generation limit reached: an account can generate from 2,000,000 transcript characters a day, and 1,985,000 are used today \(this transcript has 20,000\)\. The limit resets at 00:00 UTC, in (\d+ h )?\d+ min\.$/,
    );
    expect(body.details).toMatchObject({ resetsAt: new Date(midnight).toISOString(), used: 1_985_000 });
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(Math.abs(retryAfter - (midnight - Date.now()) / 1000)).toBeLessThan(10);
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(0);
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);
    expect(await charsToday(user)).toBe(DAILY_GENERATION_CHARS - 15_000);

    // up to the ceiling exactly is allowed; then a Try Again is refused the same way
    const last = await generate(user, meeting(15_000));
    expect(last.status).toBe(200);
    expect(await charsToday(user)).toBe(DAILY_GENERATION_CHARS);
    const { transcriptId } = await json<{ transcriptId: number }>(last);
    const again = await call("POST", `/api/transcripts/${transcriptId}/generate`, { cookie: user.session });
    expect(again.status).toBe(429);
    expect((await json<{ error: string }>(again)).error).toMatch(/^Daily generation limit reached/);
  });

  it("is one conditional batch: requests racing past the ceiling cannot all pass it", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    await spend(user, DAILY_GENERATION_CHARS - 25_000);
    const text = meeting(10_000);
    const answers = await Promise.all([1, 2, 3, 4].map(() => generate(user, text)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429]);
    expect(await charsToday(user)).toBe(DAILY_GENERATION_CHARS - 5_000);
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(2);
  });

  it("counts the person who starts the run (a team member's own day, not the owner's), and yesterday's do not count", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const member = await createUser();
    await addTeamMember(owner, member);
    const project = await createProject(owner, { name: "Shared" });
    await spend(owner, DAILY_GENERATION_CHARS);
    await spend(member, DAILY_GENERATION_CHARS, startOfDayUtc(Date.now()) - 24 * 60 * 60_000);
    const text = meeting(5_000);
    expect((await generate(member, text, project.id)).status).toBe(200);
    expect(await charsToday(member)).toBe(text.length);
    expect(await charsToday(owner)).toBe(DAILY_GENERATION_CHARS);
    expect((await generate(owner, text, project.id)).status).toBe(429);
  });
});
