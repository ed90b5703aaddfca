import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Three projects, all run by `vitest run`:
// - worker: Worker tests inside workerd with the real D1 (migrations applied per test file), R2 and Durable Objects;
// - worker-node: Worker tests that use nothing of the platform (`*.node.test.ts`: rules, formats, the contract-held
//   fakes, parsers), in plain Node: the same V8, without a workerd isolate and D1 migrations per file (37 files took
//   113 s in workerd and 16 s in Node on 2 cores);
// - web: pure SPA modules (exports, formatting…) and the lint-rule proofs, in plain Node.

/** Markdown imports are text, as wrangler's Text rule makes them in the Worker build (wrangler.toml). */
const markdownAsText = {
  name: "markdown-as-text",
  transform: (code: string, id: string) => (id.endsWith(".md") ? `export default ${JSON.stringify(code)};` : undefined),
};

/**
 * One test file per core in every project (vitest needs one count for projects run together). The Workers pool ran
 * one file at a time otherwise, leaving a core of these 2-core machines idle: the whole run took 380 s, 219 s with two
 * at once.
 */
const maxWorkers = availableParallelism();

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    test: {
      projects: [
        {
          extends: false,
          plugins: [
            markdownAsText,
            // Audio fixtures import as base64 (workerd has no file system; the bytes must arrive unchanged).
            {
              name: "audio-fixtures-as-base64",
              // before Vite's asset plugin, which would answer these with a URL
              enforce: "pre" as const,
              load: (id: string) =>
                /\.(mp3|wav|ogg|webm|m4a)$/.test(id)
                  ? `export default ${JSON.stringify(readFileSync(id).toString("base64"))};`
                  : undefined,
            },
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              // Workers AI is remote-only; tests pass a fake `AI` to the adapter instead.
              remoteBindings: false,
              miniflare: {
                bindings: { TEST_MIGRATIONS: migrations, APP_ENV: "test" },
              },
            }),
          ],
          test: {
            name: "worker",
            maxWorkers,
            include: ["worker/**/*.test.ts"],
            exclude: ["worker/**/*.node.test.ts"],
            setupFiles: ["./worker/test/setup.ts"],
          },
        },
        {
          extends: false,
          plugins: [markdownAsText],
          test: {
            name: "worker-node",
            maxWorkers,
            environment: "node",
            include: ["worker/**/*.node.test.ts"],
          },
        },
        {
          extends: false,
          test: {
            name: "web",
            maxWorkers,
            environment: "node",
            // web/: pure SPA modules; scripts/lint/: proofs that the lint rules fire.
            include: ["web/**/*.test.ts", "scripts/lint/**/*.test.ts"],
          },
        },
      ],
    },
  };
});
