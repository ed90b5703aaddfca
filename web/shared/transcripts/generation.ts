// Generation is started by the generator and retried from history cards, with the same toasts in both.
import type { GenerateInput, GenerateResponse, Transcript } from "../../../schema/api/transcripts";
import { toast, toastError } from "../../components/ui/toast";
import { ApiError, api } from "../../lib/api";
import { plural } from "../../lib/format";
import { invalidatePlanUsage, invalidateTranscripts, setQueryData } from "../../lib/query";
import { queryKeys } from "../../lib/query-keys";

/** POST /api/generate: saves the transcript and generates its epic and stories. */
export async function generateStories(input: GenerateInput): Promise<GenerateResponse> {
  try {
    const response = await api.post<GenerateResponse>("/api/generate", input);
    void invalidateTranscripts(response.transcriptId);
    return response;
  } finally {
    void invalidatePlanUsage();
  }
}

/** Generates again for a saved transcript (e.g. after the provider failed). */
export async function regenerateStories(transcriptId: number): Promise<GenerateResponse> {
  try {
    const response = await api.post<GenerateResponse>(`${queryKeys.transcript(transcriptId)}/generate`);
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

/** The generator's and history's failure toasts (docs/product-spec.md §8, Generation and audio). */
export function toastGenerationError(error: unknown): void {
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
