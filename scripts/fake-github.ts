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
import { parseArgs } from "node:util";
import { serveFake, trackerControls } from "./fake-server.ts";

const { FakeGitHub, FAKE_GITHUB_TOKEN } = await import("../worker/test/github/fake-github.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_GITHUB_PORT ?? 12122);

const fake = new FakeGitHub({ apiOrigin: `http://127.0.0.1:${PORT}` });

serveFake({
  port: PORT,
  // GitHub answers with this exact content type.
  contentType: "application/json; charset=utf-8",
  controls: trackerControls(
    fake,
    { "GET /__fake/items": () => ({ issues: fake.issues, labels: fake.labels }) },
    { maxCount: 100 },
  ),
  emulator: {
    answer: (request) => fake.handle(request),
    failure: (error) => ({
      status: 500,
      body: { message: `FakeGitHub failed: ${String(error)}`, documentation_url: "" },
    }),
  },
  listening: () =>
    console.log(
      `Fake GitHub on http://127.0.0.1:${PORT} (repository ${fake.options.owner}/${fake.options.repo}, user ${fake.options.login}, token "${FAKE_GITHUB_TOKEN}")`,
    ),
});
