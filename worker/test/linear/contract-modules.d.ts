// Types for the Linear contract files, imported as they are: the SDL as text (Vite's `?raw`, and a load hook in
// scripts/fake-linear.ts) and graphql-contract.mjs, a plain-JavaScript helper copied unchanged with the contracts.
declare module "*/linear.schema.graphql?raw" {
  const sdl: string;
  export default sdl;
}

declare module "*/graphql-contract.mjs" {
  import type * as GraphQL from "graphql";
  import type { GraphQLSchema } from "graphql";
  export interface GraphQLRequest {
    query: string;
    variables?: Record<string, unknown>;
    operationName?: string;
  }
  export interface GraphQLContract {
    schema: GraphQLSchema;
    /** Problems with the document and its variables; empty when valid. */
    checkRequest(request: GraphQLRequest): string[];
    /** Problems with a JSON answer to the request; empty when valid. */
    checkResponse(request: GraphQLRequest, body: unknown): string[];
  }
  export const LINEAR_STRING_SCALARS: string[];
  export function createGraphQLContract(
    graphql: typeof GraphQL,
    sdl: string,
    options?: { stringScalars?: string[] },
  ): GraphQLContract;
}
