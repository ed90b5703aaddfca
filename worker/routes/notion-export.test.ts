import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ExportProgress, ExportResponse, Integration } from "../../schema/api/integrations";
import { call, json } from "../test/client";
import { createProject, createTranscriptWithStories, createUser, numberedStories, setTier } from "../test/factories";
import { FAKE_NOTION_PARENT_URL, FAKE_NOTION_SECRET, FakeNotion } from "../test/notion/fake-notion";
import { mockNotion } from "../test/notion/mock";

async function setUp(stories: Parameters<typeof createTranscriptWithStories>[2] = { count: 12 }) {
  const user = await createUser();
  await setTier(user, "pro");
  const project = await createProject(user, { name: "Docs" });
  const created = await call("POST", `/api/projects/${project.id}/integrations`, {
    cookie: user.session,
    body: {
      type: "notion",
      name: "Roadmap",
      config: { integrationSecret: FAKE_NOTION_SECRET, pageUrl: FAKE_NOTION_PARENT_URL },
    },
  });
  const integration = await json<Integration>(created);
  const transcriptId = await createTranscriptWithStories(user, project.id, stories);
  const fake = new FakeNotion();
  mockNotion(fake);
  const exportNow = () =>
    call("POST", `/api/transcripts/${transcriptId}/export/notion`, {
      cookie: user.session,
      body: { integrationId: integration.id },
    });
  const progress = async () =>
    json<ExportProgress>(
      await call("GET", `/api/transcripts/${transcriptId}/exports/${integration.id}`, { cookie: user.session }),
    );
  return { user, project, integration, transcriptId, fake, exportNow, progress };
}

const writes = (fake: FakeNotion) => fake.calls.filter((c) => c.method !== "GET" && c.status === 200);
const childrenOf = (body: unknown) =>
  ((body as { children?: unknown[] } | null)?.children ?? []) as Record<
    string,
    { rich_text: { text: { content: string } }[] }
  >[];
/** A block as "type:text", the text joined from its rich-text items. */
const show = (block: { type: string; content: Record<string, unknown> }) =>
  `${block.type}:${((block.content.rich_text ?? []) as { text: { content: string } }[]).map((r) => r.text.content).join("")}`;

describe("export to Notion", () => {
  it("creates one child page titled with the epic holding every story, and a repeat creates nothing", async () => {
    const { fake, exportNow, progress } = await setUp({ count: 12 });
    const response = await exportNow();
    expect(response.status).toBe(200);
    const body = await json<ExportResponse>(response);
    expect(body.data.data).toMatchObject({
      summary: { storiesCreated: 12, epicCreated: true },
      alreadyExported: false,
    });
    const [page] = fake.pages().filter((p) => p.title === "Checkout redesign");
    expect(page).toBeDefined();
    const texts = fake.blocksOf(page!.id).map(show);
    expect(texts.filter((t) => t.startsWith("heading_2:"))).toHaveLength(12);
    expect(texts).toContain("bulleted_list_item:Step 7 criterion 2 holds");
    expect(texts).toContain("paragraph:Priority: High · 2 story points · 2 hours");
    expect(body.data.data.epicUrl).toBe(page!.url);
    expect(await progress()).toMatchObject({ status: "complete", done: 13, total: 13 });

    const before = fake.calls.length;
    const again = await json<ExportResponse>(await exportNow());
    expect(again.data.data).toMatchObject({
      alreadyExported: true,
      exportedAt: body.data.data.exportedAt,
      epicUrl: page!.url,
    });
    expect(fake.calls.length).toBe(before);
  });

  it("sends 100 stories' blocks in requests of at most 100 blocks, in order", async () => {
    const { fake, exportNow } = await setUp({ count: 100, criteria: 5 });
    expect((await exportNow()).status).toBe(200);
    const page = fake.pages().find((p) => p.title === "Checkout redesign")!;
    const blocks = fake.blocksOf(page.id);
    // Per story: heading, description, 5 criteria, estimate line; plus the epic's description and its line.
    expect(blocks).toHaveLength(2 + 100 * 8);
    const sizes = writes(fake).map((c) => childrenOf(c.body).length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(802);
    expect(blocks.filter((b) => b.type === "heading_2").map((b) => show(b).slice("heading_2:".length))).toEqual(
      numberedStories(100).userStories.map((s) => s.title),
    );
  });

  it("splits a 2,500-character criterion into rich-text items Notion accepts", async () => {
    const stories = numberedStories(1);
    stories.userStories[0]!.acceptanceCriteria = ["x".repeat(2000) + "y".repeat(500)];
    const { fake, exportNow } = await setUp(stories);
    expect((await exportNow()).status).toBe(200);
    const sent = writes(fake).flatMap((c) => childrenOf(c.body));
    const item = sent.find((b) => "bulleted_list_item" in b)!;
    expect(item.bulleted_list_item!.rich_text.map((r) => r.text.content.length)).toEqual([2000, 500]);
  });

  it("resumes after an append Notion applied but did not confirm, without duplicating a block", async () => {
    const { fake, exportNow, progress } = await setUp({ count: 40, criteria: 5 });
    // The page and its first 100 blocks go out; the first append is applied and answered with a 500.
    let requests = 0;
    const original = fake.handle.bind(fake);
    fake.handle = (request) => {
      if (request.method === "PATCH" && ++requests === 1) fake.applyThenFail();
      return original(request);
    };
    const failed = await exportNow();
    expect(failed.status).toBe(502);
    expect((await json(failed)).error).toContain("picks up where it stopped");
    expect(await progress()).toMatchObject({ status: "partial" });

    fake.handle = original;
    const resumed = await json<ExportResponse>(await exportNow());
    expect(resumed.data.data.alreadyExported).toBe(false);
    const pages = fake.pages().filter((p) => p.title === "Checkout redesign");
    expect(pages).toHaveLength(1);
    const blocks = fake.blocksOf(pages[0]!.id);
    expect(blocks).toHaveLength(2 + 40 * 8);
    const expected = await (async () => {
      const fresh = await setUp({ count: 40, criteria: 5 });
      await fresh.exportNow();
      return fresh.fake.blocksOf(fresh.fake.pages().find((p) => p.title === "Checkout redesign")!.id).map(show);
    })();
    expect(blocks.map(show)).toEqual(expected);
  });

  it("says when the page is not shared with the integration, and keeps nothing half-done", async () => {
    const { fake, exportNow, progress } = await setUp({ count: 2 });
    fake.failNext(1, { status: 404, code: "object_not_found", message: "Could not find page" });
    const response = await exportNow();
    expect(response.status).toBe(400);
    expect((await json(response)).error).toContain("not shared with the integration");
    expect(await progress()).toMatchObject({ status: "partial", done: 0 });
    const row = await env.DB.prepare(
      "SELECT in_doubt, target_key FROM integration_exports ORDER BY id DESC LIMIT 1",
    ).first();
    expect(row).toMatchObject({ in_doubt: 0, target_key: null });
  });

  it("creates one page when two exports start at once", async () => {
    const { fake, exportNow } = await setUp({ count: 3 });
    const statuses = (await Promise.all([exportNow(), exportNow()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(fake.pages().filter((p) => p.title === "Checkout redesign")).toHaveLength(1);
  });
});
