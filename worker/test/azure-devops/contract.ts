// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsconfig.json (scripts) sees these files only through imports, and a declaration file cannot be imported
/// <reference path="../stripe/contract-modules.d.ts" />
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- as above
/// <reference path="./contract-modules.d.ts" />
// Holds Azure DevOps-shaped requests and answers to Microsoft's published specs of the REST API 7.1
// (worker/test/contracts/azure-devops.openapi.json: the 12 operations StoryLoom may call), so the same checks run in
// workerd (Worker tests) and in Node (scripts/fake-azure-devops.ts).
//
// Not through ../contracts/openapi.ts, for two reasons the README ("Pitfalls when mocking Azure DevOps") gives:
// these schemas must be checked open (they inherit through allOf, which closing breaks), and the create path's
// literal "$" before {type} is not a pattern character; the "${type}" template must also win over "{id}".
// Microsoft's schemas require almost nothing, so assertWorkItem and friends add what StoryLoom relies on.
import { dereference, validate, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { toJsonSchema } from "../contracts/oas30-jsonschema.mjs";
import azureDocument from "../contracts/azure-devops.openapi.json" with { type: "json" };

export interface AzureOperation {
  template: string;
  operationId: string;
  /** Path parameters by name, decoded. */
  params: Record<string, string>;
  query: { name: string; required: boolean; schema: Schema }[];
  /** The request body's schema and its content type, when the operation takes one. */
  requestBody: { contentType: string; schema: Schema } | null;
  /** The 200 answer's schema. */
  answer: Schema;
}

export interface ShapeProblem {
  location: string;
  message: string;
}

interface RawOperation {
  operationId: string;
  parameters?: ({ $ref: string } | { name: string; in: string; required?: boolean; schema: Schema })[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

const BASE = new URL("https://contracts.storyloom.test/azure-devops.openapi.json");
const SUMMARY_KEYWORDS = new Set(["$ref", "anyOf", "allOf", "oneOf", "properties", "items", "additionalProperties"]);

interface Loaded {
  document: {
    paths: Record<string, Record<string, RawOperation>>;
    components: { parameters: Record<string, { name: string; in: string; required?: boolean; schema: Schema }> };
  };
  lookup: ReturnType<typeof dereference>;
  routes: { template: string; method: string; pattern: RegExp; names: string[]; operation: RawOperation }[];
  registered: Map<string, Schema>;
}

let loaded: Loaded | undefined;

function contract(): Loaded {
  if (loaded) return loaded;
  // Open: see above. toJsonSchema turns OpenAPI's `nullable` into JSON Schema.
  const document = toJsonSchema(azureDocument) as unknown as Loaded["document"];
  const lookup = dereference(document as unknown as Schema, undefined, BASE);
  const routes: Loaded["routes"] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const names: string[] = [];
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(name);
          return "([^/]+)";
        })
        .join("");
      routes.push({
        template,
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}$`, "i"),
        names,
        operation,
      });
    }
  }
  // More literal text first: "…/workitems/${type}" before "…/workitems/{id}" (README: a router must try ${type} first).
  routes.sort((a, b) => b.template.replace(/\{[^}]+\}/g, "").length - a.template.replace(/\{[^}]+\}/g, "").length);
  loaded = { document, lookup, routes, registered: new Map() };
  return loaded;
}

function registered(key: string, schema: Schema): Schema {
  const { lookup, registered: known } = contract();
  const found = known.get(key);
  if (found) return found;
  dereference(schema, lookup, BASE, `/x-storyloom/${known.size}`);
  known.set(key, schema);
  return schema;
}

/** The operation a concrete path names (`/acme/3f0…/_apis/wit/workitems/$User%20Story`), with its parameters. */
export function azureOperation(method: string, path: string): AzureOperation | undefined {
  const { routes, document } = contract();
  for (const route of routes) {
    if (route.method !== method.toUpperCase()) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1]!);
    });
    const parameters = (route.operation.parameters ?? []).map((p) =>
      "$ref" in p ? document.components.parameters[p.$ref.split("/").pop()!]! : p,
    );
    const body = Object.entries(route.operation.requestBody?.content ?? {})[0];
    const answer = route.operation.responses["200"]?.content?.["application/json"]?.schema;
    if (!answer) throw new Error(`${method} ${route.template} describes no JSON answer`);
    return {
      template: route.template,
      operationId: route.operation.operationId,
      params,
      query: parameters
        .filter((p) => p.in === "query")
        .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema })),
      requestBody: body
        ? { contentType: body[0], schema: registered(`${method} ${route.template} request`, body[1].schema) }
        : null,
      answer: registered(`${method} ${route.template} 200`, answer),
    };
  }
  return undefined;
}

/** A component schema by name (`WorkItem`, `JsonPatchDocument`…). */
export function azureComponent(name: string): Schema {
  const schema = contract().lookup[`${BASE.href}#/components/schemas/${name}`];
  if (typeof schema !== "object") throw new Error(`azure-devops.openapi.json has no component schema '${name}'`);
  return schema;
}

function leaves(errors: OutputUnit[]): ShapeProblem[] {
  const unique = new Map<string, ShapeProblem>();
  for (const e of errors.filter((e) => !SUMMARY_KEYWORDS.has(e.keyword))) {
    const problem = { location: e.instanceLocation.replace(/^#/, ""), message: e.error };
    unique.set(`${problem.location} ${problem.message}`, problem);
  }
  return [...unique.values()].sort((a, b) => b.location.split("/").length - a.location.split("/").length);
}

export function schemaProblems(schema: Schema, value: unknown): ShapeProblem[] {
  const { lookup } = contract();
  if (validate(value, schema, "2019-09", lookup, true).valid) return [];
  return leaves(validate(value, schema, "2019-09", lookup, false).errors);
}

export function failContract(what: string, problems: ShapeProblem[]): never {
  const lines = problems.slice(0, 12).map((p) => `${p.location || "/"}: ${p.message}`);
  throw new Error(`Not ${what} (azure-devops.openapi.json):\n  ${lines.join("\n  ")}`);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Throws unless `body` is Azure DevOps' error object, the shape of every refusal (the specs describe none):
 * `{ $id, innerException, message, typeName, typeKey, errorCode, eventId }`.
 */
export function assertAzureError(body: unknown): void {
  const problems: ShapeProblem[] = [];
  if (!isObject(body)) problems.push({ location: "", message: "is not an object" });
  else {
    for (const [name, type] of [
      ["$id", "string"],
      ["message", "string"],
      ["typeName", "string"],
      ["typeKey", "string"],
      ["errorCode", "number"],
      ["eventId", "number"],
    ] as const)
      if (typeof body[name] !== type) problems.push({ location: `/${name}`, message: `is not a ${type}` });
    if (!("innerException" in body)) problems.push({ location: "/innerException", message: "is missing" });
  }
  if (problems.length) failContract("an Azure DevOps error object", problems);
}

/** Throws unless `body` is the operation's 200 answer, with what StoryLoom relies on that Microsoft's schemas omit. */
export function assertAzureAnswer(method: string, path: string, body: unknown): void {
  const operation = azureOperation(method, path);
  if (!operation) throw new Error(`azure-devops.openapi.json has no operation ${method} ${path}`);
  const what = `Azure DevOps' answer to ${method} ${operation.template}`;
  const problems = schemaProblems(operation.answer, body);
  if (problems.length) failContract(what, problems);
  const required = (value: unknown, at: string, names: string[]) => {
    for (const name of names)
      if (!isObject(value) || value[name] === undefined)
        problems.push({ location: `${at}/${name}`, message: "is missing" });
  };
  const items = isObject(body) && Array.isArray(body.value) ? body.value : [];
  switch (operation.operationId.replace(/ \(no (project|team)\)$/, "")) {
    case "Projects_List":
      items.forEach((p, i) => required(p, `/value/${i}`, ["id", "name", "state", "url"]));
      break;
    case "Projects_Get":
      required(body, "", ["id", "name", "state", "url"]);
      break;
    case "Work Item Types_List":
      items.forEach((t, i) => required(t, `/value/${i}`, ["name", "referenceName", "fields"]));
      break;
    case "Work Items_Create":
    case "Work Items_Update":
    case "Work Items_Get Work Item":
      required(body, "", ["id", "rev", "fields", "url"]);
      break;
    case "Work Items_List":
      items.forEach((w, i) => required(w, `/value/${i}`, ["id", "rev", "fields", "url"]));
      break;
    case "Wiql_Query By Wiql":
      required(body, "", ["queryType", "queryResultType", "asOf", "columns", "workItems"]);
      break;
  }
  if (problems.length) failContract(what, problems);
}

/** Throws unless `body` is the operation's request body (a JSON Patch array, or a Wiql object). */
export function assertAzureRequest(method: string, path: string, body: unknown): void {
  const operation = azureOperation(method, path);
  if (!operation) throw new Error(`azure-devops.openapi.json has no operation ${method} ${path}`);
  if (!operation.requestBody) throw new Error(`${method} ${operation.template} takes no body`);
  const problems = schemaProblems(operation.requestBody.schema, body);
  if (problems.length) failContract(`an Azure DevOps request body for ${method} ${operation.template}`, problems);
}
