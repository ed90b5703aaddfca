import type { TrackerType } from "../../../schema/api/integrations";
import type { AzureDevOpsSettings, GitHubSettings, LinearSettings } from "../../data/integrations";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { trackerFailure } from "./upstream-errors";

// Where a Linear, GitHub Issues or Azure DevOps integration exports to, read from the tracker itself when the
// integration is saved (by the wizard or by manual setup): the team's id behind the key people type, the
// repository's spelling, the project's id. A destination that does not exist, or that the credential cannot see, is
// refused before anything is stored, with the field to fix.

export type TrackerConfig =
  | { type: "linear"; apiKey: string; teamKey: string; epicAs: "issue" | "project" }
  | { type: "github"; token: string; repository: string }
  | { type: "azure-devops"; token: string; organization: string; project: string };

export type TrackerSettings<T extends TrackerType> = T extends "linear"
  ? LinearSettings
  : T extends "github"
    ? GitHubSettings
    : AzureDevOpsSettings;

/** The secret of a tracker config (what gets sealed). */
export function trackerSecret(config: TrackerConfig): string {
  return config.type === "linear" ? config.apiKey : config.token;
}

/**
 * The settings to store for `config`, read from the tracker. Each lookup makes a request with a credential the user
 * typed, so it counts against the same per-user limit as the wizards' checks (tracker-checks.ts).
 */
export async function resolveTrackerDestination(
  deps: Deps,
  userId: number,
  config: TrackerConfig,
): Promise<LinearSettings | GitHubSettings | AzureDevOpsSettings> {
  await enforceLimit(
    deps.limits,
    `jira-check:user:${userId}`,
    RATE_RULES.integrationChecks,
    "Too many checks. Please wait a minute and try again.",
  );
  switch (config.type) {
    case "linear": {
      const what = { what: `the team ${config.teamKey}`, field: "teamKey" };
      const teams = await deps.trackers.linear.teams(config.apiKey).catch((error: unknown) => {
        throw trackerFailure(error, "linear", what);
      });
      const team = teams.find((t) => t.key.toUpperCase() === config.teamKey.toUpperCase());
      if (!team) {
        throw new AppError(
          "bad_request",
          `No Linear team with the key ${config.teamKey} is visible to this API key. Teams it can see: ${teams.map((t) => t.key).join(", ") || "none"}.`,
          { upstream: "linear", details: { field: "teamKey" } },
        );
      }
      return { teamId: team.id, teamKey: team.key, teamName: team.name, epicAs: config.epicAs };
    }
    case "github": {
      const [owner, repo] = config.repository.split("/") as [string, string];
      const found = await deps.trackers.github.repository(config.token, owner, repo).catch((error: unknown) => {
        throw trackerFailure(error, "github", { what: `the repository ${config.repository}`, field: "repository" });
      });
      if (!found.hasIssues) {
        throw new AppError(
          "bad_request",
          `Issues are turned off in ${found.fullName}. Turn them on in the repository's settings (General, Features), or choose another repository.`,
          { upstream: "github", details: { field: "repository" } },
        );
      }
      const [foundOwner, foundRepo] = found.fullName.split("/") as [string, string];
      return { owner: foundOwner, repo: foundRepo };
    }
    case "azure-devops": {
      const plan = await deps.trackers["azure-devops"]
        .projectPlan(config.organization, config.token, config.project)
        .catch((error: unknown) => {
          throw trackerFailure(error, "azure-devops", {
            what: `the project ${config.project} in ${config.organization}`,
            field: "project",
          });
        });
      requireWorkItemTypes(plan, config.project);
      return { organization: config.organization, project: plan.name, projectId: plan.id };
    }
  }
}

/** An Azure DevOps project whose process has no epic or no story type cannot take an export: say which is missing. */
export function requireWorkItemTypes(
  plan: { epicType: string | null; storyType: string | null },
  project: string,
): { epicType: string; storyType: string } {
  if (plan.epicType && plan.storyType) return { epicType: plan.epicType, storyType: plan.storyType };
  const missing = [
    !plan.epicType && "Epic work item type",
    !plan.storyType && "User Story, Product Backlog Item, Requirement or Issue type",
  ].filter(Boolean);
  throw new AppError(
    "bad_request",
    `The Azure DevOps project ${project} has no ${missing.join(" and no ")}, so StoryLoom cannot create the epic and its stories there. Choose another project, or turn the type on in its process.`,
    { upstream: "azure-devops", details: { field: "project" } },
  );
}
