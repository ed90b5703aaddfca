// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsconfig.json (scripts) sees these files only through imports, and a declaration file cannot be imported
/// <reference path="../stripe/contract-modules.d.ts" />
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- as above
/// <reference path="./contract-modules.d.ts" />
// Holds JIRA-shaped JSON to Atlassian's published description of the Jira Cloud platform REST API v3
// (worker/test/contracts/jira.openapi.json: the 11 operations StoryLoom may call). Pure TypeScript on
// @cfworker/json-schema, so the same checks run in workerd (Worker tests) and in Node (scripts/fake-jira.ts).
// Atlassian's schemas are closed already (additionalProperties: false), so a field JIRA does not send fails.
import { dereference, validate, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { toJsonSchema } from "../contracts/oas30-jsonschema.mjs";
import jiraDocument from "../contracts/jira.openapi.json" with { type: "json" };

interface Operation {
  template: string;
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface Contract {
  paths: Record<string, Record<string, Omit<Operation, "template">>>;
  lookup: ReturnType<typeof dereference>;
  registered: Map<string, Schema>;
}

const BASE = new URL("https://contracts.storyloom.test/jira.openapi.json");
let loaded: Contract | undefined;

function contract(): Contract {
  loaded ??= load();
  return loaded;
}

function load(): Contract {
  const document = toJsonSchema(jiraDocument, { closed: true }) as unknown as Pick<Contract, "paths">;
  return { paths: document.paths, lookup: dereference(document as Schema, undefined, BASE), registered: new Map() };
}

/** The operation a concrete path (`/rest/api/3/project/SL`) names; exact templates win over patterns. */
export function jiraOperation(method: string, path: string): Operation | undefined {
  const { paths } = contract();
  const verb = method.toLowerCase();
  if (paths[path]?.[verb]) return { template: path, ...paths[path][verb] };
  for (const [template, operations] of Object.entries(paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (operations[verb] && pattern.test(path)) return { template, ...operations[verb] };
  }
  return undefined;
}

/** A schema from outside `components`, given absolute `$ref`s and remembered under `key`. */
function registeredSchema(key: string, schema: Schema): Schema {
  const { lookup, registered } = contract();
  const known = registered.get(key);
  if (known) return known;
  dereference(schema, lookup, BASE, `/x-storyloom/${registered.size}`);
  registered.set(key, schema);
  return schema;
}

function component(name: string): Schema {
  const schema = contract().lookup[`${BASE.href}#/components/schemas/${name}`];
  if (typeof schema !== "object") throw new Error(`jira.openapi.json has no component schema '${name}'`);
  return schema;
}

export interface ShapeProblem {
  location: string;
  message: string;
}

const SUMMARY_KEYWORDS = new Set(["$ref", "anyOf", "allOf", "oneOf", "properties", "items", "additionalProperties"]);
export const NOT_IN_API = "is not a field of this object in the API";

function leaves(errors: OutputUnit[]): ShapeProblem[] {
  const unique = new Map<string, ShapeProblem>();
  for (const e of errors.filter((e) => !SUMMARY_KEYWORDS.has(e.keyword))) {
    const problem = { location: e.instanceLocation.replace(/^#/, ""), message: e.error === "False boolean schema." ? NOT_IN_API : e.error };
    unique.set(`${problem.location} ${problem.message}`, problem);
  }
  return [...unique.values()].sort((a, b) => b.location.split("/").length - a.location.split("/").length);
}

export function schemaProblems(schema: Schema, value: unknown): ShapeProblem[] {
  const { lookup } = contract();
  if (validate(value, schema, "2019-09", lookup, true).valid) return [];
  return leaves(validate(value, schema, "2019-09", lookup, false).errors);
}

function fail(what: string, problems: ShapeProblem[]): never {
  const lines = problems.slice(0, 12).map((p) => `${p.location || "/"}: ${p.message}`);
  if (problems.length > 12) lines.push(`… and ${problems.length - 12} more`);
  throw new Error(`Not ${what} (jira.openapi.json):\n  ${lines.join("\n  ")}`);
}

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
