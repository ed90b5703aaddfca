import { defineConfig } from "vitest/config";

// `npm run eval:stories`: runs the embedded story generator in plain Node (not workerd) over the transcript fixtures,
// the tuning set and the test set reported separately (split.json), and over the probe set; prints the tables and the
// probe results and fails when the test set or the probe set misses a target of issue 15 (TARGETS in worker/test/generator/quality.ts).
export default defineConfig({
  test: {
    environment: "node",
    include: ["scripts/eval-stories.test.ts"],
    // an LLM answers in seconds per fixture; the embedded generator in milliseconds
    testTimeout: process.env.OPENAI_BASE_URL ? 3_600_000 : 120_000,
  },
});
