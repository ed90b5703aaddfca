// The fault grid's one table (issue 20, "hardening"): the seven ways an outside system fails, defined once, as
// handlers for mockOutbound (HTTP systems) and as the equivalent behaviours of a Workers AI binding. Each system's
// file runs every fault through the route a user calls and checks the same three things: a clear answer in the
// shared error shape (never a bare 500, never the upstream's body, a stack or a secret), nothing lost or half-written
// in D1, and a bounded number of outbound calls.
import { expect, vi } from "vitest";
import type { AiRunner } from "../../adapters/llm/workers-ai";
import { neverAnswers, type RecordedRequest } from "../outbound";

export const FAULT_NAMES = [
  "timeout",
  "connection refused",
  "429 with Retry-After",
  "500",
  "503",
  "garbage body",
  "wrong shape",
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

/** Put in every upstream body and error: if it ever reaches a client, the upstream's payload leaked. */
export const UPSTREAM_MARKER = "upstream-internal-detail-7f3a";
/** What a 429 asks for: within every adapter's retry budget (20 s), so an adapter that honours it waits. */
export const RETRY_AFTER_SECONDS = 2;

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export interface Fault {
  name: FaultName;
  /** The answer of a system with this fault, for mockOutbound. */
  handler: Handler;
}

const json = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "application/json", ...headers } });

export const FAULTS: readonly Fault[] = [
  // Settles only when the caller aborts: the adapter's own timeout must fire (time runs faster, see compressTime).
  { name: "timeout", handler: neverAnswers },
  // What fetch does when nothing listens: it rejects with a TypeError.
  {
    name: "connection refused",
    handler: () =>
      Promise.reject(new TypeError(`fetch failed: connect ECONNREFUSED 203.0.113.9:443 (${UPSTREAM_MARKER})`)),
  },
  {
    name: "429 with Retry-After",
    handler: () =>
      json(JSON.stringify({ error: { message: `Rate limit reached ${UPSTREAM_MARKER}`, type: "rate_limit" } }), 429, {
        "Retry-After": String(RETRY_AFTER_SECONDS),
      }),
  },
  {
    name: "500",
    handler: () =>
      json(JSON.stringify({ error: { message: `Internal error ${UPSTREAM_MARKER}`, type: "api_error" } }), 500),
  },
  // A gateway's HTML page, as a load balancer answers in front of the real API.
  {
    name: "503",
    handler: () =>
      new Response(
        `<html><body><h1>503 Service Temporarily Unavailable</h1><!-- ${UPSTREAM_MARKER} --></body></html>`,
        {
          status: 503,
          headers: { "Content-Type": "text/html" },
        },
      ),
  },
  // A 200 whose JSON body was cut off.
  { name: "garbage body", handler: () => json(`{"id": "${UPSTREAM_MARKER}", "object":`, 200) },
  // Valid JSON, 200, but nothing the caller expects is in it.
  {
    name: "wrong shape",
    handler: () => json(JSON.stringify({ unexpected: UPSTREAM_MARKER, data: "none", results: 7 }), 200),
  },
];

/**
 * Story generation's policy, whichever model runs it (OpenAI with the SDK's retries off, or the Workers AI binding,
 * each call under a 60 s deadline), as a durable run (worker/workflows/generation.ts): a fault another try may pass
 * (a timeout, no connection, 429, 5xx) is tried five times with backoff; an answer it cannot use (not JSON, wrong
 * shape) gets one more call, and then fails without retries.
 */
export const GENERATION_CALLS: Record<FaultName, number> = {
  timeout: 5,
  "connection refused": 5,
  "429 with Retry-After": 5,
  "500": 5,
  "503": 5,
  "garbage body": 2,
  "wrong shape": 2,
};

/** `FAULTS` as rows for describe.each / it.each: `[name, fault]`. */
export const FAULT_ROWS = FAULTS.map((fault) => [fault.name, fault] as const);

// ——— Workers AI: a binding, not HTTP. The same seven faults as the binding shows them. ———

/** A fake `AI` binding whose every `run` shows `fault`; `calls` counts them. */
export function faultyAi(
  fault: FaultName,
  answers: { garbage: unknown; wrongShape: unknown },
): AiRunner & { calls: number } {
  const ai = {
    calls: 0,
    run(): Promise<unknown> {
      ai.calls += 1;
      switch (fault) {
        case "timeout":
          return new Promise(() => {});
        case "connection refused":
          return Promise.reject(new TypeError(`Network connection lost. (${UPSTREAM_MARKER})`));
        // The binding throws errors naming the upstream status in the message, e.g. "3040: Capacity temporarily exceeded".
        case "429 with Retry-After":
          return Promise.reject(
            new Error(
              `AiError: 3040: Capacity temporarily exceeded, please try again. (429, Retry-After ${RETRY_AFTER_SECONDS}) ${UPSTREAM_MARKER}`,
            ),
          );
        case "500":
          return Promise.reject(new Error(`InferenceUpstreamError: 500 Internal Server Error ${UPSTREAM_MARKER}`));
        case "503":
          return Promise.reject(new Error(`InferenceUpstreamError: 503 Service Unavailable ${UPSTREAM_MARKER}`));
        case "garbage body":
          return Promise.resolve(answers.garbage);
        case "wrong shape":
          return Promise.resolve(answers.wrongShape);
      }
    },
  };
  return ai;
}

// ——— time ———

/** How much faster timers run in the grid: a 10 s timeout fires after 100 ms, a 5-minute deadline after 3 s. */
export const TIME_SCALE = 100;

/**
 * Makes every timer of the code under test run TIME_SCALE times faster (setTimeout and AbortSignal.timeout), so the
 * adapters' own timeouts, retry waits and Retry-After waits run as written, with their real defaults, in a few
 * milliseconds. The adapters are built per request from configuration (deps.ts), so this is how a route test gets
 * short timeouts without a test-only setting. Restored after each test (setup.ts: vi.restoreAllMocks).
 */
export function compressTime(scale = TIME_SCALE): void {
  const realSetTimeout = globalThis.setTimeout;
  const realAbortTimeout = AbortSignal.timeout.bind(AbortSignal);
  const scaled = (ms: number | undefined) => (!ms || ms <= 10 ? ms : Math.max(10, Math.round(ms / scale)));
  // (untyped call: setTimeout's overloads do not take a spread of extra arguments)
  const schedule = realSetTimeout as unknown as (handler: unknown, ms?: number, ...args: unknown[]) => unknown;
  vi.spyOn(globalThis, "setTimeout").mockImplementation(((handler: unknown, ms?: number, ...args: unknown[]) =>
    schedule(handler, scaled(ms), ...args)) as unknown as typeof setTimeout);
  vi.spyOn(AbortSignal, "timeout").mockImplementation((ms: number) => realAbortTimeout(scaled(ms) ?? 0));
}

// ——— logs ———

/**
 * Keeps the structured log lines the code under test writes (every 5xx is logged once, app.ts), instead of printing
 * them; the grid checks they carry no secret.
 */
export function captureLogs(): { lines: () => string[] } {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  vi.spyOn(console, "error").mockImplementation(keep);
  vi.spyOn(console, "warn").mockImplementation(keep);
  vi.spyOn(console, "log").mockImplementation(keep);
  return { lines: () => [...lines] };
}

/** No secret in any log line. */
export function expectLogsWithout(logs: { lines: () => string[] }, secrets: readonly string[]): void {
  for (const line of logs.lines()) for (const secret of secrets) expect(line).not.toContain(secret);
}

// ——— the answer ———

export interface ErrorBody {
  success: false;
  error: string;
  code: string;
  requestId: string;
  details?: Record<string, unknown>;
}

/**
 * A clear refusal: one of `statuses` (never a 500), in the shared error shape, with a message a person can read: no
 * upstream body, no stack, no secret, no raw error name.
 */
export async function expectClearError(
  response: Response,
  statuses: readonly number[],
  secrets: readonly string[] = [],
): Promise<ErrorBody> {
  const text = await response.text();
  expect(statuses, `status ${response.status}: ${text}`).toContain(response.status);
  const body = JSON.parse(text) as ErrorBody;
  expect(body).toMatchObject({ success: false, code: expect.any(String), requestId: expect.stringMatching(/^req_/) });
  expect(response.headers.get("X-Request-Id")).toBe(body.requestId);
  expectHumanMessage(body.error, secrets);
  expect(text).not.toContain(UPSTREAM_MARKER);
  if (response.status === 429) expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
  return body;
}

/** A sentence for a person: no upstream payload, stack, error class name, or secret. */
export function expectHumanMessage(message: string, secrets: readonly string[] = []): void {
  expect(message.length).toBeGreaterThan(10);
  expect(message).not.toContain(UPSTREAM_MARKER);
  expect(message).not.toMatch(/\n\s+at |TypeError|SyntaxError|ECONNREFUSED|Unexpected (end|token)|undefined|\[object/);
  expect(message).not.toMatch(/<html|\{"/i);
  for (const secret of secrets) expect(message).not.toContain(secret);
}
