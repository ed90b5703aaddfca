// Holds JSON to a trimmed OpenAPI 3.0 document (stripe.openapi.json, jira.openapi.json) with @cfworker/json-schema,
// which compiles nothing at run time, so the same checks run in workerd (Worker tests) and in Node (scripts/fake-*.ts).
// Objects are closed: a mock carrying a field the API does not have fails, as does a missing required field or a
// wrong enum. stripe/contract.ts and jira/contract.ts add each API's own assertions on top.
import { dereference, validate, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { toJsonSchema } from "./oas30-jsonschema.mjs";

export interface Operation {
  template: string;
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

/** One failure: where in the value (a JSON pointer, "" for the whole) and what is wrong there. */
export interface ShapeProblem {
  location: string;
  message: string;
}

/** The message for a field the API does not have (objects are closed). */
export const NOT_IN_API = "is not a field of this object in the API";

const SUMMARY_KEYWORDS = new Set(["$ref", "anyOf", "allOf", "oneOf", "properties", "items", "additionalProperties"]);
const MOST_PROBLEMS_SHOWN = 12;

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

export interface OpenApiContract {
  /** The operation a concrete path (`/v1/subscriptions/sub_123`) or a template names; exact templates win. */
  operation(method: string, path: string): Operation | undefined;
  /** A component schema by name; throws when the document has none. */
  component(name: string): Schema;
  /**
   * Gives a schema found outside `components` absolute `$ref`s and remembers it under `key`: the validator's index
   * skips what sits under a `default` key (the error answers) or in arrays (`parameters`), and schemas built here.
   */
  registeredSchema(key: string, schema: Schema): Schema;
  /** Follows a `$ref` (absolute once registered) to the schema it names. */
  resolveSchema(schema: Schema): Schema;
  /** What is wrong with `value` against `schema`: the deepest failures first, none when it matches. */
  schemaProblems(schema: Schema, value: unknown): ShapeProblem[];
  /** Throws an error naming what `value` is not, with its first problems. */
  fail(what: string, problems: ShapeProblem[]): never;
}

/** A contract over `document`, converted and indexed on first use (about 50 ms for Stripe's 930 KB). */
export function openApiContract(document: unknown, file: string): OpenApiContract {
  const base = new URL(`https://contracts.storyloom.test/${file}`);
  let loaded: { paths: Record<string, Record<string, Omit<Operation, "template">>>; lookup: ReturnType<typeof dereference>; registered: Map<string, Schema> } | undefined;
  const contract = () => {
    if (!loaded) {
      const converted = toJsonSchema(document, { closed: true }) as unknown as Pick<NonNullable<typeof loaded>, "paths">;
      loaded = { paths: converted.paths, lookup: dereference(converted as Schema, undefined, base), registered: new Map() };
    }
    return loaded;
  };

  const self: OpenApiContract = {
    operation(method, path) {
      const { paths } = contract();
      const verb = method.toLowerCase();
      if (paths[path]?.[verb]) return { template: path, ...paths[path][verb] };
      for (const [template, operations] of Object.entries(paths)) {
        const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
        if (operations[verb] && pattern.test(path)) return { template, ...operations[verb] };
      }
      return undefined;
    },
    component(name) {
      const schema = contract().lookup[`${base.href}#/components/schemas/${name}`];
      if (typeof schema !== "object") throw new Error(`${file} has no component schema '${name}'`);
      return schema;
    },
    registeredSchema(key, schema) {
      const { lookup, registered } = contract();
      const known = registered.get(key);
      if (known) return known;
      dereference(schema, lookup, base, `/x-storyloom/${registered.size}`);
      registered.set(key, schema);
      return schema;
    },
    resolveSchema(schema) {
      if (schema.$ref === undefined) return schema;
      const target = contract().lookup[schema.__absolute_ref__ ?? new URL(schema.$ref, base).href];
      if (typeof target !== "object") throw new Error(`Unresolved $ref ${schema.$ref}`);
      return self.resolveSchema(target);
    },
    schemaProblems(schema, value) {
      const { lookup } = contract();
      // Short-circuiting is fast; only a failure is validated again in full, for the message.
      if (validate(value, schema, "2019-09", lookup, true).valid) return [];
      return leaves(validate(value, schema, "2019-09", lookup, false).errors);
    },
    fail(what, problems) {
      const lines = problems.slice(0, MOST_PROBLEMS_SHOWN).map((p) => `${p.location || "/"}: ${p.message}`);
      if (problems.length > MOST_PROBLEMS_SHOWN) lines.push(`… and ${problems.length - MOST_PROBLEMS_SHOWN} more`);
      throw new Error(`Not ${what} (${file}):\n  ${lines.join("\n  ")}`);
    },
  };
  return self;
}
