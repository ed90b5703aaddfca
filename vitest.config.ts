import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd with the real D1 (migrations applied per test file), R2 and Durable Objects.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
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
      include: ["worker/**/*.test.ts"],
      setupFiles: ["./worker/test/setup.ts"],
    },
  };
});
