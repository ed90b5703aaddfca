import { Copy, History, ListChecks } from "lucide-react";
import { useEffect, type Ref } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { Spinner } from "../../../components/ui/spinner";
import { toast, useErrorToast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { storiesToPlainText } from "../../../lib/exports";
import { plural } from "../../../lib/format";
import { useStoryEditor } from "../../../shared/stories/edit-stories-button";
import { ExportMenu } from "../../../shared/stories/export-menu";
import { PreviousVersionNotice } from "../../../shared/stories/previous-version-notice";
import { StoriesView } from "../../../shared/stories/stories-view";
import { useTranscript } from "../../../shared/transcripts/api";
import { RegenerateButton } from "../../../shared/transcripts/regenerate-button";

/** The Generated Stories panel: a placeholder, the pending state, or the epic and stories with their actions. */
export function GeneratedStoriesPanel({
  transcriptId,
  title,
  onMissing,
  pending,
  headingRef,
  className,
}: {
  /** The saved transcript whose stories are shown (the last generation), or null before the first one. */
  transcriptId: number | null;
  /** The title input's value: exports are named after it (docs/product-spec.md §9). */
  title: string;
  /** The transcript is gone (deleted in history, or another account's): the panel goes back to its empty state. */
  onMissing: () => void;
  pending: boolean;
  /** Focused after a generation so keyboard and screen-reader users land on the result. */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
}) {
  const { data: transcript, error } = useTranscript(transcriptId);
  const missing = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (missing) onMissing();
  }, [missing, onMissing]);
  useErrorToast(missing ? null : error, "Error", "Failed to load the generated stories.");
  const stories = transcript?.generatedStories ?? null;
  const editor = useStoryEditor(transcript);
  const loading = transcriptId !== null && !transcript && !error;

  async function copy() {
    if (!stories) return;
    try {
      await navigator.clipboard.writeText(storiesToPlainText(stories));
      toast({
        title: "Copied to Clipboard",
        description: "The epic and user stories were copied as plain text.",
        variant: "success",
      });
    } catch {
      toast({ title: "Failed to copy", description: "Could not copy the stories.", variant: "destructive" });
    }
  }

  const count = stories?.userStories.length ?? 0;
  return (
    <Card className={className}>
      <section aria-labelledby="generated-stories-heading" aria-busy={pending || undefined}>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4">
          <div className="min-w-0">
            <h2
              id="generated-stories-heading"
              ref={headingRef}
              tabIndex={-1}
              className="scroll-mt-20 text-lg font-semibold tracking-tight text-ink focus:outline-none"
            >
              Generated Stories
            </h2>
            {stories && !pending && <p className="text-sm text-muted">{plural(count, "story", "stories")}</p>}
          </div>
          {stories && !pending && (
            <div className="flex flex-wrap items-center gap-2">
              {editor.editButton}
              <Button variant="outline" size="sm" onClick={copy}>
                <Copy aria-hidden />
                Copy
              </Button>
              {transcriptId !== null && <RegenerateButton transcriptId={transcriptId} />}
              {/* docs/product-spec.md §7: after a generation the generator also loads the project's integrations. */}
              <ExportMenu
                source={{ origin: "generator", transcriptId, title, stories, quality: transcript?.quality ?? null }}
                projectId={transcript?.projectId ?? null}
                prefetchIntegrations
              />
            </div>
          )}
        </div>
        <div className="p-5">
          {pending ? (
            <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-center">
              <Spinner className="size-8 text-brand-600" />
              <p className="text-sm font-medium text-ink">Generating your stories...</p>
              <p className="max-w-xs text-xs text-muted">
                Reading the transcript for goals, requirements and decisions.
              </p>
            </div>
          ) : loading ? (
            <div role="status" aria-label="Loading generated stories" className="grid gap-3">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-32 w-full" />
            </div>
          ) : stories ? (
            <div className="grid gap-4">
              {transcript && <PreviousVersionNotice transcript={transcript} />}
              <StoriesView
                stories={stories}
                quality={transcript?.quality}
                onAddAsStory={editor.addAsStory}
                headingLevel={3}
                showCount={false}
              />
              <p className="flex items-center gap-1.5 text-xs text-muted">
                <History className="size-3.5" aria-hidden />
                Saved to your history.
                <Link to="/history" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  View History
                </Link>
              </p>
            </div>
          ) : (
            <div className="flex flex-col items-center justify-center gap-3 py-16 text-center">
              <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <ListChecks className="size-6" aria-hidden />
              </div>
              <p className="text-sm font-medium text-ink">No stories yet</p>
              <p className="max-w-xs text-sm text-muted">
                Paste or upload a transcript, then generate to see the epic and its user stories here.
              </p>
            </div>
          )}
        </div>
      </section>
      {editor.dialogs}
    </Card>
  );
}
