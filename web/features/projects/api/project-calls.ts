import { mutate } from "swr";
import type { Project, ProjectInput } from "../../../../schema/api/projects";
import { ApiError, api } from "../../../lib/api";
import { invalidateProjects, PROJECTS_KEY, projectKey } from "../../../lib/projects";
import { invalidateTranscripts } from "../../../lib/transcripts";

export async function createProject(input: ProjectInput): Promise<Project> {
  const project = await api.post<Project>(PROJECTS_KEY, input);
  void invalidateProjects(project.id);
  return project;
}

export async function updateProject(id: number, input: ProjectInput): Promise<Project> {
  const project = await api.put<Project>(projectKey(id), input);
  await mutate(projectKey(id), project, { revalidate: false });
  await mutate<Project[]>(PROJECTS_KEY, (list) => list?.map((p) => (p.id === id ? project : p)), { revalidate: false });
  void invalidateProjects();
  return project;
}

/** Deleting a project also deletes its transcripts, so every transcript list is refreshed too. */
export async function deleteProject(id: number): Promise<void> {
  await api.delete(projectKey(id));
  await mutate<Project[]>(PROJECTS_KEY, (list) => list?.filter((p) => p.id !== id), { revalidate: false });
  void invalidateTranscripts();
}

/** Spec §8: the free plan's limit is recognised by its message text. */
export function isProjectLimitError(error: unknown): boolean {
  return error instanceof Error && (error instanceof ApiError ? error.serverMessage : error.message).includes("Project limit reached");
}
