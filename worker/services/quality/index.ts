/**
 * The quality gate (issue 27): every story checked and every ask of the meeting accounted for, whoever wrote the
 * stories (the embedded generator, OpenAI, Workers AI, or a person in the editor). The contract is
 * schema/api/quality.ts; the checks are ./stories (one story), ./set (the stories together) and ./coverage (the
 * transcript's asks, decisions, questions, risks, actions, and what it rejected or put off).
 */
import type { Coverage, Quality, StoryIssue, StoryQuality } from "../../../schema/api/quality-body";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { loadLanguage, type Analysis } from "../../adapters/llm/local/language";
import { coverageReport } from "./coverage";
import { checkSet } from "./set";
import { checkStory } from "./stories";
import { contentLemmas, overlap, quoteOf, wordsOf } from "./story-text";

/** What one error and one warning take off a story's 100. */
const PENALTY = { error: 25, warning: 8 } as const;

export function scoreOf(issues: readonly StoryIssue[]): number {
  return Math.max(0, 100 - issues.reduce((sum, i) => sum + PENALTY[i.severity], 0));
}

/**
 * A story asking for what the meeting rejected or put off: the rejected item's content words are nearly all in the
 * story (at least two, and 60% of the item's), and no ask later in the meeting brings it back. An error when the
 * story's own evidence is the rejecting sentence, a warning otherwise (the words may be shared by chance).
 */
function checkRejected(story: UserStory, coverage: Coverage): StoryIssue[] {
  const words = contentLemmas(wordsOf(`${story.title} ${story.description}`));
  const issues: StoryIssue[] = [];
  for (const item of coverage.items) {
    if (item.kind !== "rejected" && item.kind !== "postponed") continue;
    const itemWords = contentLemmas(wordsOf(item.quote));
    const shared = overlap(itemWords, words);
    if (shared < 2 || shared < itemWords.size * 0.6) continue;
    const askedAgain = coverage.items.some(
      (a) => a.kind === "ask" && a.start > item.end && overlap(contentLemmas(wordsOf(a.quote)), itemWords) >= shared,
    );
    if (askedAgain) continue;
    const fromIt = story.evidence?.some((e) => e.start < item.end && e.end > item.start) ?? false;
    const who = item.speaker ? ` (${item.speaker})` : "";
    const what = item.kind === "rejected" ? "rejected" : "put off";
    issues.push({
      criterion: "rejected",
      severity: fromIt ? "error" : "warning",
      message: `The meeting ${what} this: “${quoteOf(item.quote)}”${who}. Remove the story, or check it was asked for after all.`,
      field: "description",
    });
    break;
  }
  return issues;
}

export interface CheckOptions {
  transcript?: string;
  /** The transcript already read by the language layer (a repair checks the same transcript two or three times). */
  analysis?: Analysis;
}

export function checkQuality(stories: GeneratedStories, options: CheckOptions = {}): Quality {
  const { transcript } = options;
  const coverage =
    transcript !== undefined && transcript.trim() !== "" ? coverageReport(transcript, stories, options.analysis) : null;
  const perStory: StoryQuality[] = stories.userStories.map((story, index) => {
    const issues = checkStory(story, transcript);
    if (coverage) issues.push(...checkRejected(story, coverage));
    return { index, score: scoreOf(issues), issues };
  });
  return { stories: perStory, set: checkSet(stories.userStories), coverage };
}

/** How many errors the gate finds, per story position: what repair rounds act on. */
export function storiesWithErrors(quality: Quality): number[] {
  return quality.stories.filter((s) => s.issues.some((i) => i.severity === "error")).map((s) => s.index);
}

/**
 * The version of the rules a stored report was made with. Raise it when a check changes: stored reports of another
 * version are recomputed on read (not written back: a read does not write).
 */
export const GATE_VERSION = 4;

export interface StoredQuality {
  gate: number;
  report: Quality;
}

export function toStored(report: Quality): StoredQuality {
  return { gate: GATE_VERSION, report };
}

/**
 * The report of the current stories: the stored one when it is of this gate's version, else checked now (the only
 * case that needs the language layer, loaded on first use).
 */
export async function currentQuality(
  stored: unknown,
  stories: GeneratedStories | null,
  transcript: string,
): Promise<Quality | null> {
  if (!stories) return null;
  const saved = stored as StoredQuality | null;
  if (saved && saved.gate === GATE_VERSION && saved.report.stories.length === stories.userStories.length)
    return saved.report;
  await loadLanguage();
  return checkQuality(stories, { transcript });
}
