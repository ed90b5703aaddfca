// `node scripts/fake-github.ts [--port 12122]`: the GitHub REST API emulator of the Worker tests (worker/test/github)
// as an HTTP server on 127.0.0.1, for `npm run dev` and the browser journeys. Point the Worker at it with
// GITHUB_API_BASE=http://127.0.0.1:12122 (honoured outside production only). It accepts the token "fake-github-token"
// (FAKE_GITHUB_TOKEN), is the user pat-morgan, and has one repository, storyloom-demo/backlog, with issues turned on.
//
// Test controls, beside GitHub's API:
//   GET  /__fake/items                        the issues (epics, stories) created, oldest first, with their parents
//   GET  /__fake/requests                     the API requests received (method, path, query, body, status)
//   POST /__fake/reset                        forget every issue, label, request and pending fault
//   POST /__fake/fail-next {status, retryAfter?, count?}   the next `count` (1) API requests answer `status`
import { createServer, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import { readBody, send } from "./fake-server.ts";

const { FakeGitHub, FAKE_GITHUB_TOKEN } = await import("../worker/test/github/fake-github.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_GITHUB_PORT ?? 12122);
const CHUNK = Buffer.from("0,".repeat(32 * 1024));

const fake = new FakeGitHub({ apiOrigin: `http://127.0.0.1:${PORT}` });
/** GitHub answers with this exact content type. */
const sendGitHub = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  send(response, status, body, headers, "application/json; charset=utf-8");

function control(method: string, path: string, body: string): unknown {
  if (method === "GET" && path === "/__fake/items") return { issues: fake.issues, labels: fake.labels };
  if (method === "GET" && path === "/__fake/requests") return fake.requests;
  if (method === "POST" && path === "/__fake/reset") {
    fake.reset();
    return { reset: true };
  }
  if (method === "POST" && path === "/__fake/fail-next") {
    const input = JSON.parse(body || "{}") as { status?: unknown; retryAfter?: unknown; count?: unknown };
    const status = Number(input.status);
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new Error("POST /__fake/fail-next takes {status: 400-599, retryAfter?, count?}");
    const count = input.count === undefined ? 1 : Number(input.count);
    if (!Number.isInteger(count) || count < 1 || count > 100) throw new Error("count is 1-100");
    fake.failNext(count, {
      status,
      ...(input.retryAfter !== undefined ? { retryAfter: String(input.retryAfter) } : {}),
    });
    return { failing: count, status };
  }
  throw new Error(
    `No control ${method} ${path}: GET /__fake/items, GET /__fake/requests, POST /__fake/reset, POST /__fake/fail-next`,
  );
}

/** An oversized answer, written a chunk at a time until done or the client goes away. */
function stream(response: ServerResponse, status: number, headers: Record<string, string>, bytes: number): void {
  response.writeHead(status, headers);
  response.write("[");
  let sent = 0;
  const more = () => {
    while (sent < bytes && !response.destroyed) {
      sent += CHUNK.length;
      if (!response.write(CHUNK)) return void response.once("drain", more);
    }
    response.end("0]");
  };
  more();
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const body = await readBody(request);
  if (url.pathname.startsWith("/__fake/")) {
    try {
      sendGitHub(response, 200, control(request.method ?? "GET", url.pathname, body));
    } catch (error) {
      sendGitHub(response, 400, { error: String(error) });
    }
    return;
  }
  try {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const answer = fake.handle({
      method: request.method ?? "GET",
      path: url.pathname,
      query: url.search.slice(1),
      body,
      headers,
    });
    console.log(`${request.method} ${url.pathname} ${answer.kind === "hang" ? "(no answer)" : answer.status}`);
    if (answer.kind === "hang") return; // answered never; the client gives up and closes
    if (answer.kind === "empty") return void response.writeHead(answer.status, answer.headers).end();
    if (answer.kind === "oversize") return stream(response, answer.status, answer.headers, answer.bytes);
    sendGitHub(response, answer.status, answer.body, answer.headers);
  } catch (error) {
    // A contract breach or a request the emulator does not model: loud here.
    console.error(`${request.method} ${url.pathname} failed:`, error);
    sendGitHub(response, 500, { message: `FakeGitHub failed: ${String(error)}`, documentation_url: "" });
  }
});

server.listen(PORT, "127.0.0.1", () => {
  console.log(
    `Fake GitHub on http://127.0.0.1:${PORT} (repository ${fake.options.owner}/${fake.options.repo}, user ${fake.options.login}, token "${FAKE_GITHUB_TOKEN}")`,
  );
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
