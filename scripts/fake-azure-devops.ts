// `node scripts/fake-azure-devops.ts [--port 12123]`: the Azure DevOps emulator of the Worker tests
// (worker/test/azure-devops) as an HTTP server on 127.0.0.1, for `npm run dev` and the browser journeys. Point the
// Worker at it with AZURE_DEVOPS_API_BASE=http://127.0.0.1:12123 (honoured outside production only). It is one
// organisation, "storyloom-demo", accepting the PAT "fake-azure-devops-pat" (FAKE_AZURE_DEVOPS_PAT), with the
// projects "StoryLoom Demo" (Agile process) and "Basic Team" (Basic process).
//
// Test controls, beside Azure DevOps' API:
//   GET  /__fake/items                        the work items created, oldest first
//   GET  /__fake/requests                     the API requests received (method, path, query, body, status)
//   POST /__fake/reset                        forget every work item, request and pending fault
//   POST /__fake/fail-next {status, retryAfter?, count?}   the next `count` (1) API requests answer `status`
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { readBody, send } from "./fake-server.ts";

const { FakeAzureDevOps, FAKE_AZURE_DEVOPS_PAT } = await import("../worker/test/azure-devops/fake-azure-devops.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_AZURE_DEVOPS_PORT ?? 12123);

const fake = new FakeAzureDevOps();

function control(method: string, path: string, body: string): unknown {
  if (method === "GET" && path === "/__fake/items") return fake.workItems;
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

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const body = await readBody(request);
  if (url.pathname.startsWith("/__fake/")) {
    try {
      send(response, 200, control(request.method ?? "GET", url.pathname, body));
    } catch (error) {
      send(response, 400, { error: String(error) });
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
    if (answer.kind === "html") return void response.writeHead(answer.status, answer.headers).end(answer.body);
    send(response, answer.status, answer.body, answer.headers, answer.headers["Content-Type"]);
  } catch (error) {
    // A contract breach or a request the emulator does not model: loud here.
    console.error(`${request.method} ${url.pathname} failed:`, error);
    send(response, 500, { message: `FakeAzureDevOps failed: ${String(error)}` });
  }
});

server.listen(PORT, "127.0.0.1", () => {
  console.log(
    `Fake Azure DevOps on http://127.0.0.1:${PORT} (organisation "${fake.organization}", projects ${fake.projects.map((p) => `"${p.name}" (${p.process})`).join(", ")}, PAT "${FAKE_AZURE_DEVOPS_PAT}")`,
  );
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
