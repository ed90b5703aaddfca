import {
  generatedStoriesSchema,
  MAX_TRANSCRIPT_CHARS,
  type GeneratedStories,
  type GenerateResponse,
} from "../../../schema/api/transcripts";
import type { Deps } from "../../deps";
import type { StoryGenerator } from "../../adapters/llm";
import {
  recordGenerationFailure,
  saveGeneratedStories,
  startGeneration,
  startRegeneration,
  type AllowanceCheck,
} from "../../data/generations";
import { findSubscription } from "../../data/users";
import { AppError } from "../../lib/errors";
import { verifyStoriesEvidence } from "../../lib/evidence";
import { requireProject, requireTranscript } from "../access";
import { effectiveTier, limitsFor } from "../plans";
import { enforceLimit, RATE_RULES } from "../rate-limit";

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

/**
 * Runs the provider and stores the result. A provider failure keeps the transcript (with the reason), gives the
 * generation back, and answers 502/503 so the person can try again from history.
 */
async function runProvider(
  deps: Deps,
  generator: StoryGenerator,
  ids: { transcriptId: number; generationId: number },
  input: { transcript: string; title?: string },
  renameToEpic: boolean,
): Promise<GenerateResponse> {
  let stories: GeneratedStories;
  try {
    const raw = await generator.generate(input);
    const parsed = generatedStoriesSchema.safeParse(raw);
    if (!parsed.success) throw new AppError("upstream_error", "The story generator returned stories in an unexpected shape.");
    stories = verifyStoriesEvidence(input.transcript, parsed.data).stories;
  } catch (error) {
    const appError =
      error instanceof AppError && (error.code === "upstream_error" || error.code === "service_unavailable")
        ? error
        : new AppError("upstream_error", "Story generation failed. Please try again.", { cause: error });
    await recordGenerationFailure(deps.db, ids.transcriptId, ids.generationId, appError.message);
    throw appError;
  }
  await saveGeneratedStories(deps.db, ids.transcriptId, stories, deps.now(), renameToEpic ? stories.epic.title : undefined);
  return { data: stories, transcriptId: ids.transcriptId };
}

export async function generateStories(deps: Deps, userId: number, request: GenerateRequest): Promise<GenerateResponse> {
  checkSize(request.transcript);
  // A misconfigured provider fails before anything is saved or counted.
  const generator = deps.storyGenerator();
  const project = request.projectId === null ? null : await requireProject(deps, userId, request.projectId);
  const provider = deps.config.llm.provider;
  const check = await allowanceFor(deps, userId, provider);
  await enforceLimit(deps.limits, `generate:user:${userId}`, RATE_RULES.generation, "You are generating very quickly. Please wait a moment.");
  const started = await startGeneration(deps.db, check, {
    projectId: project?.id ?? null,
    projectName: project?.name ?? null,
    title: request.title ?? "Untitled transcript",
    content: request.transcript,
  });
  if (!started) throw limitReached(check);
  return runProvider(deps, generator, started, { transcript: request.transcript, title: request.title }, !request.title);
}

/** Generates again for a saved transcript (after a failure, or to replace its stories). */
export async function regenerateStories(deps: Deps, userId: number, transcriptId: number): Promise<GenerateResponse> {
  const transcript = await requireTranscript(deps, userId, transcriptId);
  const generator = deps.storyGenerator();
  const check = await allowanceFor(deps, userId, deps.config.llm.provider);
  await enforceLimit(deps.limits, `generate:user:${userId}`, RATE_RULES.generation, "You are generating very quickly. Please wait a moment.");
  const generationId = await startRegeneration(deps.db, check, transcript.id);
  if (generationId === undefined) throw limitReached(check);
  return runProvider(deps, generator, { transcriptId: transcript.id, generationId }, { transcript: transcript.content, title: transcript.title }, false);
}
