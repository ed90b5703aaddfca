import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../lib/errors";
import { FAKE_JIRA_TOKEN, FakeJira, type FakeJiraOptions } from "../../test/jira/fake-jira";
import { mockJira } from "../../test/jira/mock";
import { BACKLOG_LIMIT, BACKLOG_TEXT, type AppendNote } from "../tracker";
import { adfText, epicDescription, storyDescription, type AdfDoc } from "./adf";
import { issueFields } from "./fields";
import { createHttpJira, epicIssueType, relatesType, type HttpJiraOptions } from "./http";
import { JiraError, type JiraCreateFields, type JiraCredentials, type JiraIssueFields } from "./index";

const credentials: JiraCredentials = {
  domain: "acme.atlassian.net",
  email: "pm@example.com",
  apiToken: FAKE_JIRA_TOKEN,
};
const STORY = "10001";
const EPIC = "10000";

/** A fresh emulator behind *.atlassian.net and an adapter whose waits are recorded, not slept. */
function setup(fakeOptions: FakeJiraOptions = {}, adapterOptions: Partial<HttpJiraOptions> = {}) {
  const fake = new FakeJira(fakeOptions);
  const mock = mockJira(fake);
  const waits: number[] = [];
  const jira = createHttpJira({
    apiBase: null,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...adapterOptions,
  });
  return { fake, mock, jira, waits };
}

async function refusal(promise: Promise<unknown>): Promise<JiraError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JiraError);
  return error as JiraError;
}

function story(
  summary: string,
  meta: JiraCreateFields,
  extra: Partial<Parameters<typeof issueFields>[0]> = {},
): JiraIssueFields {
  return issueFields(
    {
      projectKey: "SL",
      issueTypeId: STORY,
      summary,
      description: storyDescription({
        description: `${summary}, described.`,
        acceptanceCriteria: ["It works"],
        evidence: [],
      }),
      priority: "High",
      storyPoints: 3,
      estimatedHours: 8,
      labels: ["storyloom-export-1"],
      ...extra,
    },
    meta,
  );
}

describe("JIRA adapter: discovery", () => {
  it("reads serverInfo without credentials", async () => {
    const { jira, mock } = setup();
    expect(await jira.serverInfo("acme.atlassian.net")).toEqual({ deploymentType: "Cloud", serverTitle: "Jira" });
    expect(mock.calls[0]!.headers.get("Authorization")).toBeNull();
    expect(mock.calls[0]!.headers.get("Accept")).toBe("application/json");
  });

  it("says a site that does not answer as JIRA is not JIRA", async () => {
    const { jira, fake } = setup();
    fake.failNext(1, { status: 404 });
    expect((await refusal(jira.serverInfo("acme.atlassian.net"))).kind).toBe("not_jira");
  });

  it("reads the account with Basic auth of email and token", async () => {
    const { jira, mock } = setup();
    expect(await jira.myself(credentials)).toEqual({
      accountId: "712020:fake-jira-account",
      displayName: "Fake JIRA User",
    });
    expect(mock.calls[0]!.headers.get("Authorization")).toBe(`Basic ${btoa(`pm@example.com:${FAKE_JIRA_TOKEN}`)}`);
  });

  it("reads the project with its issue types and hierarchy levels", async () => {
    const { jira } = setup({ projectKey: "ACME", projectName: "Acme Web" });
    const project = await jira.project(credentials, "ACME");
    expect(project).toMatchObject({ id: "10000", key: "ACME", name: "Acme Web" });
    expect(project.issueTypes.map((t) => [t.name, t.hierarchyLevel, t.subtask])).toEqual([
      ["Epic", 1, false],
      ["Story", 0, false],
      ["Task", 0, false],
      ["Sub-task", -1, true],
    ]);
  });

  it("discovers the create fields over every page: priorities, JSW story points, time tracking, labels, parent", async () => {
    const { jira, fake } = setup({ createMetaPageSize: 3 });
    expect(await jira.createFields(credentials, "SL", STORY)).toEqual({
      priorities: ["Highest", "High", "Medium", "Low", "Lowest"].map((name, i) => ({ id: String(i + 1), name })),
      storyPointsFieldId: "customfield_10016",
      timeTracking: true,
      labels: true,
      parent: true,
    });
    const pages = fake.requestsTo("GET", `/rest/api/3/issue/createmeta/SL/issuetypes/${STORY}`);
    expect(pages.map((p) => p.query.startAt)).toEqual(["0", "3", "6", "9"]);
  });

  it("finds story points by name when the field is a plain number field", async () => {
    const { jira } = setup({ storyPoints: { fieldId: "customfield_10028", name: "Story Points", custom: null } });
    expect((await jira.createFields(credentials, "SL", STORY)).storyPointsFieldId).toBe("customfield_10028");
  });

  it("reports none of the optional fields when the type has none", async () => {
    const { jira } = setup({ storyPoints: null, priorities: null, timeTracking: false });
    expect(await jira.createFields(credentials, "SL", STORY)).toEqual({
      priorities: null,
      storyPointsFieldId: null,
      timeTracking: false,
      labels: true,
      parent: true,
    });
  });

  it("gives an epic no story points (the fake's epics have none)", async () => {
    const { jira } = setup();
    expect((await jira.createFields(credentials, "SL", EPIC)).storyPointsFieldId).toBeNull();
  });
});

describe("JIRA adapter: creating", () => {
  it("creates an epic and a story under it with the discovered fields", async () => {
    const { jira, fake } = setup();
    const epicMeta = await jira.createFields(credentials, "SL", EPIC);
    const storyMeta = await jira.createFields(credentials, "SL", STORY);
    const epicFields = issueFields(
      {
        projectKey: "SL",
        issueTypeId: EPIC,
        summary: "Checkout",
        description: epicDescription({ description: "Paying.", team: "Web", timeline: "Q3" }),
        priority: "Highest",
        labels: ["storyloom-export-1"],
      },
      epicMeta,
    );
    const epic = await jira.createIssue(credentials, epicFields);
    expect(epic).toEqual({ id: "10001", key: "SL-1" });
    const created = await jira.createIssue(credentials, story("Pay by card", storyMeta, { parentKey: epic.key }));
    expect(created.key).toBe("SL-2");
    expect(fake.issue("SL-2")).toMatchObject({
      issueTypeName: "Story",
      parentKey: "SL-1",
      labels: ["storyloom-export-1"],
    });
    expect(fake.issue("SL-2").fields).toMatchObject({
      priority: { id: "2" },
      customfield_10016: 3,
      timetracking: { originalEstimate: "8h" },
      parent: { key: "SL-1" },
    });
    expect(jira.browseUrl(credentials.domain, created.key)).toBe("https://acme.atlassian.net/browse/SL-2");
  });

  it("maps bulk results to request indexes when one item fails", async () => {
    const { jira, fake } = setup();
    const meta = await jira.createFields(credentials, "SL", STORY);
    fake.failBulkItem(1);
    const result = await jira.bulkCreate(credentials, [
      story("First", meta),
      story("Second", meta),
      story("Third", meta),
    ]);
    expect(result.issues).toEqual([
      { id: "10001", key: "SL-1", index: 0 },
      { id: "10002", key: "SL-2", index: 2 },
    ]);
    expect(result.errors).toEqual([
      { index: 1, status: 400, message: "summary: The fake JIRA was told to refuse this issue (failBulkItem)." },
    ]);
    expect(fake.issues.map((i) => [i.key, i.summary])).toEqual([
      ["SL-1", "First"],
      ["SL-2", "Third"],
    ]);
  });

  it("reports JIRA's own per-item refusals (unknown field, missing summary) by index", async () => {
    const { jira } = setup({ storyPoints: null });
    const meta = await jira.createFields(credentials, "SL", STORY);
    const result = await jira.bulkCreate(credentials, [
      { ...story("Fine", meta), customfield_10016: 5 },
      story("Also fine", meta),
      { ...story("x", meta), summary: "" },
    ]);
    expect(result.issues).toEqual([{ id: "10001", key: "SL-1", index: 1 }]);
    expect(result.errors).toEqual([
      {
        index: 0,
        status: 400,
        message:
          "customfield_10016: Field 'customfield_10016' cannot be set. It is not on the appropriate screen, or unknown.",
      },
      { index: 2, status: 400, message: "summary: You must specify a summary of the issue." },
    ]);
  });

  it("returns every item's error when all fail (JIRA answers 400 with the same shape)", async () => {
    const { jira } = setup();
    const meta = await jira.createFields(credentials, "SL", STORY);
    const result = await jira.bulkCreate(credentials, [
      { ...story("a", meta), summary: " " },
      { ...story("b", meta), labels: ["has space"] },
    ]);
    expect(result.issues).toEqual([]);
    expect(result.errors.map((e) => [e.index, e.message])).toEqual([
      [0, "summary: You must specify a summary of the issue."],
      [1, "labels: The label 'has space' contains spaces which is invalid."],
    ]);
  });

  it("refuses more than 50 items without a request, and sends nothing for none", async () => {
    const { jira, mock } = setup();
    const meta = { priorities: null, storyPointsFieldId: null, timeTracking: false, labels: true, parent: true };
    const error = await refusal(
      jira.bulkCreate(
        credentials,
        Array.from({ length: 51 }, (_, i) => story(`S${i}`, meta)),
      ),
    );
    expect(error.kind).toBe("invalid");
    expect(await jira.bulkCreate(credentials, [])).toEqual({ issues: [], errors: [] });
    expect(mock.calls).toHaveLength(0);
  });

  it("creates 50 at once", async () => {
    const { jira, fake } = setup();
    const meta = await jira.createFields(credentials, "SL", STORY);
    const result = await jira.bulkCreate(
      credentials,
      Array.from({ length: 50 }, (_, i) => story(`S${i}`, meta)),
    );
    expect(result.issues.map((i) => i.index)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(fake.issues).toHaveLength(50);
  });

  it("surfaces JIRA's message for a refused create", async () => {
    const { jira } = setup();
    const meta = await jira.createFields(credentials, "SL", STORY);
    const error = await refusal(jira.createIssue(credentials, { ...story("x", meta), summary: "" }));
    expect([error.kind, error.status, error.message, error.mayHaveApplied]).toEqual([
      "invalid",
      400,
      "summary: You must specify a summary of the issue.",
      false,
    ]);
  });
});

describe("JIRA adapter: finding by label", () => {
  it("follows nextPageToken and returns the issues oldest first", async () => {
    const { jira, fake } = setup({ searchPageSize: 40 });
    const meta = await jira.createFields(credentials, "SL", STORY);
    for (let batch = 0; batch < 3; batch++) {
      await jira.bulkCreate(
        credentials,
        Array.from({ length: 35 }, (_, i) => story(`Story ${batch * 35 + i}`, meta)),
      );
    }
    await jira.createIssue(credentials, story("Other export", meta, { labels: ["storyloom-export-2"] }));
    const found = await jira.findByLabel(credentials, "SL", "storyloom-export-1");
    expect(found).toHaveLength(105);
    expect(found.map((f) => f.summary)).toEqual(Array.from({ length: 105 }, (_, i) => `Story ${i}`));
    expect(found[0]).toEqual({
      key: "SL-1",
      id: "10001",
      summary: "Story 0",
      issueTypeName: "Story",
      labels: ["storyloom-export-1"],
      parentKey: null,
    });
    const searches = fake.requestsTo("GET", "/rest/api/3/search/jql");
    expect(searches).toHaveLength(3);
    expect(searches[0]!.query).toEqual({
      jql: 'project = "SL" AND labels = "storyloom-export-1" ORDER BY created ASC',
      fields: "summary,issuetype,labels,parent",
      maxResults: "100",
    });
    expect(searches[1]!.query.nextPageToken).toBeTruthy();
  });

  it("reads at most 10 pages, and says so rather than returning part of the answer", async () => {
    const { jira, fake } = setup({ searchPageSize: 1 });
    const meta = await jira.createFields(credentials, "SL", STORY);
    await jira.bulkCreate(
      credentials,
      Array.from({ length: 11 }, (_, i) => story(`S${i}`, meta)),
    );
    const error = await refusal(jira.findByLabel(credentials, "SL", "storyloom-export-1"));
    expect(error.kind).toBe("unavailable");
    expect(fake.requestsTo("GET", "/rest/api/3/search/jql")).toHaveLength(10);
  });

  it("quotes the label in JQL and reads the parent", async () => {
    const { jira } = setup();
    const meta = await jira.createFields(credentials, "SL", STORY);
    const epicMeta = await jira.createFields(credentials, "SL", EPIC);
    const odd = 'quote"and\\slash';
    const epic = await jira.createIssue(
      credentials,
      issueFields(
        {
          projectKey: "SL",
          issueTypeId: EPIC,
          summary: "E",
          description: epicDescription({ description: "", team: "" }),
          labels: [odd],
        },
        epicMeta,
      ),
    );
    await jira.createIssue(credentials, story("Child", meta, { labels: [odd], parentKey: epic.key }));
    const found = await jira.findByLabel(credentials, "SL", odd);
    expect(found.map((f) => [f.key, f.issueTypeName, f.parentKey])).toEqual([
      ["SL-1", "Epic", null],
      ["SL-2", "Story", "SL-1"],
    ]);
  });
});

describe("JIRA adapter: rate limits and retries", () => {
  it("honours Retry-After in seconds, then succeeds", async () => {
    const { jira, fake, waits } = setup();
    fake.failNext(2, { status: 429, retryAfter: 3 });
    expect((await jira.myself(credentials)).accountId).toBeTruthy();
    expect(waits).toEqual([3000, 3000]);
    expect(fake.requests).toHaveLength(3);
  });

  it("honours Retry-After as an HTTP date", async () => {
    const { jira, fake, waits } = setup();
    fake.failNext(1, { status: 429, retryAfter: new Date(Date.now() + 4000).toUTCString() });
    await jira.myself(credentials);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(2000);
    expect(waits[0]).toBeLessThanOrEqual(4000);
  });

  it("backs off with bounded jitter when JIRA does not say, at most 3 times", async () => {
    for (const [random, expected] of [
      [0, [500, 1000, 2000]],
      [1, [1000, 2000, 4000]],
    ] as const) {
      const { jira, fake, waits } = setup({}, { random: () => random });
      fake.failNext(4, { status: 429 });
      const error = await refusal(jira.myself(credentials));
      expect([error.kind, error.retryAfter, error.status]).toEqual(["rate_limited", null, 429]);
      expect(waits).toEqual(expected);
      expect(fake.requests).toHaveLength(4);
      vi.restoreAllMocks();
    }
  });

  it("gives up at once when JIRA asks for longer than the budget left, saying how long", async () => {
    const { jira, fake, waits } = setup();
    fake.failNext(1, { status: 429, retryAfter: 60 });
    const error = await refusal(jira.myself(credentials));
    expect([error.kind, error.retryAfter]).toEqual(["rate_limited", 60]);
    expect(error.message).toBe("JIRA is limiting requests. Please try again in 60 seconds.");
    expect(waits).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it("stops within the budget across retries", async () => {
    const { jira, fake, waits } = setup({}, { retryBudgetMs: 5000 });
    fake.failNext(3, { status: 429, retryAfter: 2 });
    const error = await refusal(jira.myself(credentials));
    expect([error.kind, error.retryAfter]).toEqual(["rate_limited", 2]);
    expect(waits).toEqual([2000, 2000]);
  });

  it("retries a create that was rate limited (JIRA did not apply it)", async () => {
    const { jira, fake } = setup();
    const meta = await jira.createFields(credentials, "SL", STORY);
    fake.failNext(1, { status: 429, retryAfter: 1 });
    expect((await jira.createIssue(credentials, story("Once", meta))).key).toBe("SL-1");
    expect(fake.requestsTo("POST", "/rest/api/3/issue")).toHaveLength(2);
    expect(fake.issues).toHaveLength(1);
  });

  it("retries a read once after a 5xx", async () => {
    const { jira, fake, waits } = setup();
    fake.failNext(1, { status: 503 });
    expect((await jira.project(credentials, "SL")).key).toBe("SL");
    expect(fake.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[0]).toBeLessThanOrEqual(500);
  });

  it("fails a read that fails twice", async () => {
    const { jira, fake } = setup();
    fake.failNext(2, { status: 500 });
    const error = await refusal(jira.project(credentials, "SL"));
    expect([error.kind, error.status, error.mayHaveApplied]).toEqual(["unavailable", 500, false]);
    expect(fake.requests).toHaveLength(2);
  });

  it("never retries a create after a 5xx, and says it may have applied", async () => {
    const { jira, fake } = setup();
    const meta = await jira.createFields(credentials, "SL", STORY);
    fake.failNext(1, { status: 502 });
    const single = await refusal(jira.createIssue(credentials, story("One", meta)));
    fake.failNext(1, { status: 500 });
    const bulk = await refusal(jira.bulkCreate(credentials, [story("Two", meta)]));
    for (const error of [single, bulk]) expect([error.kind, error.mayHaveApplied]).toEqual(["unavailable", true]);
    expect(fake.requestsTo("POST", "/rest/api/3/issue")).toHaveLength(1);
    expect(fake.requestsTo("POST", "/rest/api/3/issue/bulk")).toHaveLength(1);
  });

  it("leaves the ambiguous case (applied, then 500) to reconciliation by label", async () => {
    const { jira, fake } = setup();
    const meta = await jira.createFields(credentials, "SL", STORY);
    fake.applyThenFail();
    const error = await refusal(jira.bulkCreate(credentials, [story("A", meta), story("B", meta)]));
    expect(error.mayHaveApplied).toBe(true);
    expect(fake.issues).toHaveLength(2);
    expect((await jira.findByLabel(credentials, "SL", "storyloom-export-1")).map((f) => f.summary)).toEqual(["A", "B"]);
  });
});

describe("JIRA adapter: what it will not read or follow", () => {
  it("times out a read, retries it once, and succeeds", async () => {
    const { jira, fake } = setup({}, { timeoutMs: 30 });
    fake.hangNext();
    expect((await jira.myself(credentials)).accountId).toBeTruthy();
    expect(fake.requests.map((r) => r.status)).toEqual(["hang", 200]);
  });

  it("times out a create without retrying: it may have applied", async () => {
    const { jira, fake } = setup({}, { timeoutMs: 30 });
    const meta = await jira.createFields(credentials, "SL", STORY);
    fake.hangNext();
    const error = await refusal(jira.createIssue(credentials, story("Slow", meta)));
    expect([error.kind, error.mayHaveApplied]).toEqual(["unavailable", true]);
    expect(error.message).toBe("JIRA did not answer within 0.03 seconds. The issues may have been created.");
    expect(fake.requestsTo("POST", "/rest/api/3/issue")).toHaveLength(1);
  });

  it("does not follow a redirect: exactly one request", async () => {
    const { jira, fake, mock } = setup();
    fake.redirectNext("https://evil.example/collect");
    const error = await refusal(jira.myself(credentials));
    expect([error.kind, error.status]).toEqual(["unavailable", 302]);
    expect(error.message).toBe("JIRA answered with a redirect (HTTP 302), which StoryLoom does not follow.");
    expect(mock.calls.map((c) => c.url)).toEqual(["https://acme.atlassian.net/rest/api/3/myself"]);
    expect(mock.spy.mock.calls[0]![1]).toMatchObject({ redirect: "manual" });
  });

  it("stops reading an oversized answer as soon as it passes the cap", async () => {
    const { jira, fake, mock } = setup();
    fake.oversizeNext(16 * 1024 * 1024);
    const error = await refusal(jira.project(credentials, "SL"));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toContain("larger than 2048 KiB");
    expect(mock.streams).toHaveLength(1);
    expect(mock.streams[0]!.cancelled).toBe(true);
    expect(mock.streams[0]!.pulled).toBeLessThan(2 * 1024 * 1024 + 256 * 1024);
  });

  it("refuses an answer over a smaller cap, and one whose Content-Length says so before reading", async () => {
    const { jira } = setup({}, { maxResponseBytes: 500 });
    expect((await refusal(jira.project(credentials, "SL"))).message).toContain("larger than");
    vi.restoreAllMocks();
    const cancelled = vi.fn();
    const body = new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(10)), cancel: cancelled });
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(body, { headers: { "Content-Type": "application/json", "Content-Length": "10000" } }),
    );
    expect((await refusal(jira.myself(credentials))).message).toContain("larger than");
    expect(cancelled).toHaveBeenCalled();
  });

  it("refuses an answer that is not JSON (and a serverInfo that is not JSON is not JIRA)", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      async () => new Response("<html>Log in</html>", { headers: { "Content-Type": "text/html" } }),
    );
    const jira = createHttpJira({ apiBase: null });
    const error = await refusal(jira.myself(credentials));
    expect([error.kind, error.message]).toEqual([
      "unavailable",
      "JIRA answered with something other than JSON, which StoryLoom does not read.",
    ]);
    expect((await refusal(jira.serverInfo("acme.atlassian.net"))).kind).toBe("not_jira");
  });

  it("refuses JSON that is not the expected shape", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ accountId: 42 }));
    const error = await refusal(createHttpJira({ apiBase: null }).myself(credentials));
    expect([error.kind, error.message]).toEqual([
      "unavailable",
      "JIRA's answer was not in the shape StoryLoom expects.",
    ]);
  });
});

describe("JIRA adapter: refusals", () => {
  it("names the kind: unauthorized, forbidden, not_found", async () => {
    const { jira, fake } = setup();
    const unauthorized = await refusal(jira.myself({ ...credentials, apiToken: "wrong-token" }));
    expect([unauthorized.kind, unauthorized.status, unauthorized.message]).toEqual([
      "unauthorized",
      401,
      "JIRA refused the email or API token.",
    ]);
    fake.failNext(1, { status: 403 });
    const forbidden = await refusal(jira.project(credentials, "SL"));
    expect([forbidden.kind, forbidden.message]).toEqual([
      "forbidden",
      "Your JIRA account does not have permission to see project SL.",
    ]);
    const missing = await refusal(jira.project(credentials, "NOPE"));
    expect([missing.kind, missing.status]).toEqual(["not_found", 404]);
    expect(missing.message).toBe("JIRA could not find project NOPE (or your account cannot see it).");
    expect((await refusal(jira.createFields(credentials, "SL", "99999"))).kind).toBe("not_found");
  });

  it("accepts the configured email only when the fake is told one", async () => {
    const { jira } = setup({ email: "owner@example.com" });
    expect((await refusal(jira.myself(credentials))).kind).toBe("unauthorized");
    expect((await jira.myself({ ...credentials, email: "OWNER@example.com" })).accountId).toBeTruthy();
  });

  it("never puts the token, the email and token, or their base64 in a message or cause", async () => {
    const secret = "ATATT3xFfGF0-very-secret-token";
    const pair = `pm@example.com:${secret}`;
    const encoded = btoa(pair);
    const errors: JiraError[] = [];
    const { jira, fake } = setup({ apiToken: secret }, { timeoutMs: 30 });
    const creds = { ...credentials, apiToken: secret };
    const meta = await jira.createFields(creds, "SL", STORY);
    errors.push(await refusal(jira.myself({ ...creds, apiToken: `${secret}-wrong` })));
    for (const status of [400, 403, 404, 409, 429, 500]) {
      fake.failNext(status === 500 ? 2 : status === 429 ? 4 : 1, {
        status,
        body: { errorMessages: [`Echo: Basic ${encoded} ${pair} ${secret}`], errors: { token: secret } },
        ...(status === 429 ? { retryAfter: 1 } : {}),
      });
      errors.push(await refusal(jira.project(creds, "SL")));
    }
    fake.failNext(1, { status: 400, body: { errorMessages: [`token ${secret}`], errors: {} } });
    errors.push(await refusal(jira.createIssue(creds, story("x", meta))));
    fake.hangNext().hangNext();
    errors.push(await refusal(jira.myself(creds)));
    fake.redirectNext(`https://evil.example/?t=${secret}`);
    errors.push(await refusal(jira.myself(creds)));
    fake.oversizeNext();
    errors.push(await refusal(jira.myself(creds)));
    vi.restoreAllMocks();
    // A network failure whose message carries the header (as a badly behaved runtime might).
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      throw new TypeError(
        `connect failed; Authorization: ${new Headers(init?.headers).get("Authorization")} (${pair})`,
      );
    });
    errors.push(await refusal(jira.myself(creds)));
    errors.push(await refusal(jira.createIssue(creds, story("y", meta))));

    expect(errors.map((e) => e.kind)).toEqual([
      "unauthorized",
      "invalid",
      "forbidden",
      "not_found",
      "unavailable",
      "rate_limited",
      "unavailable",
      "invalid",
      "unavailable",
      "unavailable",
      "unavailable",
      "unavailable",
      "unavailable",
    ]);
    expect(errors[1]!.message).toContain("Echo: Basic [redacted]");
    for (const error of errors) {
      const texts: string[] = [];
      for (let e: unknown = error; e instanceof Error; e = e.cause)
        texts.push(e.message, e.stack ?? "", JSON.stringify(e));
      const all = texts.join("\n");
      for (const leak of [secret, pair, encoded]) expect(all).not.toContain(leak);
    }
    expect(errors.at(-2)!.cause).toBeInstanceOf(Error);
  });
});

describe("JIRA adapter: addresses", () => {
  const HOSTILE = [
    "evil.com",
    "acme.atlassian.net.evil.com",
    "127.0.0.1",
    "user@acme.atlassian.net",
    "acme.atlassian.net:8443",
    "acme.atlassian.net/rest",
    "localhost",
    "",
  ];

  it("makes no request at all for a hostile domain, whatever the method", async () => {
    const { jira, mock } = setup();
    const meta = { priorities: null, storyPointsFieldId: null, timeTracking: false, labels: true, parent: true };
    for (const domain of HOSTILE) {
      const creds = { ...credentials, domain };
      const calls: Promise<unknown>[] = [
        jira.serverInfo(domain),
        jira.myself(creds),
        jira.project(creds, "SL"),
        jira.createFields(creds, "SL", STORY),
        jira.createIssue(creds, story("x", meta)),
        jira.bulkCreate(creds, [story("x", meta)]),
        jira.findByLabel(creds, "SL", "storyloom-export-1"),
        jira.openItems(creds, "SL"),
        jira.openEpics(creds, "SL"),
        jira.relate(creds, "SL-2", "SL-1"),
        jira.appendTo(creds, "SL-1", { marker: "storyloom-0123456789ab-1", heading: "h", criteria: [], quote: null }),
      ];
      for (const call of calls) await expect(call).rejects.toBeInstanceOf(AppError);
      expect(() => jira.browseUrl(domain, "SL-1")).toThrow(AppError);
    }
    expect(mock.calls).toHaveLength(0);
  });

  it("refuses a project key or issue type id that could change the path, before any request", async () => {
    const { jira, mock } = setup();
    for (const key of ["../x", "SL/../../admin", "sl", "S"])
      expect((await refusal(jira.project(credentials, key))).kind).toBe("invalid");
    expect((await refusal(jira.createFields(credentials, "SL", "../10001"))).kind).toBe("invalid");
    expect(mock.calls).toHaveLength(0);
  });

  it("sends requests to a fake's base when configured, but links to the real site", async () => {
    const apiBase = new URL("http://127.0.0.1:12113");
    const fake = new FakeJira();
    const mock = mockJira(fake, { apiBase });
    const jira = createHttpJira({ apiBase });
    await jira.myself(credentials);
    expect(mock.calls.map((c) => c.url)).toEqual(["http://127.0.0.1:12113/rest/api/3/myself"]);
    expect(jira.browseUrl(credentials.domain, "SL-7")).toBe("https://acme.atlassian.net/browse/SL-7");
    await expect(jira.myself({ ...credentials, domain: "evil.com" })).rejects.toBeInstanceOf(AppError);
    expect(mock.calls).toHaveLength(1);
  });
});

describe("JIRA adapter: the backlog a review reads (issue 41)", () => {
  const adf = (...blocks: unknown[]) => ({ type: "doc", version: 1, content: blocks });
  const para = (...content: unknown[]) => ({ type: "paragraph", content });
  const words = (text: string, marks?: unknown[]) => ({ type: "text", text, ...(marks ? { marks } : {}) });

  /** `count` open stories, the newest last (each a second after the one before). */
  function backlog(count: number, fakeOptions: FakeJiraOptions = {}) {
    let now = Date.parse("2026-12-01T09:00:00Z");
    const ctx = setup({ now: () => now, ...fakeOptions });
    for (let i = 0; i < count; i++) {
      ctx.fake.addIssue({ summary: `Item ${i}` });
      now += 1000;
    }
    return { ...ctx, tick: () => (now += 1000) };
  }

  it("reads the open issues, epics too, in one request: plain text, status, browse link and parent", async () => {
    const { jira, fake } = backlog(0);
    const epic = fake.addIssue({ summary: "Onboarding", type: "Epic", status: "In Progress" });
    fake.addIssue({
      summary: "Invite teammates",
      parentKey: epic.key,
      description: adf(
        { type: "heading", attrs: { level: 2 }, content: [words("Why")] },
        para(words("Owners ", [{ type: "strong" }]), words("invite", [{ type: "link", attrs: { href: "https://x" } }])),
        {
          type: "bulletList",
          content: [{ type: "listItem", content: [para(words("by email"))] }],
        },
      ),
    });
    fake.addIssue({ summary: "Shipped", status: "Done" });
    fake.addIssue({ summary: "Dropped", status: "Won't Do" });
    fake.addIssue({ summary: "Bare task", type: "Task", status: "In Review" });
    const page = await jira.openItems(credentials, "SL");
    expect(page).toEqual({
      truncated: false,
      items: [
        {
          key: "SL-5",
          title: "Bare task",
          description: "",
          status: "In Review",
          url: "https://acme.atlassian.net/browse/SL-5",
          parentKey: null,
        },
        {
          key: "SL-2",
          title: "Invite teammates",
          description: "Why\nOwners invite\nby email",
          status: "To Do",
          url: "https://acme.atlassian.net/browse/SL-2",
          parentKey: "SL-1",
        },
        {
          key: "SL-1",
          title: "Onboarding",
          description: "",
          status: "In Progress",
          url: "https://acme.atlassian.net/browse/SL-1",
          parentKey: null,
        },
      ],
    });
    const searches = fake.requestsTo("GET", "/rest/api/3/search/jql");
    expect(fake.requests).toHaveLength(1);
    expect(searches[0]!.query).toEqual({
      jql: 'project = "SL" AND statusCategory != Done ORDER BY updated DESC',
      fields: "summary,description,status,parent",
      maxResults: "100",
    });
  });

  it("puts the most recently updated first, and cuts descriptions to BACKLOG_TEXT characters", async () => {
    const { jira, fake, tick } = backlog(3);
    fake.addIssue({ summary: "Long", description: adf(para(words("x".repeat(5000)))) });
    tick();
    fake.setStatus("SL-1", "In Progress");
    const { items } = await jira.openItems(credentials, "SL");
    expect(items.map((i) => i.title)).toEqual(["Item 0", "Long", "Item 2", "Item 1"]);
    expect(items[1]!.description).toHaveLength(BACKLOG_TEXT);
  });

  it("reads at most BACKLOG_LIMIT in two requests of 100, and says when more are open", async () => {
    const { jira, fake } = backlog(250);
    fake.setStatus("SL-250", "Done");
    const page = await jira.openItems(credentials, "SL");
    expect(page.items).toHaveLength(BACKLOG_LIMIT);
    expect(page.truncated).toBe(true);
    expect(page.items[0]!.key).toBe("SL-249");
    expect(new Set(page.items.map((i) => i.key)).size).toBe(BACKLOG_LIMIT);
    const searches = fake.requestsTo("GET", "/rest/api/3/search/jql");
    expect(searches.map((s) => [s.query.maxResults, Boolean(s.query.nextPageToken)])).toEqual([
      ["100", false],
      ["100", true],
    ]);
  });

  it("is not truncated at exactly BACKLOG_LIMIT open issues, nor under it", async () => {
    for (const [count, requests] of [
      [200, 2],
      [150, 2],
      [100, 1],
      [0, 1],
    ] as const) {
      const { jira, fake } = backlog(count);
      const page = await jira.openItems(credentials, "SL");
      expect([page.items.length, page.truncated]).toEqual([count, false]);
      expect(fake.requests).toHaveLength(requests);
      vi.restoreAllMocks();
    }
  });

  it("makes a third request when JIRA answers fewer per page, never a fourth", async () => {
    const { jira, fake } = backlog(260, { searchPageSize: 60 });
    const page = await jira.openItems(credentials, "SL");
    expect([page.items.length, page.truncated]).toEqual([180, true]);
    // The third asks only for what is still wanted.
    expect(fake.requestsTo("GET", "/rest/api/3/search/jql").map((s) => s.query.maxResults)).toEqual([
      "100",
      "100",
      "80",
    ]);
    vi.restoreAllMocks();
    const small = backlog(170, { searchPageSize: 60 });
    const all = await small.jira.openItems(credentials, "SL");
    expect([all.items.length, all.truncated]).toEqual([170, false]);
    expect(small.fake.requests).toHaveLength(3);
  });

  it("names the failure: a refused token, a missing permission, an unknown project, a bad key", async () => {
    const { jira, fake, mock } = backlog(1);
    expect((await refusal(jira.openItems({ ...credentials, apiToken: "wrong" }, "SL"))).kind).toBe("unauthorized");
    fake.failNext(1, { status: 403 });
    expect((await refusal(jira.openItems(credentials, "SL"))).kind).toBe("forbidden");
    expect((await refusal(jira.openItems(credentials, "NOPE"))).kind).toBe("invalid");
    fake.failNext(2, { status: 503 });
    expect((await refusal(jira.openItems(credentials, "SL"))).kind).toBe("unavailable");
    const sent = mock.calls.length;
    expect((await refusal(jira.openItems(credentials, "../x"))).kind).toBe("invalid");
    expect(mock.calls).toHaveLength(sent);
  });
});

describe("JIRA adapter: existing epics (issue 41)", () => {
  it("lists the open epics, newest first, as {key, url, title}: the project, then one search", async () => {
    const { jira, fake } = setup();
    fake.addIssue({ summary: "Onboarding", type: "Epic" });
    fake.addIssue({ summary: "Old epic", type: "Epic", status: "Done" });
    fake.addIssue({ summary: "A story", type: "Story" });
    fake.addIssue({ summary: "Billing", type: "Epic", status: "In Progress" });
    expect(await jira.openEpics(credentials, "SL")).toEqual([
      { key: "SL-4", url: "https://acme.atlassian.net/browse/SL-4", title: "Billing" },
      { key: "SL-1", url: "https://acme.atlassian.net/browse/SL-1", title: "Onboarding" },
    ]);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /rest/api/3/project/SL",
      "GET /rest/api/3/search/jql",
    ]);
    expect(fake.requestsTo("GET", "/rest/api/3/search/jql")[0]!.query).toEqual({
      jql: 'project = "SL" AND issuetype = 10000 AND statusCategory != Done ORDER BY updated DESC',
      fields: "summary",
      maxResults: "100",
    });
  });

  it("reads at most BACKLOG_LIMIT epics in three requests", async () => {
    const { jira, fake } = setup();
    for (let i = 0; i < 230; i++) fake.addIssue({ summary: `Epic ${i}`, type: "Epic" });
    expect(await jira.openEpics(credentials, "SL")).toHaveLength(BACKLOG_LIMIT);
    expect(fake.requests).toHaveLength(3);
  });

  it("picks the epic type as the export does: hierarchy level 1, else the type named Epic, else none", () => {
    const type = (id: string, name: string, hierarchyLevel: number) => ({ id, name, subtask: false, hierarchyLevel });
    expect(epicIssueType([type("1", "Story", 0), type("2", "Initiative", 1), type("3", "Epic", 0)])?.id).toBe("2");
    expect(epicIssueType([type("1", "Story", 0), type("3", "EPIC", 0)])?.id).toBe("3");
    expect(epicIssueType([type("1", "Story", 0)])).toBeNull();
  });

  it("takes a created story under a chosen epic exactly as under one the export made, and finds it again", async () => {
    const { jira, fake } = setup();
    fake.addIssue({ summary: "Onboarding", type: "Epic" });
    const epicMeta = await jira.createFields(credentials, "SL", EPIC);
    const made = await jira.createIssue(
      credentials,
      issueFields(
        {
          projectKey: "SL",
          issueTypeId: EPIC,
          summary: "Made by an export",
          description: epicDescription({ description: "", team: "" }),
          labels: ["storyloom-export-1"],
        },
        epicMeta,
      ),
    );
    const choices = await jira.openEpics(credentials, "SL");
    // The form an export keeps for an epic it made (services/integrations/jira-session.ts: its key and browse link).
    expect(choices).toContainEqual({
      key: made.key,
      url: jira.browseUrl(credentials.domain, made.key),
      title: "Made by an export",
    });
    const chosen = choices.find((c) => c.title === "Onboarding")!;
    expect(chosen).toEqual({ key: "SL-1", url: jira.browseUrl(credentials.domain, "SL-1"), title: "Onboarding" });
    const meta = await jira.createFields(credentials, "SL", STORY);
    const result = await jira.bulkCreate(credentials, [story("Invite by link", meta, { parentKey: chosen.key })]);
    expect(result.errors).toEqual([]);
    expect(fake.issue(result.issues[0]!.key).parentKey).toBe("SL-1");
    const found = await jira.findByLabel(credentials, "SL", "storyloom-export-1");
    expect(found.filter((f) => f.parentKey === chosen.key).map((f) => f.summary)).toEqual(["Invite by link"]);
  });

  it("names a failed read: a missing permission, an unknown project", async () => {
    const { jira, fake } = setup();
    fake.failNext(1, { status: 403 });
    expect((await refusal(jira.openEpics(credentials, "SL"))).kind).toBe("forbidden");
    expect((await refusal(jira.openEpics(credentials, "NOPE"))).kind).toBe("not_found");
  });
});

describe("JIRA adapter: linking a story to an existing issue (issue 41)", () => {
  function linked(fakeOptions: FakeJiraOptions = {}) {
    const ctx = setup(fakeOptions);
    ctx.fake.addIssue({ summary: "Existing item" });
    ctx.fake.addIssue({ summary: "Created story" });
    return ctx;
  }
  const calls = (fake: FakeJira) => fake.requests.map((r) => `${r.method} ${r.path}`);

  it("reads the story's links and the link types, then links once with Relates; a repeat only reads", async () => {
    const { jira, fake } = linked();
    await jira.relate(credentials, "SL-2", "SL-1");
    expect(calls(fake)).toEqual([
      "GET /rest/api/3/issue/SL-2",
      "GET /rest/api/3/issueLinkType",
      "POST /rest/api/3/issueLink",
    ]);
    expect(fake.requests[0]!.query).toEqual({ fields: "issuelinks" });
    expect(fake.requestsTo("POST", "/rest/api/3/issueLink")[0]!.body).toEqual({
      type: { id: "10003" },
      inwardIssue: { key: "SL-1" },
      outwardIssue: { key: "SL-2" },
    });
    expect(fake.linksOf("SL-1")).toEqual([{ type: "Relates", inwardKey: "SL-1", outwardKey: "SL-2" }]);
    fake.reset();
    const again = linked();
    await again.jira.relate(credentials, "SL-2", "SL-1");
    await again.jira.relate(credentials, "SL-2", "SL-1");
    expect(calls(again.fake).slice(3)).toEqual(["GET /rest/api/3/issue/SL-2"]);
    expect(again.fake.links).toHaveLength(1);
  });

  it("counts a Relates link made by hand either way round, but not another type", async () => {
    const { jira, fake } = linked();
    fake.addLink("SL-2", "SL-1", "Relates");
    await jira.relate(credentials, "SL-2", "SL-1");
    expect(fake.requests).toHaveLength(1);
    fake.addIssue({ summary: "Blocked one" });
    fake.addLink("SL-2", "SL-3", "Blocks");
    await jira.relate(credentials, "SL-2", "SL-3");
    expect(fake.linksOf("SL-3").map((l) => l.type)).toEqual(["Blocks", "Relates"]);
  });

  it("falls back to the type whose outward phrase is 'relates to' when an admin renamed Relates", async () => {
    const { jira, fake } = linked({
      linkTypes: [
        { id: "20000", name: "Blocks", inward: "is blocked by", outward: "blocks" },
        { id: "20001", name: "Related work", inward: "relates to", outward: "relates to" },
      ],
    });
    await jira.relate(credentials, "SL-2", "SL-1");
    expect(fake.linksOf("SL-1")).toEqual([{ type: "Related work", inwardKey: "SL-1", outwardKey: "SL-2" }]);
    expect(
      relatesType([
        { id: "1", name: "relates", outward: "x" },
        { id: "2", name: "Y", outward: "relates to" },
      ])?.id,
    ).toBe("1");
  });

  it("writes nothing when the site has no relates type or linking is off, and names a missing issue", async () => {
    const none = linked({ linkTypes: [{ id: "1", name: "Blocks", inward: "is blocked by", outward: "blocks" }] });
    expect((await refusal(none.jira.relate(credentials, "SL-2", "SL-1"))).kind).toBe("invalid");
    expect(none.fake.requestsTo("POST", "/rest/api/3/issueLink")).toHaveLength(0);
    vi.restoreAllMocks();
    const off = linked({ issueLinking: false });
    expect((await refusal(off.jira.relate(credentials, "SL-2", "SL-1"))).kind).toBe("not_found");
    expect(off.fake.requestsTo("POST", "/rest/api/3/issueLink")).toHaveLength(0);
    vi.restoreAllMocks();
    const { jira, fake, mock } = linked();
    expect((await refusal(jira.relate(credentials, "SL-2", "SL-9"))).kind).toBe("not_found");
    expect((await refusal(jira.relate(credentials, "SL-9", "SL-1"))).kind).toBe("not_found");
    expect(fake.links).toHaveLength(0);
    const sent = mock.calls.length;
    for (const [a, b] of [
      ["SL-2", "SL-2"],
      ["sl-2", "SL-1"],
      ["SL-2", "../SL-1"],
    ])
      expect((await refusal(jira.relate(credentials, a!, b!))).kind).toBe("invalid");
    expect(mock.calls).toHaveLength(sent);
  });

  it("never sends the link twice when its outcome is unknown, and a repeat then finds it made", async () => {
    const { jira, fake } = linked();
    fake.onNext("POST", "/rest/api/3/issueLink", (f) => f.applyThenFail(500));
    const error = await refusal(jira.relate(credentials, "SL-2", "SL-1"));
    expect([error.kind, error.mayHaveApplied]).toEqual(["unavailable", true]);
    expect(error.message).toContain("SL-2 may have been linked to SL-1.");
    expect(fake.requestsTo("POST", "/rest/api/3/issueLink")).toHaveLength(1);
    await jira.relate(credentials, "SL-2", "SL-1");
    expect(fake.requestsTo("POST", "/rest/api/3/issueLink")).toHaveLength(1);
    expect(fake.links).toHaveLength(1);
  });
});

describe("JIRA adapter: adding a story to an existing issue (issue 41)", () => {
  const doc = (...texts: string[]) => ({
    type: "doc",
    version: 1,
    content: texts.map((t) => ({ type: "paragraph", content: [{ type: "text", text: t }] })),
  });
  const note: AppendNote = {
    marker: "storyloom-0123456789ab-1",
    heading: "From the meeting of 7 December 2026 (StoryLoom): Invite by link",
    criteria: ["A link invites", "It expires after a week"],
    quote: "people keep asking for a link",
  };
  const noteBlocks = [
    { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: note.heading }] },
    {
      type: "bulletList",
      content: note.criteria.map((c) => ({
        type: "listItem",
        content: [{ type: "paragraph", content: [{ type: "text", text: c }] }],
      })),
    },
    { type: "blockquote", content: [{ type: "paragraph", content: [{ type: "text", text: note.quote }] }] },
    { type: "paragraph", content: [{ type: "text", text: "Added by StoryLoom (storyloom-0123456789ab-1)" }] },
  ];

  it("reads the description, then sets it to the old one followed by the note; a repeat only reads", async () => {
    const { jira, fake } = setup();
    const old = {
      type: "doc",
      version: 1,
      content: [
        {
          type: "paragraph",
          content: [{ type: "text", text: "Invite people", marks: [{ type: "strong" }, { type: "em" }] }],
        },
        { type: "rule" },
        { type: "codeBlock", attrs: { language: "ts" }, content: [{ type: "text", text: "invite()" }] },
      ],
    };
    fake.addIssue({ summary: "Invite teammates", description: old });
    await jira.appendTo(credentials, "SL-1", note);
    expect(fake.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", "/rest/api/3/issue/SL-1", { fields: "description" }],
      ["PUT", "/rest/api/3/issue/SL-1", {}],
    ]);
    expect(fake.issue("SL-1").fields.description).toEqual({ ...old, content: [...old.content, ...noteBlocks] });
    await jira.appendTo(credentials, "SL-1", note);
    await jira.appendTo(credentials, "SL-1", { ...note, heading: "Edited heading" });
    expect(fake.requestsTo("PUT", "/rest/api/3/issue/SL-1")).toHaveLength(1);
    expect(fake.requests).toHaveLength(4);
  });

  it("appends to an empty description, and tells storyloom-…-1 from storyloom-…-12", async () => {
    const { jira, fake } = setup();
    fake.addIssue({ summary: "No description" });
    fake.addIssue({ summary: "Has the 12th", description: doc("Added by StoryLoom (storyloom-0123456789ab-12)") });
    await jira.appendTo(credentials, "SL-1", { ...note, quote: null, criteria: [] });
    expect(fake.issue("SL-1").fields.description).toEqual({
      type: "doc",
      version: 1,
      content: [noteBlocks[0], noteBlocks[3]],
    });
    await jira.appendTo(credentials, "SL-2", note);
    expect(fake.requestsTo("PUT", "/rest/api/3/issue/SL-2")).toHaveLength(1);
    await jira.appendTo(credentials, "SL-2", { ...note, marker: "storyloom-0123456789ab-12" });
    expect(fake.requestsTo("PUT", "/rest/api/3/issue/SL-2")).toHaveLength(1);
  });

  it("never sends the edit twice when its outcome is unknown, and a repeat then finds the note there", async () => {
    const { jira, fake } = setup();
    fake.addIssue({ summary: "Item", description: doc("Old.") });
    fake.onNext("PUT", "/rest/api/3/issue/SL-1", (f) => f.applyThenFail(502));
    const error = await refusal(jira.appendTo(credentials, "SL-1", note));
    expect([error.kind, error.mayHaveApplied]).toEqual(["unavailable", true]);
    expect(error.message).toContain("The story may have been added to SL-1.");
    expect(fake.requestsTo("PUT", "/rest/api/3/issue/SL-1")).toHaveLength(1);
    await jira.appendTo(credentials, "SL-1", note);
    expect(fake.requestsTo("PUT", "/rest/api/3/issue/SL-1")).toHaveLength(1);
    expect(adfText(fake.issue("SL-1").fields.description as AdfDoc).match(/storyloom-0123456789ab-1/g)).toHaveLength(1);
  });

  it("writes nothing to a description too long to take the note, and names the failures", async () => {
    const { jira, fake, mock } = setup();
    fake.addIssue({ summary: "Full", description: doc("x".repeat(32_600)) });
    expect((await refusal(jira.appendTo(credentials, "SL-1", note))).kind).toBe("invalid");
    expect(fake.requestsTo("PUT", "/rest/api/3/issue/SL-1")).toHaveLength(0);
    expect((await refusal(jira.appendTo(credentials, "SL-9", note))).kind).toBe("not_found");
    fake.addIssue({ summary: "Guarded" });
    fake.onNext("PUT", "/rest/api/3/issue/SL-2", (f) => f.failNext(1, { status: 403 }));
    expect((await refusal(jira.appendTo(credentials, "SL-2", note))).kind).toBe("forbidden");
    const sent = mock.calls.length;
    expect((await refusal(jira.appendTo(credentials, "SL-1/../x", note))).kind).toBe("invalid");
    expect(mock.calls).toHaveLength(sent);
  });
});
