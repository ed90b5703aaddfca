// `npm run test:e2e`: the browser journeys in Chromium against a real `wrangler dev` with a fresh local state.
// Builds the SPA, applies the migrations to a throwaway persistence folder, starts the server in its own process
// group, seeds the demo accounts, runs Playwright, and always stops the server. Billing runs against the fake Stripe
// (scripts/fake-stripe.ts, started here too): the Worker's Stripe calls go to it through STRIPE_API_BASE, and the
// journeys pay through its controls. JIRA, Notion, Linear, GitHub Issues and Azure DevOps exports go to their fakes
// (scripts/fake-jira.ts, fake-notion.ts, fake-linear.ts, fake-github.ts, fake-azure-devops.ts) through the
// *_API_BASE settings, honoured outside production only.
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

let serverLog = "";
/** A fake outside service in its own process group, its output kept with the server's. */
function startFake(script: string, url: string) {
  const fake = spawn(process.execPath, [`scripts/${script}.ts`, "--port", new URL(url).port], {
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
];
const server = startWrangler({ port: PORT, persistTo: STATE, quiet: true, vars: STRIPE_VARS });
server.stdout?.on("data", (d) => (serverLog += d));
server.stderr?.on("data", (d) => (serverLog += d));
const cleanup = () => {
  stopProcessGroup(server);
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
  const extra = process.argv.slice(2).filter((a) => a !== "--no-build" && a !== "--screenshots");
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
