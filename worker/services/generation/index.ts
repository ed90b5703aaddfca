import {
  generatedStoriesSchema,
  MAX_TRANSCRIPT_CHARS,
  type GeneratedStories,
  type GenerateResponse,
} from "../../../schema/api/transcripts";
import type { GenerationPending, GenerationStatus } from "../../../schema/api/generation";
import type { Deps } from "../../deps";
import type { Database } from "../../data/db";
import type { GenerationJobOutcome, GenerationJobs } from "../../adapters/generation-jobs";
import type { StoryGenerator } from "../../adapters/llm";
import {
  endRun,
  failGenerationsStartedBefore,
  listRunsStartedBefore,
  recordGenerationFailure,
  saveGeneratedStories,
  startGeneration,
  startRegeneration,
  type AllowanceCheck,
  type GenerationRun,
} from "../../data/generations";
import { findTranscript, type TranscriptRow } from "../../data/transcripts";
import { findSubscription } from "../../data/users";
import { withDeadline } from "../../lib/deadline";
import { AppError, notFound } from "../../lib/errors";
import { verifyStoriesEvidence } from "../../lib/evidence";
import { analyse, loadLanguage } from "../../adapters/llm/local/language";
import { checkQuality, currentQuality, toStored } from "../quality";
import { gateEmbedded, repairWithProvider } from "../quality/repair";
import { requireProject, requireTranscript } from "../access";
import { effectiveTier, limitsFor } from "../plans";
import { enforceLimit, RATE_RULES } from "../rate-limit";

/**
 * The longest one generation may run. The OpenAI adapter waits up to 60 s per call, and a long transcript takes
 * several calls (48,000-character parts, each with one retry of its own), so the whole run gets five minutes. At
 * this point the service stops waiting and records the failure itself; a run whose Worker was stopped before that
 * is failed by the scheduled sweep (worker/jobs/fail-stale-generations.ts).
 */
export const GENERATION_TIMEOUT_MS = 5 * 60_000;

/** What a transcript says when its generation was stopped before it could finish (history then offers Try Again). */
export const INTERRUPTED_GENERATION_MESSAGE = "Story generation was interrupted before it finished. Please try again.";

/** The longest a durable run may go on, retries and all, before the sweep stops it whatever it says. */
export const DURABLE_RUN_LIMIT_MS = 60 * 60_000;

/**
 * Fails every generation still running that started before `startedBefore` whose work is gone (its Worker was
 * stopped; a durable run that errored outside its steps or was lost) with INTERRUPTED_GENERATION_MESSAGE, and gives
 * its generation back. A durable run still going is spared, unless it has run past DURABLE_RUN_LIMIT_MS: then it is
 * stopped too. Idempotent; returns how many it failed.
 */
export async function failInterruptedGenerations(
  db: Database,
  jobs: GenerationJobs | null,
  startedBefore: number,
  now: number,
): Promise<number> {
  const spare: number[] = [];
  if (jobs) {
    for (const run of await listRunsStartedBefore(db, startedBefore)) {
      const alive = (await jobs.state(run)).state === "running";
      if (alive && run.startedAt > now - DURABLE_RUN_LIMIT_MS) spare.push(run.transcriptId);
      else if (alive) await jobs.cancel(run);
    }
  }
  return failGenerationsStartedBefore(db, startedBefore, INTERRUPTED_GENERATION_MESSAGE, spare);
}

/** What a cancelled generation's transcript says (history then offers Try Again). */
export const CANCELLED_GENERATION_MESSAGE = "Story generation was cancelled.";

const popcount = (bits: number) => {
  let count = 0;
  for (let rest = bits; rest > 0; rest = Math.floor(rest / 2)) count += rest % 2;
  return count;
};

function statusOf(transcript: TranscriptRow): GenerationStatus {
  const state =
    transcript.generationStartedAt !== null
      ? "running"
      : transcript.generationError !== null
        ? "failed"
        : transcript.generatedStories
          ? "done"
          : "idle";
  return {
    state,
    partsDone: popcount(transcript.generationPartsDone),
    partsTotal: transcript.generationParts,
    error: state === "failed" ? transcript.generationError : null,
    storiesVersion: transcript.storiesVersion,
  };
}

/** How a transcript's generation stands: running (with its parts), done, failed (and why) or never run. */
export async function generationStatus(deps: Deps, userId: number, transcriptId: number): Promise<GenerationStatus> {
  return statusOf(await requireTranscript(deps, userId, transcriptId));
}

/**
 * Stops the transcript's running generation: the transcript says it was cancelled and offers Try Again, the
 * generation is given back, and a durable run is terminated (a step it was in writes nothing: the run lost its
 * hold first). 409 when none runs.
 */
export async function cancelGeneration(deps: Deps, userId: number, transcriptId: number): Promise<GenerationStatus> {
  const transcript = await requireTranscript(deps, userId, transcriptId);
  const startedAt = transcript.generationStartedAt;
  const notRunning = () => new AppError("conflict", "No generation is running for this transcript.");
  if (startedAt === null) throw notRunning();
  const run = { transcriptId, startedAt };
  if (!(await endRun(deps.db, run, CANCELLED_GENERATION_MESSAGE))) throw notRunning();
  await deps.generationJobs?.cancel(run);
  return statusOf((await findTranscript(deps.db, transcriptId))!);
}

export interface GenerateRequest {
  transcript: string;
  title?: string;
  projectId: number | null;
}

/** The first day of the month of `now`, 00:00 UTC: the monthly allowance counts from here. */
export function startOfMonthUtc(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

async function allowanceFor(deps: Deps, userId: number, provider: string): Promise<AllowanceCheck & { tier: string }> {
  const tier = effectiveTier(await findSubscription(deps.db, userId));
  const now = deps.now();
  return { userId, provider, now, since: startOfMonthUtc(now), limit: limitsFor(tier).transcriptsPerMonth, tier };
}

function limitReached(check: { tier: string; limit: number | null }) {
  return new AppError(
    "plan_limit",
    `Monthly transcript limit reached: the ${check.tier} plan allows ${check.limit} generations per month. Upgrade to Pro for unlimited transcripts.`,
    { details: { limit: check.limit, tier: check.tier } },
  );
}

function checkSize(transcript: string) {
  if (transcript.length > MAX_TRANSCRIPT_CHARS) {
    throw new AppError(
      "payload_too_large",
      `Transcripts can be at most ${MAX_TRANSCRIPT_CHARS.toLocaleString("en-GB")} characters; this one has ${transcript.length.toLocaleString("en-GB")}. Split it into parts.`,
    );
  }
}

/** One generation to run: the provider, the run it belongs to, and what it reads. */
interface ProviderJob {
  generator: StoryGenerator;
  run: GenerationRun;
  input: { transcript: string; title?: string };
  /** Untitled transcripts take the epic's title. */
  renameToEpic: boolean;
}

/** What starting a generation answers: the stories, or (a durable run still going) where to follow it. */
export type GenerateOutcome = GenerateResponse | GenerationPending;

/** The run was still going when the request stopped waiting (answered 202). */
export const isPending = (outcome: GenerateOutcome): outcome is GenerationPending => "statusUrl" in outcome;

/**
 * An LLM provider's generation runs as a durable job (worker/workflows/generation.ts: parts in parallel, each step
 * retried and kept across restarts); the request waits for it up to `config.llm.waitMs`. The embedded generator,
 * which answers in milliseconds, runs in the request, under `waitUntil`: on Workers, work a request awaits is
 * cancelled when the client disconnects, which would leave the transcript "Processing".
 */
async function runProvider(deps: Deps, job: ProviderJob, options: WaitOptions): Promise<GenerateOutcome> {
  if (job.generator.parts && deps.generationJobs) {
    const waitMs = Math.min(deps.config.llm.waitMs, options.waitMs ?? Number.POSITIVE_INFINITY);
    return runDurably(deps, deps.generationJobs, job, waitMs);
  }
  const work = generateAndSave(deps, job);
  // The outcome is on the transcript and in the request's answer; waitUntil only keeps the work alive.
  deps.waitUntil(work.catch(() => undefined));
  return work;
}

/** How often a waiting request asks the durable run how it stands. */
const POLL_MS = 250;

async function runDurably(
  deps: Deps,
  jobs: GenerationJobs,
  job: ProviderJob,
  waitMs: number,
): Promise<GenerateOutcome> {
  const run = { ...job.run, title: job.input.title, renameToEpic: job.renameToEpic };
  try {
    await jobs.start(run);
  } catch (error) {
    const appError = new AppError("service_unavailable", "Story generation could not be started. Please try again.", {
      cause: error,
    });
    await recordGenerationFailure(deps.db, job.run, appError.message);
    throw appError;
  }
  const until = Date.now() + waitMs;
  for (;;) {
    const state = await jobs.state(run);
    if (state.state === "finished") return finishedResponse(deps, run, state.outcome);
    if (state.state === "gone") throw await lostRun(deps, run.transcriptId);
    if (Date.now() >= until) return pendingBody(run.transcriptId);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const pendingBody = (transcriptId: number): GenerationPending => ({
  transcriptId,
  status: "processing",
  statusUrl: `/api/transcripts/${transcriptId}/generation`,
});

/** The stories a durable run saved, as the request that started it answers them; its failure as an error. */
async function finishedResponse(
  deps: Deps,
  run: GenerationRun,
  outcome: GenerationJobOutcome,
): Promise<GenerateResponse> {
  // (the provider's name goes to the operator's log line, as for a failure in the request)
  if (!outcome.saved) throw new AppError(outcome.code, outcome.message, { upstream: deps.storyGenerator().name });
  const transcript = await findTranscript(deps.db, run.transcriptId);
  const stories = transcript?.generatedStories as GeneratedStories | null | undefined;
  if (!transcript || !stories) throw notFound("Transcript");
  const quality = await currentQuality(transcript.quality, stories, transcript.content);
  return {
    data: stories,
    transcriptId: run.transcriptId,
    storiesVersion: outcome.storiesVersion,
    previousStoriesKept: outcome.previousStoriesKept,
    quality: quality!,
  };
}

/**
 * A provider failure (or no answer within GENERATION_TIMEOUT_MS) keeps the transcript with the reason, gives the
 * generation back, and answers 502/503 so the person can try again from history.
 */
async function generateAndSave(
  deps: Deps,
  { generator, run, input, renameToEpic }: ProviderJob,
): Promise<GenerateResponse> {
  let stories: GeneratedStories;
  try {
    // the quality gate below reads the transcript with the language layer; a failure to load it is the run's too
    await loadLanguage();
    const raw = await withDeadline(
      generator.generate(input),
      GENERATION_TIMEOUT_MS,
      () =>
        new AppError("service_unavailable", "Story generation took too long. Please try again.", {
          upstream: generator.name,
        }),
    );
    const parsed = generatedStoriesSchema.safeParse(raw);
    if (!parsed.success)
      throw new AppError("upstream_error", "The story generator returned stories in an unexpected shape.");
    stories = verifyStoriesEvidence(input.transcript, parsed.data).stories;
  } catch (error) {
    const appError =
      error instanceof AppError && (error.code === "upstream_error" || error.code === "service_unavailable")
        ? error
        : new AppError("upstream_error", "Story generation failed. Please try again.", { cause: error });
    await recordGenerationFailure(deps.db, run, appError.message);
    throw appError;
  }
  // The gate (services/quality): the embedded generator's stories in error are mended or dropped; an LLM's get one
  // repair round, and what is still wrong is kept and shown.
  const gated =
    generator.name === "local"
      ? gateEmbedded(stories, { transcript: input.transcript })
      : await gateProvided(generator, stories, input.transcript);
  stories = gated.stories;
  const saved = await saveGeneratedStories(
    deps.db,
    run,
    stories,
    toStored(gated.quality),
    deps.now(),
    renameToEpic ? stories.epic.title : undefined,
  );
  if (!saved) throw await lostRun(deps, run.transcriptId);
  return { data: stories, transcriptId: run.transcriptId, ...saved, quality: gated.quality };
}

/** An LLM's stories: checked, and those in error sent back once (services/quality/repair.ts). */
export function gateProvided(generator: StoryGenerator, stories: GeneratedStories, transcript: string) {
  const options = { transcript, analysis: analyse(transcript) };
  return repairWithProvider(generator, stories, checkQuality(stories, options), options);
}

/** The run could not save: its transcript was deleted meanwhile, or the sweep had already failed (and refunded) it. */
async function lostRun(deps: Deps, transcriptId: number): Promise<AppError> {
  if (!(await findTranscript(deps.db, transcriptId))) return notFound("Transcript");
  return new AppError("service_unavailable", INTERRUPTED_GENERATION_MESSAGE);
}

/** How long the request waits for a durable run: the server's bound, or less when the client prefers (lib/prefer.ts). */
export interface WaitOptions {
  waitMs?: number;
}

export async function generateStories(
  deps: Deps,
  userId: number,
  request: GenerateRequest,
  options: WaitOptions = {},
): Promise<GenerateOutcome> {
  checkSize(request.transcript);
  // A misconfigured provider fails before anything is saved or counted.
  const generator = deps.storyGenerator();
  const project = request.projectId === null ? null : await requireProject(deps, userId, request.projectId);
  const provider = deps.config.llm.provider;
  // Generating into a team's project uses the team owner's plan and allowance (docs/product-decisions.md Teams).
  const check = await allowanceFor(deps, project?.ownerId ?? userId, provider);
  await enforceLimit(
    deps.limits,
    `generate:user:${userId}`,
    RATE_RULES.generation,
    "You are generating very quickly. Please wait a moment.",
  );
  const started = await startGeneration(deps.db, check, {
    projectId: project?.id ?? null,
    projectName: project?.name ?? null,
    title: request.title ?? "Untitled transcript",
    content: request.transcript,
    createdBy: userId,
  });
  if (!started) throw limitReached(check);
  return runProvider(
    deps,
    {
      generator,
      run: started,
      input: { transcript: request.transcript, title: request.title },
      renameToEpic: !request.title,
    },
    options,
  );
}

/**
 * Generates again for a saved transcript (after a failure, or to replace its stories). Replaced stories that had
 * edits are kept as the previous version (`previousStoriesKept` in the answer). One generation at a time per
 * transcript: while one runs, another is a 409.
 */
export async function regenerateStories(
  deps: Deps,
  userId: number,
  transcriptId: number,
  options: WaitOptions = {},
): Promise<GenerateOutcome> {
  const transcript = await requireTranscript(deps, userId, transcriptId);
  if (transcript.generationStartedAt !== null) throw alreadyRunning();
  const generator = deps.storyGenerator();
  const check = await allowanceFor(deps, transcript.ownerId, deps.config.llm.provider);
  await enforceLimit(
    deps.limits,
    `generate:user:${userId}`,
    RATE_RULES.generation,
    "You are generating very quickly. Please wait a moment.",
  );
  const run = await startRegeneration(deps.db, check, transcript.id);
  if (!run) {
    // Refused by the allowance, or another request started a generation since the read above.
    if ((await findTranscript(deps.db, transcript.id))?.generationStartedAt != null) throw alreadyRunning();
    throw limitReached(check);
  }
  return runProvider(
    deps,
    {
      generator,
      run,
      input: { transcript: transcript.content, title: transcript.title },
      renameToEpic: false,
    },
    options,
  );
}

const alreadyRunning = () =>
  new AppError("conflict", "Stories are already being generated for this transcript. Please wait for them to finish.");
