import { useEffect, useState } from "react";
import type { GenerationStatus } from "../../../../schema/api/generation";
import { toast } from "../../../components/ui/toast";
import { api } from "../../../lib/api";
import { invalidateTranscripts } from "../../../lib/query";
import { queryKeys } from "../../../lib/query-keys";
import { cancelledText } from "../../../shared/transcripts/generation";
import { GenerationProgress } from "../../../shared/transcripts/generation-progress";

/** How often a card asks a running generation how it stands. */
const POLL_MS = 3000;

/**
 * A generation still running for the card's transcript (an LLM provider's durable run): how far it has read, and
 * Cancel (shared with the generator: shared/transcripts/generation-progress.tsx). It asks the server every few
 * seconds while shown and refreshes the list when the run ends, so the stories (or the failure and Try Again) replace
 * it without a reload.
 */
export function RunningGeneration({ transcriptId, describedBy }: { transcriptId: number; describedBy: string }) {
  const [status, setStatus] = useState<GenerationStatus | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const next = await api.get<GenerationStatus>(`${queryKeys.transcript(transcriptId)}/generation`);
        if (stopped) return;
        setStatus(next);
        if (next.state !== "running") {
          void invalidateTranscripts(transcriptId);
          return;
        }
      } catch {
        // a missed poll is tried again at the next tick
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    }
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [transcriptId]);

  return (
    <GenerationProgress
      transcriptId={transcriptId}
      status={status}
      describedBy={describedBy}
      className="mt-3"
      // this notice (and its button) gives way to Try Again: focus stays on the card, at its title
      focusAfterCancel={() => document.getElementById(describedBy)}
      onCancelled={(cancelled) => toast({ title: "Generation Cancelled", description: cancelledText(cancelled) })}
    />
  );
}
