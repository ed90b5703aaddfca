import { jiraDomainSchema } from "../../schema/api/integrations";
import { AppError } from "./errors";

/**
 * The only way to address JIRA: `https://{site}.atlassian.net{path}`, built on the server from a validated site
 * label, so a stored or submitted domain can never point a request at another host (SSRF). `path` must be one of
 * our own REST paths; anything that would change the host, port or scheme is refused before any request.
 */
export function jiraUrl(domain: string, path: string): URL {
  const parsed = jiraDomainSchema.safeParse(domain);
  if (!parsed.success) throw new AppError("validation_failed", parsed.error.issues[0]!.message, { details: { field: "domain" } });
  if (!path.startsWith("/rest/")) throw new Error(`Not a JIRA REST path: ${path}`);
  const url = new URL(path, `https://${parsed.data}`);
  if (url.hostname !== parsed.data || url.protocol !== "https:" || url.port !== "" || url.username || url.password) {
    throw new AppError("validation_failed", "Invalid JIRA address", { details: { field: "domain" } });
  }
  return url;
}
