// `node scripts/fake-jira.ts [--port 12113]`: the JIRA Cloud emulator of the Worker tests (worker/test/jira) as an
// HTTP server on 127.0.0.1, for `npm run dev` and the browser journeys. Point the Worker at it with
// JIRA_API_BASE=http://127.0.0.1:12113 (honoured outside production only): every site then answers from here, after
// the site label was validated as usual. It accepts any email with the API token "fake-jira-token" (FAKE_JIRA_TOKEN)
// and has one project, SL "StoryLoom Demo", with Epic, Story, Task and Sub-task.
//
// Test controls, beside JIRA's API:
//   GET  /__fake/issues                       the issues created, oldest first
//   GET  /__fake/requests                     the API requests received (method, path, query, body, status)
//   POST /__fake/reset                        forget every issue, request and pending fault
//   POST /__fake/fail-next {status, retryAfter?, count?}   the next `count` (1) API requests answer `status`
import { parseArgs } from "node:util";
import { serveFake, trackerControls } from "./fake-server.ts";

const { FakeJira, FAKE_JIRA_TOKEN } = await import("../worker/test/jira/fake-jira.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_JIRA_PORT ?? 12113);

const fake = new FakeJira();

serveFake({
  port: PORT,
  // JIRA answers with this exact content type.
  contentType: "application/json;charset=UTF-8",
  controls: trackerControls(fake, { "GET /__fake/issues": () => fake.issues }),
  emulator: {
    answer: (request) => fake.handle(request),
    failure: (error) => ({ status: 500, body: { errorMessages: [`FakeJira failed: ${String(error)}`], errors: {} } }),
    // JIRA's lists come as pages: {"values": [...]}
    oversizeJson: { opening: '{"values":[', closing: "0]}" },
  },
  listening: () =>
    console.log(
      `Fake JIRA on http://127.0.0.1:${PORT} (project ${fake.options.projectKey} "${fake.options.projectName}", any email, API token "${FAKE_JIRA_TOKEN}")`,
    ),
});
