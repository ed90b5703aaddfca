// `npm run test:e2e`: the browser journeys in Chromium against a real `wrangler dev` with a fresh local state.
// Builds the SPA, applies the migrations to a throwaway persistence folder, starts the server in its own process
// group, seeds the demo accounts, runs Playwright, and always stops the server.
import { rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { bin, findOrInstallChromium, postJson, ROOT, run, startWrangler, stopProcessGroup, TOOL_ENV, waitForHttp } from "./lib.ts";

const PORT = Number(process.env.E2E_PORT ?? 8788);
const ORIGIN = `http://localhost:${PORT}`;
const STATE = ".wrangler/e2e-state";

const chromium = findOrInstallChromium();
if (!process.argv.includes("--no-build")) run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
rmSync(`${ROOT}${STATE}`, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: { CI: "true" } });

const server = startWrangler({ port: PORT, persistTo: STATE, quiet: true });
let serverLog = "";
server.stdout?.on("data", (d) => (serverLog += d));
server.stderr?.on("data", (d) => (serverLog += d));
const cleanup = () => stopProcessGroup(server);
process.on("SIGINT", () => (cleanup(), process.exit(130)));
process.on("SIGTERM", () => (cleanup(), process.exit(143)));

let status = 1;
try {
  await waitForHttp(`${ORIGIN}/api/auth/providers`);
  await postJson(ORIGIN, "/api/dev/seed");
  const extra = process.argv.slice(2).filter((a) => a !== "--no-build");
  const result = spawnSync(bin("playwright"), ["test", "--config", "e2e/playwright.config.ts", ...extra], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...TOOL_ENV, E2E_BASE_URL: ORIGIN, CHROMIUM_PATH: chromium },
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
