import { RefreshCw, TriangleAlert } from "lucide-react";
import { ActionNotice } from "../../../components/action-notice";
import {
  regenerateStories,
  toastGenerationError,
  toastGenerationSuccess,
} from "../../../shared/transcripts/generation";

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
  async function retry() {
    try {
      toastGenerationSuccess(await regenerateStories(transcriptId));
    } catch (error) {
      toastGenerationError(error);
    }
  }

  return (
    <ActionNotice
      tone="danger"
      icon={TriangleAlert}
      className="mt-3"
      action={{ label: "Try Again", pendingLabel: "Generating...", icon: RefreshCw, describedBy, run: retry }}
    >
      Generation failed: {reason}
    </ActionNotice>
  );
}
