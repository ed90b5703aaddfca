import { useSetAtom } from "jotai";
import { FileText, Pencil, Sparkles } from "lucide-react";
import { Link } from "react-router";
import type { Project } from "../../../../schema/api/projects";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDate, formatRelative, plural } from "../../../lib/format";
import { PROJECT_COLOR_NAMES, projectColor } from "../../../shared/projects/model";
import { ColorDot } from "../../../shared/projects/project-label";
import { projectDialogAtom } from "../state";
import { SharedBadge } from "../../../shared/projects/project-label";

/** A project's details with Edit, for the settings page. */
export function ProjectOverviewCard({ project }: { project: Project }) {
  const openDialog = useSetAtom(projectDialogAtom);
  const color = projectColor(project);
  const colorName = PROJECT_COLOR_NAMES[color.toUpperCase() as keyof typeof PROJECT_COLOR_NAMES] ?? color;
  return (
    <Card className="overflow-hidden" style={{ borderTop: `4px solid ${color}` }}>
      <CardContent className="grid grid-cols-1 gap-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-ink">Details</h2>
            <p
              className={project.description ? "mt-1 text-sm break-words text-muted" : "mt-1 text-sm text-muted italic"}
            >
              {project.description || "No description"}
            </p>
          </div>
          {project.canManage ? (
            <Button
              variant="outline"
              onClick={(event) => openDialog({ mode: "edit", project, returnFocus: event.currentTarget })}
            >
              <Pencil aria-hidden />
              Edit Project
            </Button>
          ) : (
            project.sharedBy && <SharedBadge owner={project.sharedBy} />
          )}
        </div>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted">Colour</dt>
            <dd className="mt-0.5 inline-flex items-center gap-1.5 font-medium text-ink">
              <ColorDot color={color} />
              {colorName}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Transcripts</dt>
            <dd className="mt-0.5 font-medium text-ink">{project.transcriptCount}</dd>
          </div>
          <div>
            <dt className="text-muted">Created</dt>
            <dd className="mt-0.5 font-medium text-ink">{formatDate(project.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-muted">Last activity</dt>
            <dd className="mt-0.5 font-medium text-ink" title={formatDate(project.lastActivityAt)}>
              {formatRelative(project.lastActivityAt)}
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="secondary" size="sm">
            <Link to={`/project/${project.id}`}>
              <FileText aria-hidden />
              View {plural(project.transcriptCount, "transcript")}
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to={`/generate?project=${project.id}`}>
              <Sparkles aria-hidden />
              Generate User Stories
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
