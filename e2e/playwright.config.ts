import { defineConfig, devices } from "@playwright/test";

// Started by scripts/e2e.ts, which provides the server (E2E_BASE_URL) and the browser (CHROMIUM_PATH).
const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:8788";

export default defineConfig({
  testDir: ".",
  outputDir: "../test-results/e2e",
  fullyParallel: false,
  // One shared server on a 2-core machine: one worker keeps timings steady.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "../test-results/e2e.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } }],
});
