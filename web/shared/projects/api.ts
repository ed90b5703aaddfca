// Projects are read by the dashboard, history, the generator and the project pages, so their reads and writes
// live here rather than in one feature that the others would have to import.
import type { Project, ProjectInput } from "../../../schema/api/projects";
import { ApiError, api } from "../../lib/api";
import { invalidateProjects, invalidateTranscripts, setQueryData, useQuery } from "../../lib/query";
import { queryKeys } from "../../lib/query-keys";

/** The signed-in user's projects, sorted by name. */
export function useProjects() {
  return useQuery(queryKeys.projects);
}

/** One project; `null` waits (e.g. for a valid id from the address). */
export function useProject(id: number | null) {
  return useQuery(id === null ? null : queryKeys.project(id));
}

export async function createProject(input: ProjectInput): Promise<Project> {
  const project = await api.post<Project>(queryKeys.projects, input);
  void invalidateProjects(project.id);
  return project;
}

export async function updateProject(id: number, input: ProjectInput): Promise<Project> {
  const project = await api.put<Project>(queryKeys.project(id), input);
  await setQueryData(queryKeys.project(id), project);
  await setQueryData(queryKeys.projects, (list) => list?.map((p) => (p.id === id ? project : p)));
  void invalidateProjects();
  return project;
}

/** Deleting a project also deletes its transcripts, so every transcript list is refreshed too. */
export async function deleteProject(id: number): Promise<void> {
  await api.delete(queryKeys.project(id));
  await setQueryData(queryKeys.projects, (list) => list?.filter((p) => p.id !== id));
  void invalidateTranscripts();
}

/** docs/product-spec.md §8: the free plan's limit is recognised by its message text. */
export function isProjectLimitError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error instanceof ApiError ? error.serverMessage : error.message).includes("Project limit reached")
  );
}
