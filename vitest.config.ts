import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

// Two projects, both run by `vitest run`:
// - worker: Worker tests inside workerd with the real D1 (migrations applied per test file), R2 and Durable Objects;
// - web: pure SPA modules (exports, formatting…) and the lint-rule proofs, in plain Node.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    test: {
      projects: [
        {
          extends: false,
          plugins: [
            // Markdown imports are text, as wrangler's Text rule makes them in the Worker build (wrangler.toml).
            {
              name: "markdown-as-text",
              transform: (code: string, id: string) =>
                id.endsWith(".md") ? `export default ${JSON.stringify(code)};` : undefined,
            },
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
            include: ["worker/**/*.test.ts"],
            setupFiles: ["./worker/test/setup.ts"],
          },
        },
        {
          extends: false,
          test: {
            name: "web",
            environment: "node",
            // web/: pure SPA modules; scripts/lint/: proofs that the lint rules fire.
            include: ["web/**/*.test.ts", "scripts/lint/**/*.test.ts"],
          },
        },
      ],
    },
  };
});
