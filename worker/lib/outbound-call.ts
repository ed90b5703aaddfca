// The call policy StoryLoom keeps with outside systems (JIRA, Linear, GitHub, Azure DevOps, Notion), written once:
// each attempt bounded (lib/bounded-fetch.ts: a timeout that covers reading, no redirects, a size cap), a rate limit
// waited out as the system says (or 1, 2, 4 s, jittered) at most 3 times, a failed attempt (5xx, timeout, network)
// sent once more when the call may be repeated, and every wait within one budget per call. A write whose outcome is
// unknown is never sent again (adapters/tracker/index.ts, `mayHaveApplied`): the caller says which calls may be
// repeated. Adapters keep what is their system's own: headers, which answers are rate limits and what wait they name,
// and how their errors read.
import type * as z from "zod";
import { boundedExchange, type Exchange } from "./bounded-fetch";

/** Per request, reading the answer included. */
export const TIMEOUT_MS = 10_000;
/** The largest answer read; a larger one is cancelled while it streams. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
/** Waits after rate limits, per call. */
export const RATE_LIMIT_RETRIES = 3;
/** Backoff after a rate limit that names no wait: 1 s, 2 s, 4 s (at most 8 s), each jittered. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 8_000;
/** The wait before the one retry of a failed attempt (5xx, timeout, network), jittered. */
export const RETRY_WAIT_MS = 500;
/** The most time spent waiting between attempts (rate limits and the one retry), per call. */
export const RETRY_BUDGET_MS = 20_000;
/** The longest message from a system that is passed on. */
export const MESSAGE_MAX_CHARS = 500;

/** Seconds or an HTTP date (Retry-After), as milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** A wait of `ms` scaled down by up to half at random, so clients that failed together do not retry together. */
export function jitterWith(random: () => number): (ms: number) => number {
  return (ms) => Math.round(ms * (0.5 + 0.5 * Math.min(1, Math.max(0, random()))));
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ——— the waits and retries, whatever makes the attempts ———

export interface RetryPolicy {
  /** The most time spent waiting between attempts, per call. */
  budgetMs: number;
  sleep: (ms: number) => Promise<void>;
  /** Applied to the waits computed here (backoff, the retry's wait), never to a wait the system named. */
  jitter: (ms: number) => number;
  /** The wait before the one retry when the system names none: RETRY_WAIT_MS unless said. */
  retryWaitMs?: number;
}

/** How the caller judged one attempt. `askedMs`: the wait the system named, when it named one. */
export type Attempt<Done, Limited, Failed> =
  | { kind: "done"; value: Done }
  | { kind: "rate_limited"; value: Limited; askedMs: number | null }
  | { kind: "failed"; value: Failed; askedMs: number | null };

/** What the call came to after the waits and retries allowed: the last attempt, and for a rate limit its wait. */
export type Settled<Done, Limited, Failed> =
  | { kind: "done"; value: Done }
  | { kind: "rate_limited"; value: Limited; retryAfterMs: number | null }
  | { kind: "failed"; value: Failed };

/**
 * Makes attempts until one is done, waiting out a rate limit (RATE_LIMIT_RETRIES times at most) and, when the call
 * is `repeatable`, retrying one failure; a wait that would pass the budget is not waited. A rate-limited attempt was
 * not applied, so even a write waits it out; a failed write may have applied, so it is never repeated.
 */
export async function withRetries<Done, Limited, Failed>(
  attempt: () => Promise<Attempt<Done, Limited, Failed>>,
  { repeatable, budgetMs, sleep, jitter, retryWaitMs = RETRY_WAIT_MS }: RetryPolicy & { repeatable: boolean },
): Promise<Settled<Done, Limited, Failed>> {
  let waited = 0;
  let rateLimitRetries = 0;
  let retried = false;
  /** Waits `ms` when the budget allows it: true when the caller should try again. */
  const waitWithinBudget = async (ms: number): Promise<boolean> => {
    if (waited + ms > budgetMs) return false;
    waited += ms;
    await sleep(ms);
    return true;
  };

  for (;;) {
    const result = await attempt();
    if (result.kind === "done") return result;
    if (result.kind === "rate_limited") {
      const wait = result.askedMs ?? jitter(Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** rateLimitRetries));
      if (rateLimitRetries < RATE_LIMIT_RETRIES && (await waitWithinBudget(wait))) {
        rateLimitRetries += 1;
        continue;
      }
      return { kind: "rate_limited", value: result.value, retryAfterMs: result.askedMs };
    }
    if (repeatable && !retried && (await waitWithinBudget(result.askedMs ?? jitter(retryWaitMs)))) {
      retried = true;
      continue;
    }
    return { kind: "failed", value: result.value };
  }
}

// ——— one call over fetch (JIRA, Linear, Azure DevOps) ———

/** The adapter options every outside system takes. */
export interface OutboundOptions {
  /** Per request, reading the answer included. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The most time spent waiting between attempts (rate limits and the one retry of a failed read), per call. */
  retryBudgetMs?: number;
}

/** An answer that came, bounded: `text` is null when it is not JSON, a redirect or over the cap. */
export type Answer = Extract<Exchange, { kind: "response" }>;

/**
 * How a system's answer counts, with what the adapter read from it (`reading`, handed back so it is read once):
 * most systems say a rate limit with 429 and trouble with a 5xx (`byStatus`); Linear says either in its body too.
 */
export type Judge<R> = (answer: Answer) => { kind: "answered" | "rate_limited" | "unavailable"; reading: R };

export const byStatus: Judge<Answer> = (answer) => ({
  kind: answer.status === 429 ? "rate_limited" : answer.status >= 500 ? "unavailable" : "answered",
  reading: answer,
});

/** A call that got no usable answer, still limited or failing after the waits and retries allowed. */
export type Unanswered =
  | { kind: "rate_limited"; status: number; retryAfterMs: number | null }
  | { kind: "unavailable"; status: number }
  | { kind: "timeout" }
  | { kind: "network"; error: unknown };

/** What a call came to, for the adapter to put in its own words; `reading` is what its judge read. */
export type CallResult<R> =
  | { kind: "answered"; reading: R }
  | { kind: "rate_limited"; status: number; retryAfterMs: number | null; reading: R }
  | { kind: "unavailable"; status: number; reading: R }
  | { kind: "timeout" }
  | { kind: "network"; error: unknown };

export interface Outbound {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** The waits, for an adapter that makes its attempts itself (GitHub through Octokit). */
  readonly retry: RetryPolicy;
  /**
   * Sends `init` to `url` under the policy. `repeatable`: a read, or a write safe to send twice; anything else is
   * sent again only after a rate limit, which was not applied.
   */
  send<R>(url: URL, init: RequestInit, how: { repeatable: boolean; judge: Judge<R> }): Promise<CallResult<R>>;
}

/**
 * The policy with an adapter's options; `system` names it in a timeout's abort reason, `maxBytes` is the system's
 * own cap when it is not MAX_RESPONSE_BYTES.
 */
export function createOutbound(
  system: string,
  options: OutboundOptions,
  maxBytesByDefault = MAX_RESPONSE_BYTES,
): Outbound {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? maxBytesByDefault;
  const retry: RetryPolicy = {
    budgetMs: options.retryBudgetMs ?? RETRY_BUDGET_MS,
    sleep: options.sleep ?? defaultSleep,
    jitter: jitterWith(options.random ?? Math.random),
  };

  async function send<R>(
    url: URL,
    init: RequestInit,
    { repeatable, judge }: { repeatable: boolean; judge: Judge<R> },
  ): Promise<CallResult<R>> {
    type Judged = { status: number; reading: R };
    type Failed = Extract<CallResult<R>, { kind: "unavailable" | "timeout" | "network" }>;
    const settled = await withRetries<R, Judged, Failed>(
      async () => {
        const exchange = await boundedExchange(url, init, { timeoutMs, maxBytes, system });
        if (exchange.kind !== "response") return { kind: "failed", value: exchange, askedMs: null };
        const { kind, reading } = judge(exchange);
        if (kind === "answered") return { kind: "done", value: reading };
        const { status } = exchange;
        const askedMs = retryAfterMs(exchange.headers.get("Retry-After"));
        return kind === "rate_limited"
          ? { kind, value: { status, reading }, askedMs }
          : { kind: "failed", value: { kind, status, reading }, askedMs };
      },
      { ...retry, repeatable },
    );
    if (settled.kind === "done") return { kind: "answered", reading: settled.value };
    if (settled.kind === "rate_limited")
      return { kind: "rate_limited", ...settled.value, retryAfterMs: settled.retryAfterMs };
    return settled.value;
  }

  return { timeoutMs, maxBytes, retry, send };
}

// ——— what every adapter says alike ———

/** The facts of an adapter's error for an unanswered call: its kind, message, status and wait. */
export interface UnansweredError {
  kind: "rate_limited" | "unavailable";
  message: string;
  status: number | null;
  /** Whole seconds the system asked to wait, when it said. */
  retryAfter: number | null;
  mayHaveApplied: boolean;
  cause?: Error;
}

/**
 * An unanswered call in the system's words: `name` as people know it ("JIRA"); `write`, a call that may have applied
 * (never after a rate limit); `unknownOutcome`, the sentence that ends such a call's messages (empty for a read);
 * `said`, the system's own reason for a 5xx.
 */
export function describeUnanswered(
  result: Unanswered,
  words: {
    name: string;
    timeoutMs: number;
    scrub: (text: string) => string;
    write: boolean;
    unknownOutcome: string;
    said?: string | null;
  },
): UnansweredError {
  const { name, write: mayHaveApplied, unknownOutcome } = words;
  switch (result.kind) {
    case "rate_limited": {
      const retryAfter = result.retryAfterMs === null ? null : Math.ceil(result.retryAfterMs / 1000);
      return {
        kind: "rate_limited",
        message:
          retryAfter === null
            ? `${name} is limiting requests. Please try again shortly.`
            : `${name} is limiting requests. Please try again in ${retryAfter} seconds.`,
        status: result.status,
        retryAfter,
        mayHaveApplied: false,
      };
    }
    case "unavailable":
      return {
        kind: "unavailable",
        message: `${name} is unavailable (HTTP ${result.status})${words.said ? `: ${words.said}` : "."}${unknownOutcome}`,
        status: result.status,
        retryAfter: null,
        mayHaveApplied,
      };
    case "timeout":
      return {
        kind: "unavailable",
        message: `${name} did not answer within ${Number((words.timeoutMs / 1000).toFixed(2))} seconds.${unknownOutcome}`,
        status: null,
        retryAfter: null,
        mayHaveApplied,
      };
    case "network":
      return {
        kind: "unavailable",
        message: `Could not reach ${name}.${unknownOutcome}`,
        status: null,
        retryAfter: null,
        mayHaveApplied,
        // Only the error's name and message, scrubbed: it could echo a credential.
        cause:
          result.error instanceof Error
            ? new Error(words.scrub(`${result.error.name}: ${result.error.message}`))
            : undefined,
      };
  }
}

/** Why an answer was not the expected shape (its first 3 issues), as the cause of the adapter's error. */
export function shapeMismatch(error: z.ZodError, scrub: (text: string) => string): Error {
  return new Error(
    scrub(
      error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; "),
    ),
  );
}

export function parseJson(text: string | null): { ok: true; value: unknown } | { ok: false } {
  if (text === null) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A system's message cut to MESSAGE_MAX_CHARS. */
export const clipMessage = (text: string) =>
  text.length > MESSAGE_MAX_CHARS ? `${text.slice(0, MESSAGE_MAX_CHARS - 1).trimEnd()}…` : text;
