import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ExportProgress, ExportResponse, Integration } from "../../schema/api/integrations";
import { call, json } from "../test/client";
import { createProject, createTranscriptWithStories, createUser, numberedStories, setTier } from "../test/factories";
import { FAKE_JIRA_TOKEN, FakeJira, type FakeJiraOptions } from "../test/jira/fake-jira";
import { mockJira } from "../test/jira/mock";

const DOMAIN = "acme.atlassian.net";

async function setUp(
  options: { stories?: Parameters<typeof createTranscriptWithStories>[2]; jira?: FakeJiraOptions } = {},
) {
  const user = await createUser();
  await setTier(user, "pro");
  const project = await createProject(user, { name: "Payments" });
  const integration = await json<Integration>(
    await call("POST", `/api/projects/${project.id}/integrations`, {
      cookie: user.session,
      body: {
        type: "jira",
        name: "Acme JIRA",
        config: { domain: DOMAIN, email: "pm@acme.test", apiToken: FAKE_JIRA_TOKEN, projectKey: "SL" },
      },
    }),
  );
  const transcriptId = await createTranscriptWithStories(user, project.id, options.stories ?? { count: 12 });
  const fake = new FakeJira(options.jira);
  const mock = mockJira(fake);
  const exportNow = () =>
    call("POST", `/api/transcripts/${transcriptId}/export/jira`, {
      cookie: user.session,
      body: { integrationId: integration.id },
    });
  const progress = async () =>
    json<ExportProgress>(
      await call("GET", `/api/transcripts/${transcriptId}/exports/${integration.id}`, { cookie: user.session }),
    );
  return { user, project, integration, transcriptId, fake, mock, exportNow, progress };
}

/** The first POST to `path` is applied by the fake JIRA, then answered with a failure (an unconfirmed create). */
function applyThenFailFirst(fake: FakeJira, path: string) {
  const original = fake.handle.bind(fake);
  fake.handle = (request) => {
    if (request.path === path && request.method === "POST") {
      fake.handle = original;
      fake.applyThenFail();
    }
    return original(request);
  };
}

const stories = (fake: FakeJira) => fake.issues.filter((i) => i.issueTypeName === "Story");
const epics = (fake: FakeJira) => fake.issues.filter((i) => i.issueTypeName === "Epic");

describe("export to JIRA", () => {
  it("creates the epic, then its 12 stories in one bulk request: 5 JIRA requests in all", async () => {
    const { fake, exportNow, progress } = await setUp();
    const response = await exportNow();
    expect(response.status).toBe(200);
    const body = await json<ExportResponse>(response);
    const [epic] = epics(fake);
    expect(body).toMatchObject({
      success: true,
      data: {
        success: true,
        epicKey: epic!.key,
        data: {
          summary: { storiesCreated: 12, epicCreated: true },
          epicUrl: `https://${DOMAIN}/browse/${epic!.key}`,
          alreadyExported: false,
        },
      },
    });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /rest/api/3/project/SL",
      "GET /rest/api/3/issue/createmeta/SL/issuetypes/10000",
      "GET /rest/api/3/issue/createmeta/SL/issuetypes/10001",
      "POST /rest/api/3/issue",
      "POST /rest/api/3/issue/bulk",
    ]);

    const created = stories(fake);
    expect(created.map((s) => s.summary)).toEqual(numberedStories(12).userStories.map((s) => s.title));
    expect(created.every((s) => s.parentKey === epic!.key)).toBe(true);
    const first = created[0]!.fields;
    expect(first.labels).toEqual(expect.arrayContaining(["storyloom"]));
    expect((first.labels as string[]).some((l) => /^storyloom-[0-9a-f]{12}$/.test(l))).toBe(true);
    expect(first.priority).toEqual({ id: expect.any(String) });
    expect(first.customfield_10016).toBe(1);
    expect(first.timetracking).toEqual({ originalEstimate: "1h" });
    const description = first.description as { type: string; content: { type: string }[] };
    expect(description.type).toBe("doc");
    expect(description.content.map((n) => n.type)).toEqual(["paragraph", "heading", "bulletList"]);
    expect(await progress()).toMatchObject({ status: "complete", done: 13, total: 13 });
  });

  it("answers a repeat with alreadyExported and its date, without calling JIRA", async () => {
    const { fake, exportNow } = await setUp({ stories: { count: 2 } });
    const first = await json<ExportResponse>(await exportNow());
    const requests = fake.requests.length;
    const again = await json<ExportResponse>(await exportNow());
    expect(again.data.data).toEqual({
      summary: { storiesCreated: 0, epicCreated: false },
      epicUrl: first.data.data.epicUrl,
      alreadyExported: true,
      exportedAt: first.data.data.exportedAt,
    });
    expect(fake.requests).toHaveLength(requests);
    expect(fake.issues).toHaveLength(3);
  });

  it("after story 7 of 12 is refused, the next attempt creates only story 7", async () => {
    const { fake, exportNow, progress } = await setUp();
    fake.failBulkItem(6);
    const failed = await exportNow();
    expect(failed.status).toBe(502);
    const error = await json(failed);
    expect(error.error).toContain('JIRA refused 1 of 12 stories (story 7, "Story 7');
    expect(error.error).toContain("export again to create the rest");
    expect(await progress()).toMatchObject({ status: "partial", done: 12, total: 13 });

    const resumed = await json<ExportResponse>(await exportNow());
    expect(resumed.data.data.summary).toEqual({ storiesCreated: 1, epicCreated: false });
    expect(epics(fake)).toHaveLength(1);
    expect(
      stories(fake)
        .map((s) => s.summary)
        .sort(),
    ).toEqual(
      numberedStories(12)
        .userStories.map((s) => s.title)
        .sort(),
    );
    const lastBulk = fake.requestsTo("POST", "/rest/api/3/issue/bulk").at(-1)!;
    expect((lastBulk.body as { issueUpdates: unknown[] }).issueUpdates).toHaveLength(1);
  });

  it("after a bulk create JIRA applied but never confirmed, finds the stories by label instead of creating them again", async () => {
    const { fake, exportNow } = await setUp();
    applyThenFailFirst(fake, "/rest/api/3/issue/bulk");
    const failed = await exportNow();
    expect(failed.status).toBe(502);
    expect((await json(failed)).error).toContain("without duplicates");
    expect(stories(fake)).toHaveLength(12);

    const resumed = await json<ExportResponse>(await exportNow());
    expect(resumed.data.data).toMatchObject({
      alreadyExported: false,
      summary: { storiesCreated: 0, epicCreated: false },
    });
    expect(fake.issues).toHaveLength(13);
    expect(fake.requestsTo("POST", "/rest/api/3/issue/bulk")).toHaveLength(1);
    expect(fake.requestsTo("GET", "/rest/api/3/search/jql")).toHaveLength(1);
  });

  it("matches found stories to their own titles: one title a prefix of another, and one JIRA shortened", async () => {
    const planned = numberedStories(3);
    planned.userStories[0]!.title = "Export CSV files of the audit log";
    planned.userStories[1]!.title = "Export CSV";
    planned.userStories[2]!.title = `Keep ${"very ".repeat(58)}long titles`;
    const { fake, exportNow } = await setUp({ stories: planned });
    applyThenFailFirst(fake, "/rest/api/3/issue/bulk");
    expect((await exportNow()).status).toBe(502);
    const resumed = await json<ExportResponse>(await exportNow());
    expect(resumed.data.data.summary.storiesCreated).toBe(0);
    expect(fake.issues).toHaveLength(4);
    const row = await env.DB.prepare("SELECT story_keys FROM integration_exports ORDER BY id DESC LIMIT 1").first<{
      story_keys: string;
    }>();
    const keys = JSON.parse(row!.story_keys) as string[];
    expect(keys.map((key) => fake.issue(key).summary)).toEqual(stories(fake).map((s) => s.summary));
    expect(fake.issue(keys[1]!).summary).toBe("Export CSV");
    expect(fake.issue(keys[2]!).summary).toMatch(/…$/);
  });

  it("after an epic create JIRA applied but never confirmed, adopts that epic", async () => {
    const { fake, exportNow } = await setUp({ stories: { count: 3 } });
    applyThenFailFirst(fake, "/rest/api/3/issue");
    expect((await exportNow()).status).toBe(502);
    expect(epics(fake)).toHaveLength(1);
    const resumed = await json<ExportResponse>(await exportNow());
    expect(resumed.data.epicKey).toBe(epics(fake)[0]!.key);
    expect(epics(fake)).toHaveLength(1);
    expect(stories(fake)).toHaveLength(3);
    expect(stories(fake).every((s) => s.parentKey === epics(fake)[0]!.key)).toBe(true);
  });

  it("creates one epic when two exports start at once", async () => {
    const { fake, exportNow } = await setUp({ stories: { count: 4 } });
    const statuses = (await Promise.all([exportNow(), exportNow(), exportNow()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(epics(fake)).toHaveLength(1);
    expect(stories(fake)).toHaveLength(4);
  });

  it("waits out a 429 with Retry-After, then succeeds", async () => {
    const { fake, exportNow } = await setUp({ stories: { count: 1 } });
    fake.failNext(1, { status: 429, retryAfter: 1 });
    const started = Date.now();
    expect((await exportNow()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.issues).toHaveLength(2);
  });

  it("says what JIRA refused (401, 403, 404), in the shared error shape, never a 500", async () => {
    const cases: [number, string][] = [
      [401, "JIRA refused the email or API token"],
      [403, "does not have permission"],
      [404, "The JIRA project SL was not found"],
      [503, "is not answering right now"],
    ];
    for (const [status, message] of cases) {
      const { fake, exportNow } = await setUp({ stories: { count: 1 } });
      fake.failNext(status === 503 ? 2 : 1, { status });
      const response = await exportNow();
      expect(response.status, String(status)).toBe(status === 503 ? 502 : 400);
      const body = await json(response);
      expect(body).toMatchObject({ success: false, requestId: expect.any(String) });
      expect(body.error).toContain(message);
      expect(JSON.stringify(body)).not.toContain(FAKE_JIRA_TOKEN);
      expect(fake.issues).toHaveLength(0);
    }
  });

  it("in a project whose stories take no parent, adopts the unconfirmed bulk's stories as they are, without a parent write", async () => {
    const { fake, exportNow } = await setUp({ stories: { count: 3 }, jira: { storyParent: false } });
    applyThenFailFirst(fake, "/rest/api/3/issue/bulk");
    expect((await exportNow()).status).toBe(502);
    expect(stories(fake).every((s) => s.parentKey === null)).toBe(true);

    const resumed = await json<ExportResponse>(await exportNow());
    expect(resumed.data.data.summary).toMatchObject({ storiesCreated: 0, epicCreated: false });
    expect(fake.issues).toHaveLength(4);
    expect(fake.requests.filter((r) => r.method === "PUT")).toEqual([]);
  });

  it("retries a failed read once", async () => {
    const { fake, exportNow } = await setUp({ stories: { count: 1 } });
    fake.failNext(1, { status: 502 });
    expect((await exportNow()).status).toBe(200);
    expect(fake.requestsTo("GET", "/rest/api/3/project/SL")).toHaveLength(2);
  });

  it("leaves out priority, story points and time tracking when the project has none of them", async () => {
    const { fake, exportNow } = await setUp({
      stories: { count: 1 },
      jira: { priorities: null, storyPoints: null, timeTracking: false },
    });
    expect((await exportNow()).status).toBe(200);
    const fields = stories(fake)[0]!.fields;
    expect(Object.keys(fields).sort()).toEqual(["description", "issuetype", "labels", "parent", "project", "summary"]);
  });

  it("answers POST /api/export/jira with the same response, without epicKey", async () => {
    const { user, integration, transcriptId, fake } = await setUp({ stories: { count: 1 } });
    const response = await call("POST", "/api/export/jira", {
      cookie: user.session,
      body: { transcriptId, integrationId: integration.id },
    });
    expect(response.status).toBe(200);
    const body = await json<ExportResponse>(response);
    expect(body.data.epicKey).toBeUndefined();
    expect(body.data.data.summary.storiesCreated).toBe(1);
    expect(fake.issues).toHaveLength(2);
  });

  it("refuses what cannot be exported before calling JIRA", async () => {
    const { user, project, integration, transcriptId, fake } = await setUp({ stories: { count: 1 } });
    const other = await createUser();
    await setTier(other, "pro");
    const unassigned = await createTranscriptWithStories(user, null, { count: 1 });
    const elsewhere = await createTranscriptWithStories(user, (await createProject(user, { name: "Other" })).id, {
      count: 1,
    });
    const [noStories] = [await createTranscriptWithStories(user, project.id, { count: 1 })];
    await env.DB.prepare("UPDATE transcripts SET generated_stories = NULL WHERE id = ?").bind(noStories).run();
    const exportOf = (id: number, who = user) =>
      call("POST", `/api/transcripts/${id}/export/jira`, {
        cookie: who.session,
        body: { integrationId: integration.id },
      });

    expect((await exportOf(transcriptId, other)).status).toBe(404);
    expect((await json(await exportOf(unassigned))).error).toBe(
      "Assign this transcript to a project to export it to JIRA.",
    );
    expect((await json(await exportOf(elsewhere))).error).toContain("belongs to another project");
    expect((await json(await exportOf(noStories))).error).toBe(
      "This transcript doesn't have generated stories to export.",
    );
    await call("PUT", `/api/integrations/${integration.id}`, { cookie: user.session, body: { isActive: false } });
    expect((await json(await exportOf(transcriptId))).error).toContain("is inactive");
    await call("PUT", `/api/integrations/${integration.id}`, { cookie: user.session, body: { isActive: true } });
    await setTier(user, "free");
    const free = await exportOf(transcriptId);
    expect(free.status).toBe(403);
    expect((await json(free)).error).toContain("Integrations are only available");
    expect(fake.requests).toHaveLength(0);
  });

  it("forgets what was exported when the integration moves to another JIRA project", async () => {
    const { user, integration, fake, exportNow } = await setUp({ stories: { count: 1 } });
    expect((await exportNow()).status).toBe(200);
    await call("PUT", `/api/integrations/${integration.id}`, { cookie: user.session, body: { name: "Renamed" } });
    expect((await json<ExportResponse>(await exportNow())).data.data.alreadyExported).toBe(true);
    await call("PUT", `/api/integrations/${integration.id}`, {
      cookie: user.session,
      body: { config: { projectKey: "SL" } },
    });
    expect((await json<ExportResponse>(await exportNow())).data.data.alreadyExported).toBe(true);
    fake.options.projectKey = "NEW";
    await call("PUT", `/api/integrations/${integration.id}`, {
      cookie: user.session,
      body: { config: { projectKey: "NEW" } },
    });
    expect((await json<ExportResponse>(await exportNow())).data.data.alreadyExported).toBe(false);
  });
});
