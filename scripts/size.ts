// `npm run size`: the two size budgets, measured from real builds (not part of `npm test`; read, don't assert).
// - SPA initial JavaScript: the scripts index.html loads (its module entry and every modulepreload), gzip level 9.
//   Chunks loaded on demand (jspdf, html2canvas…) are listed apart.
// - Worker bundle: `wrangler deploy --dry-run` output, raw and gzip.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT, run } from "./lib.ts";

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzip = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
const webDir = join(ROOT, "dist/web");
const html = readFileSync(join(webDir, "index.html"), "utf8");
const initial = new Set(
  [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!),
);
const assets = readdirSync(join(webDir, "assets")).filter((f) => f.endsWith(".js"));
let initialGzip = 0;
let lazyGzip = 0;
for (const file of assets) {
  const size = gzip(join(webDir, "assets", file));
  if (initial.has(`assets/${file}`)) initialGzip += size;
  else lazyGzip += size;
}

run("wrangler", ["deploy", "--dry-run", "--outdir", "dist/worker"]);
const workerFile = join(ROOT, "dist/worker/index.js");
const workerRaw = statSync(workerFile).size;

console.log(`\nSPA initial JavaScript: ${kib(initialGzip)} gzip (${initial.size} files)`);
console.log(`SPA on-demand chunks:   ${kib(lazyGzip)} gzip (${assets.length - initial.size} files)`);
console.log(`Worker bundle:          ${kib(workerRaw)} raw, ${kib(gzip(workerFile))} gzip`);
