// `npm run load`: a bounded load test against a real `wrangler dev` on localhost (issue 20): autocannon with 50
// concurrent clients for 30 s (LOAD_SECONDS to change it) on the transcripts list, generation and the data export,
// each as one signed-in user. Reports requests per second, p50/p99 latency, and answers other than 2xx by status.
// 429s from generation are intended (10 a minute per user) and counted apart. Not part of `npm test`.
import autocannon from "autocannon";
import { existsSync, rmSync } from "node:fs";
import { ROOT, run, startWrangler, stopProcessGroup, waitForHttp } from "./lib.ts";

const PORT = Number(process.env.LOAD_PORT ?? 8792);
const ORIGIN = `http://localhost:${PORT}`;
const STATE = ".wrangler/load-state";
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONNECTIONS = 50;

if (!existsSync(`${ROOT}dist/web/index.html`))
  run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
rmSync(`${ROOT}${STATE}`, { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: { CI: "true" } });
const server = startWrangler({ port: PORT, persistTo: STATE, quiet: true });

async function post(path: string, body: unknown, cookie = "") {
  const response = await fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

try {
  await waitForHttp(`${ORIGIN}/api/auth/providers`);
  const registered = await post("/api/register", { username: `load${Date.now()}`, password: "load-test-passphrase" });
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await post("/api/dev/subscription", { tier: "pro" }, cookie);
  for (let i = 0; i < 4; i++) await post("/api/dev/sample-transcripts", { count: 50 }, cookie);

  const targets = [
    { name: "GET /api/transcripts (first page of 200)", method: "GET" as const, path: "/api/transcripts" },
    {
      name: "POST /api/generate (embedded)",
      method: "POST" as const,
      path: "/api/generate",
      body: JSON.stringify({
        transcript:
          "Ana: Nurses need to see the bed count for every ward. Ben: Pharmacists want a daily list of missed doses.",
      }),
    },
    { name: "GET /api/user/export-data", method: "GET" as const, path: "/api/user/export-data" },
  ];
  const results: string[] = [];
  for (const target of targets) {
    const result = await autocannon({
      url: `${ORIGIN}${target.path}`,
      method: target.method,
      body: target.body,
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
      .join(", ");
    results.push(
      `${target.name.padEnd(42)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(5)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  ` +
        `errors ${result.errors}  timeouts ${result.timeouts}  non-2xx ${result.non2xx}${statuses ? ` (${statuses})` : ""}`,
    );
  }
  console.log(
    `\n${CONNECTIONS} concurrent clients, ${SECONDS} s each, one signed-in user, wrangler dev on localhost:\n`,
  );
  for (const line of results) console.log(line);
} finally {
  stopProcessGroup(server);
}
