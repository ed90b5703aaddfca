import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import { LoadError } from "../../../components/load-error";
import { EmptyState } from "../../../components/page";
import { Skeleton } from "../../../components/ui/skeleton";
import { useErrorToast } from "../../../components/ui/toast";
import { plural } from "../../../lib/format";
import { useProjects } from "../../../shared/projects/api";
import { useProjectOptions } from "../../../shared/projects/model";
import { useTranscripts } from "../../../shared/transcripts/api";
import { TranscriptCard } from "./transcript-card";

/**
 * The history cards: all transcripts, or one project's. States: loading (skeleton cards), empty, or the list.
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
  const { data: transcripts, error, mutate } = useTranscripts(projectId);
  const { data: projects } = useProjects();
  const { options, byId } = useProjectOptions(projects);
  useErrorToast(error, "Error", "Failed to load transcripts.");

  if (!transcripts && error) return <LoadError what="your transcripts" onRetry={() => void mutate()} />;
  if (!transcripts) return <HistorySkeleton />;
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
        {plural(transcripts.length, "transcript")}
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
    </>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" aria-label="Loading transcripts" className="grid gap-4">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 shadow-card lg:flex-row lg:justify-between">
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
