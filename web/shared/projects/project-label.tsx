import type { Project } from "../../../schema/api/projects";
import { Users } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { projectColor } from "./model";

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
 * when the id is not among the user's projects (docs/product-spec.md §2, History).
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

/** Marks a project shared with the user through its owner's team (issue 16). */
export function SharedBadge({ owner }: { owner: string }) {
  return (
    <Badge variant="purple" title={`Shared by ${owner}`} className="shrink-0">
      <Users className="size-3" aria-hidden />
      Shared<span className="sr-only"> by {owner}</span>
    </Badge>
  );
}
