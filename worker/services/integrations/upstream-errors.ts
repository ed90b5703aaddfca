import { JiraError } from "../../adapters/jira";
import { NotionError } from "../../adapters/notion";
import { TrackerError, type TrackerSystem } from "../../adapters/tracker";
import { AppError } from "../../lib/errors";

// What a JIRA, Notion, Linear, GitHub or Azure DevOps failure means to the person who clicked, in the shared error shape. Our API answers 4xx
// when what they entered (credentials, project, page) needs changing, 429 when the service asked us to wait, and
// 502 when it failed; never a 500, and never the credential itself.

export function jiraFailure(error: unknown, context: { domain: string; projectKey?: string }): AppError {
  if (!(error instanceof JiraError))
    return error instanceof AppError ? error : upstream("jira", "JIRA could not be reached. Please try again.", error);
  const site = context.domain;
  switch (error.kind) {
    case "unauthorized":
      return new AppError(
        "bad_request",
        `JIRA refused the email or API token for ${site}. Check both, or create a new API token.`,
        {
          upstream: "jira",
          details: { field: "apiToken" },
          cause: error,
        },
      );
    case "forbidden":
      return new AppError(
        "bad_request",
        `Your JIRA account does not have permission for this${context.projectKey ? ` in project ${context.projectKey}` : ""}. Ask a JIRA admin for "Create issues" permission.`,
        {
          upstream: "jira",
          cause: error,
        },
      );
    case "not_found":
      return new AppError(
        "bad_request",
        context.projectKey
          ? `The JIRA project ${context.projectKey} was not found on ${site}, or your account cannot see it.`
          : `Nothing answered at ${site}. Check the site name.`,
        { upstream: "jira", details: { field: context.projectKey ? "projectKey" : "domain" }, cause: error },
      );
    case "invalid":
      return new AppError("bad_request", `JIRA refused the request: ${error.message}`, {
        upstream: "jira",
        cause: error,
      });
    case "rate_limited":
      return new AppError("rate_limited", "JIRA is limiting requests right now. Please try again in a minute.", {
        upstream: "jira",
        retryAfter: Math.max(1, Math.ceil(error.retryAfter ?? 60)),
        cause: error,
      });
    case "not_jira":
      return new AppError("bad_request", `${site} does not answer as a JIRA Cloud site.`, {
        upstream: "jira",
        details: { field: "domain" },
        cause: error,
      });
    case "unavailable":
      return upstream(
        "jira",
        error.mayHaveApplied
          ? "JIRA did not confirm the last step in time. Export again: StoryLoom picks up what was already created, without duplicates."
          : `JIRA at ${site} is not answering right now. Please try again in a minute.`,
        error,
      );
  }
}

export function notionFailure(error: unknown): AppError {
  if (!(error instanceof NotionError))
    return error instanceof AppError
      ? error
      : upstream("notion", "Notion could not be reached. Please try again.", error);
  switch (error.kind) {
    case "unauthorized":
      return new AppError(
        "bad_request",
        "Notion refused the integration secret. Check it in the integration's settings.",
        {
          upstream: "notion",
          details: { field: "integrationSecret" },
          cause: error,
        },
      );
    case "forbidden":
    case "not_found":
      return new AppError(
        "bad_request",
        "The Notion page was not found, or it is not shared with the integration. In Notion, open the page's ⋯ menu, then Connections, and add your integration.",
        {
          upstream: "notion",
          details: { field: "pageUrl" },
          cause: error,
        },
      );
    case "invalid":
      return new AppError("bad_request", `Notion refused the request: ${error.message}`, {
        upstream: "notion",
        cause: error,
      });
    case "rate_limited":
      return new AppError("rate_limited", "Notion is limiting requests right now. Please try again in a minute.", {
        upstream: "notion",
        retryAfter: 60,
        cause: error,
      });
    case "unavailable":
      return upstream(
        "notion",
        error.mayHaveApplied
          ? "Notion did not confirm the last step in time. Export again: StoryLoom picks up where it stopped, without duplicates."
          : "Notion is not answering right now. Please try again in a minute.",
        error,
      );
  }
}

function upstream(system: string, message: string, cause: unknown): AppError {
  return new AppError("upstream_error", message, { upstream: system, cause });
}

/** How a tracker's credential and destination are named to people, and the form fields they came from. */
const TRACKER_TERMS: Record<TrackerSystem, { label: string; credential: string; credentialField: string }> = {
  linear: { label: "Linear", credential: "API key", credentialField: "apiKey" },
  github: { label: "GitHub", credential: "access token", credentialField: "token" },
  "azure-devops": { label: "Azure DevOps", credential: "personal access token", credentialField: "token" },
};

/**
 * A Linear, GitHub or Azure DevOps failure in the shared error shape. `destination` names what was being reached
 * ("the team ENG", "the repository acme/roadmap") and the form field that names it, for a not-found.
 */
export function trackerFailure(
  error: unknown,
  system: TrackerSystem,
  destination?: { what: string; field: string },
): AppError {
  const { label, credential, credentialField } = TRACKER_TERMS[system];
  if (!(error instanceof TrackerError))
    return error instanceof AppError
      ? error
      : upstream(system, `${label} could not be reached. Please try again.`, error);
  switch (error.kind) {
    case "unauthorized":
      return new AppError(
        "bad_request",
        `${label} refused the ${credential}. Check it, or create a new one and enter it again.`,
        { upstream: system, details: { field: credentialField }, cause: error },
      );
    case "forbidden":
      return new AppError(
        "bad_request",
        `The ${credential} is not allowed to do this${destination ? ` in ${destination.what}` : ""}. ${PERMISSION_HINTS[system]}`,
        { upstream: system, cause: error },
      );
    case "not_found":
      return new AppError(
        "bad_request",
        destination
          ? `${capitalise(destination.what)} was not found on ${label}, or the ${credential} cannot see it.`
          : `${label} did not find what was asked for, or the ${credential} cannot see it.`,
        { upstream: system, details: destination ? { field: destination.field } : undefined, cause: error },
      );
    case "invalid":
      return new AppError("bad_request", `${label} refused the request: ${error.message}`, {
        upstream: system,
        cause: error,
      });
    case "rate_limited":
      return new AppError("rate_limited", `${label} is limiting requests right now. Please try again in a minute.`, {
        upstream: system,
        retryAfter: Math.max(1, Math.ceil(error.retryAfter ?? 60)),
        cause: error,
      });
    case "unavailable":
      return upstream(
        system,
        error.mayHaveApplied
          ? `${label} did not confirm the last step in time. Export again: StoryLoom picks up what was already created, without duplicates.`
          : `${label} is not answering right now. Please try again in a minute.`,
        error,
      );
  }
}

const PERMISSION_HINTS: Record<TrackerSystem, string> = {
  linear: "Use a key of a member of the team.",
  github: 'Give the token "Issues: Read and write" on the repository (fine-grained), or the repo scope (classic).',
  "azure-devops": 'Give the token the "Work Items: Read & write" scope, and its user access to the project.',
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
