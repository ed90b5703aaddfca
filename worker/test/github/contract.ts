// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsconfig.json (scripts) sees these files only through imports, and a declaration file cannot be imported
/// <reference path="../stripe/contract-modules.d.ts" />
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- as above
/// <reference path="./contract-modules.d.ts" />
// Holds GitHub-shaped JSON to GitHub's published description of the REST API, version 2022-11-28
// (worker/test/contracts/github.openapi.json: the 11 operations StoryLoom may call), through ../contracts/openapi.ts,
// so the same checks run in workerd (Worker tests) and in Node (scripts/fake-github.ts). Objects are closed here: the
// emulator must not invent fields (GitHub's own schemas are open; see the README's "Open vs closed schemas").
import type { Schema } from "@cfworker/json-schema";
import { openApiContract } from "../contracts/openapi";
import githubDocument from "../contracts/github.openapi.json" with { type: "json" };

export { NOT_IN_API, type ShapeProblem } from "../contracts/openapi";

const contract = openApiContract(githubDocument, "github.openapi.json");
/** The operation a concrete path (`/repos/acme/app/issues/42`) names; exact templates win over patterns. */
export const githubOperation = contract.operation;
export const schemaProblems = contract.schemaProblems;
const { component, registeredSchema, fail } = contract;

interface RawDocument {
  components: {
    responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
    parameters: Record<string, { name: string; in: string; required?: boolean; schema: Schema }>;
  };
}
const raw = githubDocument as unknown as RawDocument;

type ResponseObject = { $ref?: string; content?: Record<string, { schema?: Schema }> };

/** A response, its `#/components/responses/…` reference followed (the shared 401, 403, 404, 410, 422 and 503). */
function resolveResponse(response: ResponseObject | undefined): ResponseObject | undefined {
  const name = /^#\/components\/responses\/(.+)$/.exec(response?.$ref ?? "")?.[1];
  if (!name) return response;
  const shared = raw.components.responses[name];
  if (!shared) throw new Error(`github.openapi.json has no response ${name}`);
  return structuredClone(shared);
}

/** Throws unless `body` is the named component schema (`issue`, `label`, `validation-error`…). */
export function assertGitHubSchema(name: string, body: unknown): void {
  const problems = schemaProblems(component(name), body);
  if (problems.length) fail(`a GitHub ${name}`, problems);
}

/**
 * Throws unless `body` is what the operation answers with `status`. Statuses the document does not list for the
 * operation (429, 5xx, a 401 or 403 on any call) carry GitHub's basic-error; redirects and 304 carry nothing to check.
 */
export function assertGitHubResponse(method: string, path: string, status: number, body: unknown): void {
  const operation = githubOperation(method, path);
  if (!operation) throw new Error(`github.openapi.json has no operation ${method} ${path}`);
  if (status >= 300 && status < 400) return;
  const response = resolveResponse(operation.responses[String(status)] as ResponseObject | undefined);
  const schema = response?.content?.["application/json"]?.schema;
  const what = `GitHub's answer to ${method} ${operation.template} with ${status}`;
  if (schema) {
    const problems = schemaProblems(registeredSchema(`${method} ${operation.template} ${status}`, schema), body);
    if (problems.length) fail(what, problems);
    return;
  }
  if (status < 300) throw new Error(`${method} ${operation.template} describes no JSON answer for ${status}`);
  const problems = schemaProblems(component("basic-error"), body);
  if (problems.length) fail(`${what} (a basic-error)`, problems);
}

/** Throws unless `body` is the operation's JSON request body (issue create, label create, add sub-issue). */
export function assertGitHubRequest(method: string, path: string, body: unknown): void {
  const operation = githubOperation(method, path);
  if (!operation) throw new Error(`github.openapi.json has no operation ${method} ${path}`);
  const schema = operation.requestBody?.content["application/json"]?.schema;
  if (!schema) throw new Error(`${method} ${operation.template} takes no JSON body`);
  const problems = schemaProblems(registeredSchema(`${method} ${operation.template} request`, schema), body);
  if (problems.length) fail(`a GitHub request body for ${method} ${operation.template}`, problems);
}

/**
 * What is wrong with a request's query: parameters the operation does not have (GitHub ignores them, so a typo would
 * go unnoticed: `label=` filters nothing), values outside an enum, and integers that are not.
 */
export function queryProblems(method: string, path: string, query: Record<string, string>): string[] {
  const operation = githubOperation(method, path);
  if (!operation) throw new Error(`github.openapi.json has no operation ${method} ${path}`);
  const parameters: { name: string; in: string; required?: boolean; schema: Schema }[] = (
    operation.parameters ?? []
  ).map((p) => {
    const name = /^#\/components\/parameters\/(.+)$/.exec((p as { $ref?: string }).$ref ?? "")?.[1];
    return name ? raw.components.parameters[name]! : p;
  });
  const known = new Map(parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema]));
  const problems: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    const schema = known.get(name) as { type?: string; enum?: string[] } | undefined;
    if (!schema) problems.push(`${name} is not a query parameter of ${method} ${operation.template}`);
    else if (schema.enum && !schema.enum.includes(value))
      problems.push(`${name}=${value} is not one of ${schema.enum.join(", ")}`);
    else if (schema.type === "integer" && !/^\d+$/.test(value)) problems.push(`${name}=${value} is not an integer`);
  }
  for (const p of parameters)
    if (p.in === "query" && p.required && !(p.name in query)) problems.push(`${p.name} is required`);
  return problems;
}
