// `node scripts/fake-linear.ts [--port 12121]`: the Linear emulator of the Worker tests (worker/test/linear) as an
// HTTP server on 127.0.0.1, for `npm run dev` and the browser journeys. Point the Worker at it with
// LINEAR_API_BASE=http://127.0.0.1:12121 (honoured outside production only): the adapter then posts its GraphQL
// documents to http://127.0.0.1:12121/graphql. It accepts the API key "lin_api_fake_storyloom_0000000000000000"
// (FAKE_LINEAR_API_KEY) and has two teams, ENG (Fibonacci estimates) and DES (no estimates), and a workspace label
// "StoryLoom". Every request and answer is held to worker/test/contracts/linear.schema.graphql, as in the tests.
//
// Test controls, beside Linear's API:
//   GET  /__fake/items                        the issues and projects created, oldest first
//   GET  /__fake/requests                     the API requests received (operation, variables, status)
//   POST /__fake/reset                        forget every issue, project, request and pending fault
//   POST /__fake/fail-next {status, retryAfter?, count?, errorType?}   the next `count` (1) API requests answer
//                                             `status` with Linear's errors body (errorType: its extensions.type)
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { readBody, send } from "./fake-server.ts";

// The emulator's contract imports the SDL as text with Vite's `?raw` suffix; plain Node is taught the same here.
registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith("file:") && url.endsWith(".graphql?raw")) {
      const text = readFileSync(fileURLToPath(url.slice(0, -"?raw".length)), "utf8");
      return { format: "module", source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});

const { FakeLinear, FAKE_LINEAR_API_KEY } = await import("../worker/test/linear/fake-linear.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_LINEAR_PORT ?? 12121);

const fake = new FakeLinear();

function control(method: string, path: string, body: string): unknown {
  if (method === "GET" && path === "/__fake/items") return { issues: fake.issues, projects: fake.projects };
  if (method === "GET" && path === "/__fake/requests") return fake.requests;
  if (method === "POST" && path === "/__fake/reset") {
    fake.reset();
    return { reset: true };
  }
  if (method === "POST" && path === "/__fake/fail-next") {
    const input = JSON.parse(body || "{}") as {
      status?: unknown;
      retryAfter?: unknown;
      count?: unknown;
      errorType?: unknown;
    };
    const status = Number(input.status);
    if (!Number.isInteger(status) || status < 200 || status > 599)
      throw new Error("POST /__fake/fail-next takes {status: 200-599, retryAfter?, count?, errorType?}");
    const count = input.count === undefined ? 1 : Number(input.count);
    fake.failNext(count, {
      status,
      ...(input.retryAfter !== undefined ? { retryAfter: String(input.retryAfter) } : {}),
      ...(typeof input.errorType === "string" ? { errorType: input.errorType } : {}),
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
    const answer = fake.handle({ method: request.method ?? "GET", path: url.pathname, body, headers });
    const operation = fake.requests.at(-1)?.operationName ?? "?";
    console.log(
      `${request.method} ${url.pathname} ${operation} ${answer.kind === "hang" ? "(no answer)" : answer.status}`,
    );
    if (answer.kind === "hang") return; // answered never; the client gives up and closes
    send(response, answer.status, answer.body, answer.headers, answer.headers["Content-Type"]);
  } catch (error) {
    // A contract breach or a request the emulator does not model: loud here.
    console.error(`${request.method} ${url.pathname} failed:`, error);
    send(response, 500, { errors: [{ message: `FakeLinear failed: ${String(error)}` }] });
  }
});

server.listen(PORT, "127.0.0.1", () => {
  console.log(`Fake Linear on http://127.0.0.1:${PORT}/graphql (API key "${FAKE_LINEAR_API_KEY}")`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
