import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../lib/errors";
import { FAKE_JIRA_TOKEN, FakeJira, type FakeJiraOptions } from "../../test/jira/fake-jira";
import { mockJira } from "../../test/jira/mock";
import { epicDescription, storyDescription } from "./adf";
import { issueFields } from "./fields";
import { createHttpJira, type HttpJiraOptions } from "./http";
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
