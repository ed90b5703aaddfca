// ESLint flat config (kept in scripts/ so the top level stays as architecture.md fixes it; run with --config).
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = fileURLToPath(new URL("..", import.meta.url));
// Read at lint time, so a new feature folder is fenced in without editing this file.
const features = readdirSync(new URL("../web/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", ".wrangler/**", "test-results/**", "worker/worker-configuration.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // web/ may only import types from the Worker (architecture.md).
    files: ["web/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/worker/**"], allowTypeImports: true, message: "web/ imports only types from worker/." }] },
      ],
    },
  },
  {
    // The SPA's dependency spine, each layer importing only those before it: lib (no UI), components (generic UI),
    // shared (what the shell or several features need), features (which never import each other), app.
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })] },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            ...features.map((feature) => ({
              target: `web/features/${feature}`,
              from: "web/features",
              except: [`./${feature}`],
              message: "Features do not import each other: move what both need to web/shared.",
            })),
            {
              target: ["web/lib", "web/components", "web/shared"],
              from: ["web/features", "web/app"],
              message: "Shared modules must not depend on features or the app.",
            },
            {
              target: ["web/lib", "web/components"],
              from: "web/shared",
              message: "lib and components are generic: product modules (web/shared) build on them, not the reverse.",
            },
            {
              target: "web/lib",
              from: "web/components",
              message: "lib is the bottom layer: it imports no components.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.{ts,js}", "e2e/**/*.ts", "*.config.ts", "schema/drizzle.config.ts", "worker/test/contracts/*.mjs"],
    languageOptions: { globals: globals.node },
  },
);
