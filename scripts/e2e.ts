// `npm run test:e2e`: the browser journeys in Chromium against a real `wrangler dev` with a fresh local state.
// Builds the SPA, applies the migrations to a throwaway persistence folder, starts the server in its own process
// group, seeds the demo accounts, runs Playwright, and always stops the server. Billing runs against the fake Stripe
// (scripts/fake-stripe.ts, started here too): the Worker's Stripe calls go to it through STRIPE_API_BASE, and the
// journeys pay through its controls. JIRA, Notion, Linear, GitHub Issues and Azure DevOps exports go to their fakes
// (scripts/fake-jira.ts, fake-notion.ts, fake-linear.ts, fake-github.ts, fake-azure-devops.ts) through the
// *_API_BASE settings, honoured outside production only. A second server, whose stories come from the fake
// OpenAI-compatible model (scripts/fake-openai.ts), runs a long meeting durably in parts for
// e2e/generation-cancel.spec.ts; the main server keeps the embedded generator the other journeys rely on.
import { rmSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import {
  bin,
  findOrInstallChromium,
  postJson,
  ROOT,
  run,
  startWrangler,
  stopProcessGroup,
  TOOL_ENV,
  waitForHttp,
} from "./lib.ts";

const PORT = Number(process.env.E2E_PORT ?? 8788);
const ORIGIN = `http://localhost:${PORT}`;
const STATE = process.env.E2E_STATE ?? ".wrangler/e2e-state";
// Not 12111, the fake Stripe's default, which `npm run dev` may be using.
const STRIPE_PORT = Number(process.env.E2E_FAKE_STRIPE_PORT ?? 12112);
const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
// Not the fakes' own defaults (12113, 12114), which a developer's `npm run dev` setup may be using.
const JIRA_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_JIRA_PORT ?? 12115)}`;
const NOTION_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_NOTION_PORT ?? 12116)}`;
const TRANSCRIPTION_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_TRANSCRIPTION_PORT ?? 12118)}`;
// Not the tracker fakes' own defaults (12121-12123).
const LINEAR_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_LINEAR_PORT ?? 12124)}`;
const GITHUB_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_GITHUB_PORT ?? 12125)}`;
const AZURE_DEVOPS_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_AZURE_DEVOPS_PORT ?? 12126)}`;
// The durable-generation server: its own port and state, the fake model answering each part after 25 s, one part at a
// time, so a journey's run is still going when it cancels, even on a busy machine. Started only when its journey runs.
const DURABLE_PORT = Number(process.env.E2E_DURABLE_PORT ?? PORT + 1);
const DURABLE_ORIGIN = `http://localhost:${DURABLE_PORT}`;
const DURABLE_STATE = `${STATE}-durable`;
// Not 12119, the fake model's default, which `npm run dev -- --fake-llm` may be using.
const FAKE_OPENAI_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_OPENAI_PORT ?? 12127)}`;
const DURABLE_VARS = {
  LLM_PROVIDER: "openai",
  OPENAI_API_KEY: "fake",
  OPENAI_MODEL: "fake",
  OPENAI_BASE_URL: `${FAKE_OPENAI_URL}/v1`,
  GENERATION_PARALLEL_PARTS: "1",
};
const extra = process.argv.slice(2).filter((a) => a !== "--no-build" && a !== "--screenshots");
const specs = extra.filter((a) => a.endsWith(".spec.ts"));
const durable = specs.length === 0 || specs.some((a) => a.includes("generation-cancel"));
const STRIPE_VARS = {
  STRIPE_SECRET_KEY: "sk_test_e2e_fake",
  STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_fake",
  STRIPE_PRICE_PRO: "price_storyloom_pro",
  STRIPE_PRICE_ENTERPRISE: "price_storyloom_enterprise",
  STRIPE_API_BASE: STRIPE_URL,
  JIRA_API_BASE: JIRA_URL,
  NOTION_API_BASE: NOTION_URL,
  LINEAR_API_BASE: LINEAR_URL,
  GITHUB_API_BASE: GITHUB_URL,
  AZURE_DEVOPS_API_BASE: AZURE_DEVOPS_URL,
  TRANSCRIPTION_API_BASE: `${TRANSCRIPTION_URL}/v1`,
};

const chromium = findOrInstallChromium();
if (!process.argv.includes("--no-build"))
  run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
rmSync(`${ROOT}${STATE}`, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: { CI: "true" } });
if (durable) {
  rmSync(`${ROOT}${DURABLE_STATE}`, { recursive: true, force: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", DURABLE_STATE], {
    env: { CI: "true" },
  });
}

let serverLog = "";
/** A fake outside service in its own process group, its output kept with the server's. */
function startFake(script: string, url: string, args: string[] = []) {
  const fake = spawn(process.execPath, [`scripts/${script}.ts`, "--port", new URL(url).port, ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: TOOL_ENV,
  });
  fake.stdout?.on("data", (d) => (serverLog += `[${script}] ${d}`));
  fake.stderr?.on("data", (d) => (serverLog += `[${script}] ${d}`));
  return fake;
}
const fakes = [
  startFake("fake-stripe", STRIPE_URL),
  startFake("fake-jira", JIRA_URL),
  startFake("fake-notion", NOTION_URL),
  startFake("fake-transcription", TRANSCRIPTION_URL),
  startFake("fake-linear", LINEAR_URL),
  startFake("fake-github", GITHUB_URL),
  startFake("fake-azure-devops", AZURE_DEVOPS_URL),
  ...(durable ? [startFake("fake-openai", FAKE_OPENAI_URL, ["--delay", "25000"])] : []),
];
const server = startWrangler({ port: PORT, persistTo: STATE, quiet: true, vars: STRIPE_VARS });
server.stdout?.on("data", (d) => (serverLog += d));
server.stderr?.on("data", (d) => (serverLog += d));
let durableServer: ReturnType<typeof startWrangler> | null = null;
const cleanup = () => {
  stopProcessGroup(server);
  if (durableServer) stopProcessGroup(durableServer);
  for (const fake of fakes) stopProcessGroup(fake);
};
process.on("SIGINT", () => (cleanup(), process.exit(130)));
process.on("SIGTERM", () => (cleanup(), process.exit(143)));

let status = 1;
try {
  await waitForHttp(`${STRIPE_URL}/__fake/ready`); // an unknown control: a 400 once it listens
  await waitForHttp(`${JIRA_URL}/rest/api/3/serverInfo`);
  await waitForHttp(`${NOTION_URL}/__fake/pages`);
  await waitForHttp(`${TRANSCRIPTION_URL}/__fake/requests`);
  for (const url of [LINEAR_URL, GITHUB_URL, AZURE_DEVOPS_URL]) await waitForHttp(`${url}/__fake/requests`);
  await waitForHttp(`${ORIGIN}/api/auth/providers`);
  await postJson(ORIGIN, "/api/dev/seed");
  if (durable) {
    // (once the first is up: two servers starting together can pick the same free port for their own sockets)
    durableServer = startWrangler({ port: DURABLE_PORT, persistTo: DURABLE_STATE, quiet: true, vars: DURABLE_VARS });
    durableServer.stdout?.on("data", (d) => (serverLog += `[durable] ${d}`));
    durableServer.stderr?.on("data", (d) => (serverLog += `[durable] ${d}`));
    await waitForHttp(`${FAKE_OPENAI_URL}/__fake/requests`);
    await waitForHttp(`${DURABLE_ORIGIN}/api/auth/providers`);
  }
  const result = spawnSync(bin("playwright"), ["test", "--config", "e2e/playwright.config.ts", ...extra], {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...TOOL_ENV,
      E2E_BASE_URL: ORIGIN,
      // screenshots for people to look at (e2e/support.ts), only when asked for
      E2E_SCREENSHOTS: process.argv.includes("--screenshots") ? "1" : "0",
      CHROMIUM_PATH: chromium,
      E2E_FAKE_STRIPE_URL: STRIPE_URL,
      E2E_FAKE_STRIPE_SECRET_KEY: STRIPE_VARS.STRIPE_SECRET_KEY,
      E2E_FAKE_JIRA_URL: JIRA_URL,
      E2E_FAKE_NOTION_URL: NOTION_URL,
      E2E_FAKE_LINEAR_URL: LINEAR_URL,
      E2E_FAKE_GITHUB_URL: GITHUB_URL,
      E2E_FAKE_AZURE_DEVOPS_URL: AZURE_DEVOPS_URL,
      ...(durable ? { E2E_DURABLE_BASE_URL: DURABLE_ORIGIN, E2E_FAKE_OPENAI_URL: FAKE_OPENAI_URL } : {}),
    },
  });
  status = result.status ?? 1;
} catch (error) {
  console.error(error);
  console.error(serverLog.slice(-4000));
} finally {
  cleanup();
}
if (status !== 0 && process.env.E2E_SERVER_LOG) console.error(serverLog.slice(-8000));
process.exit(status);
