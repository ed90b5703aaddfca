import { describe, expect, it } from "vitest";
import {
  FAKE_NOTION_PARENT_ID,
  FAKE_NOTION_SECRET,
  FakeNotion,
  NotEmulatedError,
  type FakeNotionRequest,
} from "./fake-notion";
import { mockNotion } from "./mock";

const AUTH = { Authorization: `Bearer ${FAKE_NOTION_SECRET}`, "Notion-Version": "2025-09-03" };
const PARENT = FAKE_NOTION_PARENT_ID;

function call(
  fake: FakeNotion,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = AUTH,
  query = "",
) {
  const request: FakeNotionRequest = {
    method,
    path,
    query,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
  return fake.handle(request);
}

const paragraph = (...contents: string[]) => ({
  object: "block",
  type: "paragraph",
  paragraph: { rich_text: contents.map((content) => ({ type: "text", text: { content } })) },
});
const append = (fake: FakeNotion, id: string, children: unknown[], headers = AUTH) =>
  call(fake, "PATCH", `/v1/blocks/${id}/children`, { children }, headers);
const createPage = (fake: FakeNotion, title: string, children: unknown[] = []) =>
  call(fake, "POST", "/v1/pages", {
    parent: { page_id: PARENT },
    properties: { title: { title: [{ type: "text", text: { content: title } }] } },
    children,
  });

describe("FakeNotion: Notion's limits", () => {
  it("refuses a rich-text item over 2,000 characters as Notion does, and takes one of 2,000 + 500", () => {
    const fake = new FakeNotion();
    expect(append(fake, PARENT, [paragraph("a".repeat(2001))])).toMatchObject({
      status: 400,
      body: {
        object: "error",
        status: 400,
        code: "validation_error",
        message:
          "body failed validation: body.children[0].paragraph.rich_text[0].text.content.length should be ≤ `2000`, instead was `2001`.",
      },
    });
    expect(append(fake, PARENT, [paragraph("a".repeat(2000), "b".repeat(500))])).toMatchObject({ status: 200 });
    expect(fake.blocksOf(PARENT)).toHaveLength(1);
    // A page title is rich text too.
    expect(createPage(fake, "t".repeat(2001))).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining("body.properties.title.title[0].text.content.length") },
    });
  });

  it("refuses more than 100 children in one request, on create and on append, and stores nothing", () => {
    const fake = new FakeNotion();
    const children = Array.from({ length: 101 }, () => paragraph("x"));
    expect(append(fake, PARENT, children)).toMatchObject({
      status: 400,
      body: {
        code: "validation_error",
        message: "body failed validation: body.children.length should be ≤ `100`, instead was `101`.",
      },
    });
    expect(createPage(fake, "Too many", children)).toMatchObject({ status: 400 });
    expect(fake.pages()).toHaveLength(1);
    expect(fake.blocksOf(PARENT)).toEqual([]);
    expect(append(fake, PARENT, children.slice(1))).toMatchObject({ status: 200 });
  });

  it("refuses more than 100 rich-text items in a block, and a body over 500 KB", () => {
    const fake = new FakeNotion();
    expect(append(fake, PARENT, [paragraph(...Array.from({ length: 101 }, () => "x"))])).toMatchObject({ status: 400 });
    expect(
      append(
        fake,
        PARENT,
        Array.from({ length: 100 }, () => paragraph("x".repeat(2000), "y".repeat(2000), "z".repeat(2000))),
      ),
    ).toMatchObject({
      status: 413,
    });
  });

  it("requires a Notion-Version it knows, and the bearer secret", () => {
    const fake = new FakeNotion();
    const path = `/v1/pages/${PARENT}`;
    expect(call(fake, "GET", path, undefined, { Authorization: AUTH.Authorization })).toMatchObject({
      status: 400,
      body: { code: "missing_version" },
    });
    expect(call(fake, "GET", path, undefined, { ...AUTH, "Notion-Version": "2019-01-01" })).toMatchObject({
      status: 400,
      body: { code: "validation_error", message: expect.stringContaining("Notion-Version") },
    });
    expect(call(fake, "GET", path, undefined, { "Notion-Version": "2025-09-03" })).toMatchObject({
      status: 401,
      body: { object: "error", code: "unauthorized", message: "API token is invalid." },
    });
    expect(call(fake, "GET", path, undefined, { ...AUTH, Authorization: "Bearer secret_wrong" })).toMatchObject({
      status: 401,
    });
    expect(
      call(fake, "GET", path, undefined, {
        ...AUTH,
        authorization: AUTH.Authorization,
        "notion-version": "2022-06-28",
      }),
    ).toMatchObject({ status: 200 });
  });

  it("answers 404 object_not_found for a page it does not have, and 400 for a malformed id", () => {
    const fake = new FakeNotion();
    expect(call(fake, "GET", "/v1/pages/00000000-0000-4000-8000-000000000000")).toMatchObject({
      status: 404,
      body: { code: "object_not_found", message: expect.stringContaining("shared with your integration") },
    });
    expect(append(fake, "00000000000040008000000000000000", [paragraph("x")])).toMatchObject({ status: 404 });
    expect(call(fake, "GET", "/v1/pages/not-an-id")).toMatchObject({ status: 400, body: { code: "validation_error" } });
  });

  it("throws on what it does not model", () => {
    const fake = new FakeNotion();
    expect(() => call(fake, "GET", "/v1/users/me")).toThrow(NotEmulatedError);
    expect(() => append(fake, PARENT, [{ type: "image", image: {} }])).toThrow(/image/);
    expect(() =>
      append(fake, PARENT, [{ type: "toggle", toggle: { rich_text: [], children: [paragraph("x")] } }]),
    ).toThrow(/nested/);
    expect(() => call(fake, "POST", "/v1/pages", { parent: { database_id: PARENT }, properties: {} })).toThrow(
      /page parents/,
    );
  });
});

describe("FakeNotion: pages and blocks", () => {
  it("creates a child page, lists it in its parent as child_page, and pages through children 100 at a time", () => {
    const fake = new FakeNotion();
    const created = createPage(fake, "Epic", [paragraph("first")]);
    const page = created.body as {
      id: string;
      url: string;
      parent: unknown;
      properties: { title: { title: { plain_text: string }[] } };
    };
    expect(page).toMatchObject({
      object: "page",
      parent: { type: "page_id", page_id: PARENT },
      properties: { title: { title: [{ plain_text: "Epic" }] } },
    });
    for (let i = 0; i < 3; i++)
      append(
        fake,
        page.id,
        Array.from({ length: 50 }, (_, j) => paragraph(`${i}.${j}`)),
      );
    const first = call(fake, "GET", `/v1/blocks/${page.id}/children`, undefined, AUTH, "page_size=100").body as {
      results: unknown[];
      has_more: boolean;
      next_cursor: string;
    };
    expect(first).toMatchObject({ object: "list", has_more: true });
    expect(first.results).toHaveLength(100);
    const second = call(
      fake,
      "GET",
      `/v1/blocks/${page.id}/children`,
      undefined,
      AUTH,
      `page_size=100&start_cursor=${first.next_cursor}`,
    ).body as {
      results: { paragraph: { rich_text: { plain_text: string }[] } }[];
      has_more: boolean;
      next_cursor: null;
    };
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.results).toHaveLength(51);
    expect(second.results.at(-1)!.paragraph.rich_text[0]!.plain_text).toBe("2.49");
    expect(fake.blocksOf(PARENT)).toEqual([{ id: page.id, type: "child_page", content: { title: "Epic" } }]);
    expect(call(fake, "GET", `/v1/blocks/${page.id}/children`, undefined, AUTH, "page_size=101")).toMatchObject({
      status: 400,
    });
  });

  it("fails on request: failNext with Retry-After, hangNext, applyThenFail; then resets", () => {
    const fake = new FakeNotion();
    fake.failNext(2, { status: 429, retryAfter: 3 });
    const limited = call(fake, "GET", `/v1/pages/${PARENT}`);
    expect(limited).toMatchObject({
      status: 429,
      headers: { "Retry-After": "3" },
      body: { object: "error", code: "rate_limited" },
    });
    expect(call(fake, "GET", `/v1/pages/${PARENT}`)).toMatchObject({ status: 429 });
    fake.hangNext();
    expect(append(fake, PARENT, [paragraph("lost")])).toMatchObject({ hang: true });
    fake.applyThenFail();
    expect(append(fake, PARENT, [paragraph("kept")])).toMatchObject({
      status: 500,
      body: { code: "internal_server_error" },
    });
    expect(fake.blocksOf(PARENT).map((b) => b.content)).toEqual([
      { rich_text: [{ type: "text", text: { content: "kept" } }] },
    ]);
    expect(fake.calls.map((c) => [c.method, c.status, c.applied])).toEqual([
      ["GET", 429, false],
      ["GET", 429, false],
      ["PATCH", 0, false],
      ["PATCH", 500, true],
    ]);
    fake.reset();
    expect(fake.calls).toEqual([]);
    expect(fake.pages().map((p) => [p.id, p.blocks.length])).toEqual([[PARENT, 0]]);
  });
});

describe("mockNotion", () => {
  it("answers fetches to api.notion.com from the fake", async () => {
    const fake = new FakeNotion();
    mockNotion(fake);
    const answer = await fetch(`https://api.notion.com/v1/pages/${PARENT}`, { headers: AUTH });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ object: "page", id: PARENT });
  });

  it("refuses any request it did not expect", async () => {
    mockNotion(new FakeNotion());
    await expect(fetch("https://api.notion.com/v2/pages")).rejects.toThrow(/Unexpected outbound request/);
    await expect(fetch("https://example.com/v1/pages", { method: "POST" })).rejects.toThrow(
      /Unexpected outbound request/,
    );
    await expect(fetch(`https://api.notion.com/v1/pages/${PARENT}`, { method: "DELETE" })).rejects.toThrow(
      /Unexpected outbound request/,
    );
  });

  it.fails(
    "fails the test when the fake meets a request it does not model, even if the caller swallows the error",
    async () => {
      mockNotion(new FakeNotion());
      await fetch("https://api.notion.com/v1/users/me", { headers: AUTH }).catch(() => undefined);
    },
  );
});
