import { CalendarDays, Eye, EyeOff, ListChecks, Send } from "lucide-react";
import { memo, useId, useState } from "react";
import type { TranscriptSummary } from "../../../../schema/api/transcripts";
import { TranscriptStatusBadge } from "../../../components/transcript-badges";
import { isCancelled } from "../../../../schema/api/generation-state";
import { Button } from "../../../components/ui/button";
import { formatDateTime, plural } from "../../../lib/format";
import type { ProjectOption } from "../../../shared/projects/model";
import { ProjectLabel } from "../../../shared/projects/project-label";
import { ExportMenu } from "../../../shared/stories/export-menu";
import { DeleteTranscriptButton } from "./delete-transcript-button";
import { ProjectAssignSelect } from "./project-assign-select";
import { RegenerateButton } from "../../../shared/transcripts/regenerate-button";
import { RetryGeneration } from "./retry-generation";
import { RunningGeneration } from "./running-generation";
import { TranscriptDetails } from "./transcript-details";

interface TranscriptCardProps {
  transcript: TranscriptSummary;
  /** The transcript's project, looked up once per list render; undefined for none or unknown. */
  project: ProjectOption | undefined;
  projects: ProjectOption[] | undefined;
  projectsLoaded: boolean;
}

/**
 * One history card. Memoised and given stable props so a change to one transcript re-renders one card; the full
 * text is fetched only on the first expand.
 */
export const TranscriptCard = memo(function TranscriptCard({
  transcript,
  project,
  projects,
  projectsLoaded,
}: TranscriptCardProps) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const detailsId = useId();

  return (
    <article
      aria-labelledby={titleId}
      // Off-screen cards skip layout and paint until scrolled near: long histories stay smooth.
      className="rounded-xl border border-line bg-white shadow-card [contain-intrinsic-size:auto_8rem] [content-visibility:auto]"
    >
      <div className="flex flex-col gap-4 p-4 sm:p-5 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h2 id={titleId} tabIndex={-1} className="min-w-0 text-base font-semibold break-words text-ink">
              {transcript.title}
            </h2>
            <TranscriptStatusBadge
              hasStories={transcript.hasStories}
              cancelled={!transcript.generating && isCancelled(transcript.generationError)}
            />
          </div>
          <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4 text-slate-400" aria-hidden />
              <time dateTime={transcript.createdAt}>{formatDateTime(transcript.createdAt)}</time>
            </span>
            <ProjectLabel projectId={transcript.projectId} project={project} projectsLoaded={projectsLoaded} />
            {transcript.hasStories && (
              <span className="inline-flex items-center gap-1.5">
                <ListChecks className="size-4 text-slate-400" aria-hidden />
                {plural(transcript.storyCount, "story", "stories")}
              </span>
            )}
            {transcript.sentTo?.map((sent) => (
              <SentToLink key={`${sent.type}:${sent.name}`} sent={sent} />
            ))}
          </p>
          {transcript.generating && <RunningGeneration transcriptId={transcript.id} describedBy={titleId} />}
          {transcript.generationError && !transcript.hasStories && !transcript.generating && (
            <RetryGeneration transcriptId={transcript.id} reason={transcript.generationError} describedBy={titleId} />
          )}
        </div>
        {/* Phones: the project picker takes its own row, the actions the next one. */}
        <div className="flex flex-wrap items-center gap-2">
          <div className="w-full sm:w-auto sm:min-w-0 sm:flex-1 lg:w-56 lg:flex-none">
            <ProjectAssignSelect
              transcriptId={transcript.id}
              projectId={transcript.projectId}
              project={project}
              projects={projects}
              projectsLoaded={projectsLoaded}
            />
          </div>
          <ExportMenu
            source={{ origin: "history", transcriptId: transcript.id, title: transcript.title }}
            projectId={transcript.projectId}
            describedBy={titleId}
          />
          <Button
            variant="outline"
            size="sm"
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-describedby={titleId}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            {expanded ? "Hide" : "View"}
          </Button>
          {transcript.hasStories && <RegenerateButton transcriptId={transcript.id} describedBy={titleId} />}
          <DeleteTranscriptButton transcriptId={transcript.id} describedBy={titleId} />
        </div>
      </div>
      <div id={detailsId} hidden={!expanded} className="border-t border-line p-4 sm:p-5">
        {expanded && (
          <TranscriptDetails
            transcriptId={transcript.id}
            generationError={transcript.hasStories ? null : transcript.generationError}
          />
        )}
      </div>
    </article>
  );
});

/** Where the stories went, on the card itself: the destination and the epic's key, linking to it. */
function SentToLink({ sent }: { sent: NonNullable<TranscriptSummary["sentTo"]>[number] }) {
  const label = sent.type === "notion" ? `${sent.name}` : `${sent.name} ${sent.epicKey ?? ""}`.trim();
  const content = (
    <>
      <Send className="size-4 text-slate-400" aria-hidden />
      <span className="sr-only">Sent to </span>
      {label}
    </>
  );
  return sent.epicUrl ? (
    <a
      href={sent.epicUrl}
      target="_blank"
      rel="noreferrer"
      className="inline-flex min-w-0 items-center gap-1.5 text-brand-700 underline-offset-2 hover:underline"
    >
      {content}
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  ) : (
    <span className="inline-flex items-center gap-1.5">{content}</span>
  );
}
