import type {
  AzureDevOpsAuthResult,
  AzureDevOpsProjectResult,
  GitHubAuthResult,
  GitHubRepositoryResult,
  LinearAuthResult,
  LinearTeamResult,
} from "../../../schema/api/integrations";
import { TrackerError } from "../../adapters/tracker";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { requireIntegrationsPlanForUser } from "./index";
import { requireWorkItemTypes } from "./tracker-destinations";
import { trackerFailure } from "./upstream-errors";

// The Linear, GitHub Issues and Azure DevOps wizards' server checks (issue 32): the credential is checked by asking
// whose it is and what it can see, then the destination picked from that list by what an export will create there.
// Each makes one or two requests with a credential the user typed, so, like JIRA's (jira-checks.ts), they are for
// paying users only and share the per-user limit on checks.

async function guard(deps: Deps, userId: number) {
  await requireIntegrationsPlanForUser(deps, userId);
  await enforceLimit(
    deps.limits,
    `jira-check:user:${userId}`,
    RATE_RULES.integrationChecks,
    "Too many checks. Please wait a minute and try again.",
  );
}

export async function checkLinearAuth(deps: Deps, userId: number, apiKey: string): Promise<LinearAuthResult> {
  await guard(deps, userId);
  try {
    const [viewer, teams] = await Promise.all([
      deps.trackers.linear.viewer(apiKey),
      deps.trackers.linear.teams(apiKey),
    ]);
    return { name: viewer.name, teams: teams.map(({ id, key, name }) => ({ id, key, name })) };
  } catch (error) {
    throw trackerFailure(error, "linear");
  }
}

export async function checkLinearTeam(
  deps: Deps,
  userId: number,
  apiKey: string,
  teamKey: string,
): Promise<LinearTeamResult> {
  await guard(deps, userId);
  const what = { what: `the team ${teamKey}`, field: "teamKey" };
  try {
    const team = (await deps.trackers.linear.teams(apiKey)).find((t) => t.key.toUpperCase() === teamKey);
    if (!team) {
      throw new AppError("bad_request", `No Linear team with the key ${teamKey} is visible to this API key.`, {
        upstream: "linear",
        details: { field: "teamKey" },
      });
    }
    const details = await deps.trackers.linear.team(apiKey, team.id);
    return {
      id: details.id,
      key: details.key,
      name: details.name,
      estimates: details.estimation?.type ?? null,
      label: details.labelId !== null,
    };
  } catch (error) {
    throw trackerFailure(error, "linear", what);
  }
}

/**
 * Whose the token is, and the repositories to offer in the next step (2 requests, at once): GET /user/repos' first
 * page, most recently pushed first, keeping those an export can fill: issues turned on (else every issue call is a
 * 410), not archived or disabled (read-only), and push access (without it GitHub drops the labels, and the epic's
 * sub-issues need it); one whose answer has no `permissions` is kept, the next step's check says. A token GitHub does
 * not let list repositories (403) still passes, with none offered: the repository can be typed.
 */
export async function checkGitHubAuth(deps: Deps, userId: number, token: string): Promise<GitHubAuthResult> {
  await guard(deps, userId);
  try {
    const [user, list] = await Promise.all([
      deps.trackers.github.user(token),
      deps.trackers.github.repositories(token).catch((error: unknown) => {
        if (error instanceof TrackerError && error.kind === "forbidden") return { repositories: [], more: false };
        throw error;
      }),
    ]);
    return {
      login: user.login,
      name: user.name,
      repositories: list.repositories
        .filter((repo) => repo.hasIssues && !repo.readOnly && repo.canPush !== false)
        .map((repo) => repo.fullName),
      moreRepositories: list.more,
    };
  } catch (error) {
    throw trackerFailure(error, "github");
  }
}

export async function checkGitHubRepository(
  deps: Deps,
  userId: number,
  token: string,
  repository: string,
): Promise<GitHubRepositoryResult> {
  await guard(deps, userId);
  const [owner, repo] = repository.split("/") as [string, string];
  let found;
  try {
    found = await deps.trackers.github.repository(token, owner, repo);
  } catch (error) {
    throw trackerFailure(error, "github", { what: `the repository ${repository}`, field: "repository" });
  }
  if (!found.hasIssues) {
    throw new AppError(
      "bad_request",
      `Issues are turned off in ${found.fullName}. Turn them on in the repository's settings (General, Features), or choose another repository.`,
      { upstream: "github", details: { field: "repository" } },
    );
  }
  return { repository: found.fullName, url: found.url, private: found.private, canPush: found.canPush };
}

export async function checkAzureDevOpsAuth(
  deps: Deps,
  userId: number,
  organization: string,
  token: string,
): Promise<AzureDevOpsAuthResult> {
  await guard(deps, userId);
  try {
    const projects = await deps.trackers["azure-devops"].projects(organization, token);
    return { projects: projects.map(({ id, name }) => ({ id, name })) };
  } catch (error) {
    throw trackerFailure(error, "azure-devops", {
      what: `the organization ${organization} (dev.azure.com/${organization})`,
      field: "organization",
    });
  }
}

export async function checkAzureDevOpsProject(
  deps: Deps,
  userId: number,
  organization: string,
  token: string,
  project: string,
): Promise<AzureDevOpsProjectResult> {
  await guard(deps, userId);
  let plan;
  try {
    plan = await deps.trackers["azure-devops"].projectPlan(organization, token, project);
  } catch (error) {
    throw trackerFailure(error, "azure-devops", {
      what: `the project ${project} in ${organization}`,
      field: "project",
    });
  }
  const types = requireWorkItemTypes(plan, project);
  return {
    name: plan.name,
    ...types,
    storyPointsField: plan.storyPointsField,
    acceptanceCriteria: plan.acceptanceCriteria,
  };
}
