import { describe, expect, it, vi } from "vitest";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import {
  FAKE_AZURE_DEVOPS_ORGANIZATION as ORG,
  FAKE_AZURE_DEVOPS_PAT as PAT,
  FAKE_AZURE_DEVOPS_PROJECT_ID as PROJECT_ID,
  FakeAzureDevOps,
  type FakeAzureDevOpsOptions,
} from "../../test/azure-devops/fake-azure-devops";
import { mockAzureDevOps } from "../../test/azure-devops/mock";
import { TrackerError } from "../tracker";
import { createAzureDevOps, type AzureDevOpsOptions } from "./http";
import type { AzureDevOpsSettings } from "./index";

const REF = "0123456789ab";
const settings: AzureDevOpsSettings = { organization: ORG, project: "StoryLoom Demo", projectId: PROJECT_ID };
const epic: Epic = { title: "Checkout", description: "Faster checkout.", team: "Payments", priority: "High" };
const stories: UserStory[] = ["Pay by card", "Pay by bank", "Save a card"].map((title, i) => ({
  title,
  description: `As a buyer I want to ${title.toLowerCase()} so that I can check out.`,
  acceptanceCriteria: [`${title} works`],
  priority: (["High", "Medium", "Low"] as const)[i]!,
  storyPoints: i + 1,
  estimatedHours: 4,
  evidence: [{ quote: "we lose people at payment", start: 0, end: 25 }],
}));

/** A fresh emulator behind dev.azure.com and an adapter whose waits are recorded, not slept. */
function setup(fakeOptions: FakeAzureDevOpsOptions = {}, adapterOptions: Partial<AzureDevOpsOptions> = {}) {
  const fake = new FakeAzureDevOps(fakeOptions);
  const mock = mockAzureDevOps(fake, { apiBase: adapterOptions.apiBase ?? null });
  const waits: number[] = [];
  const azure = createAzureDevOps({
    apiBase: null,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...adapterOptions,
  });
  return { fake, mock, azure, waits };
}

async function refusal(promise: Promise<unknown>): Promise<TrackerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrackerError);
  expect((error as TrackerError).system).toBe("azure-devops");
  return error as TrackerError;
}

describe("Azure DevOps adapter: the wizard's reads", () => {
  it("lists the projects with Basic auth of an empty user and the PAT, api-version 7.1 on every call", async () => {
    const { azure, mock } = setup();
    expect(await azure.projects(ORG, PAT)).toEqual([
      { id: "2d8a5c1e-7f3b-4e0a-9c6d-0b1e2f3a4b5c", name: "Basic Team" },
      { id: PROJECT_ID, name: "StoryLoom Demo" },
    ]);
    const call = mock.calls[0]!;
    expect(new URL(call.url).origin).toBe("https://dev.azure.com");
    expect(new URL(call.url).searchParams.get("api-version")).toBe("7.1");
    expect(call.headers.get("Authorization")).toBe(`Basic ${btoa(`:${PAT}`)}`);
    expect(call.headers.get("X-TFS-FedAuthRedirect")).toBe("Suppress");
  });

  it("reads the plan of each process: types, story points, acceptance criteria, priority", async () => {
    const { azure, fake } = setup({
      projects: [
        { id: "11111111-1111-4111-8111-111111111111", name: "Agile", process: "Agile" },
        { id: "22222222-2222-4222-8222-222222222222", name: "Scrum", process: "Scrum" },
        { id: "33333333-3333-4333-8333-333333333333", name: "CMMI", process: "CMMI" },
        { id: "44444444-4444-4444-8444-444444444444", name: "Basic", process: "Basic" },
        { id: "55555555-5555-4555-8555-555555555555", name: "No epics", process: "Agile", disabledTypes: ["Epic"] },
      ],
    });
    const plans = [];
    for (const name of ["Agile", "Scrum", "CMMI", "Basic", "No epics"])
      plans.push(await azure.projectPlan(ORG, PAT, name));
    expect(
      plans.map((p) => [p.name, p.epicType, p.storyType, p.storyPointsField, p.acceptanceCriteria, p.priority]),
    ).toEqual([
      ["Agile", "Epic", "User Story", "Microsoft.VSTS.Scheduling.StoryPoints", true, true],
      ["Scrum", "Epic", "Product Backlog Item", "Microsoft.VSTS.Scheduling.Effort", true, true],
      ["CMMI", "Epic", "Requirement", "Microsoft.VSTS.Scheduling.Size", false, true],
      ["Basic", "Epic", "Issue", "Microsoft.VSTS.Scheduling.Effort", false, true],
      ["No epics", null, "User Story", "Microsoft.VSTS.Scheduling.StoryPoints", true, true],
    ]);
    expect(plans[0]!.id).toBe("11111111-1111-4111-8111-111111111111");
    // GET project by name, then the types by the project's id
    expect(fake.requests.slice(0, 2).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /${ORG}/_apis/projects/Agile`,
      `GET /${ORG}/11111111-1111-4111-8111-111111111111/_apis/wit/workitemtypes`,
    ]);
  });

  it("refuses a PAT: 203 sign-in page on GET and POST, 401 on PATCH", async () => {
    const { azure } = setup();
    const signIn = await refusal(azure.projects(ORG, "expired-pat"));
    expect([signIn.kind, signIn.status]).toEqual(["unauthorized", 203]);
    expect(signIn.message).toMatch(/^Azure DevOps refused the personal access token\./);
    const session = azure.open("expired-pat", settings, REF);
    expect((await refusal(session.findExported(null))).status).toBe(203);
    const patch = await refusal(
      session.linkStory({ key: "101", url: "" }, { id: "102", key: "102", url: "", title: "", parentKey: null }),
    );
    expect([patch.kind, patch.status, patch.mayHaveApplied]).toEqual(["unauthorized", 401, false]);
  });

  it("says what is not found: the organisation, the project", async () => {
    const { azure } = setup();
    const org = await refusal(azure.projects("another-org", PAT));
    expect([org.kind, org.status, org.message]).toEqual([
      "not_found",
      404,
      "Azure DevOps could not find organisation another-org.",
    ]);
    const project = await refusal(azure.projectPlan(ORG, PAT, "Nope"));
    expect([project.kind, project.message]).toEqual([
      "not_found",
      `Azure DevOps could not find project Nope in organisation ${ORG} (or your account cannot see it).`,
    ]);
  });

  it("refuses an organisation that is not a name before anything is sent", async () => {
    const { azure, mock } = setup();
    for (const org of ["evil.com/x", "../x", "a".repeat(51), "-acme", ""]) {
      expect((await refusal(azure.projects(org, PAT))).kind).toBe("invalid");
    }
    expect(() => azure.open(PAT, settings, "not-a-ref")).toThrow(TrackerError);
    expect(mock.calls).toHaveLength(0);
  });

  it("sends every request to the fake's base when one is given", async () => {
    const apiBase = new URL("http://127.0.0.1:12117/");
    const { azure, mock } = setup({}, { apiBase });
    expect(await azure.projects(ORG, PAT)).toHaveLength(2);
    expect(mock.calls[0]!.url).toBe(`http://127.0.0.1:12117/${ORG}/_apis/projects?%24top=100&api-version=7.1`);
  });
});

describe("Azure DevOps adapter: an export", () => {
  it("creates the epic and 3 linked stories in N + 2 calls, then finds them again in 2", async () => {
    const { azure, fake } = setup();
    const session = azure.open(PAT, settings, REF);
    const createdEpic = await session.createEpic(epic);
    expect(createdEpic).toEqual({
      id: "101",
      key: "101",
      url: `https://dev.azure.com/${ORG}/StoryLoom%20Demo/_workitems/edit/101`,
      title: "Checkout",
      parentKey: null,
    });
    const ref = { key: createdEpic.key, url: createdEpic.url };
    const created = [];
    for (const [i, story] of stories.entries()) created.push(await session.createStory(story, i, ref));
    expect(created.map((s) => [s.key, s.title, s.parentKey])).toEqual([
      ["102", "Pay by card", "101"],
      ["103", "Pay by bank", "101"],
      ["104", "Save a card", "101"],
    ]);
    // one read of the work item types, then one create per item: N stories → N + 2 calls
    expect(fake.requests.map((r) => `${r.method} ${decodeURIComponent(r.path)}`)).toEqual([
      `GET /${ORG}/${PROJECT_ID}/_apis/wit/workitemtypes`,
      `POST /${ORG}/${PROJECT_ID}/_apis/wit/workitems/$Epic`,
      ...stories.map(() => `POST /${ORG}/${PROJECT_ID}/_apis/wit/workitems/$User Story`),
    ]);
    expect(fake.requests).toHaveLength(stories.length + 2);
    expect(fake.requests.every((r) => r.query["api-version"] === "7.1")).toBe(true);

    const epicItem = fake.workItem(101);
    expect([epicItem.type, epicItem.parentId, epicItem.fields["Microsoft.VSTS.Common.Priority"]]).toEqual([
      "Epic",
      null,
      1,
    ]);
    expect(epicItem.fields["System.Tags"]).toBe(`storyloom; storyloom-${REF}`);
    const first = fake.workItem(102);
    expect(first).toMatchObject({ type: "User Story", parentId: 101 });
    expect(first.fields).toMatchObject({
      "System.Title": "Pay by card",
      "Microsoft.VSTS.Common.AcceptanceCriteria": "<ul><li>Pay by card works</li></ul>",
      "Microsoft.VSTS.Scheduling.StoryPoints": 1,
      "Microsoft.VSTS.Common.Priority": 1,
      "System.Tags": `storyloom; storyloom-${REF}`,
    });
    expect(fake.workItem(104).fields["Microsoft.VSTS.Common.Priority"]).toBe(3);

    fake.requests.length = 0;
    const found = await session.findExported(ref);
    expect(found.map((f) => [f.key, f.title, f.parentKey])).toEqual([
      ["101", "Checkout", null],
      ["102", "Pay by card", "101"],
      ["103", "Pay by bank", "101"],
      ["104", "Save a card", "101"],
    ]);
    expect(found[1]!.url).toBe(`https://dev.azure.com/${ORG}/StoryLoom%20Demo/_workitems/edit/102`);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /${ORG}/${PROJECT_ID}/_apis/wit/wiql`,
      `GET /${ORG}/${PROJECT_ID}/_apis/wit/workitems`,
    ]);
    expect(fake.requests[1]!.query).toMatchObject({
      ids: "101,102,103,104",
      fields: "System.Title,System.Parent,System.WorkItemType",
    });
  });

  it("finds nothing with one query when nothing carries the marker, and ignores other exports", async () => {
    const { azure, fake } = setup();
    await azure.open(PAT, settings, "ffffffffffff").createEpic(epic);
    fake.requests.length = 0;
    expect(await azure.open(PAT, settings, REF).findExported(null)).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it("links a found story that has no parent with one PATCH", async () => {
    const { azure, fake } = setup();
    const session = azure.open(PAT, settings, REF);
    const createdEpic = await session.createEpic(epic);
    // a story whose create was answered with an error although it was made, without its parent
    fake.handle({
      method: "POST",
      path: `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/$User%20Story`,
      query: "api-version=7.1",
      headers: { authorization: `Basic ${btoa(`:${PAT}`)}`, "content-type": "application/json-patch+json" },
      body: JSON.stringify([
        { op: "add", path: "/fields/System.Title", value: "Pay by card" },
        { op: "add", path: "/fields/System.Tags", value: `storyloom; storyloom-${REF}` },
      ]),
    });
    const orphan = (await session.findExported(null)).find((f) => f.title === "Pay by card")!;
    expect(orphan.parentKey).toBeNull();
    fake.requests.length = 0;
    await session.linkStory({ key: createdEpic.key, url: createdEpic.url }, orphan);
    expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        "PATCH",
        `/${ORG}/${PROJECT_ID}/_apis/wit/workitems/${orphan.id}`,
        [
          {
            op: "add",
            path: "/relations/-",
            value: {
              rel: "System.LinkTypes.Hierarchy-Reverse",
              url: `https://dev.azure.com/${ORG}/_apis/wit/workItems/${createdEpic.id}`,
            },
          },
        ],
      ],
    ]);
    expect((await session.findExported(null)).find((f) => f.id === orphan.id)!.parentKey).toBe(createdEpic.key);
    // a second parent is Azure's 400: invalid, with its message
    const again = await refusal(session.linkStory({ key: createdEpic.key, url: createdEpic.url }, orphan));
    expect([again.kind, again.mayHaveApplied]).toEqual(["invalid", false]);
    expect(again.message).toMatch(/^TF201036: /);
  });

  it("uses the Basic process: Issue stories, Effort, criteria in the description", async () => {
    const { azure, fake } = setup();
    const session = azure.open(
      PAT,
      { ...settings, project: "Basic Team", projectId: "2d8a5c1e-7f3b-4e0a-9c6d-0b1e2f3a4b5c" },
      REF,
    );
    const createdEpic = await session.createEpic(epic);
    await session.createStory(stories[0]!, 0, createdEpic);
    const issue = fake.workItem(102);
    expect(issue.type).toBe("Issue");
    expect(issue.fields["Microsoft.VSTS.Scheduling.Effort"]).toBe(1);
    expect(issue.fields["Microsoft.VSTS.Common.AcceptanceCriteria"]).toBeUndefined();
    expect(issue.fields["System.Description"]).toContain(
      "<h3>Acceptance criteria</h3><ul><li>Pay by card works</li></ul>",
    );
  });

  it("reads the types once per session, and says what the process lacks", async () => {
    const { azure, fake, mock } = setup({
      projects: [{ id: PROJECT_ID, name: "StoryLoom Demo", process: "Agile", disabledTypes: ["Epic"] }],
    });
    const session = azure.open(PAT, settings, REF);
    const error = await refusal(session.createEpic(epic));
    expect([error.kind, error.message]).toEqual([
      "invalid",
      "The process of project StoryLoom Demo has no Epic work item type (or it is disabled).",
    ]);
    await refusal(session.createEpic(epic));
    expect(mock.calls).toHaveLength(1);
    expect(fake.workItems).toHaveLength(0);

    const noStories = setup({
      projects: [{ id: PROJECT_ID, name: "StoryLoom Demo", process: "Basic", disabledTypes: ["Issue"] }],
    });
    const s = noStories.azure.open(PAT, settings, REF);
    const { key, url } = await s.createEpic(epic);
    const missing = await refusal(s.createStory(stories[0]!, 0, { key, url }));
    expect(missing.message).toBe(
      "The process of project StoryLoom Demo has none of the work item types a story can be: User Story, Product Backlog Item, Requirement, Issue.",
    );
  });
});

describe("Azure DevOps adapter: failures", () => {
  it("waits out 429s as Retry-After says, then succeeds", async () => {
    const { azure, fake, waits } = setup();
    fake.failNext(2, { status: 429, retryAfter: 2 });
    expect(await azure.projects(ORG, PAT)).toHaveLength(2);
    expect(waits).toEqual([2000, 2000]);
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up on 429 after 3 waits or past the budget, saying when to try again", async () => {
    const { azure, fake, waits } = setup();
    fake.failNext(4, { status: 429, retryAfter: 1 });
    const error = await refusal(azure.projects(ORG, PAT));
    expect([error.kind, error.retryAfter, waits]).toEqual(["rate_limited", 1, [1000, 1000, 1000]]);
    fake.reset();
    fake.failNext(1, { status: 429, retryAfter: 30 });
    const long = await refusal(azure.open(PAT, settings, REF).createEpic(epic));
    expect([long.kind, long.message]).toEqual([
      "rate_limited",
      "Azure DevOps is limiting requests. Please try again in 30 seconds.",
    ]);
  });

  it("retries a failed read once, and never a create: a 5xx on a create may have applied", async () => {
    const { azure, fake } = setup();
    fake.failNext(1, { status: 503 });
    expect(await azure.projects(ORG, PAT)).toHaveLength(2);
    const session = azure.open(PAT, settings, REF);
    fake.failNext(1, { status: 500 }); // the types read, retried
    const createdEpic = await session.createEpic(epic);
    fake.requests.length = 0;
    fake.applyThenFail(500);
    const error = await refusal(session.createStory(stories[0]!, 0, createdEpic));
    expect([error.kind, error.status, error.mayHaveApplied]).toEqual(["unavailable", 500, true]);
    expect(error.message).toBe("Azure DevOps is unavailable (HTTP 500). The change may have been made.");
    expect(fake.requests).toHaveLength(1);
    // the story was made: findExported shows it, linked
    expect((await session.findExported(createdEpic)).map((f) => [f.title, f.parentKey])).toEqual([
      ["Checkout", null],
      ["Pay by card", createdEpic.key],
    ]);
    fake.failNext(2, { status: 502 });
    const read = await refusal(session.findExported(createdEpic));
    expect([read.kind, read.mayHaveApplied]).toEqual(["unavailable", false]);
  });

  it("a create that times out or loses its connection may have applied", async () => {
    const { azure, fake } = setup({}, { timeoutMs: 30 });
    const session = azure.open(PAT, settings, REF);
    await session.findExported(null);
    fake.hangNext(); // the types read: retried once
    fake.hangNext();
    const timedOut = await refusal(session.createEpic(epic));
    expect([timedOut.kind, timedOut.mayHaveApplied]).toEqual(["unavailable", false]);
    await session.findExported(null);
    const types = fake.requests.filter((r) => r.path.endsWith("workitemtypes"));
    expect(types).toHaveLength(2);
    fake.requests.length = 0;
    // the plan is read now (the failed read was forgotten); the create hangs
    const next = azure.open(PAT, settings, REF);
    await next.createEpic(epic);
    fake.hangNext();
    const create = await refusal(next.createEpic(epic));
    expect([create.kind, create.mayHaveApplied, create.message]).toEqual([
      "unavailable",
      true,
      "Azure DevOps did not answer within 0.03 seconds. The change may have been made.",
    ]);
  });

  it("refuses an answer of the wrong shape, non-JSON or HTML, and a redirect", async () => {
    const azure = createAzureDevOps({ apiBase: null, sleep: async () => undefined });
    const spy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => Response.json({ count: 1, value: [{ id: 7 }] }));
    const shape = await refusal(azure.projects(ORG, PAT));
    expect([shape.kind, shape.message]).toEqual([
      "unavailable",
      "Azure DevOps' answer was not in the shape StoryLoom expects.",
    ]);
    spy.mockImplementation(async () => Response.json({ name: "no id" }));
    const create = await refusal(
      azure
        .open(PAT, settings, REF)
        .linkStory({ key: "1", url: "" }, { id: "2", key: "2", url: "", title: "", parentKey: null }),
    );
    expect([create.kind, create.mayHaveApplied]).toEqual(["unavailable", true]);
    spy.mockImplementation(
      async () => new Response("<html>sign in</html>", { headers: { "Content-Type": "text/html" } }),
    );
    expect((await refusal(azure.projects(ORG, PAT))).kind).toBe("unauthorized");
    spy.mockImplementation(async () => new Response("plain", { headers: { "Content-Type": "text/plain" } }));
    expect((await refusal(azure.projects(ORG, PAT))).message).toBe(
      "Azure DevOps answered with something other than JSON, which StoryLoom does not read.",
    );
    spy.mockImplementation(
      async () =>
        new Response(null, {
          status: 302,
          headers: { Location: "https://spsprodweu5.vssps.visualstudio.com/_signin?realm=dev.azure.com" },
        }),
    );
    expect((await refusal(azure.projects(ORG, PAT))).kind).toBe("unauthorized");
    spy.mockImplementation(
      async () => new Response(null, { status: 301, headers: { Location: "https://elsewhere.example/" } }),
    );
    expect((await refusal(azure.projects(ORG, PAT))).kind).toBe("unavailable");
    for (const call of spy.mock.calls) expect((call[1] as RequestInit).redirect).toBe("manual");
  });

  it("caps the answer's size", async () => {
    const azure = createAzureDevOps({ apiBase: null, maxResponseBytes: 1024 });
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({ count: 1, value: [{ id: "x", name: "y".repeat(4096) }] }),
    );
    expect((await refusal(azure.projects(ORG, PAT))).message).toBe(
      "Azure DevOps answered with an answer larger than 1 KiB, which StoryLoom does not read.",
    );
  });

  it("names the kind of a refusal and never puts the PAT or its Basic form in a message or cause", async () => {
    const secret = "pat-5f2a9c1e7b3d4a6f8e0c2b4d6f8a0c2e";
    const { azure, fake } = setup({ pat: secret }, { timeoutMs: 30 });
    const basic = btoa(`:${secret}`);
    const errors: TrackerError[] = [];
    for (const status of [400, 403, 404, 409, 429, 500]) {
      fake.failNext(status === 500 ? 2 : status === 429 ? 4 : 1, {
        status,
        body: {
          $id: "1",
          innerException: null,
          message: `Echo: Basic ${basic} ${secret}`,
          typeName: "X",
          typeKey: "X",
          errorCode: 0,
          eventId: 3000,
        },
        ...(status === 429 ? { retryAfter: 1 } : {}),
      });
      errors.push(await refusal(azure.projects(ORG, secret)));
    }
    expect(errors.map((e) => e.kind)).toEqual([
      "invalid",
      "forbidden",
      "not_found",
      "invalid",
      "rate_limited",
      "unavailable",
    ]);
    expect(errors[0]!.message).toBe("Echo: Basic [redacted] [redacted]");
    expect(errors[1]!.message).toBe(
      `Your Azure DevOps account does not have permission to list the projects of organisation ${ORG}.`,
    );
    for (const error of errors) {
      const text = `${error.message} ${String(error.cause)}`;
      expect(text).not.toContain(secret);
      expect(text).not.toContain(basic);
    }
  });
});

describe("Azure DevOps adapter: the review before an export", () => {
  const NOW = Date.parse("2026-12-07T09:00:00Z");
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 10)).toISOString();
  const itemUrl = (id: number | string) => `https://dev.azure.com/${ORG}/StoryLoom%20Demo/_workitems/edit/${id}`;
  const apiPath = (rest: string) => `/${ORG}/${PROJECT_ID}/_apis/wit/${rest}`;
  const calls = (fake: FakeAzureDevOps) => fake.requests.map((r) => `${r.method} ${decodeURIComponent(r.path)}`);
  const note = {
    marker: `storyloom-${REF}-1`,
    heading: "From the meeting of 7 December 2026 (StoryLoom): Pay <fast>",
    criteria: ["Visa & Mastercard work", "<script>alert(1)</script>"],
    quote: `we lose "people" at payment`,
  };
  const noteHtml =
    "<div><h3>From the meeting of 7 December 2026 (StoryLoom): Pay &lt;fast&gt;</h3>" +
    "<ul><li>Visa &amp; Mastercard work</li><li>&lt;script&gt;alert(1)&lt;/script&gt;</li></ul>" +
    "<blockquote><p>we lose &quot;people&quot; at payment</p></blockquote>" +
    `<p>Added by StoryLoom (storyloom-${REF}-1)</p></div>`;
  /** The export's own session (another marker), beside the review's. */
  const exportSession = () =>
    createAzureDevOps({ apiBase: null, sleep: async () => undefined }).open(PAT, settings, "ffffffffffff");

  /** An Agile project with what people made: an epic, its story, a bug, and items closed or removed. */
  function backlog(fakeOptions: FakeAzureDevOpsOptions = {}) {
    const env = setup({ now: () => NOW, ...fakeOptions });
    const { fake } = env;
    const epicItem = fake.addWorkItem({
      type: "Epic",
      title: "Payments",
      description: "<div>Everything about <b>paying</b>&nbsp;us</div>",
      changed: day(1),
    });
    const story = fake.addWorkItem({
      type: "User Story",
      title: "Pay by card",
      description:
        "<p>As a buyer &amp; payer<br>I want <i>cards</i></p><ul><li>Visa</li><li>Mastercard</li></ul><!-- hidden --><script>x()</script>",
      state: "Active",
      parentId: epicItem.id,
      changed: day(3),
    });
    const bug = fake.addWorkItem({ type: "Bug", title: "Card declined twice", state: "Resolved", changed: day(2) });
    fake.addWorkItem({ type: "User Story", title: "Closed story", state: "Closed", changed: day(5) });
    fake.addWorkItem({ type: "Task", title: "Removed task", state: "Removed", changed: day(6) });
    fake.addWorkItem({ type: "Issue", title: "In another project", projectId: "2d8a5c1e-7f3b-4e0a-9c6d-0b1e2f3a4b5c" });
    fake.requests.length = 0;
    return { ...env, session: env.azure.open(PAT, settings, REF), epicItem, story, bug };
  }

  it("openItems: the open items of the project, epics included, newest first, as plain text, in 2 requests", async () => {
    const { fake, session, epicItem, story, bug } = backlog();
    expect(await session.openItems()).toEqual({
      items: [
        {
          key: String(story.id),
          title: "Pay by card",
          description: "As a buyer & payer\nI want cards\n\n- Visa\n- Mastercard",
          status: "Active",
          url: itemUrl(story.id),
          parentKey: String(epicItem.id),
        },
        {
          key: String(bug.id),
          title: "Card declined twice",
          description: "",
          status: "Resolved",
          url: itemUrl(bug.id),
          parentKey: null,
        },
        {
          key: String(epicItem.id),
          title: "Payments",
          description: "Everything about paying us",
          status: "New",
          url: itemUrl(epicItem.id),
          parentKey: null,
        },
      ],
      truncated: false,
    });
    expect(calls(fake)).toEqual([`POST ${apiPath("wiql")}`, `GET ${apiPath("workitems")}`]);
    expect(fake.requests[0]!.query.$top).toBe("201");
    expect(fake.requests[0]!.body).toEqual({
      query:
        "SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.State] NOT IN ('Closed', 'Done', 'Removed', 'Cancelled') ORDER BY [System.ChangedDate] DESC",
    });
    expect(fake.requests[1]!.query).toMatchObject({
      ids: `${story.id},${bug.id},${epicItem.id}`,
      fields: "System.Title,System.Description,System.State,System.Parent",
    });
  });

  it("openItems: an empty backlog is one request", async () => {
    const { azure, fake } = setup();
    expect(await azure.open(PAT, settings, REF).openItems()).toEqual({ items: [], truncated: false });
    expect(fake.requests).toHaveLength(1);
  });

  it("openItems: at most 200 items in 3 requests, truncated when more are open; descriptions cut", async () => {
    const { azure, fake } = setup({ now: () => NOW });
    for (let i = 0; i < 205; i++)
      fake.addWorkItem({
        type: "User Story",
        title: `Story ${i}`,
        description: i === 204 ? `<p>${"word ".repeat(1000)}</p>` : "",
        changed: new Date(NOW - (205 - i) * 60_000).toISOString(),
      });
    const page = await azure.open(PAT, settings, REF).openItems();
    expect(page.truncated).toBe(true);
    expect(page.items).toHaveLength(200);
    expect(page.items[0]!.title).toBe("Story 204");
    expect(page.items[0]!.description).toHaveLength(2000);
    expect(page.items[199]!.title).toBe("Story 5");
    expect(calls(fake)).toEqual([
      `POST ${apiPath("wiql")}`,
      `GET ${apiPath("workitems")}`,
      `GET ${apiPath("workitems")}`,
    ]);
    expect(fake.requests.slice(1).map((r) => r.query.ids!.split(",").length)).toEqual([100, 100]);

    // exactly 200 open: not truncated
    fake.workItem(101).fields["System.State"] = "Closed";
    fake.workItem(102).fields["System.State"] = "Removed";
    fake.workItem(103).fields["System.State"] = "Closed";
    fake.workItem(104).fields["System.State"] = "Closed";
    fake.workItem(105).fields["System.State"] = "Closed";
    const all = await azure.open(PAT, settings, REF).openItems();
    expect([all.items.length, all.truncated]).toEqual([200, false]);
  });

  it("openEpics: the open Epics, newest first, as createEpic answers them, in 3 requests", async () => {
    const { fake, session, epicItem } = backlog();
    const older = fake.addWorkItem({ type: "Epic", title: "Onboarding", changed: day(0) });
    fake.addWorkItem({ type: "Epic", title: "Closed epic", state: "Closed", changed: day(9) });
    fake.addWorkItem({ type: "Feature", title: "A feature is not an epic", changed: day(9) });
    fake.requests.length = 0;
    const created = await exportSession().createEpic(epic);
    fake.requests.length = 0;
    const epics = await session.openEpics();
    expect(epics).toEqual([
      { key: created.key, url: created.url, title: created.title },
      { key: String(epicItem.id), url: itemUrl(epicItem.id), title: "Payments" },
      { key: String(older.id), url: itemUrl(older.id), title: "Onboarding" },
    ]);
    expect(calls(fake)).toEqual([
      `GET ${apiPath("workitemtypes")}`,
      `POST ${apiPath("wiql")}`,
      `GET ${apiPath("workitems")}`,
    ]);
    expect((fake.requests[1]!.body as { query: string }).query).toContain("AND [System.WorkItemType] = 'Epic' AND");
    expect(fake.requests[2]!.query.fields).toBe("System.Title");
  });

  it("openEpics: a chosen epic takes a created story exactly as one the export made, and findExported finds it", async () => {
    const { fake, session, epicItem } = backlog();
    const [chosen] = (await session.openEpics()).filter((e) => e.key === String(epicItem.id));
    const target = exportSession();
    const ref = { key: chosen!.key, url: chosen!.url };
    const created = await target.createStory(stories[0]!, 0, ref);
    expect(created.parentKey).toBe(chosen!.key);
    expect(fake.workItem(Number(created.id)).parentId).toBe(epicItem.id);
    const found = await target.findExported(ref);
    expect(found.map((f) => [f.key, f.title, f.parentKey])).toEqual([[created.key, "Pay by card", chosen!.key]]);
  });

  it("openEpics: a process without an Epic type has none (one request)", async () => {
    const { azure: adapter, fake } = setup({
      projects: [{ id: PROJECT_ID, name: "StoryLoom Demo", process: "Agile", disabledTypes: ["Epic"] }],
    });
    expect(await adapter.open(PAT, settings, REF).openEpics()).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it("relate: reads the story's relations, adds a Related link once, and writes nothing on a repeat", async () => {
    const { fake, session, bug } = backlog();
    const created = await exportSession().createStory(stories[0]!, 0, { key: "101", url: itemUrl(101) });
    fake.requests.length = 0;
    await session.relate(created.key, String(bug.id));
    expect(calls(fake)).toEqual([
      `GET ${apiPath(`workitems/${created.id}`)}`,
      `PATCH ${apiPath(`workitems/${created.id}`)}`,
    ]);
    expect(fake.requests[0]!.query.$expand).toBe("relations");
    expect(fake.requests[1]!.body).toEqual([
      {
        op: "add",
        path: "/relations/-",
        value: {
          rel: "System.LinkTypes.Related",
          url: `https://dev.azure.com/${ORG}/_apis/wit/workItems/${bug.id}`,
          attributes: { comment: "Linked by StoryLoom" },
        },
      },
    ]);
    expect(fake.workItem(Number(created.id)).related).toEqual([bug.id]);
    fake.requests.length = 0;
    await session.relate(created.key, String(bug.id));
    expect(calls(fake)).toEqual([`GET ${apiPath(`workitems/${created.id}`)}`]);
  });

  it("relate: a link the item holds to the story counts (Related shows on both ends)", async () => {
    const { fake, session, story } = backlog();
    const other = fake.addWorkItem({ type: "Bug", title: "Linked from its side", related: [story.id] });
    fake.requests.length = 0;
    await session.relate(String(story.id), String(other.id));
    expect(fake.requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("relate: an unanswered write may have applied, and the repeat writes nothing", async () => {
    const { fake, session, story, bug } = backlog();
    fake.applyThenFail(503, /^PATCH /);
    const lost = await refusal(session.relate(String(story.id), String(bug.id)));
    expect([lost.kind, lost.status, lost.mayHaveApplied]).toEqual(["unavailable", 503, true]);
    expect(fake.workItem(story.id).related).toEqual([bug.id]);
    fake.requests.length = 0;
    await session.relate(String(story.id), String(bug.id));
    expect(fake.requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("relate: errors as TrackerError kinds, and keys checked before anything is sent", async () => {
    const { fake, session, story } = backlog();
    const missingStory = await refusal(session.relate("999", String(story.id)));
    expect([missingStory.kind, missingStory.status]).toEqual(["not_found", 404]);
    const missingItem = await refusal(session.relate(String(story.id), "998"));
    expect([missingItem.kind, missingItem.mayHaveApplied]).toEqual(["invalid", false]);
    expect(missingItem.message).toMatch(/^TF401232: Work item 998 /);
    fake.requests.length = 0;
    for (const [a, b] of [
      ["ENG-1", "1"],
      ["1", "#2"],
      [String(story.id), String(story.id)],
    ])
      expect((await refusal(session.relate(a!, b!))).kind).toBe("invalid");
    expect(fake.requests).toHaveLength(0);
    fake.failNext(1, { status: 403 });
    expect((await refusal(session.relate(String(story.id), "101"))).kind).toBe("forbidden");
  });

  it("appendTo: reads the description, keeps its HTML and appends the note escaped, once", async () => {
    const { fake, session, story } = backlog();
    const old = fake.workItem(story.id).fields["System.Description"] as string;
    await session.appendTo(String(story.id), note);
    expect(calls(fake)).toEqual([
      `GET ${apiPath(`workitems/${story.id}`)}`,
      `PATCH ${apiPath(`workitems/${story.id}`)}`,
    ]);
    expect(fake.requests[0]!.query.fields).toBe("System.Description");
    expect(fake.requests[1]!.body).toEqual([
      { op: "test", path: "/rev", value: 1 },
      { op: "add", path: "/fields/System.Description", value: old + noteHtml },
    ]);
    expect(fake.workItem(story.id).fields["System.Description"]).toBe(old + noteHtml);

    fake.requests.length = 0;
    await session.appendTo(String(story.id), note);
    expect(calls(fake)).toEqual([`GET ${apiPath(`workitems/${story.id}`)}`]);
    // another story's note (position 12 carries "-12"): appended, and "-1" is not taken for it
    await session.appendTo(String(story.id), { ...note, marker: `storyloom-${REF}-12`, quote: null, criteria: [] });
    expect(fake.workItem(story.id).fields["System.Description"]).toBe(
      `${old}${noteHtml}<div><h3>From the meeting of 7 December 2026 (StoryLoom): Pay &lt;fast&gt;</h3><p>Added by StoryLoom (storyloom-${REF}-12)</p></div>`,
    );
  });

  it("appendTo: an item without a description gets the note alone", async () => {
    const { fake, session, bug } = backlog();
    await session.appendTo(String(bug.id), note);
    expect(fake.workItem(bug.id).fields["System.Description"]).toBe(noteHtml);
  });

  it("appendTo: an edit between the read and the write is kept (412, read again); twice is an error", async () => {
    const { fake, session, story } = backlog();
    const spied = fake.handle.bind(fake);
    let edits = 1;
    vi.spyOn(fake, "handle").mockImplementation((request) => {
      const answer = spied(request);
      if (request.method === "GET" && edits-- > 0)
        fake.editWorkItem(story.id, { "System.Description": "<p>Edited meanwhile</p>" });
      return answer;
    });
    await session.appendTo(String(story.id), note);
    expect(fake.requests.map((r) => [r.method, r.status])).toEqual([
      ["GET", 200],
      ["PATCH", 412],
      ["GET", 200],
      ["PATCH", 200],
    ]);
    expect(fake.workItem(story.id).fields["System.Description"]).toBe(`<p>Edited meanwhile</p>${noteHtml}`);

    const { fake: other, session: again, bug } = backlog();
    const handle = other.handle.bind(other);
    vi.spyOn(other, "handle").mockImplementation((request) => {
      const answer = handle(request);
      if (request.method === "GET") other.editWorkItem(bug.id, { "System.Title": "Renamed" });
      return answer;
    });
    const conflict = await refusal(again.appendTo(String(bug.id), note));
    expect([conflict.kind, conflict.status, conflict.mayHaveApplied]).toEqual(["invalid", 412, false]);
    expect(conflict.message).toMatch(/^TF26071: /);
    expect(other.requests).toHaveLength(4);
    expect(other.workItem(bug.id).fields["System.Description"]).toBeUndefined();
  });

  it("appendTo: an unanswered write may have applied, and the repeat finds the marker", async () => {
    const { fake, session, story } = backlog();
    fake.applyThenFail(500, new RegExp(`^PATCH .*/workitems/${story.id}$`));
    const lost = await refusal(session.appendTo(String(story.id), note));
    expect([lost.kind, lost.mayHaveApplied, lost.message]).toEqual([
      "unavailable",
      true,
      "Azure DevOps is unavailable (HTTP 500). The change may have been made.",
    ]);
    fake.requests.length = 0;
    await session.appendTo(String(story.id), note);
    expect(fake.requests.map((r) => r.method)).toEqual(["GET"]);
    expect((fake.workItem(story.id).fields["System.Description"] as string).split(note.marker)).toHaveLength(2);
  });

  it("appendTo and the reads: errors as TrackerError kinds", async () => {
    const { fake, session } = backlog();
    const gone = await refusal(session.appendTo("999", note));
    expect([gone.kind, gone.status]).toEqual(["not_found", 404]);
    expect((await refusal(session.appendTo("ENG-4", note))).kind).toBe("invalid");
    fake.failNext(2, { status: 503 });
    const down = await refusal(session.openItems());
    expect([down.kind, down.mayHaveApplied]).toEqual(["unavailable", false]);
    fake.failNext(4, { status: 429, retryAfter: 1 });
    expect((await refusal(session.openEpics())).kind).toBe("rate_limited");
    fake.failNext(1, { status: 403 });
    expect((await refusal(session.appendTo("101", note))).kind).toBe("forbidden");
    const expired = await refusal(
      createAzureDevOps({ apiBase: null, sleep: async () => undefined })
        .open("expired-pat", settings, REF)
        .openItems(),
    );
    expect([expired.kind, expired.status]).toEqual(["unauthorized", 203]);
  });
});
