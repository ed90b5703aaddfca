// Puts the emulator behind https://{any-site}.atlassian.net (and a fake's base, when a test gives one) for Worker
// tests: the real adapter runs unchanged, its fetches answered by a FakeJira. Any other request, to any host, fails
// the test, as does an emulator error (a contract breach, a request it does not model), even when the code under
// test swallows the failed fetch.
import { onTestFinished, vi, type MockInstance } from "vitest";
import { neverAnswers, recordRequest, type RecordedRequest } from "../outbound";
import type { FakeJira, FakeJiraResponse } from "./fake-jira";

const JIRA_SITE = /^[a-z0-9][a-z0-9-]{0,62}\.atlassian\.net$/;
const CHUNK_BYTES = 64 * 1024;

export interface StreamedAnswer {
  /** The size the emulator meant to send. */
  bytes: number;
  /** What the client read before it stopped. */
  pulled: number;
  cancelled: boolean;
}

export interface JiraMock {
  /** Every fetch made during the test, JIRA or not. */
  calls: RecordedRequest[];
  spy: MockInstance<typeof fetch>;
  /** Oversized answers (oversizeNext), streamed a chunk at a time as the client reads. */
  streams: StreamedAnswer[];
}

/** A JSON body of `bytes` bytes, produced only as it is read, so a client that stops early leaves most unsent. */
function streamed(bytes: number, record: StreamedAnswer): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const filler = encoder.encode("0,".repeat(CHUNK_BYTES / 2));
  const end = encoder.encode("0]}");
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const head = encoder.encode('{"values":[');
        record.pulled += head.byteLength;
        controller.enqueue(head);
      },
      pull(controller) {
        if (record.pulled + filler.byteLength >= bytes) {
          record.pulled += end.byteLength;
          controller.enqueue(end);
          controller.close();
          return;
        }
        record.pulled += filler.byteLength;
        controller.enqueue(filler);
      },
      cancel() {
        record.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
}

function toResponse(
  answer: FakeJiraResponse,
  request: RecordedRequest,
  streams: StreamedAnswer[],
): Response | Promise<Response> {
  switch (answer.kind) {
    case "hang":
      return neverAnswers(request);
    case "empty":
      return new Response(null, { status: answer.status, headers: answer.headers });
    case "oversize": {
      const record = { bytes: answer.bytes, pulled: 0, cancelled: false };
      streams.push(record);
      return new Response(streamed(answer.bytes, record), { status: answer.status, headers: answer.headers });
    }
    case "json":
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  }
}

function isJira(url: URL, apiBase: URL | null): boolean {
  if (apiBase && url.origin === apiBase.origin && url.pathname.startsWith(apiBase.pathname.replace(/\/+$/, "")))
    return true;
  return url.protocol === "https:" && url.port === "" && !url.username && !url.password && JIRA_SITE.test(url.hostname);
}

/** Routes every fetch of the running test to `fake` if it is for JIRA, and fails the test on any other. */
export function mockJira(fake: FakeJira, options: { apiBase?: URL | null } = {}): JiraMock {
  const apiBase = options.apiBase ?? null;
  const failures: unknown[] = [];
  const calls: RecordedRequest[] = [];
  const streams: StreamedAnswer[] = [];
  onTestFinished(() => {
    if (failures.length) throw failures[0];
  });
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const recorded = await recordRequest(input, init);
    calls.push(recorded);
    const url = new URL(recorded.url);
    if (!isJira(url, apiBase)) {
      const error = new Error(`Unexpected outbound request (not JIRA): ${recorded.method} ${recorded.url}`);
      failures.push(error);
      throw error;
    }
    const path =
      apiBase && url.origin === apiBase.origin
        ? url.pathname.slice(apiBase.pathname.replace(/\/+$/, "").length)
        : url.pathname;
    try {
      const answer = fake.handle({
        method: recorded.method,
        path,
        query: url.search.slice(1),
        body: recorded.body,
        headers: Object.fromEntries(recorded.headers),
        host: url.host,
      });
      return await toResponse(answer, recorded, streams);
    } catch (error) {
      if (recorded.signal?.aborted) throw error;
      failures.push(error);
      return new Response(JSON.stringify({ errorMessages: [`FakeJira failed: ${String(error)}`], errors: {} }), {
        status: 500,
        headers: { "Content-Type": "application/json" },
      });
    }
  });
  return { calls, spy, streams };
}
