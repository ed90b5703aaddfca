// Holds every response of the Worker tests to the API's own description (/api/openapi.json, lib/openapi.ts): a
// documented route that answers a status, or a body, its description does not give fails the test that called it.
// The ~1,000 Worker tests thereby check the description's truth, route by route, as they run.
import { app } from "../app";
import { openApiDocument } from "../lib/openapi";
import { SESSION_COOKIE } from "../services/auth/sessions";
import { openApiContract, type OpenApiContract } from "./contracts/openapi";

let description: Promise<OpenApiContract> | undefined;

export async function checkAgainstDescription(method: string, url: URL, response: Response): Promise<void> {
  description ??= openApiDocument(app, SESSION_COOKIE).then((doc) => openApiContract(doc, "/api/openapi.json"));
  const contract = await description;
  const operation = contract.operation(method, url.pathname);
  if (!operation) return; // not an API route (a page, a dev-only route, an unknown path)
  const where = `${method} ${operation.template}`;
  const documented =
    operation.responses[String(response.status)] ?? (response.status >= 400 ? operation.responses.default : undefined);
  if (!documented) throw new Error(`${where} answered ${response.status}, which /api/openapi.json does not describe`);
  const schema = documented.content?.["application/json"]?.schema;
  if (!schema) return; // a redirect
  if (!response.headers.get("Content-Type")?.startsWith("application/json"))
    throw new Error(`${where} answered ${response.status} without the JSON its description gives`);
  const problems = contract.schemaProblems(schema, await response.clone().json());
  if (problems.length > 0) contract.fail(`the body ${where} is described to answer with ${response.status}`, problems);
}
