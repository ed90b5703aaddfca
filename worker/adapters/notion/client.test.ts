import { Client } from "@notionhq/client";
import { describe, expect, it } from "vitest";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { FAKE_NOTION_PARENT_ID, FAKE_NOTION_SECRET, FakeNotion } from "../../test/notion/fake-notion";
import { mockNotion } from "../../test/notion/mock";
import { batches, storiesToBlocks } from "./blocks";
import { createNotionClient, NOTION_VERSION, type NotionClientOptions } from "./client";
import { NotionError } from "./index";

// The real adapter (the official SDK inside workerd) against the emulator at the fetch boundary.

const SECRET = FAKE_NOTION_SECRET;
const PARENT = FAKE_NOTION_PARENT_ID;

function setup(options: Partial<NotionClientOptions> = {}) {
  const fake = new FakeNotion();
  const { calls } = mockNotion(fake);
  const waits: number[] = [];
  const notion = createNotionClient({
    apiBase: null,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { fake, calls, waits, notion };
}

const story = (n: number, fields: Partial<UserStory> = {}): UserStory => ({
  title: `Story ${n}`,
  description: `Description ${n}`,
  acceptanceCriteria: [`Criterion ${n}.1`, `Criterion ${n}.2`],
  priority: "High",
  storyPoints: 5,
  estimatedHours: 8,
  ...fields,
});

const generated = (userStories: UserStory[]): GeneratedStories => ({
  epic: { title: "Epic", description: "The epic.", team: "Platform", priority: "High" },
  userStories,
});

/** Everything an error carries, as a log would see it: message, cause chain, fields. */
function everything(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    parts.push(String(e), (e as Error).stack ?? "", JSON.stringify(e, Object.getOwnPropertyNames(e)));
  }
  return parts.join("\n");
}

async function failure(promise: Promise<unknown>): Promise<NotionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NotionError);
  return error as NotionError;
}

describe("createNotionClient: the official SDK in workerd", () => {
  it("reads the parent page, sending the secret as a bearer token and the pinned Notion-Version", async () => {
    const { notion, calls } = setup();
    const page = await notion.getPage(SECRET, PARENT);
    expect(page).toEqual({ id: PARENT, url: expect.stringContaining("1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d") });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`https://api.notion.com/v1/pages/${PARENT}`);
    expect(calls[0]!.headers.get("Authorization")).toBe(`Bearer ${SECRET}`);
    expect(calls[0]!.headers.get("Notion-Version")).toBe(NOTION_VERSION);
    expect(NOTION_VERSION).toBe(Client.defaultNotionVersion);
  });

  it("talks to a fake's base when one is configured", async () => {
    const fake = new FakeNotion();
    const { calls } = mockNotion(fake, { base: "http://127.0.0.1:12114" });
    const notion = createNotionClient({ apiBase: new URL("http://127.0.0.1:12114") });
    await notion.getPage(SECRET, PARENT);
    expect(calls.map((c) => c.url)).toEqual([`http://127.0.0.1:12114/v1/pages/${PARENT}`]);
  });

  it("exports 250 stories: a page with the first 100 blocks, then batches of at most 100, in order, every block arriving", async () => {
    const { notion, fake, calls } = setup();
    const blocks = storiesToBlocks(generated(Array.from({ length: 250 }, (_, i) => story(i + 1))));
    expect(blocks.length).toBe(2 + 250 * 5);
    const [first = [], ...rest] = batches(blocks);
    const page = await notion.createChildPage(SECRET, PARENT, "Epic", first);
    for (const batch of rest) await notion.appendBlocks(SECRET, page.id, batch);

    const sent = calls.map((c) => (JSON.parse(c.body || "{}") as { children?: unknown[] }).children?.length ?? 0);
    expect(sent.every((n) => n <= 100)).toBe(true);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(blocks.length);
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      "POST /v1/pages",
      ...rest.map(() => `PATCH /v1/blocks/${page.id}/children`),
    ]);
    const stored = fake.blocksOf(page.id);
    expect(stored).toHaveLength(blocks.length);
    expect(stored.map((b) => b.type)).toEqual(blocks.map((b) => b.type));
    expect(
      stored
        .filter((b) => b.type === "heading_2")
        .map((b) => (b.content.rich_text as { text: { content: string } }[])[0]!.text.content),
    ).toEqual(Array.from({ length: 250 }, (_, i) => `Story ${i + 1}`));
    expect(fake.page(page.id)).toMatchObject({ parentId: PARENT, title: "Epic" });
    expect(page.url).toMatch(/^https:\/\/www\.notion\.so\/Epic-[0-9a-f]{32}$/);

    // Resuming needs both: how many blocks the page has (three pages of 100 and one of 52), and the page itself.
    expect(await notion.countChildren(SECRET, page.id)).toBe(blocks.length);
    expect(await notion.listChildPages(SECRET, PARENT)).toEqual([{ id: page.id, title: "Epic" }]);
  });

  it("sends a 2,500-character criterion as 2,000 + 500 and the fake accepts it", async () => {
    const { notion, fake } = setup();
    const blocks = storiesToBlocks(generated([story(1, { acceptanceCriteria: ["x".repeat(2500)] })]));
    const page = await notion.createChildPage(SECRET, PARENT, "Long", blocks);
    const criterion = fake.blocksOf(page.id).find((b) => b.type === "bulleted_list_item")!;
    expect(
      (criterion.content.rich_text as { text: { content: string } }[]).map((item) => item.text.content.length),
    ).toEqual([2000, 500]);
  });

  it("refuses more than 100 blocks before sending anything", async () => {
    const { notion, calls } = setup();
    const blocks = Array.from({ length: 101 }, () => ({ type: "divider", divider: {} }));
    await expect(notion.createChildPage(SECRET, PARENT, "Too many", blocks)).rejects.toThrow(RangeError);
    await expect(notion.appendBlocks(SECRET, PARENT, blocks)).rejects.toThrow(/at most 100 blocks/);
    expect(calls).toHaveLength(0);
  });

  it("lists only child pages, across pages of results", async () => {
    const { notion } = setup();
    const first = await notion.createChildPage(SECRET, PARENT, "First export", []);
    await notion.appendBlocks(
      SECRET,
      PARENT,
      Array.from({ length: 100 }, () => ({ type: "divider", divider: {} })),
    );
    const second = await notion.createChildPage(SECRET, PARENT, "Second export", []);
    expect(await notion.countChildren(SECRET, PARENT)).toBe(102);
    expect(await notion.listChildPages(SECRET, PARENT)).toEqual([
      { id: first.id, title: "First export" },
      { id: second.id, title: "Second export" },
    ]);
  });
});

describe("createNotionClient: failures", () => {
  it("waits as Retry-After says on a 429, then succeeds", async () => {
    const { notion, fake, waits } = setup();
    fake.failNext(2, { status: 429, retryAfter: 2 });
    const page = await notion.createChildPage(SECRET, PARENT, "After a wait", []);
    expect(page.id).toBeTruthy();
    expect(waits).toEqual([2000, 2000]);
    expect(fake.calls.map((c) => c.status)).toEqual([429, 429, 200]);
  });

  it("gives up on 429 after 3 retries, or sooner when the waits would pass the budget", async () => {
    const { notion, fake, waits } = setup();
    fake.failNext(4, { status: 429, retryAfter: 1 });
    const error = await failure(notion.getPage(SECRET, PARENT));
    expect(error).toMatchObject({ kind: "rate_limited", status: 429, mayHaveApplied: false });
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(fake.calls).toHaveLength(4);

    const tight = setup({ retryBudgetMs: 20_000 });
    tight.fake.failNext(2, { status: 429, retryAfter: 15 });
    await expect(tight.notion.getPage(SECRET, PARENT)).rejects.toMatchObject({ kind: "rate_limited" });
    expect(tight.waits).toEqual([15_000]);
    expect(tight.fake.calls).toHaveLength(2);
  });

  it("backs off 1, 2, 4 s on a 429 without Retry-After", async () => {
    const { notion, fake, waits } = setup();
    fake.failNext(3, { status: 429 });
    await notion.appendBlocks(SECRET, PARENT, [{ type: "divider", divider: {} }]);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("never retries a write after a 5xx: one request, and mayHaveApplied", async () => {
    for (const status of [500, 502, 503, 504]) {
      const { notion, fake } = setup();
      fake.failNext(1, { status });
      const error = await failure(notion.createChildPage(SECRET, PARENT, "Once", []));
      expect(error).toMatchObject({
        kind: "unavailable",
        status,
        mayHaveApplied: true,
        message: "Notion did not answer. Please try again.",
      });
      expect(fake.calls).toHaveLength(1);
    }
  });

  it("reports a write Notion applied before failing as mayHaveApplied, and it did apply", async () => {
    const { notion, fake } = setup();
    fake.applyThenFail();
    const error = await failure(notion.appendBlocks(SECRET, PARENT, [{ type: "divider", divider: {} }]));
    expect(error).toMatchObject({ kind: "unavailable", mayHaveApplied: true });
    expect(fake.calls).toHaveLength(1);
    expect(fake.blocksOf(PARENT)).toHaveLength(1);
  });

  it("retries a read once after a 5xx, and only once", async () => {
    const { notion, fake, waits } = setup();
    fake.failNext(1, { status: 503 });
    await expect(notion.countChildren(SECRET, PARENT)).resolves.toBe(0);
    expect(fake.calls.map((c) => c.status)).toEqual([503, 200]);
    expect(waits).toEqual([1000]);

    fake.failNext(2, { status: 500 });
    const error = await failure(notion.getPage(SECRET, PARENT));
    expect(error).toMatchObject({ kind: "unavailable", status: 500, mayHaveApplied: false });
    expect(fake.calls).toHaveLength(4);
  });

  it("times out an unanswered request: a read is retried once, a write is not and may have applied", async () => {
    const { notion, fake } = setup({ timeoutMs: 50 });
    fake.hangNext();
    await expect(notion.getPage(SECRET, PARENT)).resolves.toMatchObject({ id: PARENT });
    expect(fake.calls.map((c) => c.status)).toEqual([0, 200]);

    fake.hangNext();
    const error = await failure(notion.appendBlocks(SECRET, PARENT, [{ type: "divider", divider: {} }]));
    expect(error).toMatchObject({ kind: "unavailable", status: null, mayHaveApplied: true });
    expect(fake.calls).toHaveLength(3);
  });

  it("answers a refused secret as unauthorized, with our message and never the secret", async () => {
    const { notion } = setup();
    const wrong = "ntn_live_secret_that_must_not_leak_1234";
    const error = await failure(notion.getPage(wrong, PARENT));
    expect(error).toMatchObject({
      kind: "unauthorized",
      status: 401,
      mayHaveApplied: false,
      message: "Notion refused the integration secret.",
    });
    expect(everything(error)).not.toContain(wrong);
    expect(everything(error)).toContain("API token is invalid.");
  });

  it("answers an unknown or unshared page as not_found", async () => {
    const { notion } = setup();
    const error = await failure(notion.getPage(SECRET, "00000000-0000-4000-8000-000000000000"));
    expect(error).toMatchObject({
      kind: "not_found",
      status: 404,
      message: "The Notion page was not found, or it is not shared with the integration.",
    });
    await expect(notion.createChildPage(SECRET, "00000000000040008000000000000000", "x", [])).rejects.toMatchObject({
      kind: "not_found",
      mayHaveApplied: false,
    });
  });

  it("answers a page in the trash as not_found", async () => {
    const { notion, fake } = setup();
    fake.trash(PARENT);
    await expect(notion.getPage(SECRET, PARENT)).rejects.toMatchObject({
      kind: "not_found",
      message: expect.stringContaining("trash"),
    });
  });

  it("maps 403 to forbidden and 400 to invalid with Notion's message, never retried", async () => {
    const { notion, fake } = setup();
    fake.failNext(1, { status: 403 });
    await expect(notion.getPage(SECRET, PARENT)).rejects.toMatchObject({ kind: "forbidden", status: 403 });
    const raw = [
      { type: "paragraph", paragraph: { rich_text: [{ type: "text", text: { content: "y".repeat(2001) } }] } },
    ];
    const error = await failure(notion.appendBlocks(SECRET, PARENT, raw));
    expect(error).toMatchObject({ kind: "invalid", status: 400, mayHaveApplied: false });
    expect(error.message).toBe(
      "body failed validation: body.children[0].paragraph.rich_text[0].text.content.length should be ≤ `2000`, instead was `2001`.",
    );
    expect(fake.calls).toHaveLength(2);
  });

  it("keeps the secret out of every error, even one whose message echoes it", async () => {
    const { notion, fake } = setup();
    fake.failNext(1, { status: 400, message: `Token ${SECRET} is not allowed here` });
    fake.failNext(1, { status: 500, message: `Internal error for Bearer ${SECRET}` });
    const errors = [await failure(notion.appendBlocks(SECRET, PARENT, [{ type: "divider", divider: {} }]))];
    errors.push(await failure(notion.createChildPage(SECRET, PARENT, "x", [])));
    fake.hangNext();
    errors.push(
      await failure(createNotionClient({ apiBase: null, timeoutMs: 20 }).createChildPage(SECRET, PARENT, "x", [])),
    );
    for (const error of errors) expect(everything(error)).not.toContain(SECRET);
    expect(errors[0]!.message).toBe("Token [secret] is not allowed here");
  });
});
