import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { GeneratedStories, GenerateResponse } from "../../../schema/api/transcripts";
import { createFakeStoryGenerator } from "../../adapters/llm/fake";
import { AppError } from "../../lib/errors";
import { failStaleGenerations, STALE_GENERATION_MS } from "../../jobs/fail-stale-generations";
import { buildTestDeps, settled, testClock } from "../../test/deps";
import { countRows, createProject, createUser } from "../../test/factories";
import { getTranscript, listActivity, listTranscripts } from "../transcripts";
import {
  generateStories,
  INTERRUPTED_GENERATION_MESSAGE,
  isPending,
  regenerateStories,
  type GenerateOutcome,
} from "./index";

// The generation service called directly with fakes: no HTTP, no provider, a clock the test controls.

const TRANSCRIPT =
  "Priya: Account owners need to download past invoices as PDF.\nTom: Billing contacts should get invoices by email.";

const STORIES: GeneratedStories = {
  epic: { title: "Self-serve invoices", description: "Invoices without support.", team: "Billing", priority: "High" },
  userStories: [
    {
      title: "Download invoices as PDF",
      description: "As an account owner, I want to download past invoices as PDF, so that I can file them.",
      acceptanceCriteria: ["Given an invoice, when I download it, then I get a PDF"],
      priority: "High",
      storyPoints: 5,
      estimatedHours: 10,
      // One real quote without offsets (found on the server) and one the meeting never said (dropped).
      evidence: [
        { quote: "Account owners need to download past invoices as PDF.", start: 0, end: 0 },
        { quote: "Nobody said this.", start: 0, end: 0 },
      ],
    },
  ],
};

async function expectAppError(promise: Promise<unknown>, status: number, message?: RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  if (message) expect((error as AppError).message).toMatch(message);
  return error as AppError;
}

/** A generation that finished in the request (the fake generator reads no parts, so it never runs durably). */
function finished(outcome: GenerateOutcome): GenerateResponse {
  if (isPending(outcome)) throw new Error("the generation was still running");
  return outcome;
}

describe("generateStories (service)", () => {
  it("saves the transcript and the provider's stories with verified evidence, titles it after the epic, and counts one generation", async () => {
    const user = await createUser();
    const generator = createFakeStoryGenerator(STORIES);
    const deps = buildTestDeps({ storyGenerator: () => generator });
    const result = finished(await generateStories(deps, user.id, { transcript: TRANSCRIPT, projectId: null }));

    expect(generator.requests).toEqual([{ transcript: TRANSCRIPT, title: undefined }]);
    expect(result.data.userStories[0]!.evidence).toEqual([
      { quote: "Account owners need to download past invoices as PDF.", start: 7, end: 60 },
    ]);
    const saved = await getTranscript(deps, user.id, result.transcriptId);
    expect(saved).toMatchObject({ title: "Self-serve invoices", content: TRANSCRIPT, generatedStories: result.data });
    expect(await countRows("generations", "user_id = ? AND transcript_id = ?", user.id, result.transcriptId)).toBe(1);
    expect((await listActivity(deps, user.id))[0]).toMatchObject({
      kind: "transcript_created",
      transcriptId: result.transcriptId,
    });
  });

  it("files the transcript under the caller's project, and refuses another user's project with 404 before anything is saved", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const project = await createProject(owner, { name: "Billing" });
    const deps = buildTestDeps({ storyGenerator: () => createFakeStoryGenerator(STORIES) });
    const { transcriptId } = await generateStories(deps, owner.id, {
      transcript: TRANSCRIPT,
      title: "Sync",
      projectId: project.id,
    });
    expect((await getTranscript(deps, owner.id, transcriptId)).projectId).toBe(project.id);

    await expectAppError(generateStories(deps, other.id, { transcript: TRANSCRIPT, projectId: project.id }), 404);
    expect(await countRows("transcripts", "owner_id = ?", other.id)).toBe(0);
  });

  it("keeps the transcript with the reason when the provider fails, and gives the generation back", async () => {
    const user = await createUser();
    const failure = new AppError("upstream_error", "The AI provider failed (500). Please try again.", {
      upstream: "openai",
    });
    const deps = buildTestDeps({ storyGenerator: () => createFakeStoryGenerator(failure) });
    const error = await expectAppError(
      generateStories(deps, user.id, { transcript: TRANSCRIPT, title: "Kept", projectId: null }),
      502,
    );
    expect(error.upstream).toBe("openai");
    expect(
      await countRows(
        "transcripts",
        "owner_id = ? AND title = 'Kept' AND generation_error = ?",
        user.id,
        failure.message,
      ),
    ).toBe(1);
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);
  });

  it("turns an unexpected provider failure or an answer in the wrong shape into a 502 that costs nothing", async () => {
    const user = await createUser();
    const crashing = buildTestDeps({ storyGenerator: () => createFakeStoryGenerator(new TypeError("boom")) });
    await expectAppError(
      generateStories(crashing, user.id, { transcript: TRANSCRIPT, projectId: null }),
      502,
      /Story generation failed/,
    );
    const malformed = {
      ...STORIES,
      userStories: [{ ...STORIES.userStories[0]!, priority: "Urgent" }],
    } as unknown as GeneratedStories;
    const wrongShape = buildTestDeps({ storyGenerator: () => createFakeStoryGenerator(malformed) });
    await expectAppError(
      generateStories(wrongShape, user.id, { transcript: TRANSCRIPT, projectId: null }),
      502,
      /unexpected shape/,
    );
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);
  });

  it("saves and counts nothing when the selected provider is not configured", async () => {
    const user = await createUser();
    const notConfigured = () => {
      throw new AppError("service_unavailable", "Story generation is not configured");
    };
    await expectAppError(
      generateStories(buildTestDeps({ storyGenerator: notConfigured }), user.id, {
        transcript: TRANSCRIPT,
        projectId: null,
      }),
      503,
    );
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(0);
  });

  it("enforces the free plan's 5 generations per calendar month (UTC) without calling the provider, and renews on the 1st", async () => {
    const user = await createUser();
    const clock = testClock(Date.UTC(2026, 0, 31, 23, 0));
    const generator = createFakeStoryGenerator(STORIES);
    const deps = buildTestDeps({ now: clock.now, storyGenerator: () => generator });
    for (let i = 0; i < 5; i++) await generateStories(deps, user.id, { transcript: TRANSCRIPT, projectId: null });
    await expectAppError(
      generateStories(deps, user.id, { transcript: TRANSCRIPT, projectId: null }),
      403,
      /^Monthly transcript limit reached/,
    );
    expect(generator.requests).toHaveLength(5);
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(5);

    clock.set(Date.UTC(2026, 1, 1, 0, 0));
    await generateStories(deps, user.id, { transcript: TRANSCRIPT, projectId: null });
    expect(generator.requests).toHaveLength(6);
  });

  it("limits bursts to 10 generations a minute per user (429)", async () => {
    const user = await createUser();
    const deps = buildTestDeps({ storyGenerator: () => createFakeStoryGenerator(STORIES) });
    for (let i = 0; i < 10; i++) await deps.limits.consume(`generate:user:${user.id}`, { limit: 10, windowMs: 60_000 });
    const error = await expectAppError(
      generateStories(deps, user.id, { transcript: TRANSCRIPT, projectId: null }),
      429,
    );
    expect(error.retryAfter).toBe(60);
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(0);
  });
});

describe("regenerateStories (service)", () => {
  it("replaces a failed transcript's stories, and answers 404 for another user's transcript without counting it", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const failing = buildTestDeps({
      storyGenerator: () => createFakeStoryGenerator(new AppError("service_unavailable", "Busy")),
    });
    const failed = await generateStories(failing, owner.id, { transcript: TRANSCRIPT, projectId: null }).catch(
      (e: AppError) => e,
    );
    expect(failed).toBeInstanceOf(AppError);
    const { id } = (await listTranscripts(failing, owner.id, {})).transcripts[0]!;

    const working = buildTestDeps({ storyGenerator: () => createFakeStoryGenerator(STORIES) });
    await expectAppError(regenerateStories(working, other.id, id), 404);
    expect(await countRows("generations", "user_id = ?", other.id)).toBe(0);

    const result = finished(await regenerateStories(working, owner.id, id));
    expect(result.transcriptId).toBe(id);
    expect(await getTranscript(working, owner.id, id)).toMatchObject({
      generatedStories: result.data,
      originalStories: result.data,
    });
  });
});

/** A generator that answers only when the test says so; `called` resolves once the provider has been asked. */
function heldGenerator() {
  let answer!: (stories: GeneratedStories) => void;
  let markCalled!: () => void;
  const called = new Promise<void>((resolve) => (markCalled = resolve));
  const generator = createFakeStoryGenerator(() => {
    markCalled();
    return new Promise<GeneratedStories>((resolve) => (answer = resolve));
  });
  return { generator, called, answer: (stories: GeneratedStories) => answer(stories) };
}

const runningSince = async (transcriptId: number) =>
  (await env.DB.prepare("SELECT generation_started_at AS at FROM transcripts WHERE id = ?")
    .bind(transcriptId)
    .first<{ at: number | null }>())!.at;

describe("generation that outlives its request", () => {
  it("runs under waitUntil, marks the transcript as generating from the start until the stories are saved", async () => {
    const user = await createUser();
    const held = heldGenerator();
    const kept: Array<Promise<unknown>> = [];
    const clock = testClock();
    const deps = buildTestDeps({
      now: clock.now,
      storyGenerator: () => held.generator,
      waitUntil: (work) => void kept.push(work),
    });
    const request = generateStories(deps, user.id, { transcript: TRANSCRIPT, projectId: null });
    await held.called;

    expect(kept).toHaveLength(1);
    const { id } = (await listTranscripts(deps, user.id, {})).transcripts[0]!;
    expect(await runningSince(id)).toBe(clock.now());
    held.answer(STORIES);
    await Promise.all(kept);
    expect((await request).transcriptId).toBe(id);
    expect(await runningSince(id)).toBeNull();
  });

  it("refuses a second generation for a transcript while one runs (409), without counting it", async () => {
    const user = await createUser();
    const failing = buildTestDeps({
      storyGenerator: () => createFakeStoryGenerator(new AppError("upstream_error", "Down")),
    });
    await generateStories(failing, user.id, { transcript: TRANSCRIPT, projectId: null }).catch(() => undefined);
    const { id } = (await listTranscripts(failing, user.id, {})).transcripts[0]!;

    const held = heldGenerator();
    const deps = buildTestDeps({ storyGenerator: () => held.generator });
    const first = regenerateStories(deps, user.id, id);
    await held.called;
    await expectAppError(regenerateStories(deps, user.id, id), 409, /already being generated/);
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(1);
    held.answer(STORIES);
    await first;
    await settled();
    expect(await runningSince(id)).toBeNull();
  });

  it("a generation whose Worker was stopped is failed by the sweep after the timeout and given back; a late answer changes nothing", async () => {
    const user = await createUser();
    const held = heldGenerator();
    const clock = testClock();
    const deps = buildTestDeps({ now: clock.now, storyGenerator: () => held.generator });
    // The request is never answered: as if the client left and the Worker was stopped mid-call.
    const request = generateStories(deps, user.id, { transcript: TRANSCRIPT, title: "Stopped", projectId: null });
    await held.called;
    const { id } = (await listTranscripts(deps, user.id, {})).transcripts[0]!;
    const started = clock.now();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});

    await failStaleGenerations(deps.db, deps.generationJobs, started + STALE_GENERATION_MS - 1);
    expect(await runningSince(id)).toBe(started);
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(1);

    await failStaleGenerations(deps.db, deps.generationJobs, started + STALE_GENERATION_MS + 1);
    const failed = (await listTranscripts(deps, user.id, {})).transcripts[0]!;
    expect(failed).toMatchObject({ id, hasStories: false, generationError: INTERRUPTED_GENERATION_MESSAGE });
    expect(await runningSince(id)).toBeNull();
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);
    // Idempotent: a second sweep finds nothing.
    await failStaleGenerations(deps.db, deps.generationJobs, started + STALE_GENERATION_MS + 2);
    expect(
      await countRows("transcripts", "owner_id = ? AND generation_error = ?", user.id, INTERRUPTED_GENERATION_MESSAGE),
    ).toBe(1);
    expect(warned).toHaveBeenCalledTimes(1);

    // The stopped call answers after all: it cannot save over the failure or be counted again.
    held.answer(STORIES);
    await expectAppError(request, 503, /interrupted/);
    await settled();
    expect((await getTranscript(deps, user.id, id)).generatedStories).toBeNull();
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(0);

    // Try Again works as after any failure.
    const retry = buildTestDeps({ storyGenerator: () => createFakeStoryGenerator(STORIES) });
    expect((await regenerateStories(retry, user.id, id)).transcriptId).toBe(id);
    expect(await countRows("generations", "user_id = ?", user.id)).toBe(1);
  });
});
