import { Copy, History, ListChecks } from "lucide-react";
import type { Ref } from "react";
import { Link } from "react-router";
import type { GenerateResponse } from "../../../../schema/api/transcripts";
import { StoriesView } from "../../../components/stories-view";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { plural } from "../../../lib/format";
import { storiesToPlainText } from "../../../lib/stories-text";

/** The Generated Stories panel: a placeholder, the pending state, or the epic and stories with their actions. */
export function GeneratedStoriesPanel({
  result,
  pending,
  headingRef,
  className,
}: {
  result: GenerateResponse | null;
  pending: boolean;
  /** Focused after a generation so keyboard and screen-reader users land on the result. */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
}) {
  async function copy() {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(storiesToPlainText(result.data));
      toast({ title: "Copied to Clipboard", description: "The epic and user stories were copied as plain text.", variant: "success" });
    } catch {
      toast({ title: "Failed to copy", description: "Could not copy the stories.", variant: "destructive" });
    }
  }

  const count = result?.data.userStories.length ?? 0;
  return (
    <Card className={className}>
      <section aria-labelledby="generated-stories-heading" aria-busy={pending || undefined}>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4">
          <div className="min-w-0">
            <h2
              id="generated-stories-heading"
              ref={headingRef}
              tabIndex={-1}
              className="text-lg font-semibold tracking-tight text-ink focus:outline-none"
            >
              Generated Stories
            </h2>
            {result && !pending && <p className="text-sm text-muted">{plural(count, "story", "stories")}</p>}
          </div>
          {result && !pending && (
            <div className="flex flex-wrap items-center gap-2">
              {/* EDITOR/EXPORT SLOT: the story editor issue adds Edit here, and the exports issue the Export menu
                  (Markdown, JIRA text, PDF, integrations) next to Copy. */}
              <Button variant="outline" size="sm" onClick={copy}>
                <Copy aria-hidden />
                Copy
              </Button>
            </div>
          )}
        </div>
        <div className="p-5">
          {pending ? (
            <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-center">
              <Spinner className="size-8 text-brand-600" />
              <p className="text-sm font-medium text-ink">Generating your stories...</p>
              <p className="max-w-xs text-xs text-muted">Reading the transcript for goals, requirements and decisions.</p>
            </div>
          ) : result ? (
            <div className="grid gap-4">
              <StoriesView stories={result.data} headingLevel={3} showCount={false} />
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
    </Card>
  );
}
