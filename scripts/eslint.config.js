// ESLint flat config (kept in scripts/ so the top level stays as docs/architecture.md fixes it; run with --config).
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

// Everything of the Worker above its two ground floors, lib/ and reading/, which import none of it.
const ABOVE_THE_GROUND_FLOOR = [
  "worker/routes",
  "worker/services",
  "worker/data",
  "worker/adapters",
  "worker/durable-objects",
  "worker/jobs",
  "worker/workflows",
  "worker/middleware",
  "worker/bindings.ts",
  "worker/deps.ts",
  "worker/env.ts",
  "worker/app.ts",
  "worker/index.ts",
];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", ".wrangler/**", "test-results/**", "worker/worker-configuration.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
      // docs/decisions/2026-11-27-zod-namespace-imports.md: `{ z }` binds zod's whole namespace, locales and all.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message:
            'Import zod as a namespace (import * as z from "zod"): `{ z }` bundles all of zod, its 62 locales too.',
        },
      ],
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
    // web/ may only import types from the Worker (docs/architecture.md).
    files: ["web/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/worker/**"], allowTypeImports: true, message: "web/ imports only types from worker/." },
          ],
        },
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
    // The Worker's layers: routes → services → data and adapters; jobs (the cron) and workflows (durable jobs) call
    // services as routes do; the
    // Durable Objects run adapter logic, so they import adapters, never the reverse; lib is the bottom. Type-only
    // imports count, as in the SPA's rule. bindings.ts, deps.ts, env.ts, app.ts and index.ts wire the layers together
    // and are in no zone. Tests are left out: they drive a layer through the whole Worker (test/client, test/deps)
    // and seed rows through data/. scripts/lint/worker-boundaries.test.ts proves each zone fires.
    files: ["worker/**/*.ts"],
    ignores: ["worker/**/*.test.ts", "worker/test/**"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".js"] })] },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "worker/routes",
              from: ["worker/data", "worker/adapters"],
              message:
                "Routes call services (and use schema, lib, middleware): data and adapters are reached through a service.",
            },
            {
              target: "worker/services",
              from: ["worker/routes", "worker/middleware"],
              message: "Services never see HTTP: they do not import routes or middleware.",
            },
            {
              target: "worker/adapters",
              from: "worker/services",
              message:
                "Adapters wrap outside systems and know nothing of services: services call adapters, not the reverse.",
            },
            {
              // The Durable Objects run adapter logic (the rate-limit fake runs the same functions), so they import
              // adapters; an adapter types its Durable Object through a contract it declares, which the class implements.
              target: "worker/adapters",
              from: "worker/durable-objects",
              message:
                "Durable Objects import adapters, not the reverse: type the stub with the adapter's own contract (which the class implements).",
            },
            {
              // data/db.ts is the Database handle the cron passes in; everything else in data/ is called by services.
              target: "worker/jobs",
              from: "worker/data",
              except: ["./db.ts"],
              message: "Jobs call services, as routes do: worker/data is reached through a service.",
            },
            {
              // a durable job's steps are services (services/generation/parts.ts); the class only orders them
              target: "worker/workflows",
              from: ["worker/data", "worker/routes", "worker/middleware"],
              message: "Workflows run services as steps: data, routes and middleware are reached through a service.",
            },
            {
              // How a meeting is read (issue 40): one room for the generator, the gate and the coverage report, so it
              // may know nothing of any of them.
              target: "worker/reading",
              from: ABOVE_THE_GROUND_FLOOR,
              message:
                "reading is a ground floor beside lib: it imports only lib/, schema/ and the language library, nothing of the Worker above it.",
            },
            {
              // Its one door: what the room keeps inside (the layout of formats, the library's handling) may change.
              target: ["worker/routes", "worker/services", "worker/adapters", "worker/jobs", "worker/workflows"],
              from: "worker/reading",
              except: ["./index.ts"],
              message: "The reading of meetings is used through worker/reading/index.ts, not its insides.",
            },
            {
              target: "worker/lib",
              from: [...ABOVE_THE_GROUND_FLOOR, "worker/reading"],
              message:
                "lib is the Worker's bottom layer: it imports nothing of the Worker above it (only schema/ and other lib modules).",
            },
          ],
        },
      ],
    },
  },
  {
    // Only worker/data writes SQL: drizzle and the tables (schema/db) are imported there and nowhere else in the
    // Worker. Exempt: test files and worker/test/**, which seed and inspect rows directly.
    files: ["worker/**/*.ts"],
    ignores: ["worker/data/**", "worker/**/*.test.ts", "worker/test/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*", "**/schema/db", "**/schema/db/*"],
              message: "Only worker/data queries the database: put the query in a worker/data module and call that.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "scripts/**/*.{ts,js}",
      "e2e/**/*.ts",
      "*.config.ts",
      "schema/drizzle.config.ts",
      "worker/test/contracts/*.mjs",
    ],
    languageOptions: { globals: globals.node },
  },
);
