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
import { parseArgs } from "node:util";
import { serveFake, trackerControls } from "./fake-server.ts";

const { FakeAzureDevOps, FAKE_AZURE_DEVOPS_PAT } = await import("../worker/test/azure-devops/fake-azure-devops.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_AZURE_DEVOPS_PORT ?? 12123);

const fake = new FakeAzureDevOps();

serveFake({
  port: PORT,
  controls: trackerControls(fake, { "GET /__fake/items": () => fake.workItems }),
  emulator: {
    answer: (request) => fake.handle(request),
    failure: (error) => ({ status: 500, body: { message: `FakeAzureDevOps failed: ${String(error)}` } }),
  },
  listening: () =>
    console.log(
      `Fake Azure DevOps on http://127.0.0.1:${PORT} (organisation "${fake.organization}", projects ${fake.projects.map((p) => `"${p.name}" (${p.process})`).join(", ")}, PAT "${FAKE_AZURE_DEVOPS_PAT}")`,
    ),
});
