import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/ui/skeleton";
import { useErrorToast } from "../../../components/ui/toast";
import { SentTo } from "../../../shared/integrations/sent-to";
import { useStoryEditor } from "../../../shared/stories/edit-stories-button";
import { PreviousVersionNotice } from "../../../shared/stories/previous-version-notice";
import { StoriesView } from "../../../shared/stories/stories-view";
import { useTranscript } from "../../../shared/transcripts/api";
import { isCancelled } from "../../../../schema/api/generation-state";
import { groupDigits } from "../../../lib/format";

/** The expanded part of a history card: the original text and the generated stories. */
export function TranscriptDetails({
  transcriptId,
  generationError,
}: {
  transcriptId: number;
  /** Why the last generation failed; shown instead of 'still being generated'. */
  generationError: string | null;
}) {
  const { data, error, mutate } = useTranscript(transcriptId);
  useErrorToast(error, "Error", "Failed to load the transcript.");
  const editor = useStoryEditor(data, { describedBy: `stories-${transcriptId}` });

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
          <span className="text-xs text-muted">{groupDigits(data.content.length)} characters</span>
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
        <div className="mb-2 flex items-center justify-between gap-3">
          <h3 id={`stories-${transcriptId}`} className="text-sm font-semibold text-ink">
            Generated Stories
          </h3>
          {editor.editButton}
        </div>
        {data.generatedStories ? (
          <div className="grid grid-cols-1 gap-4">
            <PreviousVersionNotice transcript={data} describedBy={`stories-${transcriptId}`} />
            <StoriesView stories={data.generatedStories} quality={data.quality} onAddAsStory={editor.addAsStory} />
          </div>
        ) : isCancelled(generationError) ? (
          <p className="rounded-lg border border-dashed border-brand-200 bg-brand-50/60 px-4 py-3 text-sm text-slate-700">
            Generation cancelled: no stories were saved.
          </p>
        ) : generationError ? (
          <p className="rounded-lg border border-dashed border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
            Generation failed: {generationError}
          </p>
        ) : (
          <p className="rounded-lg border border-dashed border-orange-300 bg-orange-50 px-4 py-3 text-sm text-orange-900">
            Stories are still being generated for this transcript.
          </p>
        )}
      </section>
      {data.generatedStories && data.projectId !== null && (
        <SentTo transcriptId={transcriptId} labelledBy={`sent-${transcriptId}`} />
      )}
      {editor.dialogs}
    </div>
  );
}
