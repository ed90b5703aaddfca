import { describe, expect, it } from "vitest";
import type { Integration } from "../../../schema/api/integrations";
import { ApiError } from "../../lib/api";
import { CONFIG_FIELD_SPECS, CONFIG_FIELDS, SECRET_FIELDS } from "./fields";
import { checkEdit, checkManual, destinationOf, editValuesOf, EMPTY_FORM, serverFieldErrors } from "./forms";

const jira: Integration = {
  id: 3,
  projectId: 7,
  type: "jira",
  name: "Team JIRA",
  isActive: true,
  epic: null,
  createdAt: "2026-01-05T10:00:00Z",
  updatedAt: "2026-01-05T10:00:00Z",
  config: { domain: "acme.atlassian.net", email: "pat@example.com", projectKey: "SL", apiToken: "••••oken" },
};
const notion: Integration = {
  id: 4,
  projectId: 7,
  type: "notion",
  name: "Roadmap",
  isActive: false,
  epic: null,
  createdAt: "2026-01-05T10:00:00Z",
  updatedAt: "2026-01-05T10:00:00Z",
  config: { pageUrl: "https://www.notion.so/Roadmap-0123456789abcdef0123456789abcdef", integrationSecret: "••••1234" },
};

describe("settings as data", () => {
  it("describes each type's settings in CONFIG_FIELDS' order, each with its shared schema", () => {
    for (const type of Object.keys(CONFIG_FIELDS) as (keyof typeof CONFIG_FIELDS)[]) {
      expect(CONFIG_FIELD_SPECS[type].map((spec) => spec.key)).toEqual(CONFIG_FIELDS[type]);
      for (const spec of CONFIG_FIELD_SPECS[type]) expect(spec.schema, `${type} ${spec.key}`).toBeDefined();
      expect(CONFIG_FIELD_SPECS[type]).toContain(SECRET_FIELDS[type]);
    }
    const domain = CONFIG_FIELD_SPECS.jira[0]!;
    expect(domain.schema!.safeParse(domain.clean!("https://ACME.atlassian.net/")).data).toBe("acme.atlassian.net");
  });
});

describe("Manual Setup", () => {
  it("asks for type and name first ('Missing Information')", () => {
    expect(checkManual(EMPTY_FORM)).toEqual({ kind: "missing" });
    expect(checkManual({ ...EMPTY_FORM, type: "jira", name: "  " })).toEqual({ kind: "missing" });
    expect(checkManual({ ...EMPTY_FORM, name: "Team" })).toEqual({ kind: "missing" });
  });

  it("checks the chosen type's fields with the shared schema's messages", () => {
    const result = checkManual({ ...EMPTY_FORM, type: "jira", name: "Team", domain: "acme.example.com" });
    expect(result.kind).toBe("invalid");
    expect(result.kind === "invalid" && result.errors).toMatchObject({
      domain: "Invalid domain format. Use format: your-site.atlassian.net",
      email: "Email and API token are required",
      apiToken: "Email and API token are required",
      projectKey: "Project key is required",
    });
    const notionResult = checkManual({
      ...EMPTY_FORM,
      type: "notion",
      name: "Roadmap",
      pageUrl: "https://example.com/x",
    });
    expect(notionResult.kind === "invalid" && Object.keys(notionResult.errors).sort()).toEqual([
      "integrationSecret",
      "pageUrl",
    ]);
  });

  it("sends the type's config only, normalised", () => {
    const result = checkManual({
      ...EMPTY_FORM,
      type: "jira",
      name: "Team",
      domain: "https://ACME.atlassian.net/",
      email: "pat@example.com",
      apiToken: "fake-jira-token",
      projectKey: "sl",
      pageUrl: "ignored",
    });
    expect(result).toEqual({
      kind: "ok",
      input: {
        type: "jira",
        name: "Team",
        isActive: true,
        config: {
          domain: "acme.atlassian.net",
          email: "pat@example.com",
          apiToken: "fake-jira-token",
          projectKey: "SL",
        },
      },
    });
  });
});

describe("Edit", () => {
  it("starts with the stored settings and blank secrets", () => {
    expect(editValuesOf(jira)).toMatchObject({
      type: "jira",
      name: "Team JIRA",
      domain: "acme.atlassian.net",
      apiToken: "",
    });
    expect(editValuesOf(notion)).toMatchObject({
      type: "notion",
      pageUrl: notion.config.pageUrl,
      integrationSecret: "",
    });
  });

  it("keeps the stored secret when the field is left blank", () => {
    const result = checkEdit(jira, editValuesOf(jira), false);
    expect(result).toEqual({
      kind: "ok",
      input: {
        name: "Team JIRA",
        isActive: false,
        config: { domain: "acme.atlassian.net", email: "pat@example.com", projectKey: "SL" },
      },
    });
  });

  it("sends a new secret, checked like a created one", () => {
    const ok = checkEdit(notion, { ...editValuesOf(notion), integrationSecret: "secret_new" }, true);
    expect(ok.kind === "ok" && ok.input.config).toEqual({
      pageUrl: notion.config.pageUrl,
      integrationSecret: "secret_new",
    });
    const bad = checkEdit(jira, { ...editValuesOf(jira), apiToken: "has space" }, true);
    expect(bad).toEqual({ kind: "invalid", errors: { apiToken: "Secrets cannot contain spaces or line breaks." } });
  });

  it("shows a server error under the field details.field names", () => {
    const error = new ApiError(
      400,
      "Bad Request",
      JSON.stringify({
        success: false,
        error: "Bad domain",
        code: "validation",
        requestId: "r",
        details: { field: "config.domain" },
      }),
    );
    expect(serverFieldErrors(error, ["name", "domain"])).toEqual({ domain: "Bad domain" });
    expect(serverFieldErrors(error, ["name"])).toEqual({});
    expect(serverFieldErrors(new Error("x"), ["domain"])).toEqual({});
    const schemaError = new ApiError(
      400,
      "Bad Request",
      JSON.stringify({
        success: false,
        error: "Project key is required",
        code: "validation_failed",
        requestId: "r",
        details: {
          issues: [
            { path: "config.projectKey", message: "Project key is required" },
            { path: "name", message: "Too long" },
          ],
        },
      }),
    );
    expect(serverFieldErrors(schemaError, ["name", "projectKey"])).toEqual({
      projectKey: "Project key is required",
      name: "Too long",
    });
  });

  it("describes where each integration sends stories", () => {
    expect(destinationOf(jira)).toBe("acme.atlassian.net · Project SL");
    expect(destinationOf(notion)).toBe(notion.config.pageUrl);
  });
});
