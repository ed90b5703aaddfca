import type { Deps } from "../../deps";
import type { ProjectRow } from "../../data/projects";
import { findProjectWithRole, findTranscriptWithRole } from "../../data/teams";
import type { TranscriptRow } from "../../data/transcripts";
import { AppError, notFound } from "../../lib/errors";
import { logEvent } from "../../lib/log";
import type { TeamPosition } from "../../../schema/api/teams";

/**
 * The one place that decides who may read or change a project or transcript (issue 16):
 * - the owner of the workspace (the account that owns the project, or the transcript) may do anything;
 * - an active member of the owner's team works in the owner's projects and the transcripts filed in them (reads,
 *   generates, edits, exports, files them); the owner's transcripts outside any project stay private;
 * - managing a project (rename, delete, integrations) is for the owner and team admins;
 * - anyone else gets exactly what a missing id gets: 404.
 * Membership is read on every call, so a removal ends access on the very next request.
 */

export interface ProjectAccess {
  project: ProjectRow;
  position: TeamPosition;
}

export interface TranscriptAccess {
  transcript: TranscriptRow;
  position: TeamPosition;
}

const MANAGE_MESSAGE = "Only the team's owner or an admin can change this project's settings.";

/**
 * One line per access granted through a team membership (never for the owner's own), so an operator can audit in
 * Workers Logs that every such access is to a team the account belongs to (docs/decisions/2026-11-27-tenancy-fix-issue-26.md). Ids only.
 */
function logTeamAccess(
  userId: number,
  ownerId: number,
  kind: "project" | "transcript",
  id: number,
  role: TeamPosition,
): void {
  logEvent("info", "team_access", { userId, ownerId, kind, id, role });
}

export async function accessProject(deps: Deps, userId: number, projectId: number): Promise<ProjectAccess> {
  const found = await findProjectWithRole(deps.db, projectId, userId);
  if (!found) throw notFound("Project");
  if (found.project.ownerId === userId) return { project: found.project, position: "owner" };
  if (found.memberRole) {
    logTeamAccess(userId, found.project.ownerId, "project", projectId, found.memberRole);
    return { project: found.project, position: found.memberRole };
  }
  throw notFound("Project");
}

/** The project when the user may work in it (owner or active team member); 404 otherwise. */
export async function requireProject(deps: Deps, userId: number, projectId: number): Promise<ProjectRow> {
  return (await accessProject(deps, userId, projectId)).project;
}

/** 403 for a team member: managing a project is for its owner and team admins. */
export function assertManages(position: TeamPosition): void {
  if (position === "member") throw new AppError("forbidden", MANAGE_MESSAGE);
}

/** The project when the user may manage it (owner or team admin); a member gets 403, anyone else 404. */
export async function requireManagedProject(deps: Deps, userId: number, projectId: number): Promise<ProjectRow> {
  const access = await accessProject(deps, userId, projectId);
  assertManages(access.position);
  return access.project;
}

export async function accessTranscript(deps: Deps, userId: number, transcriptId: number): Promise<TranscriptAccess> {
  const found = await findTranscriptWithRole(deps.db, transcriptId, userId);
  if (!found) throw notFound("Transcript");
  if (found.transcript.ownerId === userId) return { transcript: found.transcript, position: "owner" };
  // a member sees the owner's transcripts that are filed in a project, never the owner's unfiled ones
  if (found.memberRole && found.transcript.projectId !== null) {
    logTeamAccess(userId, found.transcript.ownerId, "transcript", transcriptId, found.memberRole);
    return { transcript: found.transcript, position: found.memberRole };
  }
  throw notFound("Transcript");
}

/** The transcript when the user may work on it; 404 otherwise. */
export async function requireTranscript(deps: Deps, userId: number, transcriptId: number): Promise<TranscriptRow> {
  return (await accessTranscript(deps, userId, transcriptId)).transcript;
}

/** Deleting a transcript: its workspace's owner, a team admin, or the member who made it. */
export async function requireDeletableTranscript(
  deps: Deps,
  userId: number,
  transcriptId: number,
): Promise<TranscriptRow> {
  const access = await accessTranscript(deps, userId, transcriptId);
  if (access.position === "member" && access.transcript.createdBy !== userId) {
    throw new AppError(
      "forbidden",
      "Only the team's owner, an admin or the person who added this transcript can delete it.",
    );
  }
  return access.transcript;
}
