import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { HOSTILE_JIRA_DOMAINS } from "../test/hostile-jira-domains";
import { jiraBrowseUrl, jiraUrl } from "./jira-site";

const HOSTILE = HOSTILE_JIRA_DOMAINS;

describe("jiraUrl", () => {
  it.each(HOSTILE)("refuses %j", (domain) => {
    expect(() => jiraUrl(domain, "/rest/api/3/myself")).toThrow(AppError);
  });

  it("builds https://{site}.atlassian.net for a valid site, whatever its case or spacing", () => {
    expect(jiraUrl(" Acme-Team2.atlassian.net ", "/rest/api/3/myself").href).toBe(
      "https://acme-team2.atlassian.net/rest/api/3/myself",
    );
  });

  it("refuses a path that is not one of ours, or that would change the host", () => {
    expect(() => jiraUrl("acme.atlassian.net", "//evil.com/rest/api/3/myself")).toThrow();
    expect(() => jiraUrl("acme.atlassian.net", "https://evil.com/rest/")).toThrow();
    expect(() => jiraUrl("acme.atlassian.net", "/api/3/myself")).toThrow();
  });

  it("says what the format is", () => {
    expect(() => jiraUrl("acme", "/rest/api/3/myself")).toThrow(
      "Invalid domain format. Use format: your-site.atlassian.net",
    );
    expect(() => jiraUrl("", "/rest/api/3/myself")).toThrow("Domain is required");
  });
});

describe("jiraUrl with a fake's base (development and tests only)", () => {
  const fake = new URL("http://127.0.0.1:12113");

  it("sends the request to {apiBase}{path} once the site label is valid", () => {
    expect(jiraUrl("acme.atlassian.net", "/rest/api/3/myself", fake).href).toBe(
      "http://127.0.0.1:12113/rest/api/3/myself",
    );
    expect(jiraUrl("acme.atlassian.net", "/rest/api/3/myself", new URL("http://localhost:9000/jira/")).href).toBe(
      "http://localhost:9000/jira/rest/api/3/myself",
    );
  });

  it.each(HOSTILE)("still refuses %j", (domain) => {
    expect(() => jiraUrl(domain, "/rest/api/3/myself", fake)).toThrow(AppError);
  });

  it("still refuses a path that is not one of ours, or that would leave the fake", () => {
    expect(() => jiraUrl("acme.atlassian.net", "//evil.com/rest/api/3/myself", fake)).toThrow();
    expect(() => jiraUrl("acme.atlassian.net", "/api/3/myself", fake)).toThrow();
  });
});

describe("jiraBrowseUrl", () => {
  it("links to the real site, never a fake", () => {
    expect(jiraBrowseUrl(" Acme.atlassian.net", "SL-12")).toBe("https://acme.atlassian.net/browse/SL-12");
  });

  it.each(HOSTILE)("refuses %j", (domain) => {
    expect(() => jiraBrowseUrl(domain, "SL-1")).toThrow(AppError);
  });

  it("refuses what is not an issue key", () => {
    for (const key of ["", "sl-1", "SL-", "SL-1/../../x", "SL-1?x", "https://evil.com"])
      expect(() => jiraBrowseUrl("acme.atlassian.net", key)).toThrow();
  });
});
