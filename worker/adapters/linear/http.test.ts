import { describe, expect, it } from "vitest";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import { FAKE_LINEAR_API_KEY, FakeLinear, type FakeLinearOptions } from "../../test/linear/fake-linear";
import { mockLinear } from "../../test/linear/mock";
import { jsonResponse, mockOutbound } from "../../test/outbound";
import { BACKLOG_LIMIT, BACKLOG_TEXT, TrackerError, type AppendNote, type TrackerItem } from "../tracker";
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

  it("sends no estimate to a team that does not estimate", async () => {
    const { linear, fake } = setup();
    const session = linear.open(FAKE_LINEAR_API_KEY, { ...settings(), teamId: DES, teamKey: "DES" }, REF);
    const created = await session.createEpic(epic);
    await session.createStory(stories[1]!, 0, created);
    expect(fake.requestsTo("StoryLoomIssueCreate").map((r) => r.variables.input as Record<string, unknown>)).toEqual([
      expect.objectContaining({ labelIds: [expect.any(String)] }),
      expect.not.objectContaining({ estimate: expect.anything() }),
    ]);
  });

  it("creates the team's storyloom label once, before the first create, when there is none", async () => {
    const { linear, fake } = setup({
      labels: [{ id: "7d9e2a40-0000-4000-8000-000000000009", name: "Bug", teamId: null }],
    });
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    const created = await session.createEpic(epic);
    for (const [position, story] of stories.entries()) await session.createStory(story, position, created);
    expect(fake.requests.map((r) => r.operationName)).toEqual([
      "StoryLoomTeam",
      "StoryLoomLabelCreate",
      ...Array.from({ length: stories.length + 1 }, () => "StoryLoomIssueCreate"),
    ]);
    const label = fake.labels.find((l) => l.name === "storyloom")!;
    expect(label).toMatchObject({ teamId: ENG, isGroup: false });
    expect(fake.issues.every((i) => i.labelIds.join() === label.id)).toBe(true);

    // The next session finds it: no second label.
    const next = linear.open(FAKE_LINEAR_API_KEY, settings(), "ba9876543210");
    await next.createEpic(epic);
    expect(fake.requestsTo("StoryLoomLabelCreate")).toHaveLength(1);
    expect(fake.issues.at(-1)!.labelIds).toEqual([label.id]);
  });

  it("goes on without a label when the account may not create one; reads and updates create none", async () => {
    const { linear, fake } = setup({ labels: [] });
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    fake.addIssue({ title: "Someone's" });
    await session.openItems();
    // An update reads the team (its estimates) and creates no label.
    await session.updateStory("ENG-1", stories[0]!, { key: "ENG-9", url: "u" });
    expect(fake.requests.map((r) => r.operationName)).toEqual([
      "StoryLoomOpenIssues",
      "StoryLoomTeam",
      "StoryLoomIssueUpdate",
    ]);
    // The first create tries the label once; refused, the issues are created without one.
    fake.failNext(1, { status: 403, errorType: "forbidden" });
    const created = await session.createEpic(epic);
    await session.createStory(stories[0]!, 0, created);
    expect(fake.requests.slice(3).map((r) => [r.operationName, r.status])).toEqual([
      ["StoryLoomLabelCreate", 403],
      ["StoryLoomIssueCreate", 200],
      ["StoryLoomIssueCreate", 200],
    ]);
    expect(fake.issues.slice(1).map((i) => i.labelIds)).toEqual([[], []]);
  });

  it("stops when a label create goes unanswered, and the next attempt finds the label it made", async () => {
    const { linear, fake } = setup({ labels: [] });
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    await session.updateStory(fake.addIssue({ title: "Someone's" }).identifier, stories[0]!, { key: "X", url: "u" });
    fake.applyThenFail(502);
    expect(await refusal(session.createEpic(epic))).toMatchObject({ kind: "unavailable", mayHaveApplied: true });
    expect(fake.issues).toHaveLength(1);
    const again = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    await again.createEpic(epic);
    expect(fake.requestsTo("StoryLoomLabelCreate")).toHaveLength(1);
    expect(fake.issues[1]!.labelIds).toEqual([fake.labels[0]!.id]);
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

describe("Linear adapter: the review before an export", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 9, minute)).toISOString();
  const note = (position: number): AppendNote => ({
    marker: `storyloom-${REF}-${position}`,
    heading: "From the meeting of 7 December 2026 (StoryLoom): Pay by card",
    criteria: ["Card form shows", "Declined cards\nsay why"],
    quote: "we lose people at payment",
  });

  it("reads the team's open issues, most recently updated first, as plain text, in one request", async () => {
    const { linear, fake } = setup();
    const epicIssue = fake.addIssue({ title: "Payments", state: "In Progress", updatedAt: at(1) });
    fake.addIssue({
      title: "Card form",
      description: "## Why\n\nShoppers **drop** at [payment](https://x.test/p).\n\n- [ ] Show `cards`\n\n> quoted",
      parentId: epicIssue.id,
      state: "Backlog",
      updatedAt: at(5),
    });
    fake.addIssue({ title: "Shipped", state: "Done", updatedAt: at(9) });
    fake.addIssue({ title: "Dropped", state: "Canceled", updatedAt: at(9) });
    fake.addIssue({ title: "Same as ENG-2", state: "Duplicate", updatedAt: at(9) });
    fake.addIssue({ title: "Design's", teamId: DES, updatedAt: at(9) });
    fake.addIssue({ title: "Receipts", description: null, updatedAt: at(3) });

    const page = await linear.open(FAKE_LINEAR_API_KEY, settings(), REF).openItems();
    expect(page).toEqual({
      truncated: false,
      items: [
        {
          key: "ENG-2",
          title: "Card form",
          description: "Why\n\nShoppers drop at payment.\n\nShow cards\n\nquoted",
          status: "Backlog",
          url: "https://linear.app/storyloom-demo/issue/ENG-2/card-form",
          parentKey: "ENG-1",
        },
        expect.objectContaining({ key: "ENG-6", title: "Receipts", description: "", status: "Todo", parentKey: null }),
        expect.objectContaining({ key: "ENG-1", title: "Payments", status: "In Progress", parentKey: null }),
      ],
    });
    expect(fake.requests.map((r) => [r.operationName, r.variables])).toEqual([
      ["StoryLoomOpenIssues", { teamId: ENG, after: null }],
    ]);
  });

  it("cuts a long description to BACKLOG_TEXT characters", async () => {
    const { linear, fake } = setup();
    fake.addIssue({ title: "Long", description: "word ".repeat(1000) });
    const [item] = (await linear.open(FAKE_LINEAR_API_KEY, settings(), REF).openItems()).items;
    expect(item!.description.length).toBeLessThanOrEqual(BACKLOG_TEXT);
    expect(item!.description.startsWith("word word")).toBe(true);
  });

  it("reads at most BACKLOG_LIMIT open issues in two requests, and says when more exist", async () => {
    const { linear, fake } = setup();
    for (let i = 0; i < BACKLOG_LIMIT + 30; i++) fake.addIssue({ title: `Item ${i}`, updatedAt: at(i % 60) });
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    const page = await session.openItems();
    expect(page.items).toHaveLength(BACKLOG_LIMIT);
    expect(page.truncated).toBe(true);
    expect(fake.requests).toHaveLength(2);
    expect(new Set(page.items.map((i) => i.key)).size).toBe(BACKLOG_LIMIT);
    const stamps = page.items.map((i) => fake.issue(i.key).updatedAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);

    // Exactly BACKLOG_LIMIT: all read, nothing more.
    const exact = setup();
    for (let i = 0; i < BACKLOG_LIMIT; i++) exact.fake.addIssue({ title: `Item ${i}` });
    const all = await exact.linear.open(FAKE_LINEAR_API_KEY, settings(), REF).openItems();
    expect(all).toMatchObject({ truncated: false });
    expect(all.items).toHaveLength(BACKLOG_LIMIT);
    expect(exact.fake.requests).toHaveLength(2);
  });

  it("gives a project's key as an item's parent when the epic is a project", async () => {
    const { linear, fake } = setup();
    const project = fake.addProject({ name: "Checkout" });
    fake.addIssue({ title: "In the project", projectId: project.id });
    const page = await linear.open(FAKE_LINEAR_API_KEY, settings("project"), REF).openItems();
    expect(page.items.map((i) => i.parentKey)).toEqual([project.slugId]);
  });

  it("lists the open parent issues as epics, in the form createEpic gives, and a chosen one takes the stories", async () => {
    const { linear, fake } = setup();
    const older = fake.addIssue({ title: "Older epic", updatedAt: at(1) });
    const newer = fake.addIssue({ title: "Newer epic", updatedAt: at(2) });
    const closed = fake.addIssue({ title: "Closed epic", state: "Done", updatedAt: at(3) });
    for (const parent of [older, newer, closed])
      fake.addIssue({ title: `Child of ${parent.title}`, parentId: parent.id });
    fake.addIssue({ title: "No children", updatedAt: at(9) });

    const epics = await linear.open(FAKE_LINEAR_API_KEY, settings(), "ba9876543210").openEpics();
    expect(epics).toEqual([
      { key: newer.identifier, url: newer.url, title: "Newer epic" },
      { key: older.identifier, url: older.url, title: "Older epic" },
    ]);
    expect(fake.requests.map((r) => r.operationName)).toEqual(["StoryLoomOpenParents"]);
    // The same form as an epic the adapter made.
    const made = await linear.open(FAKE_LINEAR_API_KEY, settings(), "ba9876543210").createEpic(epic);
    expect(Object.keys(made)).toEqual(expect.arrayContaining(Object.keys(epics[0]!)));
    expect(made.url).toBe(fake.issue(made.key).url);

    // The export's session: the stories go under the chosen epic, by its identifier, one create each.
    fake.requests.length = 0;
    const chosen = { key: epics[0]!.key, url: epics[0]!.url };
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    const items: TrackerItem[] = [];
    for (const [position, story] of stories.entries()) items.push(await session.createStory(story, position, chosen));
    expect(items.map((i) => i.parentKey)).toEqual(stories.map(() => newer.identifier));
    expect(fake.requests.map((r) => r.operationName)).toEqual([
      "StoryLoomTeam",
      ...stories.map(() => "StoryLoomIssueCreate"),
    ]);
    expect(stories.map((_, i) => fake.issue(items[i]!.key).parentId)).toEqual(stories.map(() => newer.id));

    // Found again after an unanswered create: this export's stories only, not the chosen epic nor its other child.
    const found = await linear.open(FAKE_LINEAR_API_KEY, settings(), REF).findExported(chosen);
    expect(found.map((i) => [i.key, i.title, i.parentKey])).toEqual(
      items.map((i) => [i.key, i.title, newer.identifier]),
    );
  });

  it("lists the team's open projects as epics, and a chosen project takes the stories", async () => {
    const { linear, fake } = setup();
    const planned = fake.addProject({ name: "Planned", status: "planned", updatedAt: at(1) });
    const started = fake.addProject({ name: "Started", status: "started", updatedAt: at(2) });
    fake.addProject({ name: "Completed", status: "completed", updatedAt: at(3) });
    fake.addProject({ name: "Canceled", status: "canceled", updatedAt: at(4) });
    fake.addProject({ name: "Design's", teamIds: [DES], updatedAt: at(5) });
    const epics = await linear.open(FAKE_LINEAR_API_KEY, settings("project"), REF).openEpics();
    expect(epics).toEqual([
      { key: started.slugId, url: started.url, title: "Started" },
      { key: planned.slugId, url: planned.url, title: "Planned" },
    ]);
    expect(fake.requests.map((r) => r.operationName)).toEqual(["StoryLoomOpenProjects"]);
    const made = await linear.open(FAKE_LINEAR_API_KEY, settings("project"), "ba9876543210").createEpic(epic);
    expect({ key: made.key, url: made.url }).toEqual({
      key: fake.projects.at(-1)!.slugId,
      url: fake.projects.at(-1)!.url,
    });

    // A new session looks the project's id up once (one read), then creates each story in it.
    fake.requests.length = 0;
    const chosen = { key: started.slugId, url: started.url };
    const session = linear.open(FAKE_LINEAR_API_KEY, settings("project"), REF);
    const items: TrackerItem[] = [];
    for (const [position, story] of stories.entries()) items.push(await session.createStory(story, position, chosen));
    expect(items.map((i) => i.parentKey)).toEqual(stories.map(() => started.slugId));
    expect(fake.requests.map((r) => r.operationName).sort()).toEqual(
      ["StoryLoomProjectByKey", "StoryLoomTeam", ...stories.map(() => "StoryLoomIssueCreate")].sort(),
    );
    expect(fake.issues.filter((i) => i.projectId === started.id)).toHaveLength(stories.length);

    const found = await linear.open(FAKE_LINEAR_API_KEY, settings("project"), REF).findExported(chosen);
    expect(found.map((i) => [i.key, i.parentKey])).toEqual(items.map((i) => [i.key, started.slugId]));
    // A key that is no open project's is refused as not found, with nothing created.
    const error = await refusal(
      linear.open(FAKE_LINEAR_API_KEY, settings("project"), "ba9876543210").createStory(stories[0]!, 0, {
        key: "nosuchproject",
        url: "u",
      }),
    );
    expect(error.kind).toBe("not_found");
    expect(fake.issues).toHaveLength(stories.length);
  });

  it("relates a story to an item once: one read, one write, and a repeat reads only", async () => {
    const { linear, fake } = setup();
    const item = fake.addIssue({ title: "Existing" });
    const story = fake.addIssue({ title: "New story" });
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    await session.relate(story.identifier, item.identifier);
    expect(fake.relations).toEqual([
      expect.objectContaining({ issueId: story.id, relatedIssueId: item.id, type: "related" }),
    ]);
    expect(fake.requests.map((r) => r.operationName)).toEqual(["StoryLoomRelations", "StoryLoomRelationCreate"]);
    await session.relate(story.identifier, item.identifier);
    expect(fake.requests.map((r) => r.operationName)).toEqual([
      "StoryLoomRelations",
      "StoryLoomRelationCreate",
      "StoryLoomRelations",
    ]);
    expect(fake.relations).toHaveLength(1);

    // Related the other way round, or by another type, counts as related.
    const other = fake.addIssue({ title: "Blocks the story" });
    fake.addRelation(other.id, story.id, "blocks");
    await session.relate(story.identifier, other.identifier);
    expect(fake.relations).toHaveLength(2);
  });

  it("relates again safely after an unanswered write: may have applied, then the repeat writes nothing", async () => {
    const { linear, fake } = setup();
    const item = fake.addIssue({ title: "Existing" });
    const story = fake.addIssue({ title: "New story" });
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    fake.applyThenFailOn("StoryLoomRelationCreate", 502);
    const error = await refusal(session.relate(story.identifier, item.identifier));
    expect(error).toMatchObject({ kind: "unavailable", status: 502, mayHaveApplied: true });
    expect(fake.requestsTo("StoryLoomRelationCreate")).toHaveLength(1); // a write is never sent twice
    await session.relate(story.identifier, item.identifier);
    expect(fake.relations).toHaveLength(1);
    expect(fake.requestsTo("StoryLoomRelationCreate")).toHaveLength(1);
  });

  it("appends a note to an item's description once, keeping the old text exactly", async () => {
    const { linear, fake } = setup();
    const old = "Shoppers drop at payment.\n\n* keep **this** as it is  ";
    const item = fake.addIssue({ title: "Existing", description: old });
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    await session.appendTo(item.identifier, note(1));
    expect(fake.issue(item.id).description).toBe(
      `${old}\n\n**From the meeting of 7 December 2026 (StoryLoom): Pay by card**\n\n- Card form shows\n- Declined cards say why\n\n> we lose people at payment\n\nAdded by StoryLoom (storyloom-${REF}-1)`,
    );
    expect(fake.requests.map((r) => r.operationName)).toEqual(["StoryLoomDescription", "StoryLoomIssueUpdate"]);
    // The update names the issue by its UUID (README: issueUpdate's id) and sends the description only.
    expect(fake.requestsTo("StoryLoomIssueUpdate")[0]!.variables).toEqual({
      id: item.id,
      input: { description: expect.any(String) },
    });

    await session.appendTo(item.identifier, note(1));
    expect(fake.requests).toHaveLength(3);
    // Another story's note (position 12 after 1) is not mistaken for this one's.
    await session.appendTo(item.identifier, note(12));
    await session.appendTo(item.identifier, note(12));
    const text = fake.issue(item.id).description!;
    expect(text.startsWith(old)).toBe(true);
    expect(text.match(/Added by StoryLoom/g)).toHaveLength(2);
    expect(fake.requestsTo("StoryLoomIssueUpdate")).toHaveLength(2);
  });

  it("appends to an empty description, without a quote", async () => {
    const { linear, fake } = setup();
    const item = fake.addIssue({ title: "Bare" });
    await linear.open(FAKE_LINEAR_API_KEY, settings(), REF).appendTo(item.identifier, { ...note(2), quote: null });
    expect(fake.issue(item.id).description).toBe(
      `**From the meeting of 7 December 2026 (StoryLoom): Pay by card**\n\n- Card form shows\n- Declined cards say why\n\nAdded by StoryLoom (storyloom-${REF}-2)`,
    );
  });

  it("says what went wrong as TrackerError kinds", async () => {
    const { linear, fake } = setup();
    const item = fake.addIssue({ title: "Existing" });
    const session = linear.open(FAKE_LINEAR_API_KEY, settings(), REF);
    expect((await refusal(session.appendTo("ENG-99", note(1)))).kind).toBe("not_found");
    expect((await refusal(session.relate(item.identifier, "ENG-99"))).kind).toBe("not_found");
    expect((await refusal(session.relate(item.identifier, item.identifier))).kind).toBe("invalid");
    expect((await refusal(linear.open("lin_api_wrong", settings(), REF).openItems())).kind).toBe("unauthorized");
    fake.failNext(1, { status: 403 });
    expect((await refusal(session.openEpics())).kind).toBe("forbidden");
    fake.failNext(2, { status: 503 });
    expect((await refusal(session.openItems())).kind).toBe("unavailable");
    fake.failNext(1, { status: 429, retryAfter: 60 });
    expect(await refusal(session.openEpics())).toMatchObject({ kind: "rate_limited", retryAfter: 60 });
    // An append whose outcome is unknown: may have applied; the repeat reads, finds the marker, and writes nothing.
    fake.applyThenFailOn("StoryLoomIssueUpdate", 500);
    expect(await refusal(session.appendTo(item.identifier, note(3)))).toMatchObject({
      kind: "unavailable",
      mayHaveApplied: true,
    });
    await session.appendTo(item.identifier, note(3));
    expect(fake.requestsTo("StoryLoomIssueUpdate")).toHaveLength(1);
    expect(fake.issue(item.id).description!.match(/Added by StoryLoom/g)).toHaveLength(1);
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
