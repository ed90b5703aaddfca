import type { Project } from "../../schema/api/projects";
import { cn } from "../lib/cn";
import { projectColor } from "../lib/projects";

/** A project's colour as a small dot. Decorative: the name next to it carries the meaning. */
export function ColorDot({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn("inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10", className)}
      style={{ backgroundColor: color }}
    />
  );
}

/**
 * The project a transcript is filed under: its dot and name, 'No Project' when it has none, or 'Unknown Project'
 * when the id is not among the user's projects (spec §2, History).
 */
export function ProjectLabel({
  projectId,
  project,
  projectsLoaded = true,
  className,
}: {
  projectId: number | null;
  project: Pick<Project, "name" | "color"> | undefined;
  /** False while the projects list is loading: a placeholder, not 'Unknown Project'. */
  projectsLoaded?: boolean;
  className?: string;
}) {
  if (projectId === null) return <span className={cn("text-muted", className)}>No Project</span>;
  if (!project && !projectsLoaded) {
    return <span aria-hidden className={cn("inline-block h-3 w-20 animate-pulse rounded bg-slate-200", className)} />;
  }
  if (!project) return <span className={cn("text-muted italic", className)}>Unknown Project</span>;
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-1.5", className)}>
      <ColorDot color={projectColor(project)} />
      <span className="truncate">{project.name}</span>
    </span>
  );
}
