import { CircleStop, Loader } from "lucide-react";
import { useRef, useState } from "react";
import type { GenerationCancelled, GenerationStatus } from "../../../schema/api/generation";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Button } from "../../components/ui/button";
import { toastError } from "../../components/ui/toast";
import { cn } from "../../lib/cn";
import { cancelGeneration, progressText } from "./generation";

/**
 * A generation still running on the server (an LLM provider's durable run), where the person waits for it: the
 * generator and the transcript's History card. It says how far the run has read, with a bar of the parts read when
 * the meeting is read in parts, and Cancel, which asks first. A confirmed cancel stops the run
 * (DELETE /api/transcripts/{id}/generation); `onCancelled` gets the server's answer (whether it still counts).
 */
export function GenerationProgress({
  transcriptId,
  status,
  describedBy,
  focusAfterCancel,
  onCancelled,
  className,
}: {
  transcriptId: number;
  /** The run as the server last reported it; null before the first answer. */
  status: GenerationStatus | null;
  /** The id of what Cancel acts on (e.g. a card's title), for screen readers. */
  describedBy?: string;
  /** Where focus goes when the dialog closes after a cancel (default: back to Cancel, until this notice goes away). */
  focusAfterCancel?: () => HTMLElement | null;
  onCancelled?: (cancelled: GenerationCancelled) => void;
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  // cancelled: this notice waits for its parent to notice the run has stopped (the next poll)
  const [stopped, setStopped] = useState(false);
  const [returnTo, setReturnTo] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const text = progressText(status) ?? "Generating stories...";
  const parts = status?.state === "running" && status.partsTotal && status.partsTotal >= 2 ? status : null;
  const done = parts ? Math.min(parts.partsDone, parts.partsTotal!) : 0;

  async function cancel() {
    setPending(true);
    try {
      const cancelled = await cancelGeneration(transcriptId);
      setStopped(true);
      setReturnTo(focusAfterCancel?.() ?? null);
      onCancelled?.(cancelled);
    } catch (error) {
      // (the specification's word for a failed cancel, docs/product-spec.md §8's toasts)
      toastError("Cancellation Failed", error, "The generation could not be cancelled. Please try again.");
    } finally {
      setPending(false);
      setAsking(false);
    }
  }

  return (
    <div
      className={cn(
        "flex flex-col items-stretch gap-3 rounded-lg border border-brand-200 bg-brand-50/60 p-3 text-sm text-slate-700",
        "sm:flex-row sm:items-center",
        className,
      )}
    >
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="flex min-w-0 items-start gap-2">
          <Loader className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
          <span role="status" className="min-w-0 break-words">
            {text}
          </span>
        </p>
        {parts && (
          <div
            role="progressbar"
            aria-label="Parts of the meeting read"
            aria-valuemin={0}
            aria-valuemax={parts.partsTotal!}
            aria-valuenow={done}
            aria-valuetext={text}
            className="h-2 w-full overflow-hidden rounded-full bg-brand-100"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-500 motion-reduce:transition-none"
              style={{ width: `${(done / parts.partsTotal!) * 100}%` }}
            />
          </div>
        )}
      </div>
      {/* aria-disabled, not disabled, once cancelled: the button keeps the keyboard focus until the notice goes. */}
      <Button
        ref={button}
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        aria-disabled={stopped || undefined}
        onClick={() => !stopped && setAsking(true)}
      >
        <CircleStop aria-hidden />
        {stopped ? "Cancelling..." : "Cancel"}
      </Button>
      <ConfirmDialog
        open={asking}
        title="Cancel this generation?"
        description="No stories will be saved. Once the model has started reading the meeting, the generation still counts towards this month's generations."
        confirmLabel="Cancel Generation"
        confirmIcon={<CircleStop aria-hidden />}
        cancelLabel="Keep Generating"
        pending={pending}
        returnFocus={returnTo ?? button.current}
        onConfirm={() => void cancel()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
