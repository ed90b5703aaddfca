// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsconfig.json (scripts) sees these files only through imports, and a declaration file cannot be imported
/// <reference path="./contract-modules.d.ts" />
// Holds Linear GraphQL requests and answers to Linear's own schema, trimmed to the root fields StoryLoom may use
// (worker/test/contracts/linear.schema.graphql, linear.ops.txt), with graphql-contract.mjs and the installed `graphql`
// package, so the same checks run in workerd (Worker tests) and in Node (scripts/fake-linear.ts).
import * as graphql from "graphql";
import sdl from "../contracts/linear.schema.graphql?raw";
import {
  createGraphQLContract,
  LINEAR_STRING_SCALARS,
  type GraphQLContract,
  type GraphQLRequest,
} from "../contracts/graphql-contract.mjs";

export type { GraphQLRequest } from "../contracts/graphql-contract.mjs";

export const linearContract: GraphQLContract = createGraphQLContract(graphql, sdl, {
  stringScalars: LINEAR_STRING_SCALARS,
});

/** Throws unless the document is valid against the kept schema and its variables coerce to the declared types. */
export function assertLinearRequest(request: GraphQLRequest): void {
  const problems = linearContract.checkRequest(request);
  if (problems.length)
    throw new Error(`A Linear request breaks linear.schema.graphql:\n- ${problems.slice(0, 10).join("\n- ")}`);
}

/** Throws unless `body` is what Linear could answer to `request`: `data` as the document selects it, or `errors`. */
export function assertLinearResponse(request: GraphQLRequest, body: unknown): void {
  const problems = linearContract.checkResponse(request, body);
  if (problems.length)
    throw new Error(`A Linear answer breaks linear.schema.graphql:\n- ${problems.slice(0, 10).join("\n- ")}`);
}
