import { MAX_TRANSCRIPT_CHARS, type GeneratedStories, type GenerateResponse } from "../../../schema/api/transcripts";
import type { GenerationCancelled, GenerationPending, GenerationStatus } from "../../../schema/api/generation";
import { CANCELLED_GENERATION_MESSAGE } from "../../../schema/api/generation-state";
import type { Deps } from "../../deps";
import type { Database } from "../../data/db";
import type { GenerationJobOutcome, GenerationJobs } from "../../adapters/generation-jobs";
import type { StoryGenerator } from "../../adapters/llm";
import {
  dailyCharsUsed,
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
import { causeMessage, logEvent } from "../../lib/log";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { currentQuality, toStored } from "../quality";
import { accessTranscript, requireProject, requireTranscript } from "../access";
import { effectiveTier, limitsFor } from "../plans";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { gateProduced, produceStories, type Produced } from "./produce";

// the bound on a provider call lives with the rest of the production of stories (./produce.ts)
export { GENERATION_TIMEOUT_MS } from "./produce";

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

/**
 * Fails, at once, every generation still marked running that started before `startedBefore`, whatever the engine says
 * of it, and gives its generation back: `npm run dev` calls it (POST /api/dev/interrupted-generations) with the moment
 * it started the server, since a run started before then lost its server (the local Workflows engine never resumes an
 * instance after a restart; docs/decisions/2026-12-07-cancelled-generations-stay-counted.md). Their instances are
 * terminated first. Returns how many it failed.
 */
export async function failRunsOfAStoppedServer(deps: Deps, startedBefore: number): Promise<number> {
  for (const run of await listRunsStartedBefore(deps.db, startedBefore)) {
    // best effort: an instance the engine cannot stop never wakes anyway, and the run is failed below all the same
    await deps.generationJobs
      ?.cancel(run)
      .catch((error: unknown) =>
        logEvent("warn", "generation_cancel_failed", { transcriptId: run.transcriptId, cause: causeMessage(error) }),
      );
  }
  return failGenerationsStartedBefore(deps.db, startedBefore, INTERRUPTED_GENERATION_MESSAGE);
}

const CANCEL_MESSAGE = "Only the person who started this generation, the team's owner or an admin can cancel it.";

const popcount = (bits: number) => {
  let count = 0;
  for (let rest = bits; rest > 0; rest = Math.floor(rest / 2)) count += rest % 2;
  return count;
};

function statusOf(transcript: TranscriptRow): GenerationStatus {
  const state =
    transcript.generationStartedAt !== null
      ? "running"
      : transcript.generationError === CANCELLED_GENERATION_MESSAGE
        ? "cancelled"
        : transcript.generationError !== null
          ? "failed"
          : transcript.generatedStories
            ? "done"
            : "idle";
  return {
    state,
    partsDone: popcount(transcript.generationPartsDone),
    partsTotal: transcript.generationParts,
    error: state === "failed" || state === "cancelled" ? transcript.generationError : null,
    storiesVersion: transcript.storiesVersion,
  };
}

/** How a transcript's generation stands: running (with its parts), done, failed (and why) or never run. */
export async function generationStatus(deps: Deps, userId: number, transcriptId: number): Promise<GenerationStatus> {
  return statusOf(await requireTranscript(deps, userId, transcriptId));
}

/**
 * Stops the transcript's running generation: the transcript says it was cancelled and offers Try Again, and a durable
 * run is terminated (a step it was in writes nothing: the run lost its hold first). The generation stays counted once
 * its model work has started (`counted`); a run cancelled before that is given back. Who may cancel: the person who
 * started the run, the workspace's owner and the owner's team admins; another team member gets 403, anyone else the
 * 404 of a missing transcript (docs/decisions/2026-12-07-cancelled-generations-stay-counted.md). 409 when none runs.
 */
export async function cancelGeneration(deps: Deps, userId: number, transcriptId: number): Promise<GenerationCancelled> {
  const { transcript, position } = await accessTranscript(deps, userId, transcriptId);
  const startedAt = transcript.generationStartedAt;
  const notRunning = () => new AppError("conflict", "No generation is running for this transcript.");
  if (startedAt === null) throw notRunning();
  if (position === "member" && transcript.generationStartedBy !== userId) throw forbidden(CANCEL_MESSAGE);
  const run = { transcriptId, startedAt };
  const ended = await endRun(deps.db, run, CANCELLED_GENERATION_MESSAGE);
  if (!ended) throw notRunning();
  await deps.generationJobs?.cancel(run);
  return { ...statusOf((await findTranscript(deps.db, transcriptId))!), counted: ended.counted };
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

/**
 * The most transcript characters one account may hand to story generation in a UTC day, whatever its plan and
 * whichever generator runs: a ceiling on what cheap or stolen accounts can make the models read, far above real use.
 * An hour's meeting is about 50,000 characters; a heavy day (six hours of meetings, each generated twice) is about
 * 600,000. 2,000,000 is over three times that, ten transcripts of the largest size (MAX_TRANSCRIPT_CHARS). Charged
 * when a run starts, to the person who starts it, never given back
 * (docs/decisions/2026-12-07-cancelled-generations-stay-counted.md).
 */
export const DAILY_GENERATION_CHARS = 2_000_000;

const DAY_MS = 24 * 60 * 60_000;

/** 00:00 UTC of the day of `now`: the daily ceiling counts from here and starts again at the next one. */
export function startOfDayUtc(now: number): number {
  return now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * Whose plan and monthly allowance a generation uses (docs/product-decisions.md, Teams): in a project, its owner's (a
 * team member generating in the owner's project works under the owner's plan); with no project, the person's own. The
 * one statement of the rule: the generator's up-front limits read it through GET /api/subscription/limits?projectId=.
 */
export function allowanceAccount(userId: number, project: { ownerId: number } | null): number {
  return project?.ownerId ?? userId;
}

/** Who is counted for a run: the allowance's account (the workspace owner) and the person starting it. */
interface RunStart {
  /** The workspace owner: the plan's monthly allowance is theirs. */
  ownerId: number;
  /** The person starting the run: the daily characters are theirs. */
  startedBy: number;
  chars: number;
  provider: string;
  modelStartsNow: boolean;
}

async function allowanceFor(deps: Deps, start: RunStart): Promise<AllowanceCheck & { tier: string }> {
  const tier = effectiveTier(await findSubscription(deps.db, start.ownerId));
  const now = deps.now();
  return {
    userId: start.ownerId,
    provider: start.provider,
    now,
    since: startOfMonthUtc(now),
    limit: limitsFor(tier).transcriptsPerMonth,
    tier,
    daily: { userId: start.startedBy, day: startOfDayUtc(now), chars: start.chars, limit: DAILY_GENERATION_CHARS },
    modelStartsNow: start.modelStartsNow,
  };
}

function limitReached(check: { tier: string; limit: number | null }) {
  return new AppError(
    "plan_limit",
    `Monthly transcript limit reached: the ${check.tier} plan allows ${check.limit} generations per month. Upgrade to Pro for unlimited transcripts.`,
    { details: { limit: check.limit, tier: check.tier } },
  );
}

const count = (n: number) => n.toLocaleString("en-GB");

/** 429 with Retry-After: the person's characters today would pass DAILY_GENERATION_CHARS; it resets at 00:00 UTC. */
export function dailyLimitReached(daily: AllowanceCheck["daily"], used: number, now: number) {
  const resetsAt = daily.day + DAY_MS;
  const minutes = Math.max(1, Math.ceil((resetsAt - now) / 60_000));
  const wait = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return new AppError(
    "rate_limited",
    `Daily generation limit reached: an account can generate from ${count(daily.limit)} transcript characters a day, and ${count(used)} are used today (this transcript has ${count(daily.chars)}). The limit resets at 00:00 UTC, in ${wait}.`,
    {
      retryAfter: Math.ceil((resetsAt - now) / 1000),
      details: { limit: daily.limit, used, chars: daily.chars, resetsAt: new Date(resetsAt).toISOString() },
    },
  );
}

/** Why a start was refused: the day's characters when they are what ran out, the monthly allowance otherwise. */
async function refusal(deps: Deps, check: AllowanceCheck & { tier: string }): Promise<AppError> {
  const used = await dailyCharsUsed(deps.db, check.daily.userId, check.daily.day);
  if (used + check.daily.chars > check.daily.limit) return dailyLimitReached(check.daily, used, check.now);
  return limitReached(check);
}

/** A provider's generation runs as a durable job (runProvider); the model work of any other starts in the request. */
const runsDurably = (deps: Deps, generator: StoryGenerator) => Boolean(generator.parts && deps.generationJobs);

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
  if (runsDurably(deps, job.generator) && deps.generationJobs) {
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
  let produced: Produced;
  try {
    produced = await produceStories(generator, input);
  } catch (error) {
    const appError =
      error instanceof AppError && (error.code === "upstream_error" || error.code === "service_unavailable")
        ? error
        : new AppError("upstream_error", "Story generation failed. Please try again.", { cause: error });
    await recordGenerationFailure(deps.db, run, appError.message);
    throw appError;
  }
  const gated = await gateProduced(generator, produced, input.transcript);
  const stories = gated.stories;
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
  // Generating into a team's project uses the team owner's plan and allowance; the day's characters are the person's.
  const check = await allowanceFor(deps, {
    ownerId: allowanceAccount(userId, project),
    startedBy: userId,
    chars: request.transcript.length,
    provider: deps.config.llm.provider,
    modelStartsNow: !runsDurably(deps, generator),
  });
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
  if (!started) throw await refusal(deps, check);
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
  const check = await allowanceFor(deps, {
    ownerId: transcript.ownerId,
    startedBy: userId,
    chars: transcript.content.length,
    provider: deps.config.llm.provider,
    modelStartsNow: !runsDurably(deps, generator),
  });
  await enforceLimit(
    deps.limits,
    `generate:user:${userId}`,
    RATE_RULES.generation,
    "You are generating very quickly. Please wait a moment.",
  );
  const run = await startRegeneration(deps.db, check, transcript.id, userId);
  if (!run) {
    // Refused by the allowance or the day's characters, or another request started a generation since the read above.
    if ((await findTranscript(deps.db, transcript.id))?.generationStartedAt != null) throw alreadyRunning();
    throw await refusal(deps, check);
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
