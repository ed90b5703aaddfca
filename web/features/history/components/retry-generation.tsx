import { CircleStop, RefreshCw, TriangleAlert } from "lucide-react";
import { ActionNotice } from "../../../components/action-notice";
import { isCancelled } from "../../../../schema/api/generation-state";
import {
  regenerateStories,
  toastGenerationError,
  toastGenerationSuccess,
} from "../../../shared/transcripts/generation";

/**
 * A failed generation's reason and 'Try Again', which generates again for the saved transcript. A cancelled one says
 * so as information, not as a failure (issue 43).
 */
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

  const cancelled = isCancelled(reason);
  return (
    <ActionNotice
      tone={cancelled ? "info" : "danger"}
      icon={cancelled ? CircleStop : TriangleAlert}
      className="mt-3"
      action={{ label: "Try Again", pendingLabel: "Generating...", icon: RefreshCw, describedBy, run: retry }}
    >
      {cancelled ? "Generation cancelled: no stories were saved." : `Generation failed: ${reason}`}
    </ActionNotice>
  );
}
