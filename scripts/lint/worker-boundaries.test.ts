// The Worker's layer rules (scripts/eslint.config.js) fire where they should and only there: fixture code is linted
// in memory, as if it sat at the given path, with the project's own config (as boundaries.test.ts does for the SPA).
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: "scripts/eslint.config.js" });
const RULES = new Set(["import-x/no-restricted-paths", "no-restricted-imports"]);

/**
 * The layer errors of a file at `filePath` made of `imports` (they must name real files: the zones resolve them).
 * Other rules' findings, such as the unused imports, are left out.
 */
async function layerErrors(filePath: string, ...imports: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(`${imports.join("\n")}\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId !== null && RULES.has(m.ruleId)).map((m) => m.message);
}

describe("Worker layers", () => {
  it("keep routes off data and adapters", async () => {
    const errors = await layerErrors(
      "worker/routes/fixture.ts",
      'import { findUserById } from "../data/users";',
      'import type { EmailSender } from "../adapters/email";',
    );
    expect(errors).toEqual(Array(2).fill(expect.stringContaining("Routes call services")));
  });

  it("keep services off routes and middleware", async () => {
    const errors = await layerErrors(
      "worker/services/projects/fixture.ts",
      'import { projectRoutes } from "../../routes/projects";',
      'import { requireSession } from "../../middleware/session";',
    );
    expect(errors).toEqual(Array(2).fill(expect.stringContaining("Services never see HTTP")));
  });

  it("keep adapters off services", async () => {
    const errors = await layerErrors(
      "worker/adapters/email/fixture.ts",
      'import { limitsFor } from "../../services/plans";',
    );
    expect(errors).toEqual([expect.stringContaining("Adapters wrap outside systems and know nothing of services")]);
  });

  it("keep adapters off the Durable Objects, a type-only import too", async () => {
    const errors = await layerErrors(
      "worker/adapters/rate-limit/fixture.ts",
      'import type { RateLimiter } from "../../durable-objects/rate-limiter";',
    );
    expect(errors).toEqual([expect.stringContaining("Durable Objects import adapters, not the reverse")]);
  });

  it("keep jobs off data, but for the Database handle", async () => {
    const errors = await layerErrors(
      "worker/jobs/fixture.ts",
      'import { failGenerationsStartedBefore } from "../data/generations";',
      'import type { Database } from "../data/db";',
    );
    expect(errors).toEqual([expect.stringContaining("Jobs call services, as routes do")]);
  });

  it("keep workflows off data, routes and middleware", async () => {
    const errors = await layerErrors(
      "worker/workflows/fixture.ts",
      'import { recordPartDone } from "../data/generations";',
      'import { currentUser } from "../middleware/session";',
    );
    expect(errors).toEqual([
      expect.stringContaining("Workflows run services as steps"),
      expect.stringContaining("Workflows run services as steps"),
    ]);
  });

  it("keep lib below everything else in the Worker", async () => {
    const errors = await layerErrors(
      "worker/lib/fixture.ts",
      'import type { ChatSession } from "../durable-objects/chat-session";',
      'import { limitsFor } from "../services/plans";',
      'import type { Bindings } from "../bindings";',
      'import type { Deps } from "../deps";',
    );
    expect(errors).toEqual(Array(4).fill(expect.stringContaining("lib is the Worker's bottom layer")));
  });

  it("keep the reading of meetings off the Worker above it, and lib off the reading", async () => {
    const errors = await layerErrors(
      "worker/reading/fixture.ts",
      'import { limitsFor } from "../services/plans";',
      'import type { EmailSender } from "../adapters/email";',
      'import type { Deps } from "../deps";',
    );
    expect(errors).toEqual(Array(3).fill(expect.stringContaining("reading is a ground floor beside lib")));
    expect(await layerErrors("worker/lib/fixture.ts", 'import { analyse } from "../reading";')).toEqual([
      expect.stringContaining("lib is the Worker's bottom layer"),
    ]);
  });

  it("let the generator, the gate and the routes use the reading only through its door", async () => {
    const errors = await layerErrors(
      "worker/services/quality/fixture.ts",
      'import { layout } from "../../reading/layout";',
      'import { NEED_VERBS } from "../../reading/lexicon";',
    );
    expect(errors).toEqual(Array(2).fill(expect.stringContaining("through worker/reading/index.ts")));
    expect(
      await layerErrors(
        "worker/adapters/llm/local/rules/fixture.ts",
        'import { layout } from "../../../../reading/layout";',
      ),
    ).toEqual([expect.stringContaining("through worker/reading/index.ts")]);
  });

  it("keep drizzle and the tables inside worker/data", async () => {
    const errors = await layerErrors(
      "worker/services/projects/fixture.ts",
      'import { eq } from "drizzle-orm";',
      'import type { SQLiteTable } from "drizzle-orm/sqlite-core";',
      'import { projects } from "../../../schema/db";',
      'import { users } from "../../../schema/db/users";',
    );
    expect(errors).toEqual(Array(4).fill(expect.stringContaining("Only worker/data queries the database")));
  });

  it("allow each layer what it builds on, drizzle in data/, and tests anything", async () => {
    const allowed = {
      "worker/routes/fixture.ts": [
        'import { listProjects } from "../services/projects";',
        'import { createProjectSchema } from "../../schema/api/projects";',
        'import { AppError } from "../lib/errors";',
        'import { requireSession } from "../middleware/session";',
        'import type { AppEnv } from "../env";',
      ],
      "worker/services/projects/fixture.ts": [
        'import { findUserById } from "../../data/users";',
        'import type { EmailSender } from "../../adapters/email";',
      ],
      "worker/jobs/fixture.ts": [
        'import { purgeExpired } from "../services/retention";',
        'import type { Database } from "../data/db";',
      ],
      "worker/durable-objects/fixture.ts": ['import { countHit } from "../adapters/rate-limit/fixed-window";'],
      "worker/workflows/fixture.ts": [
        'import { planParts } from "../services/generation/parts";',
        'import type { GenerationJobParams } from "../adapters/generation-jobs";',
      ],
      "worker/services/quality/fixture.ts": ['import { analyse, NEED_VERBS } from "../../reading";'],
      "worker/adapters/llm/local/rules/fixture.ts": ['import { analyse } from "../../../../reading";'],
      "worker/reading/fixture.ts": [
        'import { layout } from "./layout";',
        'import { logEvent } from "../lib/log";',
        'import { jiraDomainSchema } from "../../schema/api/integrations";',
      ],
      "worker/lib/fixture.ts": [
        'import { jiraDomainSchema } from "../../schema/api/integrations";',
        'import { logEvent } from "./log";',
      ],
      "worker/data/fixture.ts": ['import { eq } from "drizzle-orm";', 'import { users } from "../../schema/db";'],
      "worker/routes/fixture.test.ts": [
        'import { eq } from "drizzle-orm";',
        'import { findUserById } from "../data/users";',
      ],
      "worker/test/fixture.ts": ['import { users } from "../../schema/db";', 'import { createDb } from "../data/db";'],
    };
    for (const [filePath, imports] of Object.entries(allowed)) {
      expect({ filePath, errors: await layerErrors(filePath, ...imports) }).toEqual({ filePath, errors: [] });
    }
  });
});
