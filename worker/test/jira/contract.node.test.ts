import { describe, expect, it } from "vitest";
import { assertJiraRequest, assertJiraResponse, assertJiraSchema, unknownQueryParameters } from "./contract";

const failure = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return String(error);
  }
  throw new Error("expected the shape to be refused");
};

const BULK = {
  issues: [{ id: "10001", key: "SL-1", self: "https://acme.atlassian.net/rest/api/3/issue/10001" }],
  errors: [
    {
      status: 400,
      elementErrors: { errorMessages: [], errors: { summary: "You must specify a summary of the issue." } },
      failedElementNumber: 1,
    },
  ],
};

describe("the JIRA contract", () => {
  it("accepts a bulk answer with an issue and a per-item error, and refuses failedElementNumber as a string", () => {
    assertJiraSchema("CreatedIssues", BULK);
    assertJiraResponse("POST", "/rest/api/3/issue/bulk", 201, BULK);
    const wrong = { ...BULK, errors: [{ ...BULK.errors[0], failedElementNumber: "1" }] };
    expect(failure(() => assertJiraResponse("POST", "/rest/api/3/issue/bulk", 201, wrong))).toContain(
      "/errors/0/failedElementNumber",
    );
  });

  it("refuses a field JIRA does not send (its schemas are closed)", () => {
    const user = { accountId: "1", displayName: "Ada", active: true };
    assertJiraResponse("GET", "/rest/api/3/myself", 200, user);
    expect(failure(() => assertJiraResponse("GET", "/rest/api/3/myself", 200, { ...user, password: "x" }))).toContain(
      "/password: is not a field of this object in the API",
    );
    expect(
      failure(() =>
        assertJiraResponse("GET", "/rest/api/3/project/SL", 200, {
          id: "1",
          key: "SL",
          issueTypes: [{ id: "1", hierarchyLevel: "1" }],
        }),
      ),
    ).toContain("/issueTypes/0/hierarchyLevel");
  });

  it("holds error answers to JIRA's ErrorCollection, listed or not (401, 429, 5xx)", () => {
    assertJiraResponse("GET", "/rest/api/3/myself", 401, {
      errorMessages: ["Client must be authenticated to access this resource."],
    });
    assertJiraResponse("GET", "/rest/api/3/search/jql", 429, { errorMessages: ["Rate limit exceeded."], errors: {} });
    assertJiraResponse("POST", "/rest/api/3/issue/bulk", 400, {
      errorMessages: ["Bulk create of more than 50 issues is not allowed."],
      errors: {},
    });
    expect(failure(() => assertJiraResponse("GET", "/rest/api/3/myself", 500, { message: "oops" }))).toContain(
      "an ErrorCollection",
    );
    expect(failure(() => assertJiraResponse("POST", "/rest/api/3/issue", 400, { errors: { summary: 1 } }))).toContain(
      "/errors/summary",
    );
  });

  it("checks create request bodies: a deliberately wrong body is refused", () => {
    assertJiraRequest("POST", "/rest/api/3/issue", { fields: { summary: "x", project: { key: "SL" } } });
    assertJiraRequest("POST", "/rest/api/3/issue/bulk", { issueUpdates: [{ fields: { summary: "x" } }] });
    expect(
      failure(() => assertJiraRequest("POST", "/rest/api/3/issue/bulk", { issueUpdates: { fields: {} } })),
    ).toContain("/issueUpdates");
    expect(failure(() => assertJiraRequest("POST", "/rest/api/3/issue", { fields: "summary" }))).toContain("/fields");
    expect(
      failure(() => assertJiraRequest("POST", "/rest/api/3/issue", { update: { summary: { set: "x" } } })),
    ).toContain("/update/summary");
  });

  it("knows each operation's query parameters", () => {
    expect(
      unknownQueryParameters("GET", "/rest/api/3/search/jql", ["jql", "fields", "maxResults", "nextPageToken"]),
    ).toEqual([]);
    expect(unknownQueryParameters("GET", "/rest/api/3/search/jql", ["jql", "startAt"])).toEqual(["startAt"]);
  });

  it("names an operation the contract does not have", () => {
    expect(failure(() => assertJiraResponse("GET", "/rest/api/3/priority/search", 200, {}))).toContain("no operation");
    expect(failure(() => assertJiraSchema("Issue", {}))).toContain("no component schema 'Issue'");
  });
});
