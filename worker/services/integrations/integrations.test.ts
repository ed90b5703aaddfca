import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildTestDeps } from "../../test/deps";
import {
  countRows,
  createIntegration,
  createProject,
  createTranscriptWithStories,
  createUser,
  setTier,
} from "../../test/factories";
import { createIntegration as createIntegrationService } from ".";
import { exportTranscript } from "./export-transcript";

const JIRA = {
  type: "jira" as const,
  name: "Team JIRA",
  config: { domain: "acme.atlassian.net", email: "pm@acme.test", apiToken: "token-abcdef-1234", projectKey: "SL" },
};

describe("integration credentials", () => {
  it("are refused in production without INTEGRATIONS_KEY (503), and nothing is stored", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const project = await createProject(user);
    const deps = buildTestDeps({
      bindings: { APP_ENV: "production", PASSWORD_PEPPER: "pepper", APP_URL: "https://storyloom.example" },
    });
    expect(deps.config.integrationsKey).toBeNull();
    await expect(createIntegrationService(deps, user.id, project.id, JIRA)).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining("INTEGRATIONS_KEY is not set"),
    });
    expect(await countRows("integrations", "project_id = ?", project.id)).toBe(0);
  });

  it("that no longer open (moved to another row, or another key) ask to be entered again, before any JIRA call", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const project = await createProject(user);
    const first = await createIntegration(user, project.id);
    const second = await createIntegration(user, project.id);
    // Copy the first credential onto the second row: its additional data names another credential, so it must not open.
    await env.DB.prepare(
      "UPDATE integrations SET secret_sealed = (SELECT secret_sealed FROM integrations WHERE id = ?) WHERE id = ?",
    )
      .bind(first.id, second.id)
      .run();
    const transcriptId = await createTranscriptWithStories(user, project.id, { count: 1 });
    await expect(exportTranscript(buildTestDeps(), user.id, transcriptId, second.id, "jira")).rejects.toMatchObject({
      status: 409,
      message: 'The saved credentials of "Team JIRA" can no longer be read. Edit the integration and enter them again.',
    });
  });
});
