// The emulator refuses what Stripe would refuse: a parameter the operation does not have (`items[0][plan]` where
// `price` was meant, a misspelt `payment_behaviour`), or a value of the wrong type or outside its enum. Form values
// are strings, so each is first given the type the operation's schema asks for.
import type { Schema } from "@cfworker/json-schema";
import { NOT_IN_API, registeredSchema, resolveSchema, schemaProblems, stripeOperation } from "./contract";
import type { FormObject, FormValue } from "./form";

export interface RequestProblem {
  /** The parameter as Stripe names it: `items[0][plan]`. */
  param: string;
  message: string;
  /** Stripe's codes for these two: parameter_unknown, parameter_missing. */
  unknown: boolean;
  missing: boolean;
}

function coerce(value: FormValue, schema: Schema): unknown {
  const target = resolveSchema(schema);
  if (target.anyOf) {
    const candidates = target.anyOf.map((branch) => coerce(value, branch));
    return candidates.find((candidate, i) => schemaProblems(target.anyOf![i]!, candidate).length === 0) ?? value;
  }
  if (typeof value === "string") {
    const types = [target.type ?? []].flat();
    if (types.some((t) => t === "number" || t === "integer") && value.trim() !== "" && Number.isFinite(Number(value)))
      return Number(value);
    if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
    return value;
  }
  if (Array.isArray(value)) {
    const items = typeof target.items === "object" && !Array.isArray(target.items) ? target.items : {};
    return value.map((item) => coerce(item, items));
  }
  const extra = typeof target.additionalProperties === "object" ? target.additionalProperties : {};
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const property = target.properties?.[key];
      return [key, coerce(item, typeof property === "object" ? property : extra)];
    }),
  );
}

/** The operation's query parameters as one closed object schema (Stripe refuses unknown ones there too). */
function querySchema(
  method: string,
  template: string,
  parameters: { in: string; name: string; schema: Schema }[],
): Schema {
  const query = parameters.filter((p) => p.in === "query");
  return registeredSchema(`${method} ${template} query`, {
    type: "object",
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    additionalProperties: false,
  });
}

/** `/items/0/plan` → `items[0][plan]`. */
const paramName = (location: string) =>
  location
    .split("/")
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : `[${part}]`))
    .join("");

/** The first thing Stripe would refuse in a request's parameters (query for GET, form body otherwise), or null. */
export function stripeRequestProblem(method: string, path: string, params: FormObject): RequestProblem | null {
  const operation = stripeOperation(method, path);
  if (!operation) throw new Error(`stripe.openapi.json has no operation ${method} ${path}`);
  const body = operation.requestBody?.content["application/x-www-form-urlencoded"]?.schema;
  const schema = method === "GET" ? querySchema(method, operation.template, operation.parameters ?? []) : body;
  if (!schema) return null;
  const [problem] = schemaProblems(schema, coerce(params, schema));
  if (!problem) return null;
  const required = /^Instance does not have required property "(.+)"\.$/.exec(problem.message)?.[1];
  const param = paramName(required ? `${problem.location}/${required}` : problem.location);
  if (required) return { param, unknown: false, missing: true, message: `Missing required param: ${param}.` };
  if (problem.message === NOT_IN_API)
    return { param, unknown: true, missing: false, message: `Received unknown parameter: ${param}` };
  return { param, unknown: false, missing: false, message: `Invalid ${param || "request"}: ${problem.message}` };
}
