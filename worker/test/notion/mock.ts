// Puts the emulator behind https://api.notion.com (and, when given, a fake's base such as NOTION_API_BASE) for Worker
// tests: the official SDK, and so the real Notion adapter, runs unchanged, its fetches answered by a FakeNotion
// through mockOutbound. Any other request fails the test (mockOutbound throws on it).
import { onTestFinished } from "vitest";
import { mockOutbound, neverAnswers, type RecordedRequest } from "../outbound";
import type { FakeNotion } from "./fake-notion";

export const NOTION_API = "https://api.notion.com/v1/";

/**
 * Routes every request to Notion's API into `fake` until the test ends. A request the emulator does not model (it
 * throws) gets a 400 the adapter does not retry, and the test fails with the emulator's error when it ends, even if
 * the code under test swallowed the failure. `hangNext` requests settle only when the caller aborts.
 */
export function mockNotion(fake: FakeNotion, options: { base?: URL | string } = {}) {
  const failures: unknown[] = [];
  onTestFinished(() => {
    if (failures.length) throw failures[0];
  });

  function answer(request: RecordedRequest): Response | Promise<Response> {
    const url = new URL(request.url);
    try {
      const response = fake.handle({
        method: request.method,
        path: url.pathname,
        query: url.search.slice(1),
        body: request.body,
        headers: Object.fromEntries(request.headers),
      });
      if (response.hang) return neverAnswers(request);
      return new Response(JSON.stringify(response.body), { status: response.status, headers: response.headers });
    } catch (error) {
      failures.push(error);
      return Response.json(
        { object: "error", status: 400, code: "invalid_request", message: String(error) },
        { status: 400 },
      );
    }
  }

  const prefixes = [NOTION_API];
  if (options.base) prefixes.push(new URL("v1/", new URL(options.base).href.replace(/\/*$/, "/")).href);
  const routes: Record<string, typeof answer> = {};
  for (const prefix of prefixes) for (const method of ["GET", "POST", "PATCH"]) routes[`${method} ${prefix}`] = answer;
  return mockOutbound(routes);
}
