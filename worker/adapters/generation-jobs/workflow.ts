import {
  generationJobId,
  type GenerationJobOutcome,
  type GenerationJobParams,
  type GenerationJobs,
  type GenerationJobState,
} from ".";

/** The engine's answer for an id it has never seen (instance lookups throw rather than return nothing). */
const isUnknownInstance = (error: unknown) => error instanceof Error && /not.?found/i.test(error.message);

/** Generation runs on the Workflow bound as GENERATION_WORKFLOW (wrangler.toml). */
export function createWorkflowGenerationJobs(workflow: Workflow<GenerationJobParams>): GenerationJobs {
  async function instance(params: Pick<GenerationJobParams, "transcriptId" | "startedAt">) {
    try {
      return await workflow.get(generationJobId(params));
    } catch (error) {
      if (isUnknownInstance(error)) return undefined;
      throw error;
    }
  }

  return {
    async start(params) {
      try {
        await workflow.create({ id: generationJobId(params), params });
      } catch (error) {
        // already started (a retried request): the run that exists is this one
        if ((await instance(params)) === undefined) throw error;
      }
    },
    async state(params): Promise<GenerationJobState> {
      const found = await instance(params);
      if (!found) return { state: "gone" };
      const status = await found.status();
      switch (status.status) {
        case "queued":
        case "running":
        case "paused":
        case "waiting":
        case "waitingForPause":
          return { state: "running" };
        case "complete":
          return { state: "finished", outcome: status.output as GenerationJobOutcome };
        default:
          return { state: "gone" };
      }
    },
    async cancel(params) {
      const found = await instance(params);
      if (!found) return;
      const { status } = await found.status();
      if (status === "complete" || status === "errored" || status === "terminated") return;
      await found.terminate();
    },
  };
}
