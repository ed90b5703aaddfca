import { ArrowLeft, FolderX } from "lucide-react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { EmptyState, PageContainer, PageHeader } from "../../components/page";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useErrorToast } from "../../components/ui/toast";
import { IntegrationsSection } from "../../features/integrations/components/integrations-section";
import { ProjectFormDialog } from "../../features/projects/components/project-form-dialog";
import { ProjectOverviewCard } from "../../features/projects/components/project-overview-card";
import { ApiError } from "../../lib/api";
import { useProject } from "../../shared/projects/api";
import { parseProjectId, projectColor } from "../../shared/projects/model";
import { ColorDot } from "../../shared/projects/project-label";

export default function ProjectSettings() {
  const { id } = useParams();
  const projectId = parseProjectId(id);
  // docs/product-spec.md §2: an id of 0 or a non-number redirects to /dashboard.
  if (projectId === null) return <Navigate to="/dashboard" replace />;
  return <Settings projectId={projectId} />;
}

function Settings({ projectId }: { projectId: number }) {
  const navigate = useNavigate();
  const { data: project, error, mutate } = useProject(projectId);
  const missing = error instanceof ApiError && error.status === 404;
  useErrorToast(missing ? null : error, "Error", "Failed to load the project.");

  const back = (
    <Button variant="ghost" size="sm" className="mb-3 -ml-3" onClick={() => navigate("/dashboard")}>
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );

  if (missing) {
    return (
      <PageContainer>
        <title>Project not found · StoryLoom</title>
        {back}
        <EmptyState
          icon={FolderX}
          title="Project not found"
          headingLevel={1}
          action={
            <Button asChild>
              <Link to="/dashboard">Back to Dashboard</Link>
            </Button>
          }
        >
          This project doesn't exist, or it belongs to another account. It may have been deleted.
        </EmptyState>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <title>{project ? `${project.name} · Project Settings · StoryLoom` : "Project Settings · StoryLoom"}</title>
      <PageHeader
        leading={back}
        title="Project Settings"
        description={
          project ? (
            <span className="inline-flex items-center gap-2">
              <ColorDot color={projectColor(project)} className="size-3" />
              <span className="font-medium text-ink">{project.name}</span>
            </span>
          ) : (
            <Skeleton className="h-5 w-40" />
          )
        }
      />
      <div className="grid grid-cols-1 gap-8">
        {project ? (
          <ProjectOverviewCard project={project} />
        ) : error ? (
          <LoadError what="this project" onRetry={() => void mutate()} />
        ) : (
          <div
            role="status"
            aria-label="Loading project"
            className="grid gap-3 rounded-xl border border-line bg-white p-6"
          >
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        )}
        {project && !project.canManage ? (
          <p className="rounded-xl border border-line bg-white p-6 text-sm text-muted">
            {project.sharedBy ? `${project.sharedBy} shares this project with you through their team. ` : ""}Only the
            team's owner or an admin can change its settings and integrations; you can generate, edit and export its
            stories.
          </p>
        ) : (
          <IntegrationsSection projectId={projectId} />
        )}
      </div>
      <ProjectFormDialog />
    </PageContainer>
  );
}
