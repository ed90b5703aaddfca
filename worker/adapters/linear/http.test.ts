import { describe, expect, it } from "vitest";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import { FAKE_LINEAR_API_KEY, FakeLinear, type FakeLinearOptions } from "../../test/linear/fake-linear";
import { mockLinear } from "../../test/linear/mock";
import { jsonResponse, mockOutbound } from "../../test/outbound";
import { TrackerError } from "../tracker";
import { exportId, markerLine } from "./format";
import { createLinear, type HttpLinearOptions } from "./http";
import type { LinearSettings } from "./index";

const REF = "0123456789ab";
const ENG = "5b0c3c1e-1f0a-4c8e-9d52-6f3f0e4a1a01";
const DES = "5b0c3c1e-1f0a-4c8e-9d52-6f3f0e4a1a02";
const settings = (epicAs: LinearSettings["epicAs"] = "issue"): LinearSettings => ({
  teamId: ENG,
  teamKey: "ENG",
  teamName: "Engineering",
  epicAs,
});
const epic: Epic = { title: "Checkout", description: "Let shoppers pay.", team: "Payments", priority: "High" };
const stories: UserStory[] = [1, 4, 13].map((points, i) => ({
  title: `Story ${i + 1}`,
  description: `As a shopper I want thing ${i + 1} so that I can pay.`,
  acceptanceCriteria: [`Criterion ${i + 1}`],
  priority: (["High", "Medium", "Lowest"] as const)[i]!,
  storyPoints: points,
  estimatedHours: 2,
}));

/** A fresh emulator behind api.linear.app and an adapter whose waits are recorded, not slept. */
function setup(fakeOptions: FakeLinearOptions = {}, adapterOptions: Partial<HttpLinearOptions> = {}) {
  const fake = new FakeLinear(fakeOptions);
  const mock = mockLinear(fake);
  const waits: number[] = [];
  const linear = createLinear({
    apiBase: null,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...adapterOptions,
  });
  return { fake, mock, linear, waits };
}

async function refusal(promise: Promise<unknown>): Promise<TrackerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrackerError);
  return error as TrackerError;
}

describe("Linear adapter: the wizard's reads", () => {
  it("reads the viewer, the teams and a team's estimates and storyloom label", async () => {
    const { linear, mock } = setup();
    expect(await linear.viewer(FAKE_LINEAR_API_KEY)).toEqual({ name: "Dana Demo", email: "dana@example.com" });
    expect(await linear.teams(FAKE_LINEAR_API_KEY)).toEqual([
      { id: ENG, key: "ENG", name: "Engineering" },
      { id: DES, key: "DES", name: "Design" },
    ]);
    expect(await linear.team(FAKE_LINEAR_API_KEY, ENG)).toEqual({
      id: ENG,
      key: "ENG",
      name: "Engineering",
      estimation: { type: "fibonacci", allowZero: false, extended: false },
      labelId: "7d9e2a40-3b1c-4e5f-8a6b-0c1d2e3f4a01",
    });
    expect((await linear.team(FAKE_LINEAR_API_KEY, DES)).estimation).toBeNull();
    // One endpoint, the key as it is (no "Bearer"), redirects never followed.
    for (const call of mock.calls) {
      expect(`${call.method} ${call.url}`).toBe("POST https://api.linear.app/graphql");
      expect(call.headers.get("Authorization")).toBe(FAKE_LINEAR_API_KEY);
    }
    expect(mock.spy.mock.calls.every(([, init]) => init?.redirect === "manual")).toBe(true);
  });

  it("prefers the team's own storyloom label, ignores other teams' and label groups, and finds none when absent", async () => {
    const labels = [
      { id: "7d9e2a40-0000-4000-8000-000000000001", name: "storyloom", teamId: DES },
      { id: "7d9e2a40-0000-4000-8000-000000000002", name: "STORYLOOM", teamId: null, isGroup: true },
      { id: "7d9e2a40-0000-4000-8000-000000000003", name: "StoryLoom", teamId: null },
      { id: "7d9e2a40-0000-4000-8000-000000000004", name: "Storyloom", teamId: ENG },
    ];
    const { linear } = setup({ labels });
    expect((await linear.team(FAKE_LINEAR_API_KEY, ENG)).labelId).toBe(labels[3]!.id);
    expect((await linear.team(FAKE_LINEAR_API_KEY, DES)).labelId).toBe(labels[0]!.id);
    const none = setup({ labels: [{ id: "7d9e2a40-0000-4000-8000-000000000005", name: "Bug", teamId: null }] });
    expect((await none.linear.team(FAKE_LINEAR_API_KEY, ENG)).labelId).toBeNull();
  });

  it("says the key was refused, without the key", async () => {
    const { linear } = setup();
    const error = await refusal(linear.viewer("lin_api_not_the_right_one"));
    expect(error.kind).toBe("unauthorized");
    expect(error.message).not.toContain("lin_api_not_the_right_one");
    expect((await refusal(linear.teams(""))).kind).toBe("unauthorized");
  });

  it("says an unknown team is not found", async () => {
    const { linear } = setup();
    const error = await refusal(linear.team(FAKE_LINEAR_API_KEY, "00000000-0000-4000-8000-000000000000"));
    expect(error.kind).toBe("not_found");
    expect(error.message).toMatch(/team/);
  });
});

describe("Linear adapter: an export", () => {
  it("creates the epic and 3 sub-issues in N + 2 requests, each with its derived id, label, estimate and marker", async () => {
    const { linear, fake } = setup();
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    const created = await session.createEpic(epic);
    expect(created).toEqual({
      id: await exportId(REF, "epic"),
      key: "ENG-1",
      url: "https://linear.app/storyloom-demo/issue/ENG-1/checkout",
      title: "Checkout",
      parentKey: null,
    });
    const items = [];
    for (const [position, story] of stories.entries())
      items.push(await session.createStory(story, position, { key: created.key, url: created.url }));
    expect(items.map((i) => [i.key, i.parentKey])).toEqual([
      ["ENG-2", "ENG-1"],
      ["ENG-3", "ENG-1"],
      ["ENG-4", "ENG-1"],
    ]);
    expect(items.map((i) => i.id)).toEqual(await Promise.all([0, 1, 2].map((p) => exportId(REF, p))));

    // The calls: one team read (estimates, label) on first use, the epic, one create per story: N + 2.
    expect(fake.requests.map((r) => r.operationName)).toEqual([
      "StoryLoomTeam",
      "StoryLoomIssueCreate",
      "StoryLoomIssueCreate",
      "StoryLoomIssueCreate",
      "StoryLoomIssueCreate",
    ]);
    expect(fake.requests).toHaveLength(stories.length + 2);

    const [epicIssue, ...storyIssues] = fake.issues;
    expect(epicIssue).toMatchObject({
      priority: 2,
      estimate: null,
      labelIds: ["7d9e2a40-3b1c-4e5f-8a6b-0c1d2e3f4a01"],
    });
    expect(storyIssues.map((i) => [i.parentId, i.priority, i.estimate])).toEqual([
      [created.id, 2, 1],
      [created.id, 3, 5],
      [created.id, 4, 8],
    ]);
    for (const issue of fake.issues) expect(issue.description?.endsWith(markerLine(REF))).toBe(true);
    expect(storyIssues[0]!.description).toContain("## Acceptance criteria\n\n- [ ] Criterion 1");
  });

  it("sends no estimate to a team that does not estimate, and no label when there is none", async () => {
    const { linear, fake } = setup({ labels: [] });
    const session = linear.open(FAKE_LINEAR_API_KEY, { ...settings(), teamId: DES, teamKey: "DES" }, REF);
    const created = await session.createEpic(epic);
    await session.createStory(stories[1]!, 0, created);
    expect(fake.requestsTo("StoryLoomIssueCreate").map((r) => r.variables.input as Record<string, unknown>)).toEqual([
      expect.not.objectContaining({ labelIds: expect.anything() }),
      expect.not.objectContaining({ estimate: expect.anything() }),
    ]);
  });

  it("finds what the export made afterwards, with parents, and nothing else", async () => {
    const { linear, fake } = setup();
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    expect(await session.findExported(null)).toEqual([]);
    const created = await session.createEpic(epic);
    for (const [position, story] of stories.entries()) await session.createStory(story, position, created);
    fake.addIssue({ title: "Added by hand", parentId: created.id });
    fake.addIssue({ title: "Unrelated" });

    const again = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    const found = await again.findExported(created);
    expect(found.map((i) => [i.key, i.title, i.parentKey])).toEqual([
      ["ENG-1", "Checkout", null],
      ["ENG-2", "Story 1", "ENG-1"],
      ["ENG-3", "Story 2", "ENG-1"],
      ["ENG-4", "Story 3", "ENG-1"],
    ]);
    // Another export's marker finds nothing here.
    expect(await linear.open(FAKE_LINEAR_API_KEY, settings(), "ba9876543210").findExported(null)).toEqual([]);
    // A repeated create of the same story is refused: the id is taken, no second issue.
    const error = await refusal(again.createStory(stories[0]!, 0, created));
    expect(error.kind).toBe("invalid");
    expect(error.mayHaveApplied).toBe(false);
    expect(fake.issues).toHaveLength(6);
  });

  it("exports the epic as a project, with the stories in it, and finds them again", async () => {
    const { linear, fake } = setup();
    const session = linear.open(FAKE_LINEAR_API_KEY, settings("project"), REF);
    const created = await session.createEpic({ ...epic, description: `${"A long summary. ".repeat(30)}\n\nBody.` });
    expect(created).toMatchObject({ id: await exportId(REF, "epic"), title: "Checkout", parentKey: null });
    expect(fake.projects[0]).toMatchObject({ teamIds: [ENG], priority: 2 });
    expect(fake.projects[0]!.description.length).toBeLessThanOrEqual(255);
    expect(fake.projects[0]!.content).toContain(markerLine(REF));
    const items = [];
    for (const [position, story] of stories.entries()) items.push(await session.createStory(story, position, created));
    expect(items.every((i) => i.parentKey === created.key)).toBe(true);
    expect(fake.issues.every((i) => i.projectId === created.id && i.parentId === null)).toBe(true);
    expect(fake.requests).toHaveLength(stories.length + 2);

    const found = await linear.open(FAKE_LINEAR_API_KEY, settings("project"), REF).findExported(created);
    expect(found.map((i) => [i.title, i.parentKey])).toEqual([
      ["Checkout", null],
      ["Story 1", created.key],
      ["Story 2", created.key],
      ["Story 3", created.key],
    ]);
  });

  it("links nothing: a story under its epic is a no-op, any other is refused", async () => {
    const { linear, mock } = setup();
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    const epicRef = { key: "ENG-1", url: "https://linear.app/x/issue/ENG-1" };
    const story = { id: "s", key: "ENG-2", url: "u", title: "t", parentKey: "ENG-1" };
    await session.linkStory(epicRef, story);
    expect((await refusal(session.linkStory(epicRef, { ...story, parentKey: null }))).kind).toBe("invalid");
    expect(mock.calls).toHaveLength(0);
  });
});

describe("Linear adapter: failures", () => {
  it("waits out a rate limit (429 with Retry-After, or Linear's 200 with a ratelimited error) and succeeds", async () => {
    const { linear, fake, waits } = setup();
    fake.failNext(1, { status: 429, retryAfter: 2 });
    fake.failNext(1, { status: 200, errorType: "ratelimited" });
    expect((await linear.viewer(FAKE_LINEAR_API_KEY)).name).toBe("Dana Demo");
    expect(waits).toEqual([2000, 1500]);
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up on a rate limit past the budget, saying when to come back", async () => {
    const { linear, fake, waits } = setup();
    fake.failNext(1, { status: 429, retryAfter: 60 });
    const error = await refusal(linear.viewer(FAKE_LINEAR_API_KEY));
    expect(error).toMatchObject({ kind: "rate_limited", retryAfter: 60 });
    expect(waits).toEqual([]);
  });

  it("retries a failed read once, never a create, and marks a create's 5xx as may-have-applied", async () => {
    const { linear, fake } = setup();
    fake.failNext(1, { status: 503 });
    expect(await linear.teams(FAKE_LINEAR_API_KEY)).toHaveLength(2);

    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    const created = await session.createEpic(epic);
    fake.applyThenFail(500);
    const error = await refusal(session.createStory(stories[0]!, 0, created));
    expect(error).toMatchObject({ kind: "unavailable", status: 500, mayHaveApplied: true });
    expect(error.message).toMatch(/may have been created/);
    expect(fake.requestsTo("StoryLoomIssueCreate")).toHaveLength(2);
    expect(await session.findExported(created)).toMatchObject([
      { key: "ENG-1", parentKey: null },
      { key: "ENG-2", parentKey: "ENG-1" },
    ]);
  });

  it("marks a create that timed out as may-have-applied", async () => {
    const { linear, fake } = setup({}, { timeoutMs: 50 });
    const session = linear.open(FAKE_LINEAR_API_KEY, { ...settings("project") }, REF);
    fake.hangNext();
    expect(await refusal(session.createEpic(epic))).toMatchObject({ kind: "unavailable", mayHaveApplied: true });
  });

  it("treats a wrong-shaped answer as unavailable", async () => {
    mockOutbound({
      "POST https://api.linear.app/graphql": () => jsonResponse({ data: { viewer: { name: 5 } } }),
    });
    const linear = createLinear({ apiBase: null, sleep: async () => undefined });
    const error = await refusal(linear.viewer(FAKE_LINEAR_API_KEY));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toMatch(/shape/);
  });

  it("does not read an HTML answer", async () => {
    const { calls } = mockOutbound({
      "POST https://api.linear.app/graphql": () =>
        new Response("<html>sign in</html>", { status: 200, headers: { "Content-Type": "text/html" } }),
    });
    const linear = createLinear({ apiBase: null, sleep: async () => undefined });
    expect((await refusal(linear.viewer(FAKE_LINEAR_API_KEY))).kind).toBe("unavailable");
    expect(calls).toHaveLength(1);
  });

  it("goes to a fake's base when one is given", async () => {
    const fake = new FakeLinear();
    const apiBase = new URL("http://127.0.0.1:12118");
    const mock = mockLinear(fake, { apiBase });
    const linear = createLinear({ apiBase });
    await linear.viewer(FAKE_LINEAR_API_KEY);
    expect(mock.calls.map((c) => c.url)).toEqual(["http://127.0.0.1:12118/graphql"]);
  });
});
