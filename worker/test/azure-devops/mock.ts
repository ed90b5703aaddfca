// Puts the emulator behind https://dev.azure.com (and a fake's base, when a test gives one) for Worker tests: the
// real adapter runs unchanged, its fetches answered by a FakeAzureDevOps through mockOutbound (../outbound.ts). Any
// other request, to any host, fails the test, as does an emulator error (a contract breach, a request it does not
// model), even when the code under test swallows the failed fetch.
import { onTestFinished } from "vitest";
import { mockOutbound, neverAnswers, type RecordedRequest } from "../outbound";
import type { FakeAzureDevOps, FakeAzureResponse } from "./fake-azure-devops";

const HOST = "https://dev.azure.com";

function toResponse(answer: FakeAzureResponse, request: RecordedRequest): Response | Promise<Response> {
  switch (answer.kind) {
    case "hang":
      return neverAnswers(request);
    case "empty":
      return new Response(null, { status: answer.status, headers: answer.headers });
    case "html":
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    case "json":
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  }
}

/** Routes every fetch of the running test to `fake` if it is for Azure DevOps, and fails the test on any other. */
export function mockAzureDevOps(fake: FakeAzureDevOps, options: { apiBase?: URL | null } = {}) {
  const apiBase = options.apiBase ?? null;
  const prefix = apiBase ? apiBase.href.replace(/\/+$/, "") : HOST;
  const failures: unknown[] = [];
  onTestFinished(() => {
    if (failures.length) throw failures[0];
  });
  const answer = async (request: RecordedRequest) => {
    const url = new URL(request.url);
    if (url.username || url.password || (!apiBase && url.port)) throw new Error(`Unexpected request: ${request.url}`);
    try {
      const result = fake.handle({
        method: request.method,
        path: url.pathname.slice(new URL(prefix).pathname.replace(/\/+$/, "").length),
        query: url.search.slice(1),
        body: request.body,
        headers: Object.fromEntries(request.headers),
      });
      return await toResponse(result, request);
    } catch (error) {
      if (request.signal?.aborted) throw error;
      failures.push(error);
      return new Response(JSON.stringify({ message: `FakeAzureDevOps failed: ${String(error)}` }), {
        status: 500,
        headers: { "Content-Type": "application/json" },
      });
    }
  };
  const routes = Object.fromEntries(["GET", "POST", "PATCH"].map((method) => [`${method} ${prefix}/`, answer]));
  const mock = mockOutbound(routes);
  // mockOutbound throws on an unmatched request; the code under test may swallow that, so it is kept here too.
  const spied = mock.spy.getMockImplementation()!;
  mock.spy.mockImplementation(async (input, init) => {
    try {
      return await spied(input, init);
    } catch (error) {
      if (String(error).includes("Unexpected outbound request")) failures.push(error);
      throw error;
    }
  });
  return mock;
}
