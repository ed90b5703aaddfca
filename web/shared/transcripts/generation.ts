// Generation is started by the generator and retried from history cards, with the same toasts in both.
import type { GenerationCancelled, GenerationPending, GenerationStatus } from "../../../schema/api/generation";
import { CANCELLED_GENERATION_MESSAGE } from "../../../schema/api/generation-state";
import type { GenerateInput, GenerateResponse, Transcript } from "../../../schema/api/transcripts";
import { toast, toastError } from "../../components/ui/toast";
import { ApiError, api } from "../../lib/api";
import { plural } from "../../lib/format";
import { invalidatePlanUsage, invalidateTranscripts, setQueryData } from "../../lib/query";
import { queryKeys } from "../../lib/query-keys";

/**
 * Told how a generation still running on the server stands, each time the SPA asks (every FOLLOW_MS), and which
 * transcript it is for (the generator learns it only here while the run goes on: its Cancel needs it).
 */
export type OnProgress = (status: GenerationStatus, transcriptId: number) => void;

/** How often the SPA asks a durable generation how it stands. */
const FOLLOW_MS = 2000;

/**
 * Follows a generation the server answered 202 for (an LLM provider's durable run, still going after the request's
 * wait) until it ends: the stories when they are saved, the failure's reason as an error otherwise.
 */
export async function followGeneration(transcriptId: number, onProgress?: OnProgress): Promise<GenerateResponse> {
  const path = queryKeys.transcript(transcriptId);
  for (;;) {
    const status = await api.get<GenerationStatus>(`${path}/generation`);
    onProgress?.(status, transcriptId);
    if (status.state === "done") {
      const transcript = await api.get<Transcript>(path);
      void setQueryData(path, transcript);
      return {
        data: transcript.generatedStories!,
        transcriptId,
        storiesVersion: transcript.storiesVersion,
        previousStoriesKept: transcript.previousStories !== null,
        quality: transcript.quality!,
      };
    }
    if (status.state === "cancelled") throw new GenerationStopped();
    if (status.state !== "running") {
      const error = {
        success: false,
        error: status.error ?? "Story generation failed. Please try again.",
        code: "upstream_error",
      };
      throw new ApiError(502, "Bad Gateway", JSON.stringify(error));
    }
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
  }
}

/**
 * Asks the server to answer 202 after 3 s of a durable run (RFC 7240's `Prefer`, worker/lib/prefer.ts) rather than
 * its 25 s, so the progress shows while a long meeting is read.
 */
const PREFER_ASYNC = { Prefer: "respond-async, wait=3" };

/** The stories, following the run when the server answered before they were ready. */
function finished(answer: GenerateResponse | GenerationPending, onProgress?: OnProgress): Promise<GenerateResponse> {
  return "statusUrl" in answer ? followGeneration(answer.transcriptId, onProgress) : Promise.resolve(answer);
}

/** POST /api/generate: saves the transcript and generates its epic and stories. */
export async function generateStories(input: GenerateInput, onProgress?: OnProgress): Promise<GenerateResponse> {
  let transcriptId: number | undefined;
  try {
    const answer = await api.post<GenerateResponse | GenerationPending>("/api/generate", input, PREFER_ASYNC);
    transcriptId = answer.transcriptId;
    // the list shows the new transcript at once, "Processing" while a durable run goes on
    void invalidateTranscripts(transcriptId);
    return await finished(answer, onProgress);
  } finally {
    if (transcriptId !== undefined) void invalidateTranscripts(transcriptId);
    void invalidatePlanUsage();
  }
}

/** Generates again for a saved transcript (e.g. after the provider failed). */
export async function regenerateStories(transcriptId: number, onProgress?: OnProgress): Promise<GenerateResponse> {
  try {
    const answer = await api.post<GenerateResponse | GenerationPending>(
      `${queryKeys.transcript(transcriptId)}/generate`,
      undefined,
      PREFER_ASYNC,
    );
    void invalidateTranscripts(transcriptId);
    const response = await finished(answer, onProgress);
    void invalidateTranscripts(transcriptId);
    return response;
  } catch (error) {
    // A failed attempt records its reason on the transcript: the card shows the new one.
    void invalidateTranscripts(transcriptId);
    throw error;
  } finally {
    void invalidatePlanUsage();
  }
}

/**
 * Puts a fresh generation into the transcript cache so the generator shows it without fetching back what it just
 * sent (the server names an untitled transcript after its epic, as here; only createdAt is approximate).
 */
export function showGenerated(
  response: GenerateResponse,
  input: { title: string; projectId: number | null; content: string },
): void {
  const transcript: Transcript = {
    id: response.transcriptId,
    title: input.title || response.data.epic.title,
    projectId: input.projectId,
    createdAt: new Date().toISOString(),
    content: input.content,
    generatedStories: response.data,
    originalStories: response.data,
    previousStories: null,
    storiesVersion: response.storiesVersion,
    quality: response.quality,
  };
  void setQueryData(queryKeys.transcript(response.transcriptId), transcript);
}

/**
 * Stops a transcript's running generation (Cancel on the generator and on History's card, generation-progress.tsx);
 * the card then shows why it stopped, with Try Again.
 * `counted`: the model had started, so the generation still counts this month.
 */
export async function cancelGeneration(transcriptId: number): Promise<GenerationCancelled> {
  try {
    return await api.delete<GenerationCancelled>(`${queryKeys.transcript(transcriptId)}/generation`);
  } finally {
    void invalidateTranscripts(transcriptId);
    void invalidatePlanUsage();
  }
}

/**
 * "Reading the meeting: 2 of 3 parts done" while a long meeting is read in parts, then "All 3 parts read: checking
 * the stories" while they are merged, checked and saved; null for a meeting read in one go, or before the split.
 */
export function progressText(status: GenerationStatus | null | undefined): string | null {
  if (!status || status.state !== "running" || !status.partsTotal || status.partsTotal < 2) return null;
  if (status.partsDone >= status.partsTotal) return `All ${status.partsTotal} parts read: checking the stories`;
  return `Reading the meeting: ${status.partsDone} of ${status.partsTotal} parts done`;
}

/** What the toast after Cancel says: a run the model had started on still counts this month (the server says which). */
export function cancelledText(cancelled: Pick<GenerationCancelled, "counted">): string {
  return cancelled.counted
    ? "The model had already started, so it still counts towards this month's generations. You can generate this transcript again any time."
    : "It does not count towards this month's generations. You can generate this transcript again any time.";
}

/** docs/product-spec.md §8: the free plan's monthly allowance is recognised by its message text. */
export function isMonthlyLimitError(error: unknown): boolean {
  return error instanceof ApiError && error.serverMessage.includes("Monthly transcript limit reached");
}

export function toastGenerationSuccess(response: GenerateResponse): void {
  const count = response.data.userStories.length;
  toast({
    title: "Stories Generated Successfully",
    description: `Generated an epic with ${plural(count, "user story", "user stories")}.`,
    variant: "success",
  });
}

/** A generation someone stopped (History's Cancel, in this tab or another) while it was being followed. */
export class GenerationStopped extends Error {
  constructor() {
    super(CANCELLED_GENERATION_MESSAGE);
    this.name = "GenerationStopped";
  }
}

/** The generator's and history's failure toasts (docs/product-spec.md §8, Generation and audio). */
export function toastGenerationError(error: unknown): void {
  if (error instanceof GenerationStopped) {
    toast({
      title: "Generation cancelled",
      description: "The generation was stopped before its stories were ready. Generate again whenever you like.",
    });
    return;
  }
  if (isMonthlyLimitError(error)) {
    toast({
      title: "Monthly Limit Reached",
      description: "You've used all 5 monthly transcripts on the free plan. Upgrade to Pro for unlimited transcripts.",
      variant: "destructive",
      action: { label: "Upgrade to Pro", to: "/subscription" },
      error,
    });
    return;
  }
  toastError("Generation Failed", error, "Failed to generate stories. Please try again.");
}
