import { describe, expect, it } from "vitest";
import { adfProblems } from "./adf-check";
import { FAKE_JIRA_TOKEN, FakeJira, NotEmulatedError, type FakeJiraLinkType, type FakeJiraRequest } from "./fake-jira";

const AUTH = {
  authorization: `Basic ${btoa(`pm@example.com:${FAKE_JIRA_TOKEN}`)}`,
  "content-type": "application/json",
};
const doc = (...text: string[]) => ({
  type: "doc",
  version: 1,
  content: text.map((t) => ({ type: "paragraph", content: [{ type: "text", text: t }] })),
});
const storyFields = (over: Record<string, unknown> = {}) => ({
  project: { key: "SL" },
  issuetype: { id: "10001" },
  summary: "Pay by card",
  description: doc("Cards."),
  labels: ["storyloom-export-1"],
  ...over,
});

function call(fake: FakeJira, request: Partial<FakeJiraRequest> & { path: string }) {
  const answer = fake.handle({ method: "GET", headers: AUTH, ...request });
  if (answer.kind !== "json") throw new Error(`expected a JSON answer, got ${answer.kind}`);
  return answer as { status: number; body: Record<string, unknown>; headers: Record<string, string> };
}
const create = (fake: FakeJira, fields: unknown) =>
  call(fake, { method: "POST", path: "/rest/api/3/issue", body: JSON.stringify({ fields }) });
const bulk = (fake: FakeJira, items: unknown[]) =>
  call(fake, {
    method: "POST",
    path: "/rest/api/3/issue/bulk",
    body: JSON.stringify({ issueUpdates: items.map((fields) => ({ fields })) }),
  });

describe("FakeJira", () => {
  it("answers serverInfo to anyone and everything else only to the credential pair", () => {
    const fake = new FakeJira();
    expect(call(fake, { path: "/rest/api/3/serverInfo", headers: {} }).body).toMatchObject({
      deploymentType: "Cloud",
      baseUrl: "https://fake.atlassian.net",
    });
    expect(call(fake, { path: "/rest/api/3/myself", headers: {} }).status).toBe(401);
    expect(
      call(fake, {
        path: "/rest/api/3/myself",
        headers: { authorization: `Basic ${btoa("pm@example.com:real-looking-token")}` },
      }).status,
    ).toBe(401);
    expect(call(fake, { path: "/rest/api/3/myself", host: "acme.atlassian.net" }).body).toMatchObject({
      emailAddress: "pm@example.com",
    });
  });

  it("creates issues with keys in order and keeps them", () => {
    const fake = new FakeJira();
    const epic = create(fake, { ...storyFields(), issuetype: { id: "10000" }, summary: "Checkout" });
    expect(epic).toMatchObject({
      status: 201,
      body: { id: "10001", key: "SL-1", self: "https://fake.atlassian.net/rest/api/3/issue/10001" },
    });
    create(
      fake,
      storyFields({
        parent: { key: "SL-1" },
        priority: { id: "2" },
        customfield_10016: 3,
        timetracking: { originalEstimate: "1d 4h" },
      }),
    );
    expect(fake.issues.map((i) => [i.key, i.issueTypeName, i.parentKey])).toEqual([
      ["SL-1", "Epic", null],
      ["SL-2", "Story", "SL-1"],
    ]);
  });

  it("refuses what JIRA refuses, with JIRA's error shape", () => {
    const fake = new FakeJira({ storyPoints: null, timeTracking: false });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [storyFields({ summary: "" }), { summary: "You must specify a summary of the issue." }],
      [storyFields({ summary: "x".repeat(256) }), { summary: "Summary must be less than 255 characters." }],
      [
        storyFields({ customfield_10016: 3 }),
        {
          customfield_10016:
            "Field 'customfield_10016' cannot be set. It is not on the appropriate screen, or unknown.",
        },
      ],
      [
        storyFields({ timetracking: { originalEstimate: "8h" } }),
        { timetracking: "Field 'timetracking' cannot be set. It is not on the appropriate screen, or unknown." },
      ],
      [
        storyFields({ description: doc("") }),
        { description: "Operation value must be an Atlassian Document (see the Atlassian Document Format)" },
      ],
      [
        storyFields({ description: "plain text" }),
        { description: "Operation value must be an Atlassian Document (see the Atlassian Document Format)" },
      ],
      [
        storyFields({ description: doc("x".repeat(40_000)) }),
        { description: "The entered text is too long. It exceeds the allowed limit of 32,767 characters." },
      ],
      [storyFields({ labels: ["two words"] }), { labels: "The label 'two words' contains spaces which is invalid." }],
      [
        storyFields({ priority: { name: "Urgent" } }),
        { priority: "Specify the Priority (id or name) in the string format" },
      ],
      [storyFields({ parent: { key: "SL-99" } }), { parent: "Could not find issue by id or key." }],
      [storyFields({ project: { key: "XX" } }), { project: "Specify a valid project ID or key" }],
      [storyFields({ issuetype: { id: "1" } }), { issuetype: "The issue type selected is invalid." }],
      [storyFields({ issuetype: { id: "10003" } }), { parent: "Parent is required for a sub-task." }],
    ];
    for (const [fields, errors] of cases)
      expect(create(fake, fields)).toMatchObject({ status: 400, body: { errorMessages: [], errors } });
    create(fake, storyFields());
    expect(create(fake, storyFields({ parent: { key: "SL-1" } })).body.errors).toEqual({
      parent: "Given parent work item does not belong to appropriate hierarchy.",
    });
  });

  it("bulk-creates up to 50, answering per-item errors by index; 400 when none was created", () => {
    const fake = new FakeJira();
    const mixed = bulk(fake, [storyFields({ summary: "" }), storyFields(), storyFields({ bogus: 1 })]);
    expect(mixed.status).toBe(201);
    expect(mixed.body.issues).toEqual([
      { id: "10001", key: "SL-1", self: "https://fake.atlassian.net/rest/api/3/issue/10001" },
    ]);
    expect((mixed.body.errors as { failedElementNumber: number }[]).map((e) => e.failedElementNumber)).toEqual([0, 2]);
    expect(bulk(fake, [storyFields({ summary: "" })]).status).toBe(400);
    expect(
      bulk(
        fake,
        Array.from({ length: 51 }, () => storyFields()),
      ),
    ).toMatchObject({
      status: 400,
      body: { errorMessages: ["Bulk create of more than 50 issues is not allowed."] },
    });
    fake.failBulkItem((fields) => fields.summary === "refuse me", { errors: { labels: "No." } });
    const ruled = bulk(fake, [storyFields(), storyFields({ summary: "refuse me" })]);
    expect(ruled.body.errors).toEqual([
      { status: 400, elementErrors: { errorMessages: [], errors: { labels: "No." } }, failedElementNumber: 1 },
    ]);
    expect(bulk(fake, [storyFields({ summary: "refuse me" })]).status).toBe(201);
  });

  it("throws (fails the test) on a create body that breaks the contract, or a request it does not model", () => {
    const fake = new FakeJira();
    expect(() =>
      fake.handle({
        method: "POST",
        path: "/rest/api/3/issue/bulk",
        headers: AUTH,
        body: JSON.stringify({ issueUpdates: { fields: {} } }),
      }),
    ).toThrow(/Not a JIRA request body for POST \/rest\/api\/3\/issue\/bulk/);
    expect(() => fake.handle({ method: "POST", path: "/rest/api/3/issue", headers: AUTH, body: "not json" })).toThrow(
      /not JSON/,
    );
    expect(() => fake.handle({ method: "GET", path: "/rest/api/3/priority/search", headers: AUTH })).toThrow(
      NotEmulatedError,
    );
    expect(() => fake.handle({ method: "GET", path: "/rest/api/3/priority", headers: AUTH })).toThrow(NotEmulatedError);
    expect(() =>
      fake.handle({ method: "GET", path: "/rest/api/3/search/jql", query: "jql=x&startAt=0", headers: AUTH }),
    ).toThrow(/no query parameter startAt/);
  });

  it("holds its own answers to the contract: an injected body that JIRA would never send throws", () => {
    const fake = new FakeJira();
    fake.failNext(1, { status: 500, body: { message: "not an ErrorCollection" } });
    expect(() => fake.handle({ method: "GET", path: "/rest/api/3/myself", headers: AUTH })).toThrow(/ErrorCollection/);
  });

  it("understands exactly the JQL StoryLoom sends, and pages with nextPageToken", () => {
    const fake = new FakeJira({ searchPageSize: 2 });
    bulk(fake, [storyFields(), storyFields(), storyFields({ labels: ["other"] }), storyFields()]);
    const jql = 'project = "SL" AND labels = "storyloom-export-1" ORDER BY created ASC';
    const first = call(fake, {
      path: "/rest/api/3/search/jql",
      query: new URLSearchParams({ jql, fields: "summary,labels", maxResults: "100" }).toString(),
    });
    expect(first.body).toMatchObject({
      isLast: false,
      issues: [{ key: "SL-1", fields: { summary: "Pay by card", labels: ["storyloom-export-1"] } }, { key: "SL-2" }],
    });
    const token = String(first.body.nextPageToken);
    const second = call(fake, {
      path: "/rest/api/3/search/jql",
      query: new URLSearchParams({ jql, nextPageToken: token }).toString(),
    });
    expect(second.body).toMatchObject({ isLast: true, issues: [{ key: "SL-4" }] });
    for (const other of [
      'labels = "storyloom-export-1"',
      'project = SL AND labels = "x"',
      'project = "SL" AND labels = "x" ORDER BY rank ASC',
      'project = "SL" AND labels = "x"',
      'project = "SL" AND statusCategory != Someday ORDER BY updated DESC',
      'project = "SL" OR labels = "x" ORDER BY created ASC',
    ]) {
      expect(
        call(fake, { path: "/rest/api/3/search/jql", query: new URLSearchParams({ jql: other }).toString() }).status,
      ).toBe(400);
    }
    expect(
      call(fake, {
        path: "/rest/api/3/search/jql",
        query: new URLSearchParams({ jql, nextPageToken: "bogus" }).toString(),
      }).status,
    ).toBe(400);
  });

  it("keeps each issue's status (To Do when created) and updated time, and moves it as a board transition does", () => {
    let now = Date.parse("2026-12-01T10:00:00Z");
    const fake = new FakeJira({ now: () => now });
    const created = fake.addIssue({ summary: "Invite teammates" });
    expect([created.key, created.status, created.issueTypeName, created.updated]).toEqual([
      "SL-1",
      "To Do",
      "Story",
      "2026-12-01T10:00:00.000Z",
    ]);
    now += 60_000;
    fake.setStatus("SL-1", "Done");
    expect([fake.issue("SL-1").status, fake.issue("SL-1").updated]).toEqual(["Done", "2026-12-01T10:01:00.000Z"]);
    expect(() => fake.setStatus("SL-1", "Someday")).toThrow(/no status Someday/);
    expect(() => fake.addIssue({ summary: "", type: "Story" })).toThrow(/would refuse/);
    expect(() => fake.addIssue({ summary: "x", description: "plain text" })).toThrow(/would refuse/);
    // A description as the editor writes it is kept exactly.
    const rich = {
      type: "doc",
      version: 1,
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Bold", marks: [{ type: "strong" }] }] },
        { type: "rule" },
      ],
    };
    expect(fake.addIssue({ summary: "Rich", description: rich }).fields.description).toEqual(rich);
  });

  it("searches the open issues by status category and by issue type, most recently updated first", () => {
    let now = Date.parse("2026-12-01T10:00:00Z");
    const fake = new FakeJira({ now: () => now });
    const epic = fake.addIssue({ summary: "Onboarding", type: "Epic" });
    fake.addIssue({ summary: "Closed epic", type: "Epic", status: "Won't Do" });
    fake.addIssue({ summary: "Under it", parentKey: epic.key, status: "In Progress" });
    fake.addIssue({ summary: "Finished", status: "Done" });
    fake.addIssue({ summary: "Older", type: "Task", updated: "2026-11-01T00:00:00Z" });
    now += 1000;
    fake.addIssue({ summary: "Newest" });
    const search = (jql: string, fields = "summary,status,parent,issuetype") =>
      call(fake, {
        path: "/rest/api/3/search/jql",
        query: new URLSearchParams({ jql, fields, maxResults: "100" }).toString(),
      }).body as { issues: { key: string; fields: Record<string, { name?: string; key?: string }> }[] };
    const open = search('project = "SL" AND statusCategory != Done ORDER BY updated DESC');
    expect(open.issues.map((i) => [i.fields.summary, i.fields.status!.name])).toEqual([
      ["Newest", "To Do"],
      // The same millisecond: the last changed first.
      ["Under it", "In Progress"],
      ["Onboarding", "To Do"],
      ["Older", "To Do"],
    ]);
    expect(open.issues[1]!.fields.parent).toMatchObject({ key: "SL-1", fields: { summary: "Onboarding" } });
    expect(open.issues[1]!.fields.status).toMatchObject({
      statusCategory: { key: "indeterminate", name: "In Progress", id: 4 },
    });
    const epics = search('project = "SL" AND issuetype = 10000 AND statusCategory != Done ORDER BY updated DESC');
    expect(epics.issues.map((i) => i.key)).toEqual(["SL-1"]);
    expect(search('project = "SL" AND issuetype = "epic" ORDER BY created ASC').issues.map((i) => i.key)).toEqual([
      "SL-1",
      "SL-2",
    ]);
    expect(search('project = "SL" AND statusCategory = "done" ORDER BY created ASC').issues.length).toBe(2);
    // Without `fields`, JIRA answers the ids only.
    const bare = call(fake, {
      path: "/rest/api/3/search/jql",
      query: new URLSearchParams({ jql: 'project = "SL" ORDER BY created ASC' }).toString(),
    }).body as { issues: { fields: unknown }[] };
    expect(bare.issues[0]!.fields).toEqual({});
  });

  it("reads one issue's fields, its description as the ADF it holds (null when none)", () => {
    const fake = new FakeJira();
    create(fake, storyFields());
    fake.addIssue({ summary: "Bare" });
    const read = (key: string, fields?: string) =>
      call(fake, { path: `/rest/api/3/issue/${key}`, ...(fields ? { query: `fields=${fields}` } : {}) });
    expect(read("SL-1", "description").body).toEqual({
      expand: "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations",
      id: "10001",
      self: "https://fake.atlassian.net/rest/api/3/issue/10001",
      key: "SL-1",
      fields: { description: doc("Cards.") },
    });
    expect(read("SL-2", "description").body.fields).toEqual({ description: null });
    expect(read("SL-2").body.fields).toMatchObject({ summary: "Bare", issuelinks: [], status: { name: "To Do" } });
    expect(read("SL-9").status).toBe(404);
    expect(() =>
      fake.handle({ method: "GET", path: "/rest/api/3/issue/SL-1", query: "expand=names", headers: AUTH }),
    ).toThrow(NotEmulatedError);
  });

  it("edits a description, keeping it as sent, and marks the issue updated", () => {
    let now = Date.parse("2026-12-01T10:00:00Z");
    const fake = new FakeJira({ now: () => now });
    fake.addIssue({ summary: "Edit me", description: doc("Old.") });
    now += 5000;
    const answer = fake.handle({
      method: "PUT",
      path: "/rest/api/3/issue/SL-1",
      headers: AUTH,
      body: JSON.stringify({ fields: { description: doc("Old.", "New.") } }),
    });
    expect(answer).toEqual({ kind: "empty", status: 204, headers: {} });
    expect(fake.issue("SL-1").fields.description).toEqual(doc("Old.", "New."));
    expect(fake.issue("SL-1").updated).toBe("2026-12-01T10:00:05.000Z");
    const refused = fake.handle({
      method: "PUT",
      path: "/rest/api/3/issue/SL-1",
      headers: AUTH,
      body: JSON.stringify({ fields: { description: "plain" } }),
    });
    expect(refused).toMatchObject({ status: 400 });
    expect(() =>
      fake.handle({
        method: "PUT",
        path: "/rest/api/3/issue/SL-1",
        query: "returnIssue=true",
        headers: AUTH,
        body: JSON.stringify({ fields: {} }),
      }),
    ).toThrow(NotEmulatedError);
  });

  it("lists the link types and links issues: 201 with no body, the same link once, shown on both issues", () => {
    const fake = new FakeJira();
    fake.addIssue({ summary: "Story" });
    fake.addIssue({ summary: "Item" });
    const types = call(fake, { path: "/rest/api/3/issueLinkType" }).body as { issueLinkTypes: FakeJiraLinkType[] };
    expect(types.issueLinkTypes.map((t) => [t.id, t.name, t.outward])).toEqual([
      ["10000", "Blocks", "blocks"],
      ["10001", "Cloners", "clones"],
      ["10002", "Duplicate", "duplicates"],
      ["10003", "Relates", "relates to"],
    ]);
    const link = (body: unknown) =>
      fake.handle({ method: "POST", path: "/rest/api/3/issueLink", headers: AUTH, body: JSON.stringify(body) });
    const relates = { type: { id: "10003" }, inwardIssue: { key: "SL-2" }, outwardIssue: { key: "SL-1" } };
    expect(link(relates)).toEqual({ kind: "empty", status: 201, headers: {} });
    expect(link(relates)).toEqual({ kind: "empty", status: 201, headers: {} });
    expect(fake.links).toHaveLength(1);
    const linksOf = (key: string) =>
      (
        call(fake, { path: `/rest/api/3/issue/${key}`, query: "fields=issuelinks" }).body.fields as {
          issuelinks: Record<string, { key?: string; name?: string }>[];
        }
      ).issuelinks;
    expect(linksOf("SL-1")).toMatchObject([{ type: { name: "Relates" }, inwardIssue: { key: "SL-2" } }]);
    expect(linksOf("SL-2")).toMatchObject([{ type: { name: "Relates" }, outwardIssue: { key: "SL-1" } }]);
    expect(link({ ...relates, type: { name: "Mentions" } })).toMatchObject({
      status: 404,
      body: { errorMessages: ["No issue link type with name 'Mentions' found."] },
    });
    expect(link({ ...relates, outwardIssue: { key: "SL-9" } })).toMatchObject({ status: 404 });
    expect(() => link({ ...relates, type: "Relates" })).toThrow(/Not a JIRA request body/);
    expect(() => link({ ...relates, outwardIssue: { key: "SL-2" } })).toThrow(NotEmulatedError);
    expect(fake.linksOf("SL-1")).toEqual([{ type: "Relates", inwardKey: "SL-2", outwardKey: "SL-1" }]);
  });

  it("answers 404 to the link calls when issue linking is switched off", () => {
    const fake = new FakeJira({ issueLinking: false });
    expect(call(fake, { path: "/rest/api/3/issueLinkType" }).status).toBe(404);
  });

  it("pages the create metadata", () => {
    const fake = new FakeJira({ createMetaPageSize: 4 });
    const page = call(fake, {
      path: "/rest/api/3/issue/createmeta/SL/issuetypes/10001",
      query: "startAt=4&maxResults=200",
    });
    expect(page.body).toMatchObject({ startAt: 4, maxResults: 4, total: 10 });
    expect((page.body.fields as unknown[]).length).toBe(4);
  });

  it("injects faults in order and logs every request", () => {
    const fake = new FakeJira();
    fake
      .failNext(1, { status: 429, retryAfter: 7 })
      .redirectNext("https://elsewhere.example/")
      .hangNext()
      .oversizeNext(1000)
      .applyThenFail();
    expect(fake.handle({ method: "GET", path: "/rest/api/3/myself", headers: AUTH })).toMatchObject({
      kind: "json",
      status: 429,
      headers: { "Retry-After": "7" },
    });
    expect(fake.handle({ method: "GET", path: "/rest/api/3/myself", headers: AUTH })).toEqual({
      kind: "empty",
      status: 302,
      headers: { Location: "https://elsewhere.example/" },
    });
    expect(fake.handle({ method: "GET", path: "/rest/api/3/myself", headers: AUTH })).toEqual({ kind: "hang" });
    expect(fake.handle({ method: "GET", path: "/rest/api/3/myself", headers: AUTH })).toMatchObject({
      kind: "oversize",
      bytes: 1000,
    });
    expect(create(fake, storyFields()).status).toBe(500);
    expect(fake.issues).toHaveLength(1);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 302, "hang", 200, 500]);
    fake.reset();
    expect([fake.requests.length, fake.issues.length]).toEqual([0, 0]);
    expect(create(fake, storyFields()).body.key).toBe("SL-1");
  });

  it("checks ADF as JIRA does", () => {
    expect(adfProblems(doc("fine"))).toEqual([]);
    expect(adfProblems({ type: "doc", version: 1, content: [{ type: "bulletList", content: [] }] })).toEqual([
      "/content/0: 'bulletList' needs at least one child",
    ]);
    expect(adfProblems({ type: "doc", version: 1, content: [{ type: "text", text: "loose" }] })).toEqual([
      "/content/0: 'text' cannot be inside 'doc'",
    ]);
    expect(adfProblems({ type: "doc", version: 1, content: [{ type: "heading", content: [] }] })).toEqual([
      "/content/0: a heading needs attrs.level 1-6",
    ]);
    expect(adfProblems({ type: "doc", version: 2, content: [], extra: 1 })).toEqual([
      "/version: must be 1",
      "/: unknown key 'extra'",
    ]);
  });
});
