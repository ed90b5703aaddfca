// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsconfig.json (scripts) sees this file only through imports, and a declaration file cannot be imported
/// <reference path="./contract-modules.d.ts" />
// Holds Stripe-shaped JSON to the published API description (worker/test/contracts/stripe.openapi.json, API
// 2026-10-28.endive) through ../contracts/openapi.ts: a mock carrying a field the API does not have (an invoice's
// removed `payment_intent`) fails, as does a missing required field or a wrong enum.
import { NOT_IN_API, openApiContract, type ShapeProblem } from "../contracts/openapi";
import stripeDocument from "../contracts/stripe.openapi.json" with { type: "json" };

export { NOT_IN_API, type ShapeProblem };

/** A component schema's name (`subscription`, `invoice`, `event`…) or an operation's response for a status. */
export type StripeShape = string | { method: string; path: string; status: number };

const contract = openApiContract(stripeDocument, "stripe.openapi.json");
export const stripeOperation = contract.operation;
export const registeredSchema = contract.registeredSchema;
export const resolveSchema = contract.resolveSchema;
export const schemaProblems = contract.schemaProblems;

function schemaFor(shape: StripeShape) {
  if (typeof shape === "string") return contract.component(shape);
  const operation = stripeOperation(shape.method, shape.path);
  if (!operation) throw new Error(`stripe.openapi.json has no operation ${shape.method} ${shape.path}`);
  const answer = operation.responses[String(shape.status)] ? String(shape.status) : "default";
  const schema = operation.responses[answer]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${shape.method} ${operation.template} describes no JSON answer for ${shape.status}`);
  return registeredSchema(`${shape.method} ${operation.template} ${answer}`, schema);
}

/** Throws, naming the problems, unless `body` is what Stripe's API describes for `shape`. */
export function assertStripeShape(shape: StripeShape, body: unknown): void {
  const problems = schemaProblems(schemaFor(shape), body);
  if (problems.length === 0) return;
  const name = typeof shape === "string" ? shape : `${shape.method} ${shape.path} ${shape.status}`;
  contract.fail(`a Stripe ${name}`, problems);
}
