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
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serveFake, trackerControls } from "./fake-server.ts";

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

serveFake({
  port: PORT,
  controls: trackerControls(
    fake,
    { "GET /__fake/items": () => ({ issues: fake.issues, projects: fake.projects }) },
    {
      // Linear also fails with a 200: its errors body, "ratelimited" for one.
      lowestStatus: 200,
      moreFields: {
        usage: "errorType?",
        read: (input) => (typeof input.errorType === "string" ? { errorType: input.errorType } : {}),
      },
    },
  ),
  emulator: {
    answer: ({ method, path, body, headers }) => fake.handle({ method, path, body, headers }),
    failure: (error) => ({ status: 500, body: { errors: [{ message: `FakeLinear failed: ${String(error)}` }] } }),
    logDetail: () => fake.requests.at(-1)?.operationName ?? "?",
  },
  listening: () => console.log(`Fake Linear on http://127.0.0.1:${PORT}/graphql (API key "${FAKE_LINEAR_API_KEY}")`),
});
