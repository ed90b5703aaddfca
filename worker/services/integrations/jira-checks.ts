import type { JiraAuthResult, JiraDomainResult, JiraProjectResult } from "../../../schema/api/integrations";
import { JiraError, type JiraCredentials, type JiraIssueType, type JiraProject } from "../../adapters/jira";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { jiraFailure } from "./upstream-errors";
import { requireIntegrationsPlanForUser } from "./index";

// The JIRA wizard's server checks (docs/product-spec.md §4, §7). Each makes one request to the site the user named, so they are
// for paying users only and rate limited per user: they must not become a way to probe Atlassian sites.

async function guard(deps: Deps, userId: number) {
  await requireIntegrationsPlanForUser(deps, userId);
  await enforceLimit(
    deps.limits,
    `jira-check:user:${userId}`,
    RATE_RULES.integrationChecks,
    "Too many checks. Please wait a minute and try again.",
  );
}

export async function checkJiraDomain(deps: Deps, userId: number, domain: string): Promise<JiraDomainResult> {
  await guard(deps, userId);
  try {
    const info = await deps.jira.serverInfo(domain);
    if (info.deploymentType !== "Cloud") {
      throw new AppError("bad_request", `${domain} does not answer as a JIRA Cloud site.`, {
        details: { field: "domain" },
        upstream: "jira",
      });
    }
    return { serverTitle: info.serverTitle };
  } catch (error) {
    // A site name nobody uses answers with Atlassian's own page or a redirect, not JIRA's API: the name is wrong.
    const notJira =
      error instanceof JiraError &&
      (error.kind === "not_found" ||
        error.kind === "not_jira" ||
        (error.kind === "unavailable" && error.status !== null && error.status < 500));
    if (notJira) {
      throw new AppError("bad_request", `${domain} does not answer as a JIRA Cloud site. Check the site name.`, {
        details: { field: "domain" },
        upstream: "jira",
        cause: error,
      });
    }
    throw jiraFailure(error, { domain });
  }
}

export async function checkJiraAuth(deps: Deps, userId: number, credentials: JiraCredentials): Promise<JiraAuthResult> {
  await guard(deps, userId);
  try {
    const me = await deps.jira.myself(credentials);
    return { displayName: me.displayName };
  } catch (error) {
    throw jiraFailure(error, { domain: credentials.domain });
  }
}

export async function checkJiraProject(
  deps: Deps,
  userId: number,
  credentials: JiraCredentials,
  projectKey: string,
): Promise<JiraProjectResult> {
  await guard(deps, userId);
  let project: JiraProject;
  try {
    project = await deps.jira.project(credentials, projectKey);
  } catch (error) {
    throw jiraFailure(error, { domain: credentials.domain, projectKey });
  }
  exportIssueTypes(project); // says clearly what is missing before anything is saved
  return {
    name: project.name,
    key: project.key,
    issueTypes: project.issueTypes.filter((type) => !type.subtask).map((type) => ({ id: type.id, name: type.name })),
  };
}

/**
 * The issue types an export uses: the epic type (JIRA's hierarchy level 1, whatever the site calls it) and, for
 * stories, "Story", else "Task", else any standard type. A 400 naming what the project lacks otherwise.
 */
export function exportIssueTypes(project: JiraProject): { epic: JiraIssueType; story: JiraIssueType } {
  const standard = project.issueTypes.filter((type) => !type.subtask && type.hierarchyLevel === 0);
  const epic =
    project.issueTypes.find((type) => type.hierarchyLevel === 1) ??
    project.issueTypes.find((type) => /^epic$/i.test(type.name));
  const story =
    standard.find((type) => /^story$/i.test(type.name)) ??
    standard.find((type) => /^task$/i.test(type.name)) ??
    standard[0];
  const missing = [!epic && "an Epic issue type", !story && "a Story or Task issue type"].filter(Boolean);
  if (!epic || !story) {
    throw new AppError(
      "bad_request",
      `The JIRA project ${project.key} has no ${missing.join(" and no ")}, so StoryLoom cannot create the epic and its stories there. Add the issue type in the project's settings, or choose another project.`,
      { details: { field: "projectKey", missing: missing } },
    );
  }
  return { epic, story };
}
