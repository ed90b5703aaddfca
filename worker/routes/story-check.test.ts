import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Quality } from "../../schema/api/quality-body";
import type { CheckStoriesResponse } from "../../schema/api/story-check";
import type { GeneratedStories, GenerateResponse, Transcript, UserStory } from "../../schema/api/transcripts";
import { call, json } from "../test/client";
import { createUser, type TestUser } from "../test/factories";

// Issue 27: the quality gate through the API. What each rule finds is in worker/services/quality/*.test.ts; here:
// the contract, who may call it, bad input, and that generation, GET, save and restore carry the report.

const TRANSCRIPT = `Ana: Customers keep asking for a way to export their invoices as CSV.
Ben: We should add an export button on the invoices page, and it must include the VAT column.
Ana: Also people need to filter invoices by date before exporting.
Ben: Let's not build the PDF invoices this quarter.`;

const STORIES: GeneratedStories = {
  epic: { title: "Invoice exports", description: "Exports of invoices.", team: "", priority: "High" },
  userStories: [
    {
      title: "Export invoices as CSV",
      description: "As an accountant, I want to export my invoices as a CSV file, so that I can file them.",
      acceptanceCriteria: ["The file has one row per invoice with its date, total and VAT"],
      priority: "High",
      storyPoints: 3,
      estimatedHours: 12,
    },
    {
      title: "Filter invoices by",
      description: "As an accountant, I want to filter and sort invoices by date.",
      acceptanceCriteria: ["Filter invoices by"],
      priority: "Medium",
      storyPoints: 4,
      estimatedHours: 90,
    },
  ],
};

const check = (user: TestUser | undefined, body: unknown) =>
  call("POST", "/api/stories/check", { cookie: user?.session, body });

function expectQualityShape(quality: Quality, stories: number) {
  expect(quality.stories.map((s) => s.index)).toEqual([...Array(stories).keys()]);
  for (const s of quality.stories) {
    expect(s.score).toBeGreaterThanOrEqual(0);
    expect(s.score).toBeLessThanOrEqual(100);
    for (const i of s.issues) expect(["error", "warning"]).toContain(i.severity);
  }
}

describe("POST /api/stories/check", () => {
  it("checks each story and the set, and names the fields to change", async () => {
    const user = await createUser();
    const response = await check(user, { stories: STORIES });
    expect(response.status).toBe(200);
    const { success, data } = await json<CheckStoriesResponse>(response);
    expect(success).toBe(true);
    expectQualityShape(data, 2);
    expect(data.coverage).toBeNull();
    expect(data.stories[0]!.issues.filter((i) => i.severity === "error")).toEqual([]);
    const second = data.stories[1]!;
    expect(
      second.issues
        .filter((i) => i.severity === "error")
        .map((i) => `${i.criterion}:${i.field}`)
        .sort(),
    ).toEqual(
      [
        "atomic:description",
        "estimable:estimatedHours",
        "estimable:storyPoints",
        "full_sentence:title",
        "testable_criteria:acceptanceCriteria",
      ].sort(),
    );
    expect(second.score).toBeLessThan(data.stories[0]!.score);
  });

  it("reports what the transcript asked, with verbatim quotes, when it is sent", async () => {
    const user = await createUser();
    const { data } = await json<CheckStoriesResponse>(await check(user, { transcript: TRANSCRIPT, stories: STORIES }));
    expect(data.coverage).not.toBeNull();
    const items = data.coverage!.items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(TRANSCRIPT.slice(item.start, item.end)).toBe(item.quote);
    expect(data.coverage!.asks.total).toBe(items.filter((i) => i.kind === "ask").length);
    expect(data.coverage!.asks.covered).toBe(items.filter((i) => i.kind === "ask" && i.coveredBy.length > 0).length);
  });

  it("answers 401 signed out and a clear 400 in the shared shape for bad input", async () => {
    expect((await check(undefined, { stories: STORIES })).status).toBe(401);
    const user = await createUser();
    for (const body of [
      {},
      { stories: { epic: {} } },
      { stories: STORIES, transcript: 7 },
      { stories: STORIES, transcript: "x".repeat(200_001) },
    ]) {
      const response = await check(user, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await json(response)).toMatchObject({ success: false, code: "validation_failed" });
    }
  });
});

describe("the report travels with the stories", () => {
  it("comes with a generation, with GET, and is made again when stories are saved or restored", async () => {
    const user = await createUser();
    const generated = await json<GenerateResponse>(
      await call("POST", "/api/generate", {
        cookie: user.session,
        body: { transcript: TRANSCRIPT, title: "Invoices" },
      }),
    );
    expectQualityShape(generated.quality, generated.data.userStories.length);
    expect(generated.quality.coverage?.asks.total).toBeGreaterThan(0);
    // the embedded generator keeps no story in error (it mends or drops them)
    expect(generated.quality.stories.flatMap((s) => s.issues).filter((i) => i.severity === "error")).toEqual([]);

    const id = generated.transcriptId;
    const read = await json<Transcript>(await call("GET", `/api/transcripts/${id}`, { cookie: user.session }));
    expect(read.quality).toEqual(generated.quality);

    const saved = await call("PUT", `/api/transcripts/${id}/stories`, {
      cookie: user.session,
      body: { storiesVersion: read.storiesVersion, stories: STORIES },
    });
    expect(saved.status).toBe(200);
    const edited = await json<Transcript>(saved);
    expectQualityShape(edited.quality!, 2);
    // a person's stories are checked, never mended: the broken title is still there, flagged
    expect(edited.generatedStories!.userStories[1]!.title).toBe("Filter invoices by");
    expect(edited.quality!.stories[1]!.issues.map((i) => i.criterion)).toContain("full_sentence");
    expect(
      (await json<Transcript>(await call("GET", `/api/transcripts/${id}`, { cookie: user.session }))).quality,
    ).toEqual(edited.quality);

    // regenerating keeps the edits as the previous version; restoring brings them back with their report
    await call("POST", `/api/transcripts/${id}/generate`, { cookie: user.session });
    const restored = await json<Transcript>(
      await call("POST", `/api/transcripts/${id}/stories/restore`, { cookie: user.session }),
    );
    expect(restored.generatedStories!.userStories.map((s) => s.title)).toEqual(STORIES.userStories.map((s) => s.title));
    expect(restored.quality).toEqual(edited.quality);
    const stored = await env.DB.prepare("SELECT quality FROM transcripts WHERE id = ?")
      .bind(id)
      .first<{ quality: string }>();
    expect(JSON.parse(stored!.quality).report).toEqual(edited.quality);
  });
});

describe("POST /api/stories/check with evidence as quotes alone (issue 42)", () => {
  it("finds each quote in the transcript and answers its offsets, or says it was not found", async () => {
    const user = await createUser();
    const quote = "it must include the VAT column";
    const [first, second] = STORIES.userStories as [UserStory, UserStory];
    const response = await check(user, {
      transcript: TRANSCRIPT,
      stories: {
        ...STORIES,
        userStories: [
          { ...first, evidence: [{ quote }, { quote: "We will ship PDF invoices next week" }] },
          // a wrong offset is corrected as if none had been sent
          { ...second, evidence: [{ quote: "filter invoices by date", start: 0, end: 23 }] },
        ],
      },
    });
    expect(response.status).toBe(200);
    const { data } = await json<CheckStoriesResponse>(response);
    expect(data.evidence).toEqual([
      { story: 0, quote, found: true, start: TRANSCRIPT.indexOf(quote), end: TRANSCRIPT.indexOf(quote) + quote.length },
      { story: 0, quote: "We will ship PDF invoices next week", found: false, start: null, end: null },
      {
        story: 1,
        quote: "filter invoices by date",
        found: true,
        start: TRANSCRIPT.indexOf("filter invoices by date"),
        end: TRANSCRIPT.indexOf("filter invoices by date") + 23,
      },
    ]);
    // the gate reads the found quote as evidence and the missing one as not word for word
    const messages = data.stories[0]!.issues.map((i) => i.message);
    expect(messages).toContain(
      "Evidence 2 is not word for word what the transcript says: copy the quote exactly as it was said.",
    );
    expect(messages.filter((m) => m.startsWith("Evidence 1 is not word for word"))).toEqual([]);
  });

  it("lists no quotes without a transcript, and refuses half an offset pair's wrong types", async () => {
    const user = await createUser();
    const stories = { ...STORIES, userStories: [{ ...STORIES.userStories[0]!, evidence: [{ quote: "anything" }] }] };
    const answer = await check(user, { stories });
    expect(answer.status).toBe(200);
    expect((await json<CheckStoriesResponse>(answer)).data.evidence).toEqual([]);
    const bad = { ...STORIES, userStories: [{ ...STORIES.userStories[0]!, evidence: [{ quote: "x", start: "0" }] }] };
    expect((await check(user, { transcript: TRANSCRIPT, stories: bad })).status).toBe(400);
  });
});
