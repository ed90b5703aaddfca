// Puts the emulator behind https://api.linear.app/graphql (and a fake's base, when a test gives one) for Worker tests,
// over mockOutbound: the real adapter runs unchanged, its fetches answered by a FakeLinear. Any other request fails
// the test, as does an emulator error (a contract breach, something it does not model), even when the code under
// test swallows the failed fetch.
import { onTestFinished } from "vitest";
import { LINEAR_API_BASE, LINEAR_GRAPHQL_PATH } from "../../adapters/linear/http";
import { jsonResponse, mockOutbound, neverAnswers, type RecordedRequest } from "../outbound";
import type { FakeLinear } from "./fake-linear";

export interface LinearMock {
  /** Every fetch made during the test, Linear or not. */
  calls: RecordedRequest[];
  spy: ReturnType<typeof mockOutbound>["spy"];
}

/** Routes every fetch of the running test to `fake` if it is Linear's endpoint, and fails the test on any other. */
export function mockLinear(fake: FakeLinear, options: { apiBase?: URL | null } = {}): LinearMock {
  const failures: unknown[] = [];
  onTestFinished(() => {
    if (failures.length) throw failures[0];
  });

  const answer = async (request: RecordedRequest, base: string): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.slice(new URL(base).pathname.replace(/\/+$/, "").length);
    if (url.search || path !== LINEAR_GRAPHQL_PATH) return unexpected(request);
    try {
      const result = fake.handle({
        method: request.method,
        path,
        body: request.body,
        headers: Object.fromEntries(request.headers),
      });
      if (result.kind === "hang") return await neverAnswers(request);
      return new Response(JSON.stringify(result.body), { status: result.status, headers: result.headers });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      failures.push(error);
      return jsonResponse({ errors: [{ message: `FakeLinear failed: ${String(error)}` }] }, 500);
    }
  };
  const unexpected = (request: RecordedRequest): never => {
    const error = new Error(`Unexpected outbound request (not Linear): ${request.method} ${request.url}`);
    failures.push(error);
    throw error;
  };

  const routes: Record<string, (request: RecordedRequest) => Response | Promise<Response>> = {
    [`POST ${LINEAR_API_BASE}/`]: (request) => answer(request, LINEAR_API_BASE),
  };
  if (options.apiBase) {
    const base = options.apiBase.href.replace(/\/+$/, "");
    routes[`POST ${base}/`] = (request) => answer(request, base);
  }
  // Anything else, to any host, fails the test.
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]) routes[`${method} `] = unexpected;
  const { calls, spy } = mockOutbound(routes);
  return { calls, spy };
}
