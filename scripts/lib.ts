// Helpers shared by the dev, e2e and test scripts. Plain Node 22 (type stripping), no dependencies.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = new URL("..", import.meta.url).pathname;

/** node_modules/.bin first on PATH, so tools run under the project's Node 22 (the `node` package), not the system's. */
export const TOOL_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${ROOT}node_modules/.bin:${process.env.PATH ?? ""}`,
  WRANGLER_SEND_METRICS: "false",
};

/** The project's own copy of a tool (node_modules/.bin), so scripts work outside `npm run` too. */
export function bin(name: string): string {
  const local = `${ROOT}node_modules/.bin/${name}`;
  return existsSync(local) ? local : name;
}

/** Runs a command to completion with inherited output; exits the script when it fails. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): void {
  const result = spawnSync(bin(command), args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...TOOL_ENV, ...options.env },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Starts `wrangler dev` in its own process group, so stopping it also stops its workerd children.
 * `persistTo` keeps a separate local D1/R2/DO state (the e2e tests use a fresh one); `vars` adds variables
 * (e.g. the Stripe keys and STRIPE_API_BASE of the fake Stripe for the billing journeys).
 */
export function startWrangler(options: {
  port: number;
  persistTo?: string;
  quiet?: boolean;
  vars?: Record<string, string>;
}): ChildProcess {
  const args = [
    "dev",
    "--port",
    String(options.port),
    "--ip",
    "127.0.0.1",
    "--var",
    "APP_ENV:development",
    "--show-interactive-dev-session=false",
    // Workers AI is remote-only; --local keeps `wrangler dev` offline (the local generator needs nothing else).
    "--local",
  ];
  if (options.persistTo) args.push("--persist-to", options.persistTo);
  for (const [name, value] of Object.entries(options.vars ?? {})) args.push("--var", `${name}:${value}`);
  return spawn(bin("wrangler"), args, {
    cwd: ROOT,
    detached: true,
    stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    env: TOOL_ENV,
  });
}

export function stopProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
}

export async function waitForHttp(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

/** Calls a dev-only route the way the SPA would (same origin, JSON). */
export async function postJson(origin: string, path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Finds Chromium, installing Debian's package when possible (root with apt-get). */
export function findOrInstallChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package…");
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "chromium"], { env: { DEBIAN_FRONTEND: "noninteractive" } });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    "\n✖ The end-to-end tests need Chromium and none was found.\n" +
      "  Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium/Chrome binary.\n",
  );
  process.exit(1);
}

/** The transcript fixtures' texts (worker/test/fixtures/transcripts, every folder), in file order, trimmed. */
export function transcriptFixtureTexts(): string[] {
  const folder = join(ROOT, "worker/test/fixtures/transcripts");
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".txt"))
    .sort()
    .map((file) => readFileSync(join(folder, file), "utf8").trim());
}
