// What the OpenAPI description's JSON Schema step takes from "zod/v4/core" (wrangler.toml [alias]). Its library
// (@standard-community/standard-json) loads that module with a dynamic import, which keeps every export of zod's
// core in the Worker bundle, the 62 message locales among them (about 65 KB gzip). Only toJSONSchema is read.
export { toJSONSchema } from "zod";
