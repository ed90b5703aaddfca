// `npm run budgets`: the performance budgets of issue 20, measured from real builds and a real `wrangler dev`, as one
// table; exits 1 when one is broken. Not part of `npm test` (the benchmark and Lighthouse take minutes on 2 cores).
// - SPA initial JavaScript ≤ 120 KB gzip; no on-demand chunk over 150 KB gzip except the PDF and chart libraries.
// - Worker bundle ≤ 1,400 KB gzip and start-up CPU ≤ 50 ms over an empty Worker's (`wrangler check startup`,
//   "Active"), the limits in docs/decisions/2026-11-27-startup-budget-over-an-empty-worker.md.
// - Lighthouse (mobile preset, Debian's Chromium): performance ≥ 95 and accessibility 100 on /, /auth and /dashboard.
// - GET /api/transcripts p95 ≤ 25 ms (first page and a page 5,000 rows deep) at 10,000 transcripts, and generation
//   of 50,000 characters ≤ 150 ms median: `npm run bench` runs first and leaves its figures in dist/bench.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { findOrInstallChromium, ROOT, run, startWrangler, stopProcessGroup, waitForHttp } from "./lib.ts";

const KB = 1000;
const gzip = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const rows: { budget: string; measured: string; limit: string; ok: boolean }[] = [];
const row = (budget: string, measured: string, limit: string, ok: boolean) =>
  rows.push({ budget, measured, limit, ok });

// SPA
run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
const webDir = join(ROOT, "dist/web");
const html = readFileSync(join(webDir, "index.html"), "utf8");
const initial = new Set(
  [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!),
);
let initialGzip = 0;
let largest = { file: "", size: 0 };
for (const file of readdirSync(join(webDir, "assets")).filter((f) => f.endsWith(".js"))) {
  const path = join(webDir, "assets", file);
  const size = gzip(path);
  if (initial.has(`assets/${file}`)) {
    initialGzip += size;
    continue;
  }
  // the PDF and chart libraries are allowed to be big: they load only when a PDF is made or /admin opens
  const text = readFileSync(path, "utf8");
  const library = /jsPDF|html2canvas|recharts|Recharts/.test(text);
  if (!library && size > largest.size) largest = { file, size };
}
row("SPA initial JavaScript (gzip)", `${(initialGzip / KB).toFixed(1)} KB`, "≤ 120 KB", initialGzip <= 120 * KB);
row(
  "Largest on-demand chunk but PDF/charts (gzip)",
  `${(largest.size / KB).toFixed(1)} KB (${largest.file})`,
  "≤ 150 KB",
  largest.size <= 150 * KB,
);

// Worker
rmSync(join(ROOT, "dist/worker"), { recursive: true, force: true });
run("wrangler", ["deploy", "--dry-run", "--outdir", "dist/worker"]);
const workerGzip = gzip(join(ROOT, "dist/worker/index.js"));
row("Worker bundle (gzip)", `${(workerGzip / KB).toFixed(0)} KB`, "≤ 1,400 KB", workerGzip <= 1400 * KB);
// `wrangler check startup` reports the whole isolate start ("Active"), and an empty Worker alone takes 90–130 ms of it
// on this machine (43–47 ms on 2026-11-23, the same wrangler): the absolute figure follows the machine, not the code.
// The budget is what this Worker adds to an empty one with the same compatibility settings, both measured in turns.
// The least of five runs, not the median: on shared cores a run only ever takes longer than the work itself, and the
// median of each moved by 30 ms from one call of this script to the next.
const emptyDir = join(ROOT, ".wrangler/budgets-empty-worker");
rmSync(emptyDir, { recursive: true, force: true });
mkdirSync(emptyDir, { recursive: true });
const settings = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
const setting = (key: string) => new RegExp(`^${key} = .*$`, "m").exec(settings)?.[0] ?? "";
writeFileSync(join(emptyDir, "index.js"), "export default { fetch: () => new Response('') };\n");
writeFileSync(
  join(emptyDir, "wrangler.toml"),
  ['name = "empty"', 'main = "index.js"', setting("compatibility_date"), setting("compatibility_flags"), ""].join("\n"),
);
const startupCpu = (config?: string) => {
  const out = execFileSync(
    join(ROOT, "node_modules/.bin/wrangler"),
    ["check", "startup", ...(config ? ["-c", config] : [])],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    },
  );
  return Number(/Active:\s*([\d.]+)\s*ms/.exec(out)?.[1] ?? Number.NaN);
};
const ours: number[] = [];
const empty: number[] = [];
for (let i = 0; i < 5; i++) {
  ours.push(startupCpu());
  empty.push(startupCpu(join(emptyDir, "wrangler.toml")));
}
rmSync(join(ROOT, "worker-startup.cpuprofile"), { force: true });
rmSync(join(emptyDir, "worker-startup.cpuprofile"), { force: true });
const added = Math.min(...ours) - Math.min(...empty);
row(
  "Worker start-up CPU over an empty Worker (least of 5)",
  `${added.toFixed(1)} ms (${Math.min(...ours).toFixed(1)} − ${Math.min(...empty).toFixed(1)})`,
  "≤ 50 ms",
  added <= 50,
);

// List latency and generation speed: the benchmark seeds 10,000 transcripts (a few minutes) and writes its figures.
execFileSync(process.execPath, [join(ROOT, "scripts/bench.ts")], { cwd: ROOT, stdio: "inherit" });
const bench = JSON.parse(readFileSync(join(ROOT, "dist/bench.json"), "utf8")) as {
  listFirstPage: { p95: number; kib: number };
  listLaterPage: { p95: number };
  generate50k: { median: number };
  check30: { median: number; firstMedian: number };
  checkWorstCase: { median: number; max: number; boundMs: number };
};
const benchBudgets: [budget: string, measured: number, limit: number, unit: string][] = [
  ["Transcripts list p95 at 10,000, first page", bench.listFirstPage.p95, 25, "ms"],
  ["First page size at 10,000", bench.listFirstPage.kib, 50, "KiB"],
  ["Transcripts list p95 at 10,000, 5,000 deep", bench.listLaterPage.p95, 25, "ms"],
  ["Generation of 50,000 characters (median)", bench.generate50k.median, 150, "ms"],
  ["Quality re-check of 30 stories against 50,000 characters (median)", bench.check30.median, 50, "ms"],
  ["Quality check of 30 stories against 50,000 new characters (median)", bench.check30.firstMedian, 50, "ms"],
  [
    "Quality check of the worst case, 200,000 characters (slowest of 5)",
    bench.checkWorstCase.max,
    bench.checkWorstCase.boundMs,
    "ms",
  ],
];
for (const [budget, measured, limit, unit] of benchBudgets) {
  row(budget, `${measured.toFixed(1)} ${unit}`, `≤ ${limit} ${unit}`, measured <= limit);
}

// Lighthouse against wrangler dev
const PORT = 8791;
const ORIGIN = `http://localhost:${PORT}`;
const STATE = ".wrangler/budgets-state";
rmSync(join(ROOT, STATE), { recursive: true, force: true });
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: { CI: "true" } });
const server = startWrangler({ port: PORT, persistTo: STATE, quiet: true });
try {
  await waitForHttp(`${ORIGIN}/api/auth/providers`);
  const registered = await fetch(`${ORIGIN}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify({ username: `budget${Date.now()}`, password: "budget-check-passphrase" }),
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  const chrome = await launch({
    chromePath: findOrInstallChromium(),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    for (const path of ["/", "/auth", "/dashboard"]) {
      // the median of three runs: on 2 shared cores one run's score moves by a few points
      const scores: { performance: number; accessibility: number }[] = [];
      for (let run = 0; run < 3; run++) {
        const result = await lighthouse(
          `${ORIGIN}${path}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            extraHeaders: path === "/dashboard" ? { Cookie: cookie } : undefined,
          },
          // the mobile preset (Lighthouse's default), with its simulated throttling
        );
        const categories = result!.lhr.categories;
        scores.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        });
      }
      const median = (pick: (s: { performance: number; accessibility: number }) => number) =>
        scores.map(pick).sort((a, b) => a - b)[1]!;
      const performance = median((s) => s.performance);
      const accessibility = median((s) => s.accessibility);
      row(`Lighthouse mobile performance ${path}`, String(performance), "≥ 95", performance >= 95);
      row(`Lighthouse accessibility ${path}`, String(accessibility), "100", accessibility === 100);
    }
  } finally {
    await chrome.kill();
  }
} finally {
  stopProcessGroup(server);
}

const width = Math.max(...rows.map((r) => r.budget.length));
console.log(`\n${"budget".padEnd(width)}  ${"measured".padEnd(40)}  limit       ok`);
for (const r of rows)
  console.log(`${r.budget.padEnd(width)}  ${r.measured.padEnd(40)}  ${r.limit.padEnd(10)}  ${r.ok ? "yes" : "NO"}`);
const broken = rows.filter((r) => !r.ok);
console.log(broken.length ? `\n${broken.length} budget(s) broken.` : "\nAll budgets hold.");
process.exit(broken.length ? 1 : 0);
