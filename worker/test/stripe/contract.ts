// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsconfig.json (scripts) sees this file only through imports, and a declaration file cannot be imported
/// <reference path="./contract-modules.d.ts" />
// Holds Stripe-shaped JSON to the published API description (worker/test/contracts/stripe.openapi.json, API
// 2026-10-28.endive). Pure TypeScript on @cfworker/json-schema, which compiles nothing at run time, so the same checks
// run in workerd (Worker tests) and in Node (scripts/fake-stripe.ts). Objects are closed: a mock carrying a field the
// API does not have (an invoice's removed `payment_intent`) fails, as does a missing required field or a wrong enum.
import { dereference, validate, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { toJsonSchema } from "../contracts/oas30-jsonschema.mjs";
import stripeDocument from "../contracts/stripe.openapi.json" with { type: "json" };

/** A component schema's name (`subscription`, `invoice`, `event`…) or an operation's response for a status. */
export type StripeShape = string | { method: string; path: string; status: number };

interface Operation {
  template: string;
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

interface Contract {
  paths: Record<string, Record<string, Omit<Operation, "template">>>;
  lookup: ReturnType<typeof dereference>;
  /** Schemas outside `components` (responses, request bodies) are registered on first use, under these keys. */
  registered: Map<string, Schema>;
}

const BASE = new URL("https://contracts.storyloom.test/stripe.openapi.json");
let loaded: Contract | undefined;

// Converted and indexed once per process: about 50 ms for the 930 KB document.
function contract(): Contract {
  loaded ??= load();
  return loaded;
}

function load(): Contract {
  const document = toJsonSchema(stripeDocument, { closed: true }) as unknown as Pick<Contract, "paths">;
  return { paths: document.paths, lookup: dereference(document as Schema, undefined, BASE), registered: new Map() };
}

/** The operation a concrete path (`/v1/subscriptions/sub_123`) or a template (`/v1/subscriptions/{…}`) names. */
export function stripeOperation(method: string, path: string): Operation | undefined {
  const { paths } = contract();
  const verb = method.toLowerCase();
  if (paths[path]?.[verb]) return { template: path, ...paths[path][verb] };
  for (const [template, operations] of Object.entries(paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (operations[verb] && pattern.test(path)) return { template, ...operations[verb] };
  }
  return undefined;
}

/**
 * Gives a schema found outside `components` absolute `$ref`s and remembers it under `key`: the validator's index
 * skips what sits under a `default` key (the error answers) or in arrays (`parameters`), and schemas built here.
 */
export function registeredSchema(key: string, schema: Schema): Schema {
  const { lookup, registered } = contract();
  const known = registered.get(key);
  if (known) return known;
  dereference(schema, lookup, BASE, `/x-storyloom/${registered.size}`);
  registered.set(key, schema);
  return schema;
}

function schemaFor(shape: StripeShape): Schema {
  if (typeof shape === "string") {
    const schema = contract().lookup[`${BASE.href}#/components/schemas/${shape}`];
    if (typeof schema !== "object") throw new Error(`stripe.openapi.json has no component schema '${shape}'`);
    return schema;
  }
  const operation = stripeOperation(shape.method, shape.path);
  if (!operation) throw new Error(`stripe.openapi.json has no operation ${shape.method} ${shape.path}`);
  const answer = operation.responses[String(shape.status)] ? String(shape.status) : "default";
  const schema = operation.responses[answer]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${shape.method} ${operation.template} describes no JSON answer for ${shape.status}`);
  return registeredSchema(`${shape.method} ${operation.template} ${answer}`, schema);
}

/** One failure: where in the value (a JSON pointer, "" for the whole) and what is wrong there. */
export interface ShapeProblem {
  location: string;
  message: string;
}

/** Follows a `$ref` (absolute once registered) to the schema it names. */
export function resolveSchema(schema: Schema): Schema {
  if (schema.$ref === undefined) return schema;
  const target = contract().lookup[schema.__absolute_ref__ ?? new URL(schema.$ref, BASE).href];
  if (typeof target !== "object") throw new Error(`Unresolved $ref ${schema.$ref}`);
  return resolveSchema(target);
}

/** What is wrong with `value` against `schema`: the deepest failures first, none when it matches. */
export function schemaProblems(schema: Schema, value: unknown): ShapeProblem[] {
  const { lookup } = contract();
  // Short-circuiting is fast; only a failure is validated again in full, for the message.
  if (validate(value, schema, "2019-09", lookup, true).valid) return [];
  return leaves(validate(value, schema, "2019-09", lookup, false).errors);
}

/** The message for a field the API does not have (objects are closed). */
export const NOT_IN_API = "is not a field of this object in the API";

const SUMMARY_KEYWORDS = new Set(["$ref", "anyOf", "allOf", "oneOf", "properties", "items", "additionalProperties"]);

// The validator also reports every enclosing keyword ("A subschema had errors."): only the leaves say what is wrong.
// Deepest first, since in an `anyOf` (an id or the expanded object) the deepest branch is the one that was meant.
function leaves(errors: OutputUnit[]): ShapeProblem[] {
  const unique = new Map<string, ShapeProblem>();
  for (const e of errors.filter((e) => !SUMMARY_KEYWORDS.has(e.keyword))) {
    const problem = { location: e.instanceLocation.replace(/^#/, ""), message: e.error === "False boolean schema." ? NOT_IN_API : e.error };
    unique.set(`${problem.location} ${problem.message}`, problem);
  }
  return [...unique.values()].sort((a, b) => b.location.split("/").length - a.location.split("/").length);
}

const MOST_PROBLEMS_SHOWN = 12;

/** Throws, naming the problems, unless `body` is what Stripe's API describes for `shape`. */
export function assertStripeShape(shape: StripeShape, body: unknown): void {
  const problems = schemaProblems(schemaFor(shape), body);
  if (problems.length === 0) return;
  const name = typeof shape === "string" ? shape : `${shape.method} ${shape.path} ${shape.status}`;
  const lines = problems.slice(0, MOST_PROBLEMS_SHOWN).map((p) => `${p.location || "/"}: ${p.message}`);
  if (problems.length > MOST_PROBLEMS_SHOWN) lines.push(`… and ${problems.length - MOST_PROBLEMS_SHOWN} more`);
  throw new Error(`Not a Stripe ${name} (stripe.openapi.json):\n  ${lines.join("\n  ")}`);
}
