import {
  Client,
  LogLevel,
  isFullBlock,
  isFullPage,
  isHTTPResponseError,
  InvalidPathParameterError,
  type AppendBlockChildrenParameters,
  type CreatePageParameters,
  type ListBlockChildrenResponse,
} from "@notionhq/client";
import { MAX_CHILDREN_PER_REQUEST, richText } from "./blocks";
import {
  NotionError,
  type Notion,
  type NotionBlock,
  type NotionChildPage,
  type NotionErrorKind,
  type NotionPage,
} from "./index";
import { defaultSleep, retryAfterMs, RETRY_BUDGET_MS, withRetries, type RetryPolicy } from "../../lib/outbound-call";

/**
 * The Notion API version every request names (`Notion-Version`): the official SDK's own default, whose types the
 * calls below are checked against. Pinned so that an SDK upgrade cannot change the API under us unnoticed.
 */
export const NOTION_VERSION = "2025-09-03";

const DEFAULT_TIMEOUT_MS = 15_000;
/** The wait before a read's one retry after a 5xx or a timeout (Notion's waits are not jittered). */
const RETRY_DELAY_MS = 1_000;

export interface NotionClientOptions {
  /** Development and tests only: a fake Notion (Config.notionApiBase). null: https://api.notion.com. */
  apiBase: URL | null;
  /** Per request; a request still unanswered then is aborted. 15 s by default. */
  timeoutMs?: number;
  /** How retries wait (tests pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
  /** The most one call may spend waiting between retries, in total: 20 s by default. */
  retryBudgetMs?: number;
}

const MESSAGES: Record<Exclude<NotionErrorKind, "invalid">, string> = {
  unauthorized: "Notion refused the integration secret.",
  forbidden:
    "The integration is not allowed to do this. Check that it can read and insert content, and that the page is shared with it.",
  not_found: "The Notion page was not found, or it is not shared with the integration.",
  rate_limited: "Notion is receiving too many requests from this integration. Please try again in a minute.",
  unavailable: "Notion did not answer. Please try again.",
};

/**
 * Notion through the official SDK (@notionhq/client), which runs in workerd on `fetch` alone. The SDK's own retries
 * are off: it retries 429 without a total bound and cannot tell us whether a write may have applied. Instead, per
 * call: a 429 waits for Retry-After (or 1, 2, 4 s) at most 3 times within the retry budget; a GET is retried once
 * after a 5xx or a timeout; a write (create page, append blocks) is never retried after a 5xx or a timeout, and throws
 * NotionError with `mayHaveApplied`. The integration secret goes only into the Authorization header of each request.
 */
export function createNotionClient(options: NotionClientOptions): Notion {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retry: RetryPolicy = {
    budgetMs: options.retryBudgetMs ?? RETRY_BUDGET_MS,
    sleep: options.sleep ?? defaultSleep,
    jitter: (ms) => ms,
    retryWaitMs: RETRY_DELAY_MS,
  };
  const sdk = new Client({
    ...(options.apiBase ? { baseUrl: options.apiBase.href.replace(/\/+$/, "") } : {}),
    notionVersion: NOTION_VERSION,
    timeoutMs,
    retry: false,
    logLevel: LogLevel.ERROR,
    // `fetch` looked up on each call (tests spy on it), with an abort so an unanswered request does not linger.
    fetch: (url, init) =>
      globalThis.fetch(url, {
        method: init?.method,
        headers: init?.headers,
        body: init?.body,
        signal: AbortSignal.timeout(timeoutMs),
      }),
  });

  /** The SDK makes each attempt; the waits and retries between them are the shared policy's (lib/outbound-call.ts). */
  async function call<T>(secret: string, write: boolean, work: () => Promise<T>): Promise<T> {
    const settled = await withRetries<T, NotionError, NotionError>(
      async () => {
        try {
          return { kind: "done", value: await work() };
        } catch (error) {
          const failure = toNotionError(error, secret, write);
          if (failure.kind === "rate_limited")
            return { kind: "rate_limited", value: failure, askedMs: waitAsked(error) };
          if (failure.kind === "unavailable") return { kind: "failed", value: failure, askedMs: null };
          throw failure;
        }
      },
      { ...retry, repeatable: !write },
    );
    if (settled.kind === "done") return settled.value;
    throw settled.value;
  }

  /** Every child of a block, 100 a page, following next_cursor. */
  async function eachChild(
    secret: string,
    blockId: string,
    visit: (child: ListBlockChildrenResponse["results"][number]) => void,
  ) {
    let cursor: string | undefined;
    do {
      const page = await call(secret, false, () =>
        sdk.blocks.children.list({
          block_id: blockId,
          page_size: 100,
          ...(cursor ? { start_cursor: cursor } : {}),
          auth: secret,
        }),
      );
      if (!Array.isArray(page?.results)) throw unreadable("a block list", false);
      page.results.forEach(visit);
      cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
    } while (cursor);
  }

  return {
    async getPage(secret, pageId): Promise<NotionPage> {
      const page = await call(secret, false, () => sdk.pages.retrieve({ page_id: pageId, auth: secret }));
      if (isFullPage(page) && (page.in_trash || page.archived)) {
        throw new NotionError(
          "not_found",
          "The Notion page is in the trash. Restore it in Notion, or choose another page.",
        );
      }
      return toPage(page, "a page read", false);
    },

    async createChildPage(secret, parentPageId, title, children): Promise<NotionPage> {
      assertBatch(children);
      const page = await call(secret, true, () =>
        sdk.pages.create({
          parent: { type: "page_id", page_id: parentPageId },
          properties: { title: { title: richText(title) } },
          ...(children.length
            ? { children: children as unknown as NonNullable<CreatePageParameters["children"]> }
            : {}),
          auth: secret,
        }),
      );
      return toPage(page, "a page create", true);
    },

    async erasePage(secret, pageId, title): Promise<void> {
      // Idempotent, so retried like a read.
      await call(secret, false, () =>
        sdk.pages.update({
          page_id: pageId,
          erase_content: true,
          properties: { title: { title: richText(title) } },
          auth: secret,
        }),
      );
    },

    async appendBlocks(secret, blockId, children): Promise<void> {
      assertBatch(children);
      if (children.length === 0) return;
      const answer = await call(secret, true, () =>
        sdk.blocks.children.append({
          block_id: blockId,
          children: children as unknown as AppendBlockChildrenParameters["children"],
          auth: secret,
        }),
      );
      if ((answer as { object?: unknown } | null)?.object !== "list") throw unreadable("a block append", true);
    },

    async countChildren(secret, blockId): Promise<number> {
      let count = 0;
      await eachChild(secret, blockId, () => {
        count += 1;
      });
      return count;
    },

    async listChildPages(secret, pageId): Promise<NotionChildPage[]> {
      const pages: NotionChildPage[] = [];
      await eachChild(secret, pageId, (child) => {
        if (isFullBlock(child) && child.type === "child_page")
          pages.push({ id: child.id, title: child.child_page.title });
      });
      return pages;
    },
  };
}

/** A caller's bug, not Notion's answer: Notion takes at most 100 children a request (see blocks.ts `batches`). */
function assertBatch(children: readonly NotionBlock[]) {
  if (children.length > MAX_CHILDREN_PER_REQUEST) {
    throw new RangeError(
      `Notion takes at most ${MAX_CHILDREN_PER_REQUEST} blocks per request, not ${children.length}: send them in batches.`,
    );
  }
}

function toPage(page: { id?: unknown; url?: unknown } | null, what: string, write: boolean): NotionPage {
  if (typeof page?.id !== "string" || !page.id) throw unreadable(what, write);
  return {
    id: page.id,
    url: typeof page.url === "string" ? page.url : `https://www.notion.so/${page.id.replace(/-/g, "")}`,
  };
}

/**
 * A 200 whose JSON is not Notion's answer (a proxy's page, a changed API) confirms nothing. Before, a page create
 * answered so crashed on the missing id and cleared the export's "in doubt" mark, so the next attempt created a
 * second page; now it is an unknown outcome like a timeout, and the next attempt looks first (fault grid).
 */
function unreadable(what: string, write: boolean): NotionError {
  return new NotionError("unavailable", MESSAGES.unavailable, {
    mayHaveApplied: write,
    cause: new Error(`Notion's answer to ${what} was not in the expected shape`),
  });
}

/** The wait a refusal's Retry-After names, in ms (Notion sends whole seconds), or null when absent or unreadable. */
function waitAsked(error: unknown): number | null {
  if (!isHTTPResponseError(error)) return null;
  const headers = error.headers as { get?: (name: string) => string | null } | undefined;
  return retryAfterMs(typeof headers?.get === "function" ? headers.get("retry-after") : null);
}

/** Masks the secret wherever it might have been echoed, and any bearer token. */
function redact(text: string, secret: string): string {
  const masked = secret ? text.split(secret).join("[secret]") : text;
  return masked.replace(/Bearer\s+\S+/gi, "Bearer [secret]");
}

/**
 * The NotionError for a failed call. Its cause is a new Error carrying only Notion's status, code and message (with
 * the secret masked), never the SDK's error, whose fields hold the raw response.
 */
function toNotionError(error: unknown, secret: string, write: boolean): NotionError {
  if (error instanceof NotionError) return error;
  // Refused by the SDK before sending (an id with "..").
  if (InvalidPathParameterError.isInvalidPathParameterError(error)) {
    return new NotionError("invalid", "That is not a Notion page id.", {
      cause: new Error(redact(error.message, secret)),
    });
  }
  if (isHTTPResponseError(error)) {
    const status = error.status;
    const cause = new Error(redact(`Notion answered ${status} ${error.code}: ${error.message}`, secret));
    const kind: NotionErrorKind =
      status === 401
        ? "unauthorized"
        : status === 403
          ? "forbidden"
          : status === 404
            ? "not_found"
            : status === 429
              ? "rate_limited"
              : status >= 500 || status === 409
                ? "unavailable"
                : "invalid";
    // A 409 is Notion's conflict_error: the transaction did not complete, so nothing was applied.
    const mayHaveApplied = write && status >= 500;
    const message =
      kind === "invalid" ? redact(error.message || `Notion refused the request (${status}).`, secret) : MESSAGES[kind];
    return new NotionError(kind, message, { status, mayHaveApplied, cause });
  }
  // No answer: a timeout (the SDK's or our abort), a network failure, or an answer that was not JSON. A write may
  // have reached Notion all the same.
  const name = error instanceof Error ? error.name : "Error";
  const detail = error instanceof Error ? error.message : String(error);
  return new NotionError("unavailable", MESSAGES.unavailable, {
    mayHaveApplied: write,
    cause: new Error(redact(`Notion request failed (${name}): ${detail}`, secret)),
  });
}
