import { describe, expect, it } from "vitest";
import type {
  GeneratedStories,
  GenerateResponse,
  StaleStoriesDetails,
  Transcript,
  TranscriptPage,
} from "../../schema/api/transcripts";
import { call, json } from "../test/client";
import { createTranscripts, createTranscriptWithStories, createUser, type TestUser } from "../test/factories";
import { WORST_CASE_BOUND_MS, worstCaseGateBody } from "../test/worst-case-gate";

const TRANSCRIPT = `Ana: Customers keep asking for a way to export their invoices as CSV.
Ben: We should add an export button on the invoices page, and it must include the VAT column.
Ana: Also people need to filter invoices by date before exporting.`;

async function generated(user: TestUser): Promise<GenerateResponse> {
  const response = await call("POST", "/api/generate", {
    cookie: user.session,
    body: { transcript: TRANSCRIPT, title: "Invoices" },
  });
  expect(response.status).toBe(200);
  return json<GenerateResponse>(response);
}

const putBody = (user: TestUser, id: number, body: unknown) =>
  call("PUT", `/api/transcripts/${id}/stories`, { cookie: user.session, body });
/** Saves `stories` as an edit of `storiesVersion`. */
const put = (user: TestUser, id: number, stories: unknown, storiesVersion: number) =>
  putBody(user, id, { storiesVersion, stories });
const get = async (user: TestUser, id: number) =>
  json<Transcript>(await call("GET", `/api/transcripts/${id}`, { cookie: user.session }));

function edit(stories: GeneratedStories): GeneratedStories {
  const copy = structuredClone(stories);
  copy.epic.title = "Invoice exports";
  copy.epic.timeline = "Q2 2026";
  copy.userStories[0]!.priority = "Highest";
  copy.userStories[0]!.estimatedHours = 13;
  copy.userStories[0]!.acceptanceCriteria.push(
    "Given an empty month, when I export, then I get a file with only the header row.",
  );
  copy.userStories.push({
    title: "Remember the last date filter",
    description: "As an accountant, I want my last filter kept, so that monthly exports are quick.",
    acceptanceCriteria: ["Given I filtered by March, when I come back, then March is still selected."],
    priority: "Lowest",
    storyPoints: 2,
    estimatedHours: 4,
  });
  return copy;
}

describe("PUT /api/transcripts/{id}/stories", () => {
  it("saves the edits, keeps the original generation for Reset, and updates the story count", async () => {
    const user = await createUser();
    const { data, transcriptId, storiesVersion } = await generated(user);
    expect((await get(user, transcriptId)).storiesVersion).toBe(storiesVersion);
    const edited = edit(data);
    const response = await put(user, transcriptId, edited, storiesVersion);
    expect(response.status).toBe(200);
    const saved = await json<Transcript>(response);
    expect(saved.generatedStories?.epic.title).toBe("Invoice exports");
    expect(saved.storiesVersion).toBe(storiesVersion + 1);

    // After a reload: the edits are what GET returns, and the original generation is still there for Reset.
    const reloaded = await get(user, transcriptId);
    expect(reloaded.generatedStories?.epic).toMatchObject({ title: "Invoice exports", timeline: "Q2 2026" });
    expect(reloaded.generatedStories?.userStories[0]).toMatchObject({ priority: "Highest", estimatedHours: 13 });
    expect(reloaded.generatedStories?.userStories).toHaveLength(data.userStories.length + 1);
    expect(reloaded.originalStories).toEqual(data);
    expect(reloaded.storiesVersion).toBe(saved.storiesVersion);
    const list = (await json<TranscriptPage>(await call("GET", "/api/transcripts", { cookie: user.session })))
      .transcripts;
    expect(list.find((t) => t.id === transcriptId)?.storyCount).toBe(data.userStories.length + 1);

    // Saving the original back is how Reset persists.
    expect((await put(user, transcriptId, reloaded.originalStories, reloaded.storiesVersion)).status).toBe(200);
    expect((await get(user, transcriptId)).generatedStories).toEqual(data);
  });

  it("keeps verbatim evidence and drops quotes that are not in the transcript", async () => {
    const user = await createUser();
    const { data, transcriptId, storiesVersion } = await generated(user);
    const real = data.userStories[0]!.evidence![0]!;
    expect(TRANSCRIPT.slice(real.start, real.end)).toBe(real.quote);
    const edited = structuredClone(data);
    edited.userStories[0]!.evidence = [real, { quote: "Ben: and it must be free forever.", start: 0, end: 33 }];
    const saved = await json<Transcript>(await put(user, transcriptId, edited, storiesVersion));
    expect(saved.generatedStories?.userStories[0]?.evidence).toEqual([real]);
  });

  it("rejects invalid stories, or a save without the version it edited, with a 400 in the shared error shape and changes nothing", async () => {
    const user = await createUser();
    const { data, transcriptId, storiesVersion } = await generated(user);
    const invalid: unknown[] = [
      { ...data, epic: { ...data.epic, title: "   " } },
      { ...data, userStories: [{ ...data.userStories[0], priority: "Urgent" }] },
      { ...data, userStories: [{ ...data.userStories[0], estimatedHours: -1 }] },
      { ...data, userStories: [{ ...data.userStories[0], estimatedHours: 2.5 }] },
      { ...data, userStories: [{ ...data.userStories[0], acceptanceCriteria: [""] }] },
      { epic: data.epic },
      [],
    ];
    const requests = [
      ...invalid.map((stories) => ({ storiesVersion, stories })),
      data,
      { stories: data },
      { storiesVersion: "1", stories: data },
      { storiesVersion: -1, stories: data },
    ];
    for (const body of requests) {
      const response = await putBody(user, transcriptId, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        success: false,
        code: "validation_failed",
        error: expect.any(String),
        requestId: expect.any(String),
      });
    }
    expect((await get(user, transcriptId)).generatedStories).toEqual(data);
  });

  it("answers 404 for another user's transcript or one that does not exist, and 409 while there are no stories", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { data, transcriptId, storiesVersion } = await generated(owner);
    expect((await put(other, transcriptId, data, storiesVersion)).status).toBe(404);
    expect((await put(owner, 999_999, data, storiesVersion)).status).toBe(404);
    expect((await get(owner, transcriptId)).generatedStories).toEqual(data);

    const [, processing] = await createTranscripts(owner, { count: 2 });
    const conflict = await put(owner, processing!, data, 0);
    expect(conflict.status).toBe(409);
    expect((await json<{ error: string }>(conflict)).error).toContain("doesn't have generated stories");
  });

  it("a new generation becomes the new original", async () => {
    const user = await createUser();
    const { data, transcriptId, storiesVersion } = await generated(user);
    await put(user, transcriptId, edit(data), storiesVersion);
    const again = await call("POST", `/api/transcripts/${transcriptId}/generate`, { cookie: user.session });
    expect(again.status).toBe(200);
    const reloaded = await get(user, transcriptId);
    expect(reloaded.originalStories).toEqual(reloaded.generatedStories);
    expect(reloaded.generatedStories?.epic.title).not.toBe("Invoice exports");
  });
});

describe("stale saves (two tabs editing the same stories)", () => {
  it("of 10 saves of the same version at once exactly one is kept; the others get 409 with what is saved now", async () => {
    const user = await createUser();
    const { data, transcriptId, storiesVersion } = await generated(user);
    const edits = Array.from({ length: 10 }, (_, i) => ({ ...data, epic: { ...data.epic, title: `Tab ${i}` } }));
    const responses = await Promise.all(edits.map((stories) => put(user, transcriptId, stories, storiesVersion)));

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const winner = await json<Transcript>(responses[statuses.indexOf(200)]!);
    expect(winner.storiesVersion).toBe(storiesVersion + 1);
    const current = await get(user, transcriptId);
    expect(current).toMatchObject({ storiesVersion: storiesVersion + 1, generatedStories: winner.generatedStories });
    for (const response of responses.filter((r) => r.status === 409)) {
      const body = await json<{ code: string; error: string; details: StaleStoriesDetails }>(response);
      expect(body.code).toBe("conflict");
      expect(body.error).toContain("changed in another tab or window");
      expect(body.details).toEqual({ storiesVersion: storiesVersion + 1, generatedStories: winner.generatedStories });
    }
  });

  it("a stale save changes nothing; saving again against the current version overwrites", async () => {
    const user = await createUser();
    const { data, transcriptId, storiesVersion } = await generated(user);
    expect((await put(user, transcriptId, edit(data), storiesVersion)).status).toBe(200);

    const mine = { ...data, epic: { ...data.epic, title: "My edit" } };
    const stale = await put(user, transcriptId, mine, storiesVersion);
    expect(stale.status).toBe(409);
    const { details } = await json<{ details: StaleStoriesDetails }>(stale);
    expect((await get(user, transcriptId)).generatedStories?.epic.title).toBe("Invoice exports");

    const overwrite = await put(user, transcriptId, mine, details.storiesVersion);
    expect(overwrite.status).toBe(200);
    expect(await get(user, transcriptId)).toMatchObject({
      storiesVersion: details.storiesVersion + 1,
      generatedStories: { epic: { title: "My edit" } },
    });
  });
});

describe("regenerating edited stories keeps them; POST /api/transcripts/{id}/stories/restore brings them back", () => {
  const regenerate = async (user: TestUser, id: number) => {
    const response = await call("POST", `/api/transcripts/${id}/generate`, { cookie: user.session });
    expect(response.status).toBe(200);
    return json<GenerateResponse>(response);
  };
  const restore = (user: TestUser, id: number) =>
    call("POST", `/api/transcripts/${id}/stories/restore`, { cookie: user.session });

  it("keeps the edited set as the previous version, says so, and restoring swaps the two (each time a new version)", async () => {
    const user = await createUser();
    const { data, transcriptId, storiesVersion } = await generated(user);
    expect((await get(user, transcriptId)).previousStories).toBeNull();
    const edited = await json<Transcript>(await put(user, transcriptId, edit(data), storiesVersion));

    const again = await regenerate(user, transcriptId);
    expect(again).toMatchObject({ previousStoriesKept: true, storiesVersion: edited.storiesVersion + 1 });
    const afterRegeneration = await get(user, transcriptId);
    expect(afterRegeneration.previousStories).toEqual(edited.generatedStories);
    expect(afterRegeneration.generatedStories).toEqual(again.data);

    const restored = await restore(user, transcriptId);
    expect(restored.status).toBe(200);
    const back = await json<Transcript>(restored);
    expect(back).toMatchObject({
      generatedStories: edited.generatedStories,
      previousStories: again.data,
      originalStories: again.data,
      storiesVersion: again.storiesVersion + 1,
    });
    expect(await get(user, transcriptId)).toEqual(back);
    const list = (await json<TranscriptPage>(await call("GET", "/api/transcripts", { cookie: user.session })))
      .transcripts;
    expect(list.find((t) => t.id === transcriptId)?.storyCount).toBe(edited.generatedStories!.userStories.length);

    // An editor still open on the regenerated stories is now stale.
    expect((await put(user, transcriptId, again.data, again.storiesVersion)).status).toBe(409);
    // Restoring again goes back to the regenerated stories.
    const swappedBack = await json<Transcript>(await restore(user, transcriptId));
    expect(swappedBack).toMatchObject({ generatedStories: again.data, previousStories: edited.generatedStories });
  });

  it("keeps nothing when the stories had no edits (an edit reset to the original counts as none); restore then answers 409", async () => {
    const user = await createUser();
    const { transcriptId } = await generated(user);
    const again = await regenerate(user, transcriptId);
    expect(again.previousStoriesKept).toBe(false);

    // Edited, then Reset to Original and saved: the stories are the original again.
    const edited = await json<Transcript>(await put(user, transcriptId, edit(again.data), again.storiesVersion));
    expect((await put(user, transcriptId, edited.originalStories, edited.storiesVersion)).status).toBe(200);
    expect((await regenerate(user, transcriptId)).previousStoriesKept).toBe(false);
    expect((await get(user, transcriptId)).previousStories).toBeNull();

    const nothing = await restore(user, transcriptId);
    expect(nothing.status).toBe(409);
    expect((await json<{ error: string }>(nothing)).error).toBe(
      "There is no previous version of these stories to restore.",
    );
  });
});

describe("PUT /api/transcripts/{id}/stories with the quality gate's worst case (issue 39)", () => {
  it("answers a stale save before the gate reads the transcript, and a current one within the gate's bound", async () => {
    const user = await createUser();
    const { transcript, stories } = worstCaseGateBody();
    const id = await createTranscriptWithStories(user, null, { count: 1 }, transcript);
    const { storiesVersion } = await get(user, id);
    const timed = async (version: number) => {
      const started = performance.now();
      const response = await put(user, id, stories, version);
      return {
        status: response.status,
        ms: performance.now() - started,
        body: await json<Record<string, unknown>>(response),
      };
    };
    const stale = await timed(storiesVersion + 1);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "conflict", details: { storiesVersion } });
    const current = await timed(storiesVersion);
    expect(current.status).toBe(200);
    expect(current.ms).toBeLessThan(WORST_CASE_BOUND_MS);
    // the stale answer did none of the gate's work: a fraction of the save that did
    expect(stale.ms).toBeLessThan(current.ms / 3);
  }, 60_000);
});
