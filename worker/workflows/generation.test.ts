// Durable generation (worker/workflows/generation.ts) through the real Worker, the real Workflow engine of the test
// Worker and the real OpenAI SDK, with the chat completions endpoint answered at the HTTP boundary. Retry delays are
// off in tests (worker/test/setup.ts); the tries themselves all happen.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GenerationCancelled, GenerationPending, GenerationStatus } from "../../schema/api/generation";
import type { GenerateResponse, Transcript } from "../../schema/api/transcripts";
import type { ModelOutput } from "../adapters/llm/model-output";
import { failStaleGenerations, STALE_GENERATION_MS } from "../jobs/fail-stale-generations";
import { call, json, useBindings } from "../test/client";
import { buildTestDeps } from "../test/deps";
import { countRows, createUser, type TestUser } from "../test/factories";
import { jsonResponse, mockOutbound, neverAnswers, type RecordedRequest } from "../test/outbound";
import { finishParts, generatePart, planParts } from "../services/generation/parts";
import { startGeneration } from "../data/generations";
import { selectStoryGenerator } from "../deps";
import { getConfig } from "../lib/config";

/** A run started straight through the data layer: its characters charged to the owner's day 0, no ceiling. */
const unchecked = (userId: number) => ({
  daily: { userId, day: 0, chars: 0, limit: Number.MAX_SAFE_INTEGER },
  modelStartsNow: false,
});

const COMPLETIONS = "POST https://api.openai.com/v1/chat/completions";
const OPENAI = { LLM_PROVIDER: "openai", OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "test-model" } as const;

/** Three topics of about 40,000 characters each: a 120,000-character meeting, read in three 48,000-character parts. */
const TOPICS = ["rota swaps", "leave requests", "shift reminders"] as const;
const opening = (topic: string) => `Dana: Today we decide how ${topic} should work for the ward managers.`;
function meeting(): string {
  const lines: string[] = [];
  for (const topic of TOPICS) {
    lines.push(opening(topic));
    for (let i = 0; lines.join("\n").length < (TOPICS.indexOf(topic) + 1) * 40_000; i++) {
      lines.push(`${i % 2 ? "Marcus" : "Yuki"}: One more detail about ${topic}, point ${i}, noted for the backlog.`);
      if (i % 40 === 0) lines.push("Tom: Account owners need to download past invoices as PDF.");
    }
  }
  return lines.join("\n");
}
const MEETING = meeting();

const story = (title: string, quote: string, criterion: string) => ({
  title,
  description: `As a ward manager, I want ${title.toLowerCase()}, so that the rota stays right.`,
  acceptanceCriteria: [criterion],
  priority: "Medium",
  storyPoints: 3,
  estimatedHours: 6,
  evidence: [{ quote }],
});

/** What the fake model answers for a part: a story per topic the part discusses, and the invoice ask it hears in every part. */
function answerFor(part: string): ModelOutput {
  const stories = TOPICS.filter((topic) => part.includes(`about ${topic}`)).map((topic) =>
    story(
      `Manage ${topic}`,
      part.includes(opening(topic)) ? opening(topic) : `about ${topic}`,
      `Managers see ${topic}`,
    ),
  );
  stories.push(
    story(
      "Download past invoices as PDF",
      "Tom: Account owners need to download past invoices as PDF.",
      `Criterion heard in part ${part.length}`,
    ),
  );
  return {
    epic: { title: "Ward rota", description: "Rota tools", timeline: "", team: "Rota", priority: "High" },
    userStories: stories,
  } as unknown as ModelOutput;
}

function completion(content: unknown) {
  return jsonResponse({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "test-model",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: JSON.stringify(content) } }],
  });
}

/** The fake model: a part gets its stories; the gate's repair call gets the stories it sent back unchanged. */
function fakeModel(request: RecordedRequest) {
  const prompt = (JSON.parse(request.body) as { messages: Array<{ content: string }> }).messages[1]!.content;
  if (prompt.startsWith("These user stories")) {
    const stories = JSON.parse(prompt.slice(prompt.indexOf("Stories:\n") + 9, prompt.indexOf("\n\n<transcript>")));
    return completion(stories);
  }
  return completion(answerFor(prompt.slice(prompt.indexOf("<transcript>"), prompt.indexOf("</transcript>"))));
}
const partCalls = (calls: RecordedRequest[]) => calls.filter((c) => !c.body.includes("These user stories")).length;

const generate = (user: TestUser) =>
  call("POST", "/api/generate", { cookie: user.session, body: { transcript: MEETING, title: "Ward rota" } });

async function statusOf(user: TestUser, transcriptId: number): Promise<GenerationStatus> {
  return json<GenerationStatus>(
    await call("GET", `/api/transcripts/${transcriptId}/generation`, { cookie: user.session }),
  );
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// (each run polls and retries through the real engine: seconds on a loaded 2-core machine)
describe("a long meeting with an LLM provider runs as a durable job", { timeout: 30_000 }, () => {
  it("reads the parts in parallel, merges stories asked for in several parts into one, and saves once", async () => {
    useBindings(OPENAI);
    const user = await createUser();
    const { calls } = mockOutbound({ [COMPLETIONS]: fakeModel });
    const response = await generate(user);
    expect(response.status).toBe(200);
    const body = await json<GenerateResponse>(response);
    expect(partCalls(calls)).toBe(3);
    const titles = body.data.userStories.map((s) => s.title);
    expect(titles.filter((t) => t === "Download past invoices as PDF")).toHaveLength(1);
    expect(new Set(titles)).toEqual(new Set([...TOPICS.map((t) => `Manage ${t}`), "Download past invoices as PDF"]));
    // the joined story keeps what each part heard
    const invoices = body.data.userStories.find((s) => s.title === "Download past invoices as PDF")!;
    expect(invoices.acceptanceCriteria.length).toBe(3);
    for (const s of body.data.userStories)
      for (const e of s.evidence ?? []) expect(MEETING.slice(e.start, e.end)).toBe(e.quote);
    expect(await statusOf(user, body.transcriptId)).toMatchObject({ state: "done", storiesVersion: 1 });
  });

  it("answers 202 when the run outlasts the wait; its progress counts the parts and the stories arrive", async () => {
    useBindings({ ...OPENAI, GENERATION_WAIT_SECONDS: "0" });
    const user = await createUser();
    mockOutbound({ [COMPLETIONS]: fakeModel });
    const response = await generate(user);
    expect(response.status).toBe(202);
    const pending = await json<GenerationPending>(response);
    expect(pending).toMatchObject({
      status: "processing",
      statusUrl: `/api/transcripts/${pending.transcriptId}/generation`,
    });
    await until(async () => (await statusOf(user, pending.transcriptId)).state === "done", "the run");
    const saved = await json<Transcript>(
      await call("GET", `/api/transcripts/${pending.transcriptId}`, { cookie: user.session }),
    );
    expect(saved.generatedStories?.userStories.length).toBe(4);
    expect(await countRows("generations", "transcript_id = ?", pending.transcriptId)).toBe(1);
  });

  it("retries a provider that is down for a while, then completes", async () => {
    useBindings(OPENAI);
    const user = await createUser();
    let failures = 6;
    const { calls } = mockOutbound({
      [COMPLETIONS]: (request) =>
        failures-- > 0 ? jsonResponse({ error: { message: "overloaded" } }, 503) : fakeModel(request),
    });
    const response = await generate(user);
    expect(response.status).toBe(200);
    expect(partCalls(calls)).toBe(3 + 6);
  });

  it("fails with its reason when a part keeps failing: nothing half-saved, the generation given back", async () => {
    useBindings(OPENAI);
    const user = await createUser();
    const { calls } = mockOutbound({
      [COMPLETIONS]: (request) =>
        request.body.includes("about leave requests") && !request.body.includes("about rota swaps")
          ? jsonResponse({ error: { message: "boom" } }, 500)
          : fakeModel(request),
    });
    const response = await generate(user);
    expect(response.status).toBe(502);
    expect((await json<{ error: string }>(response)).error).toBe("The AI provider failed (500). Please try again.");
    const row = await env.DB.prepare(
      "SELECT id, generated_stories, generation_error, generation_started_at, generation_parts FROM transcripts WHERE owner_id = ?",
    )
      .bind(user.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      generated_stories: null,
      generation_error: "The AI provider failed (500). Please try again.",
      generation_started_at: null,
      generation_parts: null,
    });
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);
    // the failing part was tried five times (once and four retries)
    expect(
      calls.filter((c) => c.body.includes("about leave requests") && !c.body.includes("about rota swaps")),
    ).toHaveLength(5);
    expect(await statusOf(user, row!.id as number)).toMatchObject({ state: "failed" });
  });

  it("does not retry what another try cannot mend (refused credentials)", async () => {
    useBindings(OPENAI);
    const user = await createUser();
    const { calls } = mockOutbound({ [COMPLETIONS]: () => jsonResponse({ error: { message: "bad key" } }, 401) });
    const response = await generate(user);
    expect(response.status).toBe(503);
    expect(partCalls(calls)).toBeLessThanOrEqual(3);
  });

  it("can be cancelled while it runs: the transcript says so, the generation stays counted (the model had started), Try Again works", async () => {
    useBindings({ ...OPENAI, GENERATION_WAIT_SECONDS: "0" });
    const user = await createUser();
    const { calls } = mockOutbound({ [COMPLETIONS]: neverAnswers });
    const pending = await json<GenerationPending>(await generate(user));
    await until(async () => (await statusOf(user, pending.transcriptId)).partsTotal === 3, "the split");
    await until(async () => calls.length > 0, "the first model call");
    const cancelled = await call("DELETE", `/api/transcripts/${pending.transcriptId}/generation`, {
      cookie: user.session,
    });
    expect(cancelled.status).toBe(200);
    expect(await json<GenerationCancelled>(cancelled)).toMatchObject({
      state: "cancelled",
      error: "Story generation was cancelled.",
      counted: true,
    });
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(1);
    const again = await call("DELETE", `/api/transcripts/${pending.transcriptId}/generation`, { cookie: user.session });
    expect(again.status).toBe(409);

    mockOutbound({ [COMPLETIONS]: fakeModel });
    useBindings({ GENERATION_WAIT_SECONDS: "25" });
    const retried = await call("POST", `/api/transcripts/${pending.transcriptId}/generate`, { cookie: user.session });
    expect(retried.status).toBe(200);
  });

  it("another account's generation is 404 to read or cancel, for a stranger as for anyone", async () => {
    useBindings({ ...OPENAI, GENERATION_WAIT_SECONDS: "0" });
    const user = await createUser();
    const stranger = await createUser();
    mockOutbound({ [COMPLETIONS]: neverAnswers });
    const pending = await json<GenerationPending>(await generate(user));
    for (const method of ["GET", "DELETE"]) {
      const response = await call(method, `/api/transcripts/${pending.transcriptId}/generation`, {
        cookie: stranger.session,
      });
      expect(response.status).toBe(404);
    }
    await call("DELETE", `/api/transcripts/${pending.transcriptId}/generation`, { cookie: user.session });
  });
});

describe(
  "the steps are safe to run again (a Worker stopped between steps resumes the run)",
  { timeout: 30_000 },
  () => {
    it("a part recorded twice counts once, and a save repeated after a restart saves once", async () => {
      useBindings(OPENAI);
      mockOutbound({ [COMPLETIONS]: fakeModel });
      const user = await createUser();
      const deps = buildTestDeps({
        now: Date.now,
        storyGenerator: () => selectStoryGenerator(getConfig(env).llm, undefined),
      });
      const started = (await startGeneration(
        deps.db,
        { userId: user.id, provider: "openai", now: Date.now(), since: 0, limit: null, ...unchecked(user.id) },
        { projectId: null, projectName: null, title: "Ward rota", content: MEETING, createdBy: user.id },
      ))!;
      const run = { ...started, title: "Ward rota", renameToEpic: false };
      expect(await planParts(deps, run)).toBe(3);
      const outputs = [];
      for (const index of [0, 1, 2]) outputs.push(await generatePart(deps, run, index));
      await generatePart(deps, run, 1);
      expect(await statusOf(user, run.transcriptId)).toMatchObject({ state: "running", partsDone: 3, partsTotal: 3 });
      const first = await finishParts(deps, run, outputs);
      const second = await finishParts(deps, run, outputs);
      expect(first).toMatchObject({ saved: true, storiesVersion: 1 });
      expect(second).toEqual(first);
      expect(await statusOf(user, run.transcriptId)).toMatchObject({ state: "done", storiesVersion: 1, partsDone: 0 });
    });

    it("the sweep spares a durable run still going and fails one whose run is gone", async () => {
      useBindings({ ...OPENAI, GENERATION_WAIT_SECONDS: "0" });
      mockOutbound({ [COMPLETIONS]: neverAnswers });
      const user = await createUser();
      const going = await json<GenerationPending>(await generate(user));
      await until(async () => (await statusOf(user, going.transcriptId)).partsTotal === 3, "the split");
      const deps = buildTestDeps({ now: Date.now });
      // a run the engine never heard of (its Worker stopped before the run was created)
      const lost = (await startGeneration(
        deps.db,
        { userId: user.id, provider: "openai", now: Date.now(), since: 0, limit: null, ...unchecked(user.id) },
        { projectId: null, projectName: null, title: "Lost", content: "Tom: a short one.", createdBy: user.id },
      ))!;
      await failStaleGenerations(deps.db, deps.generationJobs, Date.now() + STALE_GENERATION_MS);
      expect(await statusOf(user, going.transcriptId)).toMatchObject({ state: "running" });
      expect(await statusOf(user, lost.transcriptId)).toMatchObject({ state: "failed" });
      await call("DELETE", `/api/transcripts/${going.transcriptId}/generation`, { cookie: user.session });
    });
  },
);
