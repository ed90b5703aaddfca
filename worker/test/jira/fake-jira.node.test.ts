import { describe, expect, it } from "vitest";
import { adfProblems } from "./adf-check";
import { FAKE_JIRA_TOKEN, FakeJira, NotEmulatedError, type FakeJiraRequest } from "./fake-jira";

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
      'project = "SL" AND labels = "x" ORDER BY created DESC',
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
