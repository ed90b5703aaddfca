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

/**
 * Mocks outbound HTTP at the fetch boundary, so the real SDK and client code runs. Routes are matched on
 * "METHOD url-prefix"; an unmatched request fails the test loudly instead of reaching the network.
 */
export function mockOutbound(routes: Record<string, Handler>) {
  const calls: RecordedRequest[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const recorded: RecordedRequest = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.body ? new TextDecoder().decode(await request.arrayBuffer()) : "",
      signal: init?.signal ?? (input instanceof Request ? input.signal : null),
    };
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
