// Notion behind one interface. Implementations: ./client (the official @notionhq/client, against api.notion.com or,
// in development and tests only, a fake at NOTION_API_BASE) and the emulator in worker/test/notion for service tests.
// Every method throws NotionError on failure; the services turn those into the shared error shape.

/** Notion block objects as the API takes them (paragraph, heading_2, bulleted_list_item, quote…). */
export type NotionBlock = Record<string, unknown>;

export interface NotionPage {
  id: string;
  url: string;
}

export interface NotionChildPage {
  id: string;
  title: string;
}

export interface Notion {
  /** GET /v1/pages/{id}: the parent page exists and is shared with the integration. */
  getPage(secret: string, pageId: string): Promise<NotionPage>;
  /** POST /v1/pages: a child page of `parentPageId` titled `title`, with at most 100 first blocks. Never retried. */
  createChildPage(secret: string, parentPageId: string, title: string, children: NotionBlock[]): Promise<NotionPage>;
  /**
   * PATCH /v1/pages/{id} with erase_content: the page keeps its id and link, loses its blocks, and takes `title`.
   * Safe to repeat.
   */
  erasePage(secret: string, pageId: string, title: string): Promise<void>;
  /** PATCH /v1/blocks/{id}/children with at most 100 blocks. Never retried. */
  appendBlocks(secret: string, blockId: string, children: NotionBlock[]): Promise<void>;
  /** GET /v1/blocks/{id}/children, every page: how many top-level blocks a page has (to resume an append). */
  countChildren(secret: string, blockId: string): Promise<number>;
  /** The child pages of a page (GET /v1/blocks/{id}/children, type child_page), to find one an interrupted export made. */
  listChildPages(secret: string, pageId: string): Promise<NotionChildPage[]>;
}

export type NotionErrorKind = "unauthorized" | "forbidden" | "not_found" | "invalid" | "rate_limited" | "unavailable";

export class NotionError extends Error {
  readonly kind: NotionErrorKind;
  readonly status: number | null;
  /** A write whose outcome is unknown (timeout, 5xx): Notion may have applied it. */
  readonly mayHaveApplied: boolean;

  constructor(
    kind: NotionErrorKind,
    message: string,
    options: { status?: number | null; mayHaveApplied?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "NotionError";
    this.kind = kind;
    this.status = options.status ?? null;
    this.mayHaveApplied = options.mayHaveApplied ?? false;
  }
}
