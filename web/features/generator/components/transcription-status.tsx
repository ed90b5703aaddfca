import { CircleCheck, Mic, RotateCw } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import type { FailedRecording, TranscriptionPhase } from "../use-transcription";

interface TranscriptionStatusProps {
  phase: TranscriptionPhase;
  progress: number;
  fileName: string;
  failed: FailedRecording | null;
  onRetry: () => void;
  onDismiss: () => void;
}

/**
 * The audio progress bar (docs/product-spec.md §2, §4) and, after a provider failure that kept the recording, a retry that does not
 * upload it again. The text sits in a live region; the bar itself is a labelled progressbar.
 */
export function TranscriptionStatus({
  phase,
  progress,
  fileName,
  failed,
  onRetry,
  onDismiss,
}: TranscriptionStatusProps) {
  const done = phase === "done";
  return (
    <>
      <div aria-live="polite">
        {phase !== "idle" && (
          <div className="grid gap-2 rounded-lg bg-brand-50 px-3 py-2.5 ring-1 ring-brand-200 ring-inset">
            <div className="flex items-center justify-between gap-3 text-sm">
              <p className="flex min-w-0 items-center gap-2 font-medium text-brand-900">
                {done ? (
                  <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden />
                ) : (
                  <Spinner className="size-4 shrink-0 text-brand-600" />
                )}
                <span className="truncate">
                  {done ? "Transcription complete" : "Transcribing audio..."}
                  {fileName && <span className="font-normal text-muted"> {fileName}</span>}
                </span>
              </p>
              <span className="shrink-0 text-xs text-muted tabular-nums" aria-hidden>
                {progress}%
              </span>
            </div>
            <div
              role="progressbar"
              aria-label="Audio transcription progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-valuetext={`${progress}%`}
              className="h-2 w-full overflow-hidden rounded-full bg-brand-100"
            >
              <div
                className={cn(
                  "h-full rounded-full motion-safe:transition-[width] motion-safe:duration-300",
                  done ? "bg-emerald-600" : "bg-brand-600",
                )}
                style={{ width: `${progress}%` }}
              />
            </div>
          </div>
        )}
      </div>
      {failed && phase === "idle" && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-950 ring-1 ring-red-200 ring-inset">
          <p className="flex min-w-0 flex-1 basis-56 items-start gap-2">
            <Mic className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
            <span className="min-w-0 break-words">
              Transcription of <span className="font-medium">{failed.fileName}</span> failed. The recording was kept, so
              you can try again without uploading it.
            </span>
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RotateCw aria-hidden />
              Retry transcription
            </Button>
            <Button variant="ghost" size="sm" onClick={onDismiss} aria-label="Dismiss failed transcription">
              Dismiss
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
