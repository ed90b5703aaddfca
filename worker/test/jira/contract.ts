// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsconfig.json (scripts) sees these files only through imports, and a declaration file cannot be imported
/// <reference path="../stripe/contract-modules.d.ts" />
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- as above
/// <reference path="./contract-modules.d.ts" />
// Holds JIRA-shaped JSON to Atlassian's published description of the Jira Cloud platform REST API v3
// (worker/test/contracts/jira.openapi.json: the operations in jira.ops.txt, the only ones StoryLoom may call), through ../contracts/openapi.ts,
// so the same checks run in workerd (Worker tests) and in Node (scripts/fake-jira.ts).
// Atlassian's schemas are closed already (additionalProperties: false), so a field JIRA does not send fails.
import { openApiContract } from "../contracts/openapi";
import jiraDocument from "../contracts/jira.openapi.json" with { type: "json" };

export { NOT_IN_API, type ShapeProblem } from "../contracts/openapi";

const contract = openApiContract(jiraDocument, "jira.openapi.json");
/** The operation a concrete path (`/rest/api/3/project/SL`) names; exact templates win over patterns. */
export const jiraOperation = contract.operation;
export const schemaProblems = contract.schemaProblems;
const { component, registeredSchema, fail } = contract;

/** Throws unless `body` is the named component schema (`User`, `CreatedIssues`, `ErrorCollection`…). */
export function assertJiraSchema(name: string, body: unknown): void {
  const problems = schemaProblems(component(name), body);
  if (problems.length) fail(`a JIRA ${name}`, problems);
}

/**
 * Throws unless `body` is what the operation answers with `status`. Statuses the document lists without a body
 * (401, 404…) or does not list (429, 5xx) carry JIRA's ErrorCollection; whole-request refusals are ErrorCollections
 * too, even where the document names another shape for that status (bulk create's 400 names CreatedIssues, for
 * per-item failures). Redirects carry nothing to check.
 */
export function assertJiraResponse(method: string, path: string, status: number, body: unknown): void {
  const operation = jiraOperation(method, path);
  if (!operation) throw new Error(`jira.openapi.json has no operation ${method} ${path}`);
  if (status >= 300 && status < 400) return;
  if (status === 204) {
    // (an edit's answer: documented, and empty)
    if (!operation.responses["204"]) throw new Error(`${method} ${operation.template} describes no 204 answer`);
    if (body !== null && body !== undefined)
      fail(`JIRA's answer to ${method} ${operation.template} with 204`, [{ location: "", message: "has a body" }]);
    return;
  }
  const schema = operation.responses[String(status)]?.content?.["application/json"]?.schema;
  const what = `JIRA's answer to ${method} ${operation.template} with ${status}`;
  if (schema) {
    const problems = schemaProblems(registeredSchema(`${method} ${operation.template} ${status}`, schema), body);
    if (!problems.length) return;
    if (status < 400 || schemaProblems(component("ErrorCollection"), body).length) fail(what, problems);
    return;
  }
  if (status < 300) throw new Error(`${method} ${operation.template} describes no JSON answer for ${status}`);
  const problems = schemaProblems(component("ErrorCollection"), body);
  if (problems.length) fail(`${what} (an ErrorCollection)`, problems);
}

/** Throws unless `body` is the operation's JSON request body (issue create: IssueUpdateDetails; bulk: IssuesUpdateBean). */
export function assertJiraRequest(method: string, path: string, body: unknown): void {
  const operation = jiraOperation(method, path);
  if (!operation) throw new Error(`jira.openapi.json has no operation ${method} ${path}`);
  const schema = operation.requestBody?.content["application/json"]?.schema;
  if (!schema) throw new Error(`${method} ${operation.template} takes no JSON body`);
  const problems = schemaProblems(registeredSchema(`${method} ${operation.template} request`, schema), body);
  if (problems.length) fail(`a JIRA request body for ${method} ${operation.template}`, problems);
}

/** The query parameters the operation does not have (JIRA ignores them; a fake that accepted them would hide a typo). */
export function unknownQueryParameters(method: string, path: string, names: Iterable<string>): string[] {
  const operation = jiraOperation(method, path);
  if (!operation) throw new Error(`jira.openapi.json has no operation ${method} ${path}`);
  const known = new Set((operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name));
  return [...names].filter((name) => !known.has(name));
}
