import { useMemo } from "react";
import { DEFAULT_PROJECT_COLOR, type PROJECT_COLORS } from "../../../schema/api/project-colors";
import type { Project } from "../../../schema/api/projects";

/** Names for the palette swatches (docs/product-spec.md §9), used as their accessible names. */
export const PROJECT_COLOR_NAMES: Record<(typeof PROJECT_COLORS)[number], string> = {
  "#3B82F6": "Blue",
  "#EF4444": "Red",
  "#10B981": "Green",
  "#F59E0B": "Amber",
  "#8B5CF6": "Purple",
  "#F97316": "Orange",
  "#06B6D4": "Cyan",
  "#84CC16": "Lime",
};

/** docs/product-spec.md §3: a project's colour defaults to blue when missing. */
export function projectColor(project: Pick<Project, "color"> | null | undefined): string {
  return project?.color || DEFAULT_PROJECT_COLOR;
}

/** Projects by id, rebuilt only when the list changes. */
export function useProjectMap(projects: Project[] | undefined): Map<number, Project> {
  return useMemo(() => new Map((projects ?? []).map((p) => [p.id, p])), [projects]);
}

/** What a transcript needs to show or pick a project. */
export type ProjectOption = Pick<Project, "id" | "name" | "color"> & { sharedBy?: string | null };

/**
 * The projects as options plus a lookup by id, kept identical while no name or colour changes. The projects list
 * is refetched after every transcript write (its counts change); long histories pass these to memoised cards,
 * which then do not all re-render for a count they do not show.
 */
export function useProjectOptions(projects: Project[] | undefined): {
  options: ProjectOption[] | undefined;
  byId: Map<number, ProjectOption>;
} {
  const signature = projects
    ?.map((p) => `${p.id}\u0000${p.name}\u0000${p.color}\u0000${p.sharedBy ?? ""}`)
    .join("\u0001");
  return useMemo(() => {
    const list = projects?.map(({ id, name, color, sharedBy }) => ({ id, name, color, sharedBy }));
    return { options: list, byId: new Map((list ?? []).map((p) => [p.id, p])) };
    // Keyed on the signature on purpose: a refetch with the same names and colours keeps the same objects.
  }, [signature]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** A project id from the address: a positive whole number, else null (docs/product-spec.md §2: 0 or a non-number is no project). */
export function parseProjectId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
