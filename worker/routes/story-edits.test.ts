import { describe, expect, it } from "vitest";
import type { GeneratedStories, GenerateResponse, Transcript, TranscriptSummary } from "../../schema/api/transcripts";
import { call, json } from "../test/client";
import { createTranscripts, createUser, type TestUser } from "../test/factories";

const TRANSCRIPT = `Ana: Customers keep asking for a way to export their invoices as CSV.
Ben: We should add an export button on the invoices page, and it must include the VAT column.
Ana: Also people need to filter invoices by date before exporting.`;

async function generated(user: TestUser): Promise<GenerateResponse> {
  const response = await call("POST", "/api/generate", { cookie: user.session, body: { transcript: TRANSCRIPT, title: "Invoices" } });
  expect(response.status).toBe(200);
  return json<GenerateResponse>(response);
}

const put = (user: TestUser, id: number, body: unknown) => call("PUT", `/api/transcripts/${id}/stories`, { cookie: user.session, body });
const get = async (user: TestUser, id: number) => json<Transcript>(await call("GET", `/api/transcripts/${id}`, { cookie: user.session }));

function edit(stories: GeneratedStories): GeneratedStories {
  const copy = structuredClone(stories);
  copy.epic.title = "Invoice exports";
  copy.epic.timeline = "Q2 2026";
  copy.userStories[0]!.priority = "Highest";
  copy.userStories[0]!.estimatedHours = 13;
  copy.userStories[0]!.acceptanceCriteria.push("Given an empty month, when I export, then I get a file with only the header row.");
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
    const { data, transcriptId } = await generated(user);
    const edited = edit(data);
    const response = await put(user, transcriptId, edited);
    expect(response.status).toBe(200);
    const saved = await json<Transcript>(response);
    expect(saved.generatedStories?.epic.title).toBe("Invoice exports");

    // After a reload: the edits are what GET returns, and the original generation is still there for Reset.
    const reloaded = await get(user, transcriptId);
    expect(reloaded.generatedStories?.epic).toMatchObject({ title: "Invoice exports", timeline: "Q2 2026" });
    expect(reloaded.generatedStories?.userStories[0]).toMatchObject({ priority: "Highest", estimatedHours: 13 });
    expect(reloaded.generatedStories?.userStories).toHaveLength(data.userStories.length + 1);
    expect(reloaded.originalStories).toEqual(data);
    const list = await json<TranscriptSummary[]>(await call("GET", "/api/transcripts", { cookie: user.session }));
    expect(list.find((t) => t.id === transcriptId)?.storyCount).toBe(data.userStories.length + 1);

    // Saving the original back is how Reset persists.
    expect((await put(user, transcriptId, reloaded.originalStories)).status).toBe(200);
    expect((await get(user, transcriptId)).generatedStories).toEqual(data);
  });

  it("keeps verbatim evidence and drops quotes that are not in the transcript", async () => {
    const user = await createUser();
    const { data, transcriptId } = await generated(user);
    const real = data.userStories[0]!.evidence![0]!;
    expect(TRANSCRIPT.slice(real.start, real.end)).toBe(real.quote);
    const edited = structuredClone(data);
    edited.userStories[0]!.evidence = [real, { quote: "Ben: and it must be free forever.", start: 0, end: 33 }];
    const saved = await json<Transcript>(await put(user, transcriptId, edited));
    expect(saved.generatedStories?.userStories[0]?.evidence).toEqual([real]);
  });

  it("rejects invalid stories with a 400 in the shared error shape and changes nothing", async () => {
    const user = await createUser();
    const { data, transcriptId } = await generated(user);
    const invalid: unknown[] = [
      { ...data, epic: { ...data.epic, title: "   " } },
      { ...data, userStories: [{ ...data.userStories[0], priority: "Urgent" }] },
      { ...data, userStories: [{ ...data.userStories[0], estimatedHours: -1 }] },
      { ...data, userStories: [{ ...data.userStories[0], estimatedHours: 2.5 }] },
      { ...data, userStories: [{ ...data.userStories[0], acceptanceCriteria: [""] }] },
      { epic: data.epic },
      [],
    ];
    for (const body of invalid) {
      const response = await put(user, transcriptId, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, code: "validation_failed", error: expect.any(String), requestId: expect.any(String) });
    }
    expect((await get(user, transcriptId)).generatedStories).toEqual(data);
  });

  it("answers 404 for another user's transcript or one that does not exist, and 409 while there are no stories", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { data, transcriptId } = await generated(owner);
    expect((await put(other, transcriptId, data)).status).toBe(404);
    expect((await put(owner, 999_999, data)).status).toBe(404);
    expect((await get(owner, transcriptId)).generatedStories).toEqual(data);

    const [, processing] = await createTranscripts(owner, { count: 2 });
    const conflict = await put(owner, processing!, data);
    expect(conflict.status).toBe(409);
    expect((await json<{ error: string }>(conflict)).error).toContain("doesn't have generated stories");
  });

  it("a new generation becomes the new original", async () => {
    const user = await createUser();
    const { data, transcriptId } = await generated(user);
    await put(user, transcriptId, edit(data));
    const again = await call("POST", `/api/transcripts/${transcriptId}/generate`, { cookie: user.session });
    expect(again.status).toBe(200);
    const reloaded = await get(user, transcriptId);
    expect(reloaded.originalStories).toEqual(reloaded.generatedStories);
    expect(reloaded.generatedStories?.epic.title).not.toBe("Invoice exports");
  });
});
