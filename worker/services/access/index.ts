import type { Deps } from "../../deps";
import { findProject, type ProjectRow } from "../../data/projects";
import { findTranscript, type TranscriptRow } from "../../data/transcripts";
import { notFound } from "../../lib/errors";

/**
 * The one place that decides who may read or change a project or transcript. Today: its owner. (The teams issue
 * extends this to the owner's team members.) Anything else answers exactly like a missing id: 404.
 */
function mayAccess(userId: number, resource: { ownerId: number }): boolean {
  return resource.ownerId === userId;
}

export async function requireProject(deps: Deps, userId: number, projectId: number): Promise<ProjectRow> {
  const project = await findProject(deps.db, projectId);
  if (!project || !mayAccess(userId, project)) throw notFound("Project");
  return project;
}

export async function requireTranscript(deps: Deps, userId: number, transcriptId: number): Promise<TranscriptRow> {
  const transcript = await findTranscript(deps.db, transcriptId);
  if (!transcript || !mayAccess(userId, transcript)) throw notFound("Transcript");
  return transcript;
}
