import { maskSecret } from "../../../schema/api/secret-mask";
import { describe, expect, it } from "vitest";
import {
  canGoNext,
  canValidate,
  checkStep,
  cleanDomain,
  createInputOf,
  goNext,
  goPrevious,
  initialWizard,
  markValidated,
  setField,
  type WizardState,
} from "./wizard";

function filled(): WizardState {
  let s = initialWizard();
  s = setField(s, "name", "Team JIRA");
  s = setField(s, "domain", "acme.atlassian.net");
  s = setField(s, "email", "pat@example.com");
  s = setField(s, "apiToken", "fake-jira-token");
  s = setField(s, "projectKey", "sl");
  return s;
}

describe("JIRA wizard", () => {
  it("disables Validate until the step's fields are filled", () => {
    let s = initialWizard();
    expect(canValidate(s)).toBe(false);
    s = setField(s, "name", "Team JIRA");
    expect(canValidate(s)).toBe(false);
    s = setField(s, "domain", "   ");
    expect(canValidate(s)).toBe(false);
    s = setField(s, "domain", "acme.atlassian.net");
    expect(canValidate(s)).toBe(true);
  });

  it("opens Next only after the step validated, and closes it again when a field of the step changes", () => {
    let s = filled();
    expect(canGoNext(s)).toBe(false);
    expect(goNext(s)).toBe(s);
    s = markValidated(s, 1, { serverTitle: "Acme" });
    expect(canGoNext(s)).toBe(true);
    s = setField(s, "domain", "other.atlassian.net");
    expect(canGoNext(s)).toBe(false);
    s = markValidated(s, 1, { serverTitle: null });
    s = goNext(s);
    expect(s.step).toBe(2);
    expect(canGoNext(s)).toBe(false);
  });

  it("undoes later steps' checks when an earlier field changes, and keeps earlier ones", () => {
    let s = filled();
    s = markValidated(s, 1, { serverTitle: null });
    s = markValidated(s, 2, { displayName: "Pat" });
    s = markValidated(s, 3, { name: "StoryLoom", key: "SL", issueTypes: [] });
    const afterEmail = setField(s, "email", "sam@example.com");
    expect(afterEmail.results).toEqual({ 1: { serverTitle: null } });
    const afterDomain = setField(s, "domain", "x.atlassian.net");
    expect(afterDomain.results).toEqual({});
    const afterKey = setField(s, "projectKey", "AB");
    expect(Object.keys(afterKey.results)).toEqual(["1", "2"]);
    // The same value typed again changes nothing.
    expect(setField(s, "email", "pat@example.com")).toBe(s);
  });

  it("forces the project key to upper case as typed", () => {
    expect(setField(initialWizard(), "projectKey", "sl-1").values.projectKey).toBe("SL-1");
  });

  it("goes back with Previous, never before step 1", () => {
    let s = markValidated(filled(), 1, { serverTitle: null });
    s = goNext(s);
    expect(goPrevious(s).step).toBe(1);
    expect(goPrevious(goPrevious(s)).step).toBe(1);
  });

  it("checks each step with the shared schemas' messages", () => {
    const empty = initialWizard().values;
    expect(checkStep(1, { ...empty, name: "J" })).toEqual({ ok: false, errors: { domain: "Domain is required" } });
    expect(checkStep(1, { ...empty, name: "J", domain: "acme.example.com" })).toEqual({
      ok: false,
      errors: { domain: "Invalid domain format. Use format: your-site.atlassian.net" },
    });
    expect(checkStep(1, { ...empty, name: "J", domain: "https://Acme.atlassian.net/" })).toEqual({
      ok: true,
      request: { domain: "acme.atlassian.net" },
    });
    const step2 = checkStep(2, { ...empty, domain: "acme.atlassian.net" });
    expect(step2).toEqual({
      ok: false,
      errors: { email: "Email and API token are required", apiToken: "Email and API token are required" },
    });
    const step3 = checkStep(3, { ...filled().values, projectKey: "" });
    expect(step3).toEqual({ ok: false, errors: { projectKey: "Project key is required" } });
    expect(checkStep(3, filled().values)).toEqual({
      ok: true,
      request: {
        domain: "acme.atlassian.net",
        email: "pat@example.com",
        apiToken: "fake-jira-token",
        projectKey: "SL",
      },
    });
  });

  it("creates an active JIRA integration from what was checked", () => {
    expect(createInputOf(filled().values)).toEqual({
      type: "jira",
      name: "Team JIRA",
      isActive: true,
      config: { domain: "acme.atlassian.net", email: "pat@example.com", apiToken: "fake-jira-token", projectKey: "SL" },
    });
  });

  it("shows a token as its last four characters only", () => {
    expect(maskSecret("fake-jira-token")).toBe("••••oken");
    expect(maskSecret("abc")).toBe("••••");
    expect(cleanDomain(" http://acme.atlassian.net// ")).toBe("acme.atlassian.net");
  });
});
