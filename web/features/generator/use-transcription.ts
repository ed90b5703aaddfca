import { useEffect, useRef, useState } from "react";
import { AUDIO_MAX_BYTES } from "../../../schema/api/audio";
import type { TranscribeAudioResponse } from "../../../schema/api/audio-body";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api";
import { invalidateSubscription } from "../../lib/query";
import {
  isProRequiredError,
  isTooLarge,
  retryableRecordingId,
  retryTranscription,
  transcribeAudio,
} from "./api/transcription";
import { groupDigits } from "../../lib/format";

// docs/product-spec.md §4 and §9: progress starts at 10, rises 10 points every 500 ms and stops at 90 until the answer arrives.
export const PROGRESS_START = 10;
export const PROGRESS_STEP = 10;
export const PROGRESS_CAP = 90;
export const PROGRESS_INTERVAL_MS = 500;
/** How long the full bar stays up once the transcript is in, so the 100 percent can be seen. */
const DONE_VISIBLE_MS = 600;

const TRANSCRIPTION_FALLBACK = "Failed to transcribe audio. Please try again.";

export type TranscriptionPhase = "idle" | "transcribing" | "done";

/** A recording the server kept after the provider failed: it can be transcribed again without a new upload. */
export interface FailedRecording {
  recordingId: string;
  fileName: string;
}

/** docs/product-spec.md §8: audio is a Pro feature (free plans picking audio, or the server's 403). */
export function toastProRequired(error?: unknown): void {
  toast({
    title: "Pro Feature Required",
    description: "Audio transcription is available for Pro subscribers. Upgrade to Pro to upload recordings.",
    variant: "destructive",
    action: { label: "Upgrade to Pro", to: "/subscription" },
    error,
  });
}

const characters = (n: number) => `${groupDigits(n)} ${n === 1 ? "character" : "characters"}`;

/**
 * Audio transcription (docs/product-spec.md §4 Audio): idle, transcribing (with the progress bar), then done or failed. The
 * transcript goes to `onTranscribed`; the toasts are shown here. A provider failure that kept the upload leaves
 * `failed` set, for a retry without uploading again. Timers stop when the screen unmounts.
 */
export function useTranscription(onTranscribed: (result: TranscribeAudioResponse, fileName: string) => void) {
  const [phase, setPhase] = useState<TranscriptionPhase>("idle");
  const [progress, setProgress] = useState(0);
  const [fileName, setFileName] = useState("");
  const [failed, setFailed] = useState<FailedRecording | null>(null);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; reset?: ReturnType<typeof setTimeout> }>({});
  const busy = useRef(false);
  const mounted = useRef(false);
  const apply = useRef(onTranscribed);

  useEffect(() => {
    apply.current = onTranscribed;
  });

  useEffect(() => {
    mounted.current = true;
    const current = timers.current;
    return () => {
      mounted.current = false;
      clearInterval(current.tick);
      clearTimeout(current.reset);
    };
  }, []);

  function start(name: string) {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.reset);
    setFileName(name);
    setFailed(null);
    setPhase("transcribing");
    setProgress(PROGRESS_START);
    // An answer that arrives after the screen is gone still fills the draft; it just needs no timer.
    if (!mounted.current) return;
    timers.current.tick = setInterval(() => {
      setProgress((p) => Math.min(PROGRESS_CAP, p + PROGRESS_STEP));
    }, PROGRESS_INTERVAL_MS);
  }

  function stop(done: boolean) {
    clearInterval(timers.current.tick);
    if (done && mounted.current) {
      setProgress(100);
      setPhase("done");
      timers.current.reset = setTimeout(() => {
        setPhase("idle");
        setProgress(0);
      }, DONE_VISIBLE_MS);
    } else {
      setPhase("idle");
      setProgress(0);
    }
  }

  async function run(name: string, call: () => Promise<TranscribeAudioResponse>) {
    if (busy.current) return;
    busy.current = true;
    start(name);
    try {
      const result = await call();
      if (!result.transcript.trim()) {
        stop(false);
        toast({
          title: "Transcription Failed",
          description: "No speech was found in the recording.",
          variant: "destructive",
        });
        return;
      }
      apply.current(result, name);
      stop(true);
      toast({
        title: "Audio Transcribed Successfully",
        description: `${characters(result.characters)} transcribed.`,
        variant: "success",
      });
    } catch (error) {
      stop(false);
      if (isProRequiredError(error)) {
        // The plan changed under the screen: show the free-plan view again.
        void invalidateSubscription();
        toastProRequired(error);
        return;
      }
      const recordingId = retryableRecordingId(error);
      const retryable = recordingId ? { recordingId, fileName: name } : null;
      setFailed(retryable);
      toast({
        title: "Transcription Failed",
        description: errorMessage(error, TRANSCRIPTION_FALLBACK),
        variant: "destructive",
        error,
        action: retryable
          ? {
              label: "Try Again",
              altText: "Use the Retry transcription button next to the transcript to try again.",
              onClick: () => void run(retryable.fileName, () => retryTranscription(retryable.recordingId)),
            }
          : undefined,
      });
    } finally {
      busy.current = false;
    }
  }

  /** Uploads a recording and transcribes it. */
  function transcribe(file: File): Promise<void> {
    if (busy.current) return Promise.resolve();
    if (isTooLarge(file)) {
      toast({
        title: "Transcription Failed",
        description: `Audio files can be at most ${AUDIO_MAX_BYTES / (1024 * 1024)} MB. Please upload a shorter or compressed recording.`,
        variant: "destructive",
      });
      return Promise.resolve();
    }
    return run(file.name, () => transcribeAudio(file));
  }

  /** Transcribes the kept recording of the last failure again. */
  function retry(): Promise<void> {
    if (!failed) return Promise.resolve();
    const { recordingId, fileName: name } = failed;
    return run(name, () => retryTranscription(recordingId));
  }

  return {
    phase,
    transcribing: phase === "transcribing",
    progress,
    fileName,
    failed,
    transcribe,
    retry,
    dismissFailed: () => setFailed(null),
  };
}
