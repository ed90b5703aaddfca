import { describe, expect, it } from "vitest";
import { JUDGE_SYSTEM_PROMPT } from "../adapters/llm/backlog-judge";
import type {
  EpicChoices,
  ExportResponse,
  ExportReview,
  Integration,
  IntegrationType,
} from "../../schema/api/integrations";
import type { GeneratedStories, UserStory } from "../../schema/api/transcripts";
import { FakeAzureDevOps } from "../test/azure-devops/fake-azure-devops";
import { mockAzureDevOps } from "../test/azure-devops/mock";
import { call, json } from "../test/client";
import { jsonResponse, mockBeside, type RecordedRequest } from "../test/outbound";
import {
  addTeamMember,
  createIntegration,
  createProject,
  createTrackerIntegration,
  createTranscriptWithStories,
  createUser,
  setTier,
  type TestUser,
} from "../test/factories";
import { FakeGitHub } from "../test/github/fake-github";
import { mockGitHub } from "../test/github/mock";
import { FakeJira } from "../test/jira/fake-jira";
import { mockJira } from "../test/jira/mock";
import { FakeLinear } from "../test/linear/fake-linear";
import { mockLinear } from "../test/linear/mock";
import { FAKE_AZURE_DEVOPS_PROJECT_ID } from "../test/tracker-credentials";

// Review before export (issue 41) through the real Worker, for JIRA, Linear, GitHub Issues and Azure DevOps behind
// their contract-checked fakes. A first meeting is exported; the next meeting's stories are reviewed against the
// tracker's open items under the epic the first export made: a story already there is added to its item, one a
// person wrote in the tracker is linked, a new one created, one skipped; the epic is reused, not made again. Every
// write happens once, also after a write left in doubt. (Every sentence here is written for this test.)

/** What a destination holds, read the same way for the four. */
interface Tracker {
  type: Exclude<IntegrationType, "notion">;
  /** Installs the fake; answers its hooks. */
  install(): Hooks;
}

interface Hooks {
  /** An item a person wrote in the tracker (no parent): its key. */
  seed(title: string, description: string): string;
  /** The item's description as the tracker keeps it (its own format). */
  descriptionOf(key: string): string;
  /** Whether the story is related to the item, as the tracker records it. */
  related(storyKey: string, itemKey: string): boolean;
  /** The keys of the items under the epic. */
  childrenOf(epicKey: string): string[];
  /** Write requests answered so far. */
  writes(): number;
  /** Requests answered so far. */
  requests(): number;
  /** The next write to the item is applied and answered 502: its outcome unknown to the caller. */
  applyThenFailWrite(itemKey: string): void;
}

const TRACKERS: Tracker[] = [
  {
    type: "jira",
    install() {
      const fake = new FakeJira();
      mockJira(fake);
      return {
        seed: (summary, text) =>
          fake.addIssue({
            summary,
            description: {
              type: "doc",
              version: 1,
              content: [{ type: "paragraph", content: [{ type: "text", text }] }],
            },
          }).key,
        // ADF, searched as its JSON text
        descriptionOf: (key) => JSON.stringify(fake.issue(key).fields.description ?? ""),
        related: (story, item) =>
          fake.linksOf(story).some((l) => l.type === "Relates" && [l.inwardKey, l.outwardKey].includes(item)),
        childrenOf: (epic) => fake.issues.filter((i) => i.parentKey === epic).map((i) => i.key),
        writes: () => fake.requests.filter((r) => r.method !== "GET").length,
        requests: () => fake.requests.length,
        applyThenFailWrite: (key) => void fake.onNext("PUT", `/rest/api/3/issue/${key}`, (f) => f.applyThenFail(502)),
      };
    },
  },
  {
    type: "github",
    install() {
      const fake = new FakeGitHub();
      mockGitHub(fake);
      const issue = (key: string) => fake.issues.find((i) => `#${i.number}` === key)!;
      return {
        seed: (title, body) => `#${fake.addIssue({ title, body }).number}`,
        descriptionOf: (key) => issue(key).body ?? "",
        related: (story, item) => (issue(item).body ?? "").includes(`Related: ${story}`),
        childrenOf: (epic) => issue(epic).children.map((n) => `#${n}`),
        writes: () => fake.requests.filter((r) => r.method !== "GET").length,
        requests: () => fake.requests.length,
        applyThenFailWrite: (key) => void fake.applyThenFail(502, new RegExp(`^PATCH .*/issues/${key.slice(1)}$`)),
      };
    },
  },
  {
    type: "linear",
    install() {
      const fake = new FakeLinear();
      mockLinear(fake);
      return {
        seed: (title, description) => fake.addIssue({ title, description }).identifier,
        descriptionOf: (key) => fake.issue(key).description ?? "",
        related: (story, item) => {
          const [a, b] = [fake.issue(story).id, fake.issue(item).id];
          return fake.relations.some(
            (r) => (r.issueId === a && r.relatedIssueId === b) || (r.issueId === b && r.relatedIssueId === a),
          );
        },
        childrenOf: (epic) => {
          const parent = fake.issue(epic).id;
          return fake.issues.filter((i) => i.parentId === parent).map((i) => i.identifier);
        },
        writes: () => fake.requests.filter((r) => r.operation === "mutation").length,
        requests: () => fake.requests.length,
        applyThenFailWrite: () => void fake.applyThenFailOn("StoryLoomIssueUpdate", 500),
      };
    },
  },
  {
    type: "azure-devops",
    install() {
      const fake = new FakeAzureDevOps({
        projects: [{ id: FAKE_AZURE_DEVOPS_PROJECT_ID, name: "StoryLoom Demo", process: "Agile" }],
      });
      mockAzureDevOps(fake);
      const item = (key: string) => fake.workItems.find((w) => String(w.id) === key)!;
      return {
        seed: (title, description) => String(fake.addWorkItem({ type: "User Story", title, description }).id),
        descriptionOf: (key) => String(item(key).fields["System.Description"] ?? ""),
        related: (story, other) =>
          item(story).related.includes(Number(other)) || item(other).related.includes(Number(story)),
        childrenOf: (epic) => fake.workItems.filter((w) => String(w.parentId) === epic).map((w) => String(w.id)),
        writes: () => fake.requests.filter((r) => r.method !== "GET" && !r.path.endsWith("/wiql")).length,
        requests: () => fake.requests.length,
        applyThenFailWrite: (key) => void fake.applyThenFail(502, new RegExp(`^PATCH .*/workitems/${key}$`)),
      };
    },
  },
];

const story = (title: string, description: string, acceptanceCriteria: string[]): UserStory => ({
  title,
  description,
  acceptanceCriteria,
  priority: "Medium",
  storyPoints: 3,
  estimatedHours: 8,
});

const FIRST_MEETING: GeneratedStories = {
  epic: { title: "Shop back office", description: "What the shop's staff need.", team: "Shop", priority: "High" },
  userStories: [
    story(
      "Export the month's orders to a CSV file",
      "As a shop owner, I want to export the month's orders to a CSV file so that I can do my accounts.",
      ["The file lists every order of the month", "Each row has the order date, customer and total"],
    ),
    story(
      "Sell gift cards at the till",
      "As a cashier, I want to sell gift cards at the till so that customers can give them as presents.",
      ["A gift card has a code and a balance"],
    ),
    story(
      "Dark theme for the storefront",
      "As a visitor, I want a dark theme on the storefront so that browsing at night is easy on the eyes.",
      ["The theme follows the device's setting"],
    ),
  ],
};

const NEXT_MEETING: GeneratedStories = {
  epic: { title: "Shop back office, round two", description: "More for the staff.", team: "Shop", priority: "High" },
  userStories: [
    story(
      "Export the orders of a month to CSV with refunds",
      "As a shop owner, I want to export the orders of a month to a CSV file with refunds so that my accounts balance.",
      ["Refunded orders are marked in the file", "Each row has the order date, customer and total"],
    ),
    story(
      "Email a receipt after each purchase",
      "As a customer, I want a receipt emailed to me after each purchase so that I have proof of payment.",
      ["The receipt lists what was bought and the total paid"],
    ),
    story(
      "Loyalty points for regulars",
      "As a regular, I want to collect loyalty points on every purchase so that I get a discount later.",
      ["Points show on the account page"],
    ),
    story(
      "Printed price labels",
      "As a shop assistant, I want to print price labels for the shelves so that prices are clear.",
      ["Labels fit the shelf strips"],
    ),
  ],
};

const RECEIPT_ITEM = [
  "Send customers a receipt by email after they pay",
  "Customers keep asking for an emailed receipt as proof of payment.",
] as const;

async function setUp(tracker: Tracker) {
  const owner = await createUser();
  await setTier(owner, "pro");
  const project = await createProject(owner, { name: "Shop" });
  const integration = await (tracker.type === "jira"
    ? createIntegration(owner, project.id, "jira")
    : createTrackerIntegration(owner, project.id, tracker.type));
  const hooks = tracker.install();
  const first = await createTranscriptWithStories(owner, project.id, FIRST_MEETING);
  const next = await createTranscriptWithStories(owner, project.id, NEXT_MEETING);
  const exportTo = (transcriptId: number, body: Record<string, unknown> = {}, user: TestUser = owner) =>
    call("POST", `/api/transcripts/${transcriptId}/export/${tracker.type}`, {
      cookie: user.session,
      body: { integrationId: integration.id, ...body },
    });
  const review = (transcriptId: number, epic?: string, user: TestUser = owner) =>
    call("POST", `/api/transcripts/${transcriptId}/export/${tracker.type}/review`, {
      cookie: user.session,
      body: { integrationId: integration.id, ...(epic ? { epic } : {}) },
    });
  const epics = (user: TestUser = owner) =>
    call("GET", `/api/integrations/${integration.id}/epics`, { cookie: user.session });
  return { owner, project, integration, hooks, first, next, exportTo, review, epics };
}

const data = async <T>(response: Response) => (await json<{ data: T }>(response)).data;

describe.each(TRACKERS)("$type: review before export", (tracker) => {
  it("the next meeting: added to its item, linked to a person's item, created, skipped, under the same epic", async () => {
    const s = await setUp(tracker);
    const receipt = s.hooks.seed(...RECEIPT_ITEM);
    const firstExport = await s.exportTo(s.first);
    expect(firstExport.status).toBe(200);
    const epicKey = (await json<ExportResponse>(firstExport)).data.epicKey!;
    const firstKeys = s.hooks.childrenOf(epicKey);
    expect(firstKeys).toHaveLength(3);

    // The epics: the first export's is offered; none remembered yet. Reads only.
    let writes = s.hooks.writes();
    const choices = await data<EpicChoices>(await s.epics());
    expect(choices.epics.map((e) => e.key)).toContain(epicKey);
    expect(choices.remembered).toBeNull();

    // The review under that epic: the CSV story is the first meeting's, so its new criteria are offered as an
    // addition; the receipt story matches the person's item (a link); the rest are new; the epic's other items are
    // what this meeting did not mention. Nothing is written, and the reads are bounded.
    const requests = s.hooks.requests();
    const reviewed = await s.review(s.next, epicKey);
    expect(reviewed.status).toBe(200);
    const answer = await data<ExportReview>(reviewed);
    expect(s.hooks.requests() - requests).toBeLessThanOrEqual(3);
    expect(s.hooks.writes()).toBe(writes);
    expect(answer.searched).toBeGreaterThanOrEqual(4);
    expect(answer.stories.map((r) => r.suggested)).toEqual([
      { key: firstKeys[0], action: "add" },
      { key: receipt, action: "link" },
      null,
      null,
    ]);
    expect(answer.stories[0]!.matches[0]).toMatchObject({ key: firstKeys[0], shared: expect.arrayContaining(["csv"]) });
    expect(answer.unmentioned.map((i) => i.key).sort()).toEqual([firstKeys[1], firstKeys[2]].sort());

    // The export as the review chose: under the first export's epic, remembered for the project.
    const exported = await s.exportTo(s.next, {
      placements: [
        { position: 0, action: "add", key: firstKeys[0] },
        { position: 1, action: "link", key: receipt },
        { position: 3, action: "skip" },
      ],
      epic: epicKey,
      rememberEpic: true,
    });
    expect(exported.status).toBe(200);
    const summary = (await json<ExportResponse>(exported)).data;
    expect(summary.epicKey).toBe(epicKey);
    expect(summary.data.summary).toEqual({
      storiesCreated: 2,
      epicCreated: false,
      storiesLinked: 1,
      storiesAddedTo: 1,
      storiesSkipped: 1,
    });
    const children = s.hooks.childrenOf(epicKey);
    expect(children).toHaveLength(5);
    const created = children.filter((key) => !firstKeys.includes(key));
    const added = s.hooks.descriptionOf(firstKeys[0]!);
    expect(added).toContain("Refunded orders are marked in the file");
    expect(added).toMatch(/storyloom-[0-9a-f]{12}-1/);
    expect(s.hooks.descriptionOf(firstKeys[0]!).match(/storyloom-[0-9a-f]{12}-1/g)).toHaveLength(1);
    expect(created.some((key) => s.hooks.related(key, receipt))).toBe(true);

    // A repeat writes nothing; the remembered epic is offered next time.
    writes = s.hooks.writes();
    const again = await s.exportTo(s.next);
    expect((await json<ExportResponse>(again)).data.data.alreadyExported).toBe(true);
    expect(s.hooks.writes()).toBe(writes);
    expect((await data<EpicChoices>(await s.epics())).remembered).toMatchObject({ key: epicKey });
  });

  it("an append left in doubt is not made twice: the next attempt finds its marker", async () => {
    const s = await setUp(tracker);
    const firstExport = await s.exportTo(s.first);
    const epicKey = (await json<ExportResponse>(firstExport)).data.epicKey!;
    const [csv] = s.hooks.childrenOf(epicKey);
    s.hooks.applyThenFailWrite(csv!);
    const failed = await s.exportTo(s.next, { placements: [{ position: 0, action: "add", key: csv }], epic: epicKey });
    expect(failed.status).toBe(502);
    const retried = await s.exportTo(s.next);
    expect(retried.status).toBe(200);
    expect((await json<ExportResponse>(retried)).data.data.summary).toMatchObject({
      storiesAddedTo: 1,
      storiesCreated: 3,
    });
    expect(s.hooks.descriptionOf(csv!).match(/storyloom-[0-9a-f]{12}-1/g)).toHaveLength(1);
    expect(s.hooks.childrenOf(epicKey)).toHaveLength(6);
  });

  it("refuses an epic that is not open there, before any write; another team's people get 404", async () => {
    const s = await setUp(tracker);
    const writes = s.hooks.writes();
    const refused = await s.exportTo(s.next, { epic: "999999" });
    expect(refused.status).toBe(400);
    expect(s.hooks.writes()).toBe(writes);

    const other = await createUser();
    const otherMember = await createUser();
    const otherAdmin = await createUser();
    await setTier(other, "enterprise");
    await addTeamMember(other, otherMember);
    await addTeamMember(other, otherAdmin, "admin");
    for (const stranger of [other, otherMember, otherAdmin]) {
      expect((await s.review(s.next, undefined, stranger)).status).toBe(404);
      expect((await s.epics(stranger)).status).toBe(404);
      expect((await s.exportTo(s.next, {}, stranger)).status).toBe(404);
    }
    expect(s.hooks.writes()).toBe(writes);
  });

  it("a team member reviews and exports under the owner's plan", async () => {
    const s = await setUp(tracker);
    const member = await createUser();
    await addTeamMember(s.owner, member);
    expect((await s.review(s.first, undefined, member)).status).toBe(200);
    expect((await s.epics(member)).status).toBe(200);
  });
});

/** The calls of a review and its export of 12 stories, a backlog of 30 open items (issue 41 asks for them stated). */
// The review is one page of items (Azure DevOps: the WIQL query, then the items' fields), whatever the number of
// stories. The export creates 10 stories (one skipped, one added to an item: a read and an edit): JIRA in one bulk
// create after the project and its create metadata; the others one create per story, GitHub with a sub-issue link
// each. Asserted exactly, so a change in what is called is seen here.
const CALLS_FOR_12: Record<Tracker["type"], { review: number; export: number }> = {
  jira: { review: 1, export: 7 },
  linear: { review: 1, export: 14 },
  github: { review: 1, export: 26 },
  "azure-devops": { review: 2, export: 14 },
};

describe.each(TRACKERS)("$type: the calls of a review and an export of 12 stories", (tracker) => {
  it("are bounded whatever the backlog's size, and counted", async () => {
    const s = await setUp(tracker);
    for (let i = 0; i < 30; i++) s.hooks.seed(`Backlog item ${i + 1} about the warehouse`, `Item ${i + 1}.`);
    const twelve = {
      ...NEXT_MEETING,
      userStories: Array.from({ length: 12 }, (_, i) =>
        story(`Shelf report ${i + 1}`, `As a manager, I want shelf report ${i + 1} so that I see stock.`, ["Shown"]),
      ),
    };
    const transcriptId = await createTranscriptWithStories(s.owner, s.project.id, twelve);
    const addTo = s.hooks.seed("Shelf report one", "A report of shelves.");
    let before = s.hooks.requests();
    expect((await s.review(transcriptId)).status).toBe(200);
    const review = s.hooks.requests() - before;
    before = s.hooks.requests();
    const exported = await s.exportTo(transcriptId, {
      placements: [
        { position: 0, action: "skip" },
        { position: 1, action: "add", key: addTo },
      ],
    });
    expect(exported.status).toBe(200);
    const exportCalls = s.hooks.requests() - before;
    console.log(`${tracker.type}: a review of 12 stories made ${review} requests; the export ${exportCalls}`);
    expect(review).toBe(CALLS_FOR_12[tracker.type].review);
    expect(exportCalls).toBe(CALLS_FOR_12[tracker.type].export);
  });
});

describe("the project's remembered epic", () => {
  it("is kept by rememberEpic, offered by the epics, and forgotten by rememberEpic false", async () => {
    const s = await setUp(TRACKERS.find((t) => t.type === "github")!);
    const first = await s.exportTo(s.first);
    const epicKey = (await json<ExportResponse>(first)).data.epicKey!;
    expect((await s.exportTo(s.next, { epic: epicKey, rememberEpic: true })).status).toBe(200);
    expect((await data<EpicChoices>(await s.epics())).remembered).toMatchObject({ key: epicKey });
    const third = await createTranscriptWithStories(s.owner, s.project.id, NEXT_MEETING);
    expect((await s.exportTo(third, { epic: epicKey, rememberEpic: false })).status).toBe(200);
    expect((await data<EpicChoices>(await s.epics())).remembered).toBeNull();
  });
});

// With an LLM provider (here OpenAI's client against a mocked endpoint, beside the fake JIRA), a model judges which of
// each story's shown matches asks for the same; its answer replaces the word matcher's, and a failure leaves it.
describe("a review with an LLM provider", () => {
  const LLM = "https://llm.example/v1/";
  const OPENAI_ENV = {
    LLM_PROVIDER: "openai",
    OPENAI_API_KEY: "sk-test",
    OPENAI_MODEL: "test-model",
    OPENAI_BASE_URL: "https://llm.example/v1",
  } as const;

  const mockModel = (answer: (request: RecordedRequest) => Response) => mockBeside(LLM, answer);
  const completion = (content: unknown) =>
    jsonResponse({
      id: "c1",
      object: "chat.completion",
      created: 1,
      model: "test-model",
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: JSON.stringify(content) } }],
    });

  it("asks once for every story with a match, and takes its answer over the word matcher's, none included", async () => {
    const s = await setUp(TRACKERS.find((t) => t.type === "jira")!);
    const receipt = s.hooks.seed(...RECEIPT_ITEM);
    const epicKey = (await json<ExportResponse>(await s.exportTo(s.first))).data.epicKey!;
    const [csvKey] = s.hooks.childrenOf(epicKey);
    // the model says the CSV story is not its earlier item after all, and the receipt story is the person's item
    const asked = mockModel((request) => {
      const cases = (JSON.parse(request.body) as { messages: { content: string }[] }).messages[1]!.content;
      const numbered = [...cases.matchAll(/^Case (\d+)\nStory: (.*)$/gm)];
      return completion({
        answers: numbered.map(([, n, title]) => ({ case: Number(n), same: /receipt/i.test(title!) ? receipt : null })),
      });
    });
    const reviewed = await call("POST", `/api/transcripts/${s.next}/export/jira/review`, {
      cookie: s.owner.session,
      body: { integrationId: s.integration.id, epic: epicKey },
      env: OPENAI_ENV,
    });
    expect(reviewed.status).toBe(200);
    const answer = await data<ExportReview>(reviewed);
    expect(answer.judged).toBe(true);
    expect(answer.stories.map((r) => r.suggested)).toEqual([null, { key: receipt, action: "link" }, null, null]);
    expect(answer.stories[0]!.matches.map((m) => m.key)).toContain(csvKey); // still shown, for the person to choose

    // One call; the rules in the system message, the stories and candidates as data in the user's
    expect(asked).toHaveLength(1);
    const body = JSON.parse(asked[0]!.body) as { messages: { role: string; content: string }[]; temperature: number };
    expect(body.messages[0]).toEqual({ role: "system", content: JUDGE_SYSTEM_PROMPT });
    expect(body.messages[1]!.content).toMatch(/^<cases>\nCase 1\n[\s\S]*<\/cases>$/);
    expect(body.messages[1]!.content).toContain(`[${receipt}] ${RECEIPT_ITEM[0]}`);
    expect(body.temperature).toBe(0);
  });

  it("keeps the word matcher's suggestions when the model fails, or names an item it was not shown", async () => {
    const s = await setUp(TRACKERS.find((t) => t.type === "jira")!);
    const receipt = s.hooks.seed(...RECEIPT_ITEM);
    const epicKey = (await json<ExportResponse>(await s.exportTo(s.first))).data.epicKey!;
    const [csvKey] = s.hooks.childrenOf(epicKey);
    const review = () =>
      call("POST", `/api/transcripts/${s.next}/export/jira/review`, {
        cookie: s.owner.session,
        body: { integrationId: s.integration.id, epic: epicKey },
        env: OPENAI_ENV,
      });
    mockModel(() => jsonResponse({ error: { message: "overloaded" } }, 503));
    const failed = await data<ExportReview>(await review());
    expect(failed.judged).toBe(false);
    expect(failed.stories.map((r) => r.suggested?.key ?? null)).toEqual([csvKey, receipt, null, null]);

    // an answer naming an item the story was not shown with is no suggestion
    mockModel(() => completion({ answers: [{ case: 1, same: "SL-9999" }] }));
    const stray = await data<ExportReview>(await review());
    expect(stray.judged).toBe(true);
    expect(stray.stories[0]!.suggested).toBeNull();
  });
});

describe("choosing the project's epic in its settings (PUT /api/integrations/{id}/epic)", () => {
  it("keeps an open epic the tracker lists, refuses one it does not, forgets it on null or a new destination", async () => {
    const s = await setUp(TRACKERS.find((t) => t.type === "jira")!);
    const first = await s.exportTo(s.first);
    const epicKey = (await json<ExportResponse>(first)).data.epicKey!;
    const member = await createUser();
    await addTeamMember(s.owner, member);
    const choose = (epic: string | null, user: TestUser = s.owner) =>
      call("PUT", `/api/integrations/${s.integration.id}/epic`, { cookie: user.session, body: { epic } });
    const listed = async () => {
      const response = await call("GET", `/api/projects/${s.project.id}/integrations`, { cookie: s.owner.session });
      return (await json<Integration[]>(response))[0]!.epic;
    };

    // a key the tracker does not list as an open epic: refused, nothing kept
    const unknown = await choose("SL-999");
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({
      error: "SL-999 is not an open epic there any more. Choose another one.",
    });
    expect(await listed()).toBeNull();

    // a member of the team may choose it, as the export dialog's "Remember" lets them; its title comes from JIRA
    const chosen = await choose(epicKey, member);
    expect(chosen.status).toBe(200);
    expect((await json<Integration>(chosen)).epic).toMatchObject({ key: epicKey, title: "Shop back office" });
    expect(await listed()).toMatchObject({ key: epicKey });
    expect((await data<EpicChoices>(await s.epics())).remembered).toMatchObject({ key: epicKey });

    // another project in the same JIRA: the epic named issues somewhere else, so it is forgotten with the record
    const moved = await call("PUT", `/api/integrations/${s.integration.id}`, {
      cookie: s.owner.session,
      body: { config: { projectKey: "OPS" } },
    });
    expect(moved.status).toBe(200);
    expect(await listed()).toBeNull();

    // back in the first project, chosen again; then null: a new epic for each export
    await call("PUT", `/api/integrations/${s.integration.id}`, {
      cookie: s.owner.session,
      body: { config: { projectKey: "SL" } },
    });
    expect((await choose(epicKey)).status).toBe(200);
    const forgotten = await choose(null);
    expect(forgotten.status).toBe(200);
    expect((await json<Integration>(forgotten)).epic).toBeNull();
    expect(await listed()).toBeNull();
  });
});

describe("an export naming an epic", () => {
  it("reads the tracker's epics under the review's limit, even when the export exists already", async () => {
    const s = await setUp(TRACKERS.find((t) => t.type === "github")!);
    const first = await s.exportTo(s.first);
    const epicKey = (await json<ExportResponse>(first)).data.epicKey!;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await s.exportTo(s.first, { epic: epicKey })).status);
    // RATE_RULES.backlogReviews: 20 a minute; the export itself answers that it exists, without a limit of its own
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("review before a Notion export", () => {
  it("has none: Notion pages have no backlog (400), and placements are refused", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const project = await createProject(owner, { name: "Docs" });
    const integration = await createIntegration(owner, project.id, "notion");
    const transcriptId = await createTranscriptWithStories(owner, project.id, FIRST_MEETING);
    const review = await call("POST", `/api/transcripts/${transcriptId}/export/notion/review`, {
      cookie: owner.session,
      body: { integrationId: integration.id },
    });
    expect(review.status).toBe(400);
    const placed = await call("POST", `/api/transcripts/${transcriptId}/export/notion`, {
      cookie: owner.session,
      body: { integrationId: integration.id, placements: [{ position: 0, action: "skip" }] },
    });
    expect(placed.status).toBe(400);
  });
});

describe("the review's request", () => {
  it("refuses a story placed twice, a key that is not one, a position past the list", async () => {
    const owner = await createUser();
    const bad = [
      {
        placements: [
          { position: 0, action: "skip" },
          { position: 0, action: "create" },
        ],
      },
      { placements: [{ position: 0, action: "link", key: "../../etc" }] },
      { placements: [{ position: 0, action: "link" }] },
      { placements: [{ position: 100, action: "skip" }] },
      { epic: "a b" },
    ];
    for (const body of bad) {
      const response = await call("POST", "/api/transcripts/1/export/linear", {
        cookie: owner.session,
        body: { integrationId: 1, ...body },
      });
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400]);
    }
  });
});
