import type { IntegrationType } from "../../../schema/api/integrations";
import type { TrackerSession } from "../../adapters/tracker";
import type { IntegrationRow } from "../../data/integrations";
import type { Deps } from "../../deps";
import type { AppError } from "../../lib/errors";
import { openJiraSession } from "./jira-session";
import { jiraFailure, trackerFailure } from "./upstream-errors";

/** The destinations that are issue trackers: every type but Notion, whose export is a page (notion-export.ts). */
export type SessionType = Exclude<IntegrationType, "notion">;

/** A tracker's session for one export or review, and how its failures are said to people. */
export interface OpenedSession {
  session: TrackerSession;
  failure(error: unknown): AppError;
}

/** The integration's tracker session; `ref` is the export record's marker. */
export function openSession(deps: Deps, integration: IntegrationRow, secret: string, ref: string): OpenedSession {
  const settings = integration.settings;
  if (integration.type === "jira" && "domain" in settings) {
    const credentials = { domain: settings.domain, email: settings.email, apiToken: secret };
    return {
      session: openJiraSession(deps.jira, credentials, settings.projectKey, ref),
      failure: (error) => jiraFailure(error, { domain: settings.domain, projectKey: settings.projectKey }),
    };
  }
  const type = integration.type;
  let session: TrackerSession | null = null;
  if (type === "linear" && "teamId" in settings) session = deps.trackers.linear.open(secret, settings, ref);
  if (type === "github" && "repo" in settings) session = deps.trackers.github.open(secret, settings, ref);
  if (type === "azure-devops" && "organization" in settings)
    session = deps.trackers["azure-devops"].open(secret, settings, ref);
  if (!session || type === "jira" || type === "notion") {
    throw new Error(`Integration ${integration.id} has no ${integration.type} settings`);
  }
  return { session, failure: (error) => trackerFailure(error, type) };
}
