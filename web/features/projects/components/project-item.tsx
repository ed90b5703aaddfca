import { CalendarDays, FileText, Sparkles } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import type { Project } from "../../../../schema/api/projects";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { formatDate, plural } from "../../../lib/format";
import { projectColor } from "../../../shared/projects/model";
import { ColorDot, SharedBadge } from "../../../shared/projects/project-label";
import { ProjectActionsMenu } from "./project-actions-menu";

interface ItemProps {
  project: Project;
  onEdit: (project: Project, returnFocus: HTMLElement | null) => void;
  onDelete: (project: Project, returnFocus: HTMLElement | null) => void;
}

function ProjectName({ project }: { project: Project }) {
  return (
    <Link
      to={`/project/${project.id}`}
      className="inline-flex min-w-0 items-center gap-2 rounded font-semibold text-ink hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <ColorDot color={projectColor(project)} className="size-3" />
      <span className="truncate">{project.name}</span>
      {project.sharedBy && <SharedBadge owner={project.sharedBy} />}
    </Link>
  );
}

function Description({ project, className }: { project: Project; className?: string }) {
  return project.description ? (
    <p className={`line-clamp-2 text-sm break-words text-muted ${className ?? ""}`}>{project.description}</p>
  ) : (
    <p className={`text-sm text-slate-400 italic ${className ?? ""}`}>No description</p>
  );
}

function Meta({ project }: { project: Project }) {
  return (
    <>
      <span className="inline-flex items-center gap-1.5">
        <FileText className="size-4 text-slate-400" aria-hidden />
        {plural(project.transcriptCount, "transcript")}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4 text-slate-400" aria-hidden />
        Created <time dateTime={project.createdAt}>{formatDate(project.createdAt)}</time>
      </span>
    </>
  );
}

function GenerateButton({ project }: { project: Project }) {
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to={`/generate?project=${project.id}`} aria-label={`Generate stories for ${project.name}`}>
        <Sparkles aria-hidden />
        Generate
      </Link>
    </Button>
  );
}

export const ProjectCard = memo(function ProjectCard({ project, onEdit, onDelete }: ItemProps) {
  return (
    <Card className="flex h-full flex-col overflow-hidden" style={{ borderTop: `4px solid ${projectColor(project)}` }}>
      <div className="flex items-start justify-between gap-2 px-5 pt-4">
        <h3 className="min-w-0 pt-1.5 text-base">
          <ProjectName project={project} />
        </h3>
        <ProjectActionsMenu project={project} onEdit={onEdit} onDelete={onDelete} />
      </div>
      <Description project={project} className="mt-1 px-5" />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 px-5 pt-4 pb-4">
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <Meta project={project} />
        </div>
        <GenerateButton project={project} />
      </div>
    </Card>
  );
});

export const ProjectRow = memo(function ProjectRow({ project, onEdit, onDelete }: ItemProps) {
  return (
    <div className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-6 sm:px-5">
      <div className="min-w-0 flex-1">
        <h3 className="text-base">
          <ProjectName project={project} />
        </h3>
        <Description project={project} className="mt-0.5 line-clamp-1" />
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted sm:w-72 sm:flex-nowrap sm:justify-end">
          <Meta project={project} />
        </div>
        <div className="flex items-center gap-1">
          <GenerateButton project={project} />
          <ProjectActionsMenu project={project} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
    </div>
  );
});
