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
import { parseArgs } from "node:util";
import { serveFake } from "./fake-server.ts";

const { FakeNotion, FAKE_NOTION_PARENT_URL, FAKE_NOTION_VERSIONS } =
  await import("../worker/test/notion/fake-notion.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" }, secret: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_NOTION_PORT ?? 12114);

const fake = new FakeNotion(args.secret ? { secret: args.secret } : {});

serveFake({
  port: PORT,
  controls: {
    "GET /__fake/pages": () => fake.pages(),
    "POST /__fake/reset": () => {
      fake.reset();
      return { reset: true };
    },
    "POST /__fake/fail": ({ body }) => {
      const input = JSON.parse(body || "{}") as { count?: number; status?: number; retryAfter?: number };
      if (!input.status) throw new Error("POST /__fake/fail takes {count, status, retryAfter?}");
      fake.failNext(input.count ?? 1, {
        status: input.status,
        ...(input.retryAfter === undefined ? {} : { retryAfter: input.retryAfter }),
      });
      return { failing: input.count ?? 1 };
    },
    "POST /__fake/hang": () => {
      fake.hangNext();
      return { hanging: 1 };
    },
    "POST /__fake/apply-then-fail": () => {
      fake.applyThenFail();
      return { applyThenFail: 1 };
    },
  },
  unlistedControls: ({ method, path }) => {
    throw new Error(`No control ${method} ${path}: GET /__fake/pages, POST /__fake/{reset|fail|hang|apply-then-fail}`);
  },
  emulator: {
    answer: (request) => {
      const answer = fake.handle(request);
      return answer.hang
        ? { kind: "hang" }
        : { kind: "json", status: answer.status, body: answer.body, headers: answer.headers };
    },
    // A request the emulator does not model: a 400 the adapter does not retry.
    failure: (error) => ({
      status: 400,
      body: { object: "error", status: 400, code: "invalid_request", message: String(error) },
    }),
  },
  listening: () =>
    console.log(
      `Fake Notion (Notion-Version ${FAKE_NOTION_VERSIONS.join("|")}) on http://127.0.0.1:${PORT}: secret ${fake.secret}, parent page ${FAKE_NOTION_PARENT_URL}`,
    ),
});
