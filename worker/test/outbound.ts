import { vi } from "vitest";

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string;
  /** The caller's abort signal, so a handler can simulate a server that never answers. */
  signal: AbortSignal | null;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A fetch call as the mocks keep it (its body read once, as text). */
export async function recordRequest(input: RequestInfo | URL, init?: RequestInit): Promise<RecordedRequest> {
  const request = input instanceof Request ? input : new Request(input, init);
  return {
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body ? new TextDecoder().decode(await request.arrayBuffer()) : "",
    signal: init?.signal ?? (input instanceof Request ? input.signal : null),
  };
}

/**
 * Mocks outbound HTTP at the fetch boundary, so the real SDK and client code runs. Routes are matched on
 * "METHOD url-prefix"; an unmatched request fails the test loudly instead of reaching the network.
 */
export function mockOutbound(routes: Record<string, Handler>) {
  const calls: RecordedRequest[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const recorded = await recordRequest(input, init);
    calls.push(recorded);
    for (const [key, handler] of Object.entries(routes)) {
      const [method, prefix] = key.split(" ") as [string, string];
      if (recorded.method === method && recorded.url.startsWith(prefix)) return handler(recorded);
    }
    throw new Error(`Unexpected outbound request: ${recorded.method} ${recorded.url}`);
  });
  return { calls, spy };
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A handler for a server that never answers: it settles only when the caller aborts (timeouts). */
export const neverAnswers = (request: RecordedRequest) =>
  new Promise<Response>((_, reject) => {
    request.signal?.addEventListener("abort", () => reject(request.signal?.reason ?? new Error("aborted")));
  });

/**
 * Answers requests to `prefix` ("https://llm.example/v1/") with `handler`, and hands every other request to the fetch
 * mock already installed (a tracker's fake): two outside systems in one test, each at its HTTP boundary.
 */
export function mockBeside(prefix: string, handler: Handler): RecordedRequest[] {
  const installed = vi.mocked(globalThis.fetch).getMockImplementation();
  if (!installed) throw new Error("mockBeside needs a fetch mock installed first");
  const calls: RecordedRequest[] = [];
  vi.mocked(globalThis.fetch).mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(prefix)) return installed(input, init);
    const recorded = await recordRequest(input, init);
    calls.push(recorded);
    return handler(recorded);
  });
  return calls;
}
