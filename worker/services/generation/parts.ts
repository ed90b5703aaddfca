// The steps of a durable generation (worker/workflows/generation.ts runs them, each retried and persisted by
// Workflows): read the transcript in parts, one provider call per part, then merge, check and save. Every step reads
// what it needs from D1 and writes only while its run still holds the transcript (data/generations.ts), so a step
// run twice, or a run the sweep or a cancel already ended, changes nothing.
import {
  generatedStoriesSchema,
  STORY_LIMITS,
  STORY_PRIORITIES,
  type GeneratedStories,
  type UserStory,
} from "../../../schema/api/transcripts";
import type { GenerationJobOutcome, GenerationJobParams } from "../../adapters/generation-jobs";
import type { StoryGenerator } from "../../adapters/llm";
import { loadLanguage } from "../../reading";
import { mergeModelOutputs, splitTranscript, type ModelOutput } from "../../adapters/llm/model-output";
import {
  markModelStarted,
  recordGenerationFailure,
  recordGenerationParts,
  recordPartDone,
  saveGeneratedStories,
} from "../../data/generations";
import { findTranscript, type TranscriptRow } from "../../data/transcripts";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { verifyStoriesEvidence } from "../../lib/evidence";
import { toStored } from "../quality";
import { duplicatePairs } from "../quality/set";
import { INTERRUPTED_GENERATION_MESSAGE } from ".";
import { gateProvided } from "./produce";

type Run = GenerationJobParams;

/** The run's transcript, or an error that no retry can mend: the run no longer holds it. */
async function heldTranscript(deps: Deps, run: Run): Promise<TranscriptRow> {
  const transcript = await findTranscript(deps.db, run.transcriptId);
  if (!transcript) throw new AppError("not_found", "Transcript not found");
  if (transcript.generationStartedAt !== run.startedAt)
    throw new AppError("service_unavailable", INTERRUPTED_GENERATION_MESSAGE);
  return transcript;
}

function partedGenerator(deps: Deps): Required<Pick<StoryGenerator, "parts">> & StoryGenerator {
  const generator = deps.storyGenerator();
  if (!generator.parts)
    throw new AppError("service_unavailable", `The ${generator.name} generator does not run in parts.`);
  return generator as Required<Pick<StoryGenerator, "parts">> & StoryGenerator;
}

/** Splits the transcript at speaker turns into the provider's parts and records how many; returns that number. */
export async function planParts(deps: Deps, run: Run): Promise<number> {
  const { parts } = partedGenerator(deps);
  const transcript = await heldTranscript(deps, run);
  const count = splitTranscript(transcript.content, parts.chars).length;
  if (!(await recordGenerationParts(deps.db, run, count)))
    throw new AppError("service_unavailable", INTERRUPTED_GENERATION_MESSAGE);
  return count;
}

/**
 * One provider call for part `index`, marked done on the transcript for the progress shown on screen. Before the
 * call the run's model work is marked started (from then a cancel keeps the generation counted); a run cancelled
 * before that sends nothing.
 */
export async function generatePart(deps: Deps, run: Run, index: number): Promise<ModelOutput> {
  const { parts } = partedGenerator(deps);
  const transcript = await heldTranscript(deps, run);
  const part = splitTranscript(transcript.content, parts.chars)[index];
  if (!part) throw new AppError("upstream_error", `The transcript has no part ${index + 1}.`);
  if (!(await markModelStarted(deps.db, run, deps.now())))
    throw new AppError("service_unavailable", INTERRUPTED_GENERATION_MESSAGE);
  const output = await parts.generate({ text: part.text, title: run.title });
  await recordPartDone(deps.db, run, index);
  return output;
}

const unique = (items: readonly string[]) => [...new Map(items.map((item) => [item.toLowerCase(), item])).values()];

/** `into` with what `from` adds: its criteria and evidence, its higher priority, the larger estimate. */
function joinStories(into: UserStory, from: UserStory): UserStory {
  return {
    ...into,
    acceptanceCriteria: unique([...into.acceptanceCriteria, ...from.acceptanceCriteria]).slice(
      0,
      STORY_LIMITS.criteria,
    ),
    priority:
      STORY_PRIORITIES.indexOf(from.priority) < STORY_PRIORITIES.indexOf(into.priority) ? from.priority : into.priority,
    storyPoints: Math.max(into.storyPoints, from.storyPoints),
    estimatedHours: Math.max(into.estimatedHours, from.estimatedHours),
    evidence: [...(into.evidence ?? []), ...(from.evidence ?? [])].slice(0, STORY_LIMITS.evidence),
  };
}

/**
 * The parts' stories as one set. A topic discussed in two parts of a meeting comes back from each: stories of
 * different parts that ask for the same thing (the quality gate's uniqueness check, by meaning) become one, where
 * the first of them stood. Duplicates within one part are left for the gate to report, as for a short meeting.
 * Needs the language layer loaded.
 */
export function mergeParts(transcript: string, outputs: readonly ModelOutput[]): GeneratedStories {
  const perPart = outputs.map((output) => mergeModelOutputs(transcript, [output]));
  const stories = perPart.flatMap((part) => part.userStories);
  const partOf = perPart.flatMap((part, index) => part.userStories.map(() => index));
  const joinedInto = new Map<number, number>();
  for (const [first, second] of duplicatePairs(stories)) {
    if (partOf[first] === partOf[second] || joinedInto.has(second)) continue;
    const target = joinedInto.get(first) ?? first;
    stories[target] = joinStories(stories[target]!, stories[second]!);
    joinedInto.set(second, target);
  }
  return {
    epic: perPart[0]!.epic,
    userStories: stories.filter((_, index) => !joinedInto.has(index)),
  };
}

/**
 * Merges the parts, runs the quality gate (an LLM's stories get one repair round) and saves. A save made by an
 * earlier attempt of this step (its Worker stopped before Workflows kept the result) is reported, not repeated.
 */
export async function finishParts(
  deps: Deps,
  run: Run,
  outputs: readonly ModelOutput[],
): Promise<GenerationJobOutcome> {
  const generator = partedGenerator(deps);
  const transcript = await findTranscript(deps.db, run.transcriptId);
  if (!transcript) return { saved: false, code: "not_found", message: "Transcript not found" };
  if (transcript.generationStartedAt !== run.startedAt) return endedElsewhere(transcript);
  await loadLanguage();
  const parsed = generatedStoriesSchema.safeParse(mergeParts(transcript.content, outputs));
  if (!parsed.success)
    throw new AppError("upstream_error", "The story generator returned stories in an unexpected shape.");
  const stories = verifyStoriesEvidence(transcript.content, parsed.data).stories;
  const gated = await gateProvided(generator, stories, transcript.content);
  const saved = await saveGeneratedStories(
    deps.db,
    run,
    gated.stories,
    toStored(gated.quality),
    deps.now(),
    run.renameToEpic ? gated.stories.epic.title : undefined,
  );
  if (!saved) {
    const now = await findTranscript(deps.db, run.transcriptId);
    return now ? endedElsewhere(now) : { saved: false, code: "not_found", message: "Transcript not found" };
  }
  return { saved: true, ...saved };
}

/** The run no longer holds the transcript: an earlier attempt of the save step saved it, or it was failed. */
function endedElsewhere(transcript: TranscriptRow): GenerationJobOutcome {
  const savedBefore =
    transcript.generationStartedAt === null && transcript.generationError === null && transcript.generatedStories;
  if (savedBefore)
    return {
      saved: true,
      storiesVersion: transcript.storiesVersion,
      previousStoriesKept: transcript.previousStories !== null,
    };
  return {
    saved: false,
    code: "service_unavailable",
    message: transcript.generationError ?? INTERRUPTED_GENERATION_MESSAGE,
  };
}

/** The run failed: the transcript keeps the reason and the generation is given back (as for any failure). */
export async function failRun(deps: Deps, run: Run, message: string): Promise<void> {
  await recordGenerationFailure(deps.db, run, message);
}
