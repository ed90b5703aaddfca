// `node scripts/fake-notion.ts [--port 12114] [--secret secret_fake_notion]`: the Notion emulator of the Worker tests
// (worker/test/notion) as an HTTP server, for `npm run dev` and the browser journeys. Point the Worker at it with
// NOTION_API_BASE=http://127.0.0.1:12114 (honoured outside production only). The shared parent page is
// FAKE_NOTION_PARENT_URL; the integration secret it accepts is printed when it starts.
//
// Test controls, beside Notion's API:
//   GET  /__fake/pages            every page with its blocks (the parent first)
//   POST /__fake/reset            forgets every page but the parent, the request log and pending faults
//   POST /__fake/fail {count, status, retryAfter?}   the next requests fail so
//   POST /__fake/hang             the next request is never answered
//   POST /__fake/apply-then-fail  the next request is carried out, then answered 500
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { readBody, send } from "./fake-server.ts";

const { FakeNotion, FAKE_NOTION_PARENT_URL, FAKE_NOTION_VERSIONS } =
  await import("../worker/test/notion/fake-notion.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" }, secret: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_NOTION_PORT ?? 12114);

const fake = new FakeNotion(args.secret ? { secret: args.secret } : {});

function control(method: string, path: string, body: string): unknown {
  if (method === "GET" && path === "/__fake/pages") return fake.pages();
  if (method === "POST" && path === "/__fake/reset") {
    fake.reset();
    return { reset: true };
  }
  if (method === "POST" && path === "/__fake/fail") {
    const input = JSON.parse(body || "{}") as { count?: number; status?: number; retryAfter?: number };
    if (!input.status) throw new Error("POST /__fake/fail takes {count, status, retryAfter?}");
    fake.failNext(input.count ?? 1, {
      status: input.status,
      ...(input.retryAfter === undefined ? {} : { retryAfter: input.retryAfter }),
    });
    return { failing: input.count ?? 1 };
  }
  if (method === "POST" && path === "/__fake/hang") {
    fake.hangNext();
    return { hanging: 1 };
  }
  if (method === "POST" && path === "/__fake/apply-then-fail") {
    fake.applyThenFail();
    return { applyThenFail: 1 };
  }
  throw new Error(`No control ${method} ${path}: GET /__fake/pages, POST /__fake/{reset|fail|hang|apply-then-fail}`);
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const method = request.method ?? "GET";
  const body = await readBody(request);
  if (url.pathname.startsWith("/__fake/")) {
    try {
      send(response, 200, control(method, url.pathname, body));
    } catch (error) {
      send(response, 400, { error: String(error) });
    }
    return;
  }
  try {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const answer = fake.handle({ method, path: url.pathname, query: url.search.slice(1), body, headers });
    console.log(`${method} ${url.pathname} ${answer.hang ? "(hanging)" : answer.status}`);
    if (answer.hang) return; // Never answered; the client's timeout ends it.
    send(response, answer.status, answer.body, answer.headers);
  } catch (error) {
    // A request the emulator does not model: loud here, and a 400 the adapter does not retry.
    console.error(`${method} ${url.pathname} failed:`, error);
    send(response, 400, { object: "error", status: 400, code: "invalid_request", message: String(error) });
  }
});

server.listen(PORT, "127.0.0.1", () => {
  console.log(
    `Fake Notion (Notion-Version ${FAKE_NOTION_VERSIONS.join("|")}) on http://127.0.0.1:${PORT}: secret ${fake.secret}, parent page ${FAKE_NOTION_PARENT_URL}`,
  );
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections(); // including requests left hanging on purpose
  });
}
