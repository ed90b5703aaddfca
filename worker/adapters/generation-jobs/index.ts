/** What a durable generation run needs to know (the run's claim on its transcript, data/generations.ts). */
export interface GenerationJobParams {
  transcriptId: number;
  generationId: number;
  startedAt: number;
  title?: string;
  /** Untitled transcripts take the epic's title. */
  renameToEpic: boolean;
}

/** How a durable generation ended, as its run returns it. */
export type GenerationJobOutcome =
  | { saved: true; storiesVersion: number; previousStoriesKept: boolean }
  | { saved: false; code: "upstream_error" | "service_unavailable" | "not_found"; message: string };

export type GenerationJobState =
  | { state: "running" }
  | { state: "finished"; outcome: GenerationJobOutcome }
  /** Errored outside its steps, terminated, or unknown to the engine: nothing will finish it. */
  | { state: "gone" };

/**
 * Durable generation runs (Cloudflare Workflows: worker/workflows/generation.ts). One run per generation, named by
 * its claim, so starting the same run twice starts it once.
 */
export interface GenerationJobs {
  start(params: GenerationJobParams): Promise<void>;
  state(params: Pick<GenerationJobParams, "transcriptId" | "startedAt">): Promise<GenerationJobState>;
  /** Stops the run if it still runs; nothing when it is already over. */
  cancel(params: Pick<GenerationJobParams, "transcriptId" | "startedAt">): Promise<void>;
}

/** The run's name: its transcript and the instant its claim started (unique per generation). */
export const generationJobId = ({ transcriptId, startedAt }: Pick<GenerationJobParams, "transcriptId" | "startedAt">) =>
  `generation-${transcriptId}-${startedAt}`;
