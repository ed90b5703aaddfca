import { defineConfig } from "vitest/config";

// `npm run eval:stories`: runs the local story generator over the transcript fixtures in plain Node (not workerd),
// prints the quality table and fails when a target is missed.
export default defineConfig({
  test: {
    environment: "node",
    include: ["scripts/eval-stories.test.ts"],
    testTimeout: 60_000,
  },
});
