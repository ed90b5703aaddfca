import type { StoryPlacementRequest } from "../../../schema/api/integrations";
import type { ExportProgressChanges, IntegrationExportRow, StoryPlacement } from "../../data/integrations";
import type { UserStory } from "../../../schema/api/transcripts";
import type { AppendNote } from "../../adapters/tracker";

/** The claimed export record, as exports.ts's ExportAttempt gives it (named here so the two modules stay apart). */
interface ExportAttempt {
  readonly record: IntegrationExportRow;
  save(changes: ExportProgressChanges): Promise<void>;
}

// What the review before an export decided per story (issue 41), carried out by the trackers' create pass
// (tracker-export.ts):
// - before the creates, a skipped story and a story added to an existing item take their position in the record's
//   story keys with a key of their own ("~skip", "~add:ENG-4"), so no create pass makes them and an update never
//   rewrites an item StoryLoom did not make;
// - after the creates, each created story the review linked is related to its item.
// Appends and links read the item first and write nothing when they find their work done, so an attempt after an
// unanswered one repeats them safely; each is recorded as done when the tracker answers.

const SKIPPED = "~skip";
const ADDED = "~add:";

/** A position the review placed instead of creating a story there (skipped, or added to an existing item). */
export function isPlacedKey(key: string | null): boolean {
  return key !== null && key.startsWith("~");
}

/** The review's request as the record keeps it: one entry per story position, null where the story is created. */
export function placementsOf(requested: readonly StoryPlacementRequest[], stories: number): (StoryPlacement | null)[] {
  const placements: (StoryPlacement | null)[] = Array.from({ length: stories }, () => null);
  for (const request of requested) {
    if (request.position >= stories) continue;
    placements[request.position] =
      request.action === "create"
        ? null
        : request.action === "skip"
          ? { action: "skip" }
          : { action: request.action, key: request.key, done: false };
  }
  return placements;
}

/** What "Add to" appends: the story's criteria and the meeting's words, marked with the export's marker. */
export function noteFor(story: UserStory, ref: string, position: number, at: number): AppendNote {
  const day = new Date(at).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
  return {
    marker: `storyloom-${ref}-${position + 1}`,
    heading: `From the meeting of ${day} (StoryLoom): ${story.title}`,
    criteria: story.acceptanceCriteria,
    quote: story.evidence?.[0]?.quote ?? null,
  };
}

interface PlacementWrites {
  appendTo(itemKey: string, note: AppendNote): Promise<void>;
  relate(storyKey: string, itemKey: string): Promise<void>;
}

/**
 * Before the creates: marks skipped stories and appends the added-to ones to their items. Answers the story keys
 * with those positions taken.
 */
export async function placeBeforeCreate(
  attempt: ExportAttempt,
  keys: (string | null)[],
  stories: readonly UserStory[],
  writes: PlacementWrites,
  now: number,
): Promise<(string | null)[]> {
  const placed = [...keys];
  for (const [position, placement] of attempt.record.placements.entries()) {
    if (!placement || placement.action === "link" || placed[position] !== null || !stories[position]) continue;
    if (placement.action === "add") {
      await writes.appendTo(placement.key, noteFor(stories[position], attempt.record.ref, position, now));
    }
    placed[position] = placement.action === "add" ? ADDED + placement.key : SKIPPED;
    await attempt.save({ storyKeys: [...placed], placements: withDone(attempt.record.placements, position) });
  }
  return placed;
}

/** After the creates: relates each created story the review linked to its item, once. */
export async function linkAfterCreate(
  attempt: ExportAttempt,
  keys: readonly (string | null)[],
  writes: PlacementWrites,
): Promise<void> {
  for (const [position, placement] of attempt.record.placements.entries()) {
    const key = keys[position] ?? null;
    if (placement?.action !== "link" || placement.done || key === null || isPlacedKey(key)) continue;
    await writes.relate(key, placement.key);
    await attempt.save({ placements: withDone(attempt.record.placements, position) });
  }
}

function withDone(placements: readonly (StoryPlacement | null)[], position: number): (StoryPlacement | null)[] {
  return placements.map((p, i) => (i === position && p && p.action !== "skip" ? { ...p, done: true } : p));
}

/** The summary's counts of what the review placed; empty when the export had no review. */
export function placementCounts(
  placements: readonly (StoryPlacement | null)[],
): { storiesLinked: number; storiesAddedTo: number; storiesSkipped: number } | Record<string, never> {
  if (!placements.some(Boolean)) return {};
  const count = (action: StoryPlacement["action"]) => placements.filter((p) => p?.action === action).length;
  return { storiesLinked: count("link"), storiesAddedTo: count("add"), storiesSkipped: count("skip") };
}
