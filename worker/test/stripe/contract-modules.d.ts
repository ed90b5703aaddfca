// Types for the two contract files that contract.ts imports as they are (no resolveJsonModule: the 930 KB document
// would slow every type-check, and nothing needs its literal type).
declare module "*/stripe.openapi.json" {
  const document: Record<string, unknown>;
  export default document;
}

declare module "*/oas30-jsonschema.mjs" {
  export function toJsonSchema<T>(document: T, options?: { closed?: boolean }): T;
}
