import { Clock, Layers, Users } from "lucide-react";
import type { GeneratedStories } from "../../../../schema/api/transcripts";
import { LoadError } from "../../../components/load-error";
import { PriorityBadge } from "../../../components/transcript-badges";
import { Badge } from "../../../components/ui/badge";
import { Skeleton } from "../../../components/ui/skeleton";
import { plural } from "../../../lib/format";
import { useErrorToast } from "../../../lib/query";
import { useTranscriptDetail } from "../api/transcript-calls";

/** The expanded part of a history card: the original text and the generated stories. */
export function TranscriptDetails({ transcriptId }: { transcriptId: number }) {
  const { data, error, mutate } = useTranscriptDetail(transcriptId);
  useErrorToast(error, "Error", "Failed to load the transcript.");

  if (!data && error) return <LoadError what="this transcript" onRetry={() => void mutate()} />;
  if (!data) {
    return (
      <div role="status" aria-label="Loading transcript" className="grid gap-3">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby={`original-${transcriptId}`}>
        <div className="mb-2 flex items-baseline justify-between gap-3">
          <h3 id={`original-${transcriptId}`} className="text-sm font-semibold text-ink">
            Original Transcript
          </h3>
          <span className="text-xs text-muted">{data.content.length.toLocaleString("en-US")} characters</span>
        </div>
        {/* Focusable so keyboard users can scroll it. */}
        <div
          tabIndex={0}
          role="region"
          aria-label="Original transcript text"
          className="max-h-64 overflow-auto rounded-lg border border-line bg-slate-50 p-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {data.content}
        </div>
      </section>
      <section aria-labelledby={`stories-${transcriptId}`}>
        <h3 id={`stories-${transcriptId}`} className="mb-2 text-sm font-semibold text-ink">
          Generated Stories
        </h3>
        {data.generatedStories ? (
          <Stories stories={data.generatedStories} />
        ) : (
          <p className="rounded-lg border border-dashed border-orange-300 bg-orange-50 px-4 py-3 text-sm text-orange-900">
            Stories are still being generated for this transcript.
          </p>
        )}
      </section>
    </div>
  );
}

function Stories({ stories }: { stories: GeneratedStories }) {
  const { epic, userStories } = stories;
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="rounded-lg border border-brand-200 bg-brand-50/60 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="purple">Epic</Badge>
          <h4 className="font-semibold break-words text-ink">{epic.title}</h4>
          <PriorityBadge priority={epic.priority} />
        </div>
        <p className="mt-2 text-sm break-words text-slate-700">{epic.description}</p>
        {(epic.timeline || epic.team) && (
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
            {epic.timeline && <span>Timeline: {epic.timeline}</span>}
            {epic.team && (
              <span className="inline-flex items-center gap-1">
                <Users className="size-3.5" aria-hidden />
                {epic.team}
              </span>
            )}
          </p>
        )}
      </div>
      <p className="text-sm font-medium text-muted">{plural(userStories.length, "user story", "user stories")}</p>
      <ol className="grid grid-cols-1 gap-3">
        {userStories.map((story, index) => (
          <li key={index} className="rounded-lg border border-line p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h4 className="min-w-0 font-medium break-words text-ink">
                <span className="mr-2 text-xs font-semibold text-slate-500">Story {index + 1}</span>
                {story.title}
              </h4>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <PriorityBadge priority={story.priority} />
                <span className="inline-flex items-center gap-1">
                  <Layers className="size-3.5" aria-hidden />
                  {plural(story.storyPoints, "point")}
                </span>
                <span className="inline-flex items-center gap-1">
                  <Clock className="size-3.5" aria-hidden />
                  {plural(story.estimatedHours, "hour")}
                </span>
              </div>
            </div>
            <p className="mt-2 text-sm break-words text-slate-700">{story.description}</p>
            {story.acceptanceCriteria.length > 0 && (
              <div className="mt-3">
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Acceptance criteria</p>
                <ul className="mt-1.5 grid list-disc gap-1 pl-5 text-sm text-slate-700 marker:text-slate-400">
                  {story.acceptanceCriteria.map((criterion, i) => (
                    <li key={i} className="break-words">
                      {criterion}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
