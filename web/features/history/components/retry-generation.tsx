import { RefreshCw, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { regenerateStories, toastGenerationError, toastGenerationSuccess } from "../../../shared/transcripts/generation";

/** A failed generation's reason and 'Try Again', which generates again for the saved transcript. */
export function RetryGeneration({
  transcriptId,
  reason,
  describedBy,
}: {
  transcriptId: number;
  reason: string;
  describedBy: string;
}) {
  const [pending, setPending] = useState(false);

  async function retry() {
    setPending(true);
    try {
      toastGenerationSuccess(await regenerateStories(transcriptId));
    } catch (error) {
      toastGenerationError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-3 flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:flex-row sm:items-center">
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
        <span className="min-w-0 break-words">Generation failed: {reason}</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={retry}
        disabled={pending}
        aria-busy={pending || undefined}
        aria-describedby={describedBy}
      >
        {pending ? <Spinner className="size-4 text-brand-600" /> : <RefreshCw aria-hidden />}
        {pending ? "Generating..." : "Try Again"}
      </Button>
    </div>
  );
}
