/**
 * The embedded generator runs the gate on its own output (issue 27): what a rule can mend without inventing content
 * is mended (sizes put on the scale, criteria that repeat the title or ask a question taken out, bracketed text and
 * extra sentences cut from the description); a story still in error is dropped, and the ask it came from then shows
 * in the coverage report as uncovered. A story asking for two things at once (`atomic`) is the exception: it is kept
 * whole with its error, for the person to split or not. LLM output is never dropped: it gets one bounded repair round from its
 * provider (services/generation), and what is still wrong is shown.
 */
import type { Quality } from "../../../schema/api/quality-body";
import { analyse, read } from "../../reading";
import type { StoryGenerator } from "../../adapters/llm/types";
import { withDeadline } from "../../lib/deadline";
import { AppError } from "../../lib/errors";
import { causeMessage, logEvent } from "../../lib/log";
import { impliedHours, nearestOnScale } from "../../../schema/api/sizing";
import type { EpicWriter } from "../../adapters/llm";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { checkQuality, storiesWithErrors, type CheckOptions } from "./index";
import { faultyCriteria } from "./stories";

/** The mends a rule can make to one story, given its issues. */
function mend(story: UserStory, issues: Quality["stories"][number]["issues"]): UserStory {
  const next: UserStory = { ...story, acceptanceCriteria: [...story.acceptanceCriteria] };
  for (const issue of issues) {
    if (issue.severity !== "error") continue;
    if (issue.criterion === "estimable" && issue.field === "storyPoints")
      next.storyPoints = nearestOnScale(next.storyPoints);
    if (issue.criterion === "estimable" && issue.field === "estimatedHours")
      next.estimatedHours = impliedHours(next.storyPoints);
    if (issue.criterion === "minimal") {
      next.description = next.description.replace(/\s*[([{][^)\]}]*[)\]}]/g, "");
      // keep the story sentence only
      const end = /[.!?](?=\s+\S)/.exec(next.description);
      if (end) next.description = next.description.slice(0, end.index + 1);
    }
  }
  const faulty = new Set(faultyCriteria(story));
  if (faulty.size) next.acceptanceCriteria = next.acceptanceCriteria.filter((_, n) => !faulty.has(n));
  return next;
}

export interface GateResult {
  stories: GeneratedStories;
  quality: Quality;
  /** How many stories were mended, and how many dropped. */
  mended: number;
  dropped: number;
}

/**
 * Mends what rules can mend, drops the stories still in error, and checks the result. The epic is written last, by
 * `epicFor` (the embedded generator's, worker/adapters/llm/types.ts), from the stories kept: it never names a story
 * the person will not see.
 */
export function gateEmbedded(stories: GeneratedStories, given: CheckOptions, epicFor?: EpicWriter): GateResult {
  const withEpic = (userStories: UserStory[]): GeneratedStories => ({
    epic: epicFor ? epicFor(userStories) : stories.epic,
    userStories,
  });
  // the transcript is read once for the two or three checks below
  const options = given.transcript && !given.reading ? { ...given, reading: read(analyse(given.transcript)) } : given;
  const first = checkQuality(stories, options);
  const flagged = new Set(storiesWithErrors(first));
  if (flagged.size === 0) return { stories: withEpic(stories.userStories), quality: first, mended: 0, dropped: 0 };
  const mendedStories = stories.userStories.map((s, i) => (flagged.has(i) ? mend(s, first.stories[i]!.issues) : s));
  const second = checkQuality({ ...stories, userStories: mendedStories }, options);
  // (a story asking for two things joined by "and" is kept whole, its error shown: cut in two, its halves were read
  // as duplicates of each other by a product manager, and the whole as a light edit; issue 40)
  const stillWrong = new Set(
    second.stories
      .filter((q) => q.issues.some((i) => i.severity === "error" && i.criterion !== "atomic"))
      .map((q) => q.index),
  );
  const kept = mendedStories.filter((_, i) => !stillWrong.has(i));
  const result = withEpic(kept);
  return {
    stories: result,
    quality: stillWrong.size ? checkQuality(result, options) : second,
    mended: Math.max(0, flagged.size - storiesWithErrors(second).length),
    dropped: stillWrong.size,
  };
}

/** A repair is one more model call: the same per-call bound as a generation's. */
const REPAIR_TIMEOUT_MS = 60_000;
/** A transcript longer than this is shown to the repair as the passages around the flagged stories' evidence. */
const REPAIR_CONTEXT_CHARS = 24_000;
const PASSAGE_CHARS = 1_500;

function repairContext(transcript: string, stories: readonly UserStory[]): string {
  if (transcript.length <= REPAIR_CONTEXT_CHARS) return transcript;
  const ranges = stories
    .flatMap((s) => s.evidence ?? [])
    .map((e) => [Math.max(0, e.start - PASSAGE_CHARS), Math.min(transcript.length, e.end + PASSAGE_CHARS)] as const)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [from, to] of ranges) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  const passages = merged.map(([from, to]) => transcript.slice(from, to)).join("\n…\n");
  return (passages || transcript).slice(0, REPAIR_CONTEXT_CHARS);
}

/**
 * One bounded repair round for an LLM provider's stories: the stories in error and their error messages go back
 * once; each answer replaces its story only when it has fewer errors. A failed or unusable repair keeps the stories
 * as they were (logged; the generation still succeeds), so what is wrong is shown, never silently dropped.
 */
export async function repairWithProvider(
  generator: StoryGenerator,
  stories: GeneratedStories,
  quality: Quality,
  options: CheckOptions & { transcript: string },
): Promise<{ stories: GeneratedStories; quality: Quality; repaired: number }> {
  const flagged = storiesWithErrors(quality);
  if (!generator.repair || flagged.length === 0) return { stories, quality, repaired: 0 };
  const sent = flagged.map((i) => stories.userStories[i]!);
  const issues = flagged.map((i) =>
    quality.stories[i]!.issues.filter((x) => x.severity === "error").map((x) => x.message),
  );
  let answer: GeneratedStories;
  try {
    answer = await withDeadline(
      generator.repair({
        transcript: options.transcript,
        context: repairContext(options.transcript, sent),
        stories: { epic: stories.epic, userStories: sent },
        issues,
      }),
      REPAIR_TIMEOUT_MS,
      () => new AppError("service_unavailable", "The story repair took too long.", { upstream: generator.name }),
    );
  } catch (error) {
    logEvent("warn", "story_repair_failed", {
      upstream: generator.name,
      stories: flagged.length,
      cause: causeMessage(error),
    });
    return { stories, quality, repaired: 0 };
  }
  if (answer.userStories.length !== sent.length) {
    logEvent("warn", "story_repair_failed", {
      upstream: generator.name,
      stories: flagged.length,
      cause: `answered ${answer.userStories.length} stories`,
    });
    return { stories, quality, repaired: 0 };
  }
  const errorsOf = (q: Quality, i: number) => q.stories[i]!.issues.filter((x) => x.severity === "error").length;
  const candidate = [...stories.userStories];
  flagged.forEach((at, k) => (candidate[at] = answer.userStories[k]!));
  const rechecked = checkQuality({ ...stories, userStories: candidate }, options);
  // keep each repair only if it is better than what it replaces
  let repaired = 0;
  const result = stories.userStories.map((original, i) => {
    if (!flagged.includes(i)) return original;
    if (errorsOf(rechecked, i) < errorsOf(quality, i)) {
      repaired++;
      return candidate[i]!;
    }
    return original;
  });
  const final = { ...stories, userStories: result };
  return { stories: final, quality: repaired === flagged.length ? rechecked : checkQuality(final, options), repaired };
}
