import { ArrowLeft, FolderX, Home, Settings, Sparkles } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { EmptyState, PageContainer, PageHeader } from "../../components/page";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useErrorToast } from "../../components/ui/toast";
import { HistoryList } from "../../features/history/components/history-list";
import { ApiError } from "../../lib/api";
import { useProject } from "../../shared/projects/api";
import { parseProjectId, projectColor } from "../../shared/projects/model";
import { ColorDot } from "../../shared/projects/project-label";

/** Serves /history and /project/:id (docs/product-spec.md §2: the same screen, filtered to one project). */
export default function History() {
  const { id } = useParams();
  return id === undefined ? <AllTranscripts /> : <ProjectTranscripts rawId={id} />;
}

function AllTranscripts() {
  return (
    <PageContainer>
      <title>Transcript History · StoryLoom</title>
      <PageHeader
        title="Transcript History"
        description="Your transcripts and those of projects shared with you, each with its generated stories."
      />
      <HistoryList
        emptyDescription="Transcripts you turn into user stories are saved here, ready to view, export or file under a project."
        emptyAction={
          <Button asChild>
            <Link to="/">
              <Home aria-hidden />
              Go to Home
            </Link>
          </Button>
        }
      />
    </PageContainer>
  );
}

function BackToDashboard() {
  return (
    <Button asChild variant="ghost" size="sm" className="mb-3 -ml-3">
      <Link to="/dashboard">
        <ArrowLeft aria-hidden />
        Back to Dashboard
      </Link>
    </Button>
  );
}

function ProjectNotFound() {
  return (
    <PageContainer>
      <title>Project not found · StoryLoom</title>
      <EmptyState
        icon={FolderX}
        title="Project not found"
        headingLevel={1}
        className="mt-8"
        action={
          <Button asChild>
            <Link to="/dashboard">
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </Link>
          </Button>
        }
      >
        This project doesn't exist, or it belongs to another account. It may have been deleted.
      </EmptyState>
    </PageContainer>
  );
}

function ProjectTranscripts({ rawId }: { rawId: string }) {
  const projectId = parseProjectId(rawId);
  const { data: project, error, mutate } = useProject(projectId);
  const missing = projectId === null || (error instanceof ApiError && error.status === 404);
  useErrorToast(missing ? null : error, "Error", "Failed to load the project.");

  if (missing) return <ProjectNotFound />;
  if (!project) {
    return (
      <PageContainer>
        <BackToDashboard />
        {error ? (
          <LoadError what="this project" onRetry={() => void mutate()} />
        ) : (
          <div role="status" aria-label="Loading project" className="grid gap-3">
            <Skeleton className="h-9 w-64" />
            <Skeleton className="h-5 w-80 max-w-full" />
          </div>
        )}
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <title>{`${project.name} · Transcript History · StoryLoom`}</title>
      <PageHeader
        leading={<BackToDashboard />}
        title={
          <span className="flex items-center gap-3">
            <ColorDot color={projectColor(project)} className="size-4" />
            <span className="min-w-0 break-words">{project.name}</span>
          </span>
        }
        description={project.description || "Transcript History for this project."}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={`/projects/${project.id}/settings`}>
                <Settings aria-hidden />
                Settings
              </Link>
            </Button>
            <Button asChild>
              <Link to={`/generate?project=${project.id}`}>
                <Sparkles aria-hidden />
                Generate
              </Link>
            </Button>
          </>
        }
      />
      <HistoryList
        projectId={project.id}
        emptyDescription={`Transcripts you generate in ${project.name}, or file under it from the history, appear here.`}
        emptyAction={
          <Button asChild>
            <Link to={`/generate?project=${project.id}`}>
              <Sparkles aria-hidden />
              Generate User Stories
            </Link>
          </Button>
        }
      />
    </PageContainer>
  );
}
