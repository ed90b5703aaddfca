// Puts the emulator behind https://api.github.com (and a fake's base, when a test gives one) for Worker tests, over
// mockOutbound (../outbound.ts): the real adapter runs unchanged, Octokit included, its fetches answered by a
// FakeGitHub. Any other request, to any host, fails the test, as does an emulator error (a contract breach, a request
// it does not model), even when the code under test turns the failed fetch into an error of its own.
import { onTestFinished } from "vitest";
import { mockOutbound, neverAnswers, type RecordedRequest } from "../outbound";
import type { FakeGitHub, FakeGitHubResponse } from "./fake-github";

const GITHUB_API = "https://api.github.com";
const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "OPTIONS"] as const;
const CHUNK_BYTES = 64 * 1024;

export interface StreamedAnswer {
  /** The size the emulator meant to send. */
  bytes: number;
  /** What the client read before it stopped. */
  pulled: number;
  cancelled: boolean;
}

/** A JSON array of `bytes` bytes, produced only as it is read, so a client that stops early leaves most unsent. */
function streamed(bytes: number, record: StreamedAnswer): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const filler = encoder.encode("0,".repeat(CHUNK_BYTES / 2));
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        record.pulled += 1;
        controller.enqueue(encoder.encode("["));
      },
      pull(controller) {
        if (record.pulled + filler.byteLength >= bytes) {
          record.pulled += 2;
          controller.enqueue(encoder.encode("0]"));
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

function toResponse(answer: FakeGitHubResponse, request: RecordedRequest, streams: StreamedAnswer[]) {
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

/** Routes every fetch of the running test to `fake` if it is for GitHub's API, and fails the test on any other. */
export function mockGitHub(fake: FakeGitHub, options: { apiBase?: URL | null } = {}) {
  const base = (options.apiBase?.href ?? GITHUB_API).replace(/\/+$/, "");
  const failures: unknown[] = [];
  const streams: StreamedAnswer[] = [];
  onTestFinished(() => {
    if (failures.length) throw failures[0];
  });

  const answer = async (request: RecordedRequest): Promise<Response> => {
    const url = new URL(request.url);
    // `${base}/…` only: a prefix match would also take https://api.github.com.evil.example.
    if (!request.url.startsWith(`${base}/`) || url.username || url.password) return refuse(request);
    try {
      const result = fake.handle({
        method: request.method,
        path: url.pathname.slice(new URL(base).pathname.replace(/\/+$/, "").length),
        query: url.search.slice(1),
        body: request.body,
        headers: Object.fromEntries(request.headers),
      });
      return await toResponse(result, request, streams);
    } catch (error) {
      if (request.signal?.aborted) throw error;
      failures.push(error);
      return new Response(JSON.stringify({ message: `FakeGitHub failed: ${String(error)}`, documentation_url: "" }), {
        status: 500,
        headers: { "Content-Type": "application/json" },
      });
    }
  };
  const refuse = (request: RecordedRequest): never => {
    const error = new Error(`Unexpected outbound request (not GitHub's API): ${request.method} ${request.url}`);
    failures.push(error);
    throw error;
  };

  // mockOutbound matches "METHOD prefix" in order: the API first, then every other request of that method (prefix "").
  const routes: Record<string, (request: RecordedRequest) => Promise<Response>> = {};
  for (const method of METHODS) routes[`${method} ${base}/`] = answer;
  for (const method of METHODS) routes[`${method} `] = async (request) => refuse(request);
  const { calls, spy } = mockOutbound(routes);
  return { calls, spy, streams };
}
