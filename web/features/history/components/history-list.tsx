import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import { LoadError } from "../../../components/load-error";
import { EmptyState } from "../../../components/page";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { Spinner } from "../../../components/ui/spinner";
import { useErrorToast } from "../../../components/ui/toast";
import { groupDigits, plural } from "../../../lib/format";
import { useProjects } from "../../../shared/projects/api";
import { useProjectOptions } from "../../../shared/projects/model";
import { useTranscriptList } from "../../../shared/transcripts/api";
import { TranscriptCard } from "./transcript-card";

/**
 * The history cards: all transcripts, or one project's, a page at a time (newest first, 'Load more' for the next).
 * States: loading (skeleton cards), empty, or the list.
 */
export function HistoryList({
  projectId,
  emptyDescription,
  emptyAction,
}: {
  projectId?: number;
  emptyDescription: ReactNode;
  emptyAction: ReactNode;
}) {
  const { data: page, error, refetch, loadMore, loadingMore, loadMoreError } = useTranscriptList(projectId);
  const { data: projects } = useProjects();
  const { options, byId } = useProjectOptions(projects);
  useErrorToast(error, "Error", "Failed to load transcripts.");
  useErrorToast(loadMoreError, "Error", "Failed to load more transcripts.");

  if (!page && error) return <LoadError what="your transcripts" onRetry={() => void refetch()} />;
  if (!page) return <HistorySkeleton />;
  const transcripts = page.transcripts;
  if (transcripts.length === 0) {
    return (
      <EmptyState icon={FileText} title="No Transcripts Yet" action={emptyAction}>
        {emptyDescription}
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-muted" aria-live="polite">
        {page.nextCursor
          ? `Showing ${groupDigits(transcripts.length)} of ${plural(page.total, "transcript")}`
          : plural(transcripts.length, "transcript")}
      </p>
      <ul className="grid grid-cols-1 gap-4" aria-label="Transcripts">
        {transcripts.map((t) => (
          <li key={t.id}>
            <TranscriptCard
              transcript={t}
              project={t.projectId === null ? undefined : byId.get(t.projectId)}
              projects={options}
              projectsLoaded={projects !== undefined}
            />
          </li>
        ))}
      </ul>
      {page.nextCursor && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore && <Spinner className="size-4 text-brand-600" />}
            {loadingMore ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" aria-label="Loading transcripts" className="grid gap-4">
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 shadow-card lg:flex-row lg:justify-between"
        >
          <div className="grid flex-1 gap-2.5">
            <div className="flex items-center gap-3">
              <Skeleton className="h-5 w-56 max-w-[60%]" />
              <Skeleton className="h-5 w-28 rounded-full" />
            </div>
            <Skeleton className="h-4 w-72 max-w-[80%]" />
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-8 w-48" />
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-8 w-8" />
          </div>
        </div>
      ))}
    </div>
  );
}
