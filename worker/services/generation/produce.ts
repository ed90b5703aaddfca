// A generation's stories, from the provider's answer to the quality gate's verdict, before anything is saved: the
// part of a generation that needs no database (worker/services/generation/index.ts saves what this returns).
import { generatedStoriesSchema, type GeneratedStories } from "../../../schema/api/transcripts";
import type { EpicWriter, StoryGenerator } from "../../adapters/llm";
import { withDeadline } from "../../lib/deadline";
import { AppError } from "../../lib/errors";
import { verifyStoriesEvidence } from "../../lib/evidence";
import { analyse, loadLanguage, read, type Reading } from "../../reading";
import { checkQuality } from "../quality";
import { gateEmbedded, repairWithProvider } from "../quality/repair";

/**
 * The longest one generation may run. The OpenAI adapter waits up to 60 s per call, and a long transcript takes
 * several calls (48,000-character parts, each with one retry of its own), so the whole run gets five minutes. At
 * this point the service stops waiting and records the failure itself; a run whose Worker was stopped before that
 * is failed by the scheduled sweep (worker/jobs/fail-stale-generations.ts).
 */
export const GENERATION_TIMEOUT_MS = 5 * 60_000;

/**
 * What a provider produced, checked for shape and evidence. The embedded generator adds the writer of its epic (used
 * after the gate, from the stories it keeps) and its reading of the transcript, which is the gate's: one reading per
 * request (issue 40).
 */
export interface Produced {
  stories: GeneratedStories;
  epicFor?: EpicWriter;
  reading?: Reading;
}

/** Asks the provider, within GENERATION_TIMEOUT_MS; an answer of the wrong shape is the provider's failure. */
export async function produceStories(
  generator: StoryGenerator,
  input: { transcript: string; title?: string },
): Promise<Produced> {
  // the quality gate reads the transcript with the language layer; a failure to load it is the run's too
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
  return {
    stories: verifyStoriesEvidence(input.transcript, parsed.data).stories,
    epicFor: raw.epicFor,
    reading: raw.reading,
  };
}

/**
 * The gate (services/quality): the embedded generator's stories in error are mended or dropped, and its epic written
 * from those kept; an LLM's get one repair round, and what is still wrong is kept and shown.
 */
export function gateProduced(generator: StoryGenerator, produced: Produced, transcript: string) {
  return generator.name === "local"
    ? gateEmbedded(produced.stories, { transcript, reading: produced.reading }, produced.epicFor)
    : gateProvided(generator, produced.stories, transcript);
}

/** An LLM's stories: checked, and those in error sent back once (services/quality/repair.ts). */
export async function gateProvided(generator: StoryGenerator, stories: GeneratedStories, transcript: string) {
  const options = { transcript, reading: read(analyse(transcript)) };
  return repairWithProvider(generator, stories, checkQuality(stories, options), options);
}
