// `npm run test:e2e`: the browser journeys in Chromium against a real `wrangler dev` with a fresh local state.
// Builds the SPA, applies the migrations to a throwaway persistence folder, starts the server in its own process
// group, seeds the demo accounts, runs Playwright, and always stops the server. Billing runs against the fake Stripe
// (scripts/fake-stripe.ts, started here too): the Worker's Stripe calls go to it through STRIPE_API_BASE, and the
// journeys pay through its controls.
import { rmSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { bin, findOrInstallChromium, postJson, ROOT, run, startWrangler, stopProcessGroup, TOOL_ENV, waitForHttp } from "./lib.ts";

const PORT = Number(process.env.E2E_PORT ?? 8788);
const ORIGIN = `http://localhost:${PORT}`;
const STATE = ".wrangler/e2e-state";
// Not 12111, the fake Stripe's default, which `npm run dev` may be using.
const STRIPE_PORT = Number(process.env.E2E_FAKE_STRIPE_PORT ?? 12112);
const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
const STRIPE_VARS = {
  STRIPE_SECRET_KEY: "sk_test_e2e_fake",
  STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_fake",
  STRIPE_PRICE_PRO: "price_storyloom_pro",
  STRIPE_PRICE_ENTERPRISE: "price_storyloom_enterprise",
  STRIPE_API_BASE: STRIPE_URL,
};

const chromium = findOrInstallChromium();
if (!process.argv.includes("--no-build")) run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
rmSync(`${ROOT}${STATE}`, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: { CI: "true" } });

const stripe = spawn(process.execPath, ["scripts/fake-stripe.ts", "--port", String(STRIPE_PORT)], {
  cwd: ROOT,
  detached: true,
  stdio: ["ignore", "pipe", "pipe"],
  env: TOOL_ENV,
});
const server = startWrangler({ port: PORT, persistTo: STATE, quiet: true, vars: STRIPE_VARS });
let serverLog = "";
server.stdout?.on("data", (d) => (serverLog += d));
server.stderr?.on("data", (d) => (serverLog += d));
stripe.stdout?.on("data", (d) => (serverLog += `[fake-stripe] ${d}`));
stripe.stderr?.on("data", (d) => (serverLog += `[fake-stripe] ${d}`));
const cleanup = () => {
  stopProcessGroup(server);
  stopProcessGroup(stripe);
};
process.on("SIGINT", () => (cleanup(), process.exit(130)));
process.on("SIGTERM", () => (cleanup(), process.exit(143)));

let status = 1;
try {
  await waitForHttp(`${STRIPE_URL}/__fake/ready`); // an unknown control: a 400 once it listens
  await waitForHttp(`${ORIGIN}/api/auth/providers`);
  await postJson(ORIGIN, "/api/dev/seed");
  const extra = process.argv.slice(2).filter((a) => a !== "--no-build");
  const result = spawnSync(bin("playwright"), ["test", "--config", "e2e/playwright.config.ts", ...extra], {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...TOOL_ENV,
      E2E_BASE_URL: ORIGIN,
      CHROMIUM_PATH: chromium,
      E2E_FAKE_STRIPE_URL: STRIPE_URL,
      E2E_FAKE_STRIPE_SECRET_KEY: STRIPE_VARS.STRIPE_SECRET_KEY,
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
