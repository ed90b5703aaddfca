// An in-memory Notion that speaks the parts of Notion's HTTP API StoryLoom calls: retrieve a page, create a child page
// of a page, append children to a page, list a page's children. Pure TypeScript with only erasable syntax, so the
// same emulator serves Worker tests (mock.ts) and `npm run dev` or the browser journeys (scripts/fake-notion.ts).
//
// It enforces Notion's documented request limits, answering as Notion does (`{object: "error", status, code,
// message}`): at most 100 children per request, at most 2,000 characters in a rich-text item's text.content and 100
// items in a rich-text array, a Notion-Version header, a bearer secret. Its constants are its own, not the adapter's,
// so a mistake in the adapter is not copied into the check. What it does not model (another parent type, nested
// children, a block type it does not know) throws NotEmulatedError instead of answering something plausible.

/** The one integration secret the fake accepts unless told otherwise. Obviously not a real one. */
export const FAKE_NOTION_SECRET = "secret_fake_notion";
/** The shared parent page (hyphenated, as the API returns ids). Its URL form: FAKE_NOTION_PARENT_URL. */
export const FAKE_NOTION_PARENT_ID = "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d";
export const FAKE_NOTION_PARENT_URL = "https://www.notion.so/acme/Product-Roadmap-1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d";
/** Notion-Version values the fake answers (Notion's published versions of the endpoints it models). */
export const FAKE_NOTION_VERSIONS: readonly string[] = ["2022-02-22", "2022-06-28", "2025-09-03"];

const MAX_CHILDREN = 100;
const MAX_TEXT_CONTENT = 2000;
const MAX_RICH_TEXT_ITEMS = 100;
const MAX_PAGE_SIZE = 100;
/** Notion's documented limit on a whole request body (observed answered as 413). */
const MAX_BODY_BYTES = 500_000;
const TEXT_BLOCK_TYPES = new Set([
  "paragraph",
  "heading_1",
  "heading_2",
  "heading_3",
  "bulleted_list_item",
  "numbered_list_item",
  "quote",
  "to_do",
  "toggle",
  "callout",
]);
const BOT_USER = { object: "user", id: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a" };

export class NotEmulatedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotEmulatedError";
  }
}

export interface FakeNotionRequest {
  method: string;
  /** `/v1/pages/…`, without the query. */
  path: string;
  /** The query string, without `?`. */
  query?: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface FakeNotionResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** The fake was told to hang: answer nothing (until the caller gives up). */
  hang: boolean;
}

export interface FakeNotionCall {
  method: string;
  path: string;
  query: string;
  /** The JSON body, parsed (null for none or unparseable). */
  body: unknown;
  notionVersion: string | null;
  /** 0 for a request the fake left hanging. */
  status: number;
  /** Whether the request changed anything (an applyThenFail write did, though it answered 500). */
  applied: boolean;
}

export interface FakeNotionBlock {
  id: string;
  type: string;
  /** The block's type object as sent (for child_page: `{title}`). */
  content: Record<string, unknown>;
}

export interface FakeNotionPage {
  id: string;
  parentId: string | null;
  title: string;
  url: string;
  inTrash: boolean;
  blocks: FakeNotionBlock[];
}

export interface FakeNotionOptions {
  secret?: string;
  parentPageId?: string;
  parentTitle?: string;
  /** Milliseconds since the epoch; Date.now by default. */
  now?: () => number;
}

export interface FakeFailure {
  status: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  code?: string;
  message?: string;
}

type Fault = { kind: "fail"; failure: FakeFailure } | { kind: "hang" } | { kind: "applyThenFail" };

const CODES: Record<number, string> = {
  400: "validation_error",
  401: "unauthorized",
  403: "restricted_resource",
  404: "object_not_found",
  409: "conflict_error",
  429: "rate_limited",
  500: "internal_server_error",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};

class NotionApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const invalid = (message: string) => new NotionApiError(400, "validation_error", `body failed validation: ${message}`);
const tooLong = (path: string, limit: number, actual: number) =>
  invalid(`${path}.length should be ≤ \`${limit}\`, instead was \`${actual}\`.`);

/** 32 hex digits, hyphenated or not, as Notion accepts ids; null otherwise. */
function normalizeId(id: string): string | null {
  const hex = id.replace(/-/g, "").toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export class FakeNotion {
  readonly calls: FakeNotionCall[] = [];
  readonly secret: string;
  readonly parentPageId: string;

  private readonly parentTitle: string;
  private readonly now: () => number;
  private pagesById = new Map<string, FakeNotionPage>();
  private blockIndex = new Map<string, string>();
  private faults: Fault[] = [];
  private sequence = 0;

  constructor(options: FakeNotionOptions = {}) {
    this.secret = options.secret ?? FAKE_NOTION_SECRET;
    const parentId = normalizeId(options.parentPageId ?? FAKE_NOTION_PARENT_ID);
    if (!parentId) throw new Error(`Not a Notion id: ${options.parentPageId}`);
    this.parentPageId = parentId;
    this.parentTitle = options.parentTitle ?? "Product Roadmap";
    this.now = options.now ?? Date.now;
    this.reset();
  }

  /** Forgets every page but the parent, every call and every pending fault. */
  reset(): void {
    this.pagesById = new Map();
    this.blockIndex = new Map();
    this.faults = [];
    this.calls.length = 0;
    this.sequence = 0;
    this.addPage(this.parentPageId, null, this.parentTitle);
  }

  // ——— Fault injection (each fault is taken by the next request, in the order given) ———

  /** The next `count` requests answer `failure` (a Notion-shaped error; 429 with Retry-After when given). */
  failNext(count: number, failure: FakeFailure): void {
    for (let i = 0; i < count; i++) this.faults.push({ kind: "fail", failure });
  }

  /** The next request is never answered (and changes nothing). */
  hangNext(): void {
    this.faults.push({ kind: "hang" });
  }

  /** The next request is carried out, then answered 500 as if Notion failed after applying it. */
  applyThenFail(): void {
    this.faults.push({ kind: "applyThenFail" });
  }

  // ——— Inspection ———

  /** Every page, the parent first, with its blocks (child pages appear in their parent's blocks as child_page). */
  pages(): FakeNotionPage[] {
    return [...this.pagesById.values()].map((page) => ({ ...page, blocks: [...page.blocks] }));
  }

  page(id: string): FakeNotionPage | undefined {
    const key = normalizeId(id);
    return key ? this.pagesById.get(key) : undefined;
  }

  /** A page's blocks, or [] for an unknown page. */
  blocksOf(id: string): FakeNotionBlock[] {
    return [...(this.page(id)?.blocks ?? [])];
  }

  /** Puts a page in the trash, as a user deleting it in Notion would. */
  trash(id: string): void {
    const page = this.page(id);
    if (!page) throw new Error(`No page ${id}`);
    page.inTrash = true;
  }

  // ——— HTTP ———

  /** Answers one API request as Notion would; throws NotEmulatedError for what it does not model. */
  handle(request: FakeNotionRequest): FakeNotionResponse {
    const method = request.method.toUpperCase();
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const call: FakeNotionCall = {
      method,
      path: request.path,
      query: request.query ?? "",
      body: parseJson(request.body),
      notionVersion: headers["notion-version"] ?? null,
      status: 0,
      applied: false,
    };
    this.calls.push(call);
    const fault = this.faults.shift();
    if (fault?.kind === "hang") return { status: 0, body: null, headers: {}, hang: true };
    if (fault?.kind === "fail") return this.answerError(call, this.injected(fault.failure), fault.failure.retryAfter);
    try {
      const body = this.route(method, request, headers);
      call.applied = method !== "GET";
      if (fault?.kind === "applyThenFail") {
        return this.answerError(call, new NotionApiError(500, "internal_server_error", "Unexpected error occurred."));
      }
      call.status = 200;
      return {
        status: 200,
        body: { ...body, request_id: this.requestId() },
        headers: { "Content-Type": "application/json" },
        hang: false,
      };
    } catch (error) {
      if (error instanceof NotionApiError) return this.answerError(call, error);
      throw error;
    }
  }

  private injected(failure: FakeFailure): NotionApiError {
    const code = failure.code ?? CODES[failure.status] ?? "internal_server_error";
    return new NotionApiError(failure.status, code, failure.message ?? `Injected failure (${failure.status} ${code}).`);
  }

  private answerError(call: FakeNotionCall, error: NotionApiError, retryAfter?: number): FakeNotionResponse {
    call.status = error.status;
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (retryAfter !== undefined) headers["Retry-After"] = String(retryAfter);
    return {
      status: error.status,
      body: {
        object: "error",
        status: error.status,
        code: error.code,
        message: error.message,
        request_id: this.requestId(),
      },
      headers,
      hang: false,
    };
  }

  private route(method: string, request: FakeNotionRequest, headers: Record<string, string>): Record<string, unknown> {
    const auth = /^Bearer (\S+)$/.exec(headers.authorization ?? "");
    if (!auth || auth[1] !== this.secret) throw new NotionApiError(401, "unauthorized", "API token is invalid.");
    const version = headers["notion-version"];
    if (!version) {
      throw new NotionApiError(
        400,
        "missing_version",
        "Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.",
      );
    }
    if (!FAKE_NOTION_VERSIONS.includes(version)) {
      throw new NotionApiError(
        400,
        "validation_error",
        `Notion-Version header failed validation: Notion-Version header should be one of ${FAKE_NOTION_VERSIONS.join(", ")}, instead was \`${version}\`.`,
      );
    }
    const bodyBytes = new TextEncoder().encode(request.body ?? "").length;
    if (bodyBytes > MAX_BODY_BYTES)
      throw new NotionApiError(
        413,
        "validation_error",
        `Request body too large: ${bodyBytes} bytes, at most ${MAX_BODY_BYTES}.`,
      );
    const body = request.body ? parseJson(request.body) : {};
    if (request.body && body === null) throw new NotionApiError(400, "invalid_json", "Error parsing JSON body.");
    if (!isObject(body)) throw invalid("body should be an object.");

    const segments = request.path.split("/").filter(Boolean);
    if (segments[0] !== "v1") throw new NotionApiError(400, "invalid_request_url", "Invalid request URL.");
    const [, resource, id, sub] = segments;
    if (resource === "pages" && method === "GET" && id && !sub) return this.pageObject(this.findPage(id, "page_id"));
    if (resource === "pages" && method === "POST" && !id) return this.createPage(body);
    if (resource === "pages" && method === "PATCH" && id && !sub) return this.updatePage(id, body);
    if (resource === "blocks" && id && sub === "children" && segments.length === 4) {
      if (method === "GET") return this.listChildren(id, new URLSearchParams(request.query ?? ""));
      if (method === "PATCH") return this.appendChildren(id, body);
    }
    throw new NotEmulatedError(`FakeNotion does not model ${method} ${request.path}`);
  }

  private findPage(rawId: string, what: "page_id" | "block_id"): FakeNotionPage {
    const id = normalizeId(decodeURIComponent(rawId));
    if (!id)
      throw new NotionApiError(
        400,
        "validation_error",
        `path failed validation: path.${what} should be a valid uuid, instead was \`"${rawId}"\`.`,
      );
    const page = this.pagesById.get(id);
    if (page) return page;
    if (this.blockIndex.has(id))
      throw new NotEmulatedError(`FakeNotion models children of pages only, not of block ${id}`);
    const noun = what === "page_id" ? "page" : "block";
    throw new NotionApiError(
      404,
      "object_not_found",
      `Could not find ${noun} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
    );
  }

  private createPage(body: Record<string, unknown>): Record<string, unknown> {
    const parent = body.parent;
    if (!isObject(parent)) throw invalid("body.parent should be defined, instead was `undefined`.");
    if (typeof parent.page_id !== "string")
      throw new NotEmulatedError(`FakeNotion models page parents only, not ${JSON.stringify(parent)}`);
    const parentPage = this.findPage(parent.page_id, "page_id");
    const properties = body.properties;
    if (!isObject(properties)) throw invalid("body.properties should be defined, instead was `undefined`.");
    const extra = Object.keys(properties).filter((key) => key !== "title");
    if (extra.length) throw invalid(`${extra[0]} is not a property that exists.`);
    const titleProperty = properties.title;
    const titleItems = isObject(titleProperty) ? titleProperty.title : undefined;
    if (!Array.isArray(titleItems)) throw invalid("body.properties.title.title should be an array.");
    const title = checkRichText(titleItems, "body.properties.title.title");
    const children = body.children === undefined ? [] : checkChildren(body.children);
    if (parentPage.inTrash)
      throw invalid("Can't edit block that is archived. You must unarchive the block before editing.");

    const id = this.nextId();
    const page = this.addPage(id, parentPage.id, title);
    page.blocks.push(...children.map((child) => this.storeBlock(child, page.id)));
    parentPage.blocks.push(this.storeBlock({ type: "child_page", content: { title } }, parentPage.id, id));
    return this.pageObject(page);
  }

  /** PATCH /v1/pages/{id} as "Update in Notion" sends it: erase_content and a new title. */
  private updatePage(rawId: string, body: Record<string, unknown>): Record<string, unknown> {
    const extra = Object.keys(body).filter((key) => key !== "erase_content" && key !== "properties");
    if (extra.length) throw new NotEmulatedError(`FakeNotion does not model page updates of ${extra.join(", ")}`);
    const page = this.findPage(rawId, "page_id");
    if (page.inTrash) throw invalid("Can't edit block that is archived. You must unarchive the block before editing.");
    if (body.properties !== undefined) {
      const properties = body.properties;
      if (!isObject(properties)) throw invalid("body.properties should be an object.");
      const other = Object.keys(properties).filter((key) => key !== "title");
      if (other.length) throw invalid(`${other[0]} is not a property that exists.`);
      const titleProperty = properties.title;
      const titleItems = isObject(titleProperty) ? titleProperty.title : undefined;
      if (!Array.isArray(titleItems)) throw invalid("body.properties.title.title should be an array.");
      page.title = checkRichText(titleItems, "body.properties.title.title");
      const parent = page.parentId ? this.pagesById.get(page.parentId) : undefined;
      const link = parent?.blocks.find((b) => b.type === "child_page" && b.id === page.id);
      if (link) link.content = { title: page.title };
    }
    if (body.erase_content === true) {
      for (const block of page.blocks) this.blockIndex.delete(block.id);
      page.blocks = [];
    } else if (body.erase_content !== undefined && typeof body.erase_content !== "boolean")
      throw invalid("body.erase_content should be a boolean.");
    return this.pageObject(page);
  }

  private appendChildren(rawId: string, body: Record<string, unknown>): Record<string, unknown> {
    if (body.after !== undefined || body.position !== undefined)
      throw new NotEmulatedError("FakeNotion appends at the end only");
    const page = this.findPage(rawId, "block_id");
    const children = checkChildren(body.children);
    if (page.inTrash) throw invalid("Can't edit block that is archived. You must unarchive the block before editing.");
    const added = children.map((child) => this.storeBlock(child, page.id));
    page.blocks.push(...added);
    return {
      object: "list",
      results: added.map((block) => this.blockObject(block, page.id)),
      next_cursor: null,
      has_more: false,
      type: "block",
      block: {},
    };
  }

  private listChildren(rawId: string, query: URLSearchParams): Record<string, unknown> {
    const page = this.findPage(rawId, "block_id");
    const size = query.has("page_size") ? Number(query.get("page_size")) : MAX_PAGE_SIZE;
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
      throw new NotionApiError(
        400,
        "validation_error",
        `query failed validation: query.page_size should be ≤ \`${MAX_PAGE_SIZE}\`, instead was \`${query.get("page_size")}\`.`,
      );
    }
    const cursor = query.get("start_cursor");
    let start = 0;
    if (cursor) {
      start = page.blocks.findIndex((block) => block.id === normalizeId(cursor));
      if (start < 0)
        throw new NotionApiError(400, "validation_error", `The start_cursor provided is invalid: ${cursor}`);
    }
    const slice = page.blocks.slice(start, start + size);
    const next = page.blocks[start + size];
    return {
      object: "list",
      results: slice.map((block) => this.blockObject(block, page.id)),
      next_cursor: next ? next.id : null,
      has_more: Boolean(next),
      type: "block",
      block: {},
    };
  }

  private addPage(id: string, parentId: string | null, title: string): FakeNotionPage {
    const slug = title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
    const page: FakeNotionPage = {
      id,
      parentId,
      title,
      url: `https://www.notion.so/${slug ? `${slug}-` : ""}${id.replace(/-/g, "")}`,
      inTrash: false,
      blocks: [],
    };
    this.pagesById.set(id, page);
    return page;
  }

  private storeBlock(
    block: { type: string; content: Record<string, unknown> },
    pageId: string,
    id = this.nextId(),
  ): FakeNotionBlock {
    this.blockIndex.set(id, pageId);
    return { id, type: block.type, content: block.content };
  }

  private pageObject(page: FakeNotionPage): Record<string, unknown> {
    const time = this.timestamp();
    return {
      object: "page",
      id: page.id,
      created_time: time,
      last_edited_time: time,
      created_by: BOT_USER,
      last_edited_by: BOT_USER,
      cover: null,
      icon: null,
      parent: page.parentId ? { type: "page_id", page_id: page.parentId } : { type: "workspace", workspace: true },
      archived: page.inTrash,
      in_trash: page.inTrash,
      is_locked: false,
      properties: { title: { id: "title", type: "title", title: page.title ? [richTextObject(page.title)] : [] } },
      url: page.url,
      public_url: null,
    };
  }

  private blockObject(block: FakeNotionBlock, pageId: string): Record<string, unknown> {
    const time = this.timestamp();
    const content = Array.isArray(block.content.rich_text)
      ? {
          ...block.content,
          rich_text: (block.content.rich_text as { text: { content: string } }[]).map((item) =>
            richTextObject(item.text.content),
          ),
        }
      : block.content;
    return {
      object: "block",
      id: block.id,
      parent: { type: "page_id", page_id: pageId },
      created_time: time,
      last_edited_time: time,
      created_by: BOT_USER,
      last_edited_by: BOT_USER,
      has_children: block.type === "child_page",
      archived: false,
      in_trash: false,
      type: block.type,
      [block.type]: content,
    };
  }

  private nextId(): string {
    this.sequence += 1;
    const hex = `f4ce${this.sequence.toString(16).padStart(28, "0")}`;
    return normalizeId(hex)!;
  }

  private requestId(): string {
    return `00000000-0000-4000-8000-${String(this.calls.length).padStart(12, "0")}`;
  }

  private timestamp(): string {
    // Notion's timestamps are rounded to the minute.
    return new Date(Math.floor(this.now() / 60_000) * 60_000).toISOString();
  }
}

function parseJson(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function richTextObject(content: string) {
  return {
    type: "text",
    text: { content, link: null },
    annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" },
    plain_text: content,
    href: null,
  };
}

/** Checks a rich-text array against Notion's limits; returns its plain text. */
function checkRichText(items: unknown[], path: string): string {
  if (items.length > MAX_RICH_TEXT_ITEMS) throw tooLong(path, MAX_RICH_TEXT_ITEMS, items.length);
  return items
    .map((item, index) => {
      const text = isObject(item) ? item.text : undefined;
      if (
        !isObject(item) ||
        (item.type !== undefined && item.type !== "text") ||
        !isObject(text) ||
        typeof text.content !== "string"
      ) {
        if (isObject(item) && item.type !== undefined && item.type !== "text")
          throw new NotEmulatedError(`FakeNotion models text rich text only, not ${String(item.type)}`);
        throw invalid(`${path}[${index}].text should be defined, instead was \`undefined\`.`);
      }
      if (text.content.length > MAX_TEXT_CONTENT)
        throw tooLong(`${path}[${index}].text.content`, MAX_TEXT_CONTENT, text.content.length);
      return text.content;
    })
    .join("");
}

/** Checks a request's children against Notion's limits; returns them as the fake stores them. */
function checkChildren(children: unknown): { type: string; content: Record<string, unknown> }[] {
  if (!Array.isArray(children)) throw invalid("body.children should be an array, instead was `undefined`.");
  if (children.length > MAX_CHILDREN) throw tooLong("body.children", MAX_CHILDREN, children.length);
  return children.map((child, index) => {
    const path = `body.children[${index}]`;
    if (!isObject(child)) throw invalid(`${path} should be an object.`);
    const type = typeof child.type === "string" ? child.type : Object.keys(child).find((key) => key !== "object");
    if (!type) throw invalid(`${path} should have a block type.`);
    const content = child[type];
    if (type === "divider") return { type, content: {} };
    if (!TEXT_BLOCK_TYPES.has(type)) throw new NotEmulatedError(`FakeNotion does not model ${type} blocks`);
    if (!isObject(content)) throw invalid(`${path}.${type} should be defined, instead was \`undefined\`.`);
    if (content.children !== undefined) throw new NotEmulatedError("FakeNotion does not model nested children");
    if (!Array.isArray(content.rich_text))
      throw invalid(`${path}.${type}.rich_text should be defined, instead was \`undefined\`.`);
    checkRichText(content.rich_text, `${path}.${type}.rich_text`);
    return { type, content };
  });
}
