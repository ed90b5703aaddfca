import { jiraDomainSchema } from "../../schema/api/integrations";
import { AppError } from "./errors";

/** The site label, validated and normalised (`acme.atlassian.net`); AppError validation_failed otherwise. */
function validSite(domain: string): string {
  const parsed = jiraDomainSchema.safeParse(domain);
  if (!parsed.success)
    throw new AppError("validation_failed", parsed.error.issues[0]!.message, { details: { field: "domain" } });
  return parsed.data;
}

/**
 * The only way to address JIRA: `https://{site}.atlassian.net{path}`, built on the server from a validated site
 * label, so a stored or submitted domain can never point a request at another host (SSRF). `path` must be one of
 * our own REST paths; anything that would change the host, port or scheme is refused before any request.
 *
 * `apiBase` (Config.jiraApiBase: development and tests only, null in production) sends the request to a fake JIRA at
 * `{apiBase}{path}` instead, but only after the domain passed exactly the same check.
 */
export function jiraUrl(domain: string, path: string, apiBase: URL | null = null): URL {
  const site = validSite(domain);
  if (!path.startsWith("/rest/")) throw new Error(`Not a JIRA REST path: ${path}`);
  if (apiBase) {
    const url = new URL(`${apiBase.pathname.replace(/\/+$/, "")}${path}`, apiBase.origin);
    if (url.origin !== apiBase.origin) throw new Error(`Not a JIRA REST path: ${path}`);
    return url;
  }
  const url = new URL(path, `https://${site}`);
  if (url.hostname !== site || url.protocol !== "https:" || url.port !== "" || url.username || url.password) {
    throw new AppError("validation_failed", "Invalid JIRA address", { details: { field: "domain" } });
  }
  return url;
}

/** An issue's page for people: `https://{site}/browse/{key}`, always the real site (even when a fake answers the API). */
export function jiraBrowseUrl(domain: string, key: string): string {
  const site = validSite(domain);
  if (!/^[A-Z][A-Z0-9_]*-\d+$/.test(key)) throw new Error(`Not a JIRA issue key: ${key}`);
  return `https://${site}/browse/${key}`;
}
