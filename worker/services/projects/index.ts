import type { Project, ProjectInput } from "../../../schema/api/projects";
import { projectInputSchema } from "../../../schema/api/projects";
import type { Deps } from "../../deps";
import {
  deleteProjectRows,
  findProjectWithStats,
  insertProject,
  listProjectsWithStats,
  updateProjectRow,
  type ProjectWithStats,
} from "../../data/projects";
import { findSubscription } from "../../data/users";
import { AppError, notFound } from "../../lib/errors";
import type { TeamPosition } from "../../../schema/api/teams";
import { activeTeamsOf } from "../../data/teams";
import { accessProject, requireManagedProject } from "../access";
import { effectiveTier, limitsFor } from "../plans";

function toProject(row: ProjectWithStats, position: TeamPosition): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    transcriptCount: row.transcriptCount,
    lastActivityAt: new Date(Math.max(row.updatedAt, row.lastTranscriptAt ?? 0)).toISOString(),
    sharedBy: position === "owner" ? null : (row.ownerName ?? "Team owner"),
    canManage: position !== "member",
  };
}

/** The user's own projects and those of the teams they are an active member of (services/access decides the same). */
export async function listProjects(deps: Deps, userId: number): Promise<Project[]> {
  const teams = await activeTeamsOf(deps.db, userId);
  const positions = new Map<number, TeamPosition>([
    [userId, "owner"],
    ...teams.map((t) => [t.ownerId, t.role] as [number, TeamPosition]),
  ]);
  const rows = await listProjectsWithStats(deps.db, [...positions.keys()]);
  return rows.map((row) => toProject(row, positions.get(row.ownerId) ?? "member"));
}

async function projectWithStats(deps: Deps, projectId: number, position: TeamPosition): Promise<Project> {
  const row = await findProjectWithStats(deps.db, projectId);
  if (!row) throw notFound("Project");
  return toProject(row, position);
}

export async function getProject(deps: Deps, userId: number, projectId: number): Promise<Project> {
  const { position } = await accessProject(deps, userId, projectId);
  return projectWithStats(deps, projectId, position);
}

export async function createProject(deps: Deps, userId: number, input: ProjectInput): Promise<Project> {
  const values = projectInputSchema.parse(input);
  const tier = effectiveTier(await findSubscription(deps.db, userId));
  const maxProjects = limitsFor(tier).projects;
  const row = await insertProject(deps.db, userId, values, deps.now(), maxProjects);
  if (!row) {
    throw new AppError(
      "plan_limit",
      `Project limit reached: the ${tier} plan allows ${maxProjects} project${maxProjects === 1 ? "" : "s"}. Upgrade to Pro for unlimited projects.`,
      { details: { limit: maxProjects, tier } },
    );
  }
  return toProject({ ...row, transcriptCount: 0, lastTranscriptAt: null, ownerName: null }, "owner");
}

export async function updateProject(
  deps: Deps,
  userId: number,
  projectId: number,
  input: ProjectInput,
): Promise<Project> {
  const project = await requireManagedProject(deps, userId, projectId);
  await updateProjectRow(deps.db, project, projectInputSchema.parse(input), deps.now());
  return projectWithStats(deps, projectId, project.ownerId === userId ? "owner" : "admin");
}

export async function deleteProject(deps: Deps, userId: number, projectId: number): Promise<void> {
  const project = await requireManagedProject(deps, userId, projectId);
  await deleteProjectRows(deps.db, project, deps.now());
}
