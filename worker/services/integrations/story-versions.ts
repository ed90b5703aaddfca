import { isPlacedKey } from "./placements";
import type { Epic, GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { sha256Hex } from "../../lib/crypto";

// What "Update in …" sends (issue 43): a fingerprint of each story as the export last sent it is kept by position
// beside its key (integration_exports.story_hashes). An update compares the saved stories with those fingerprints:
// a story found unchanged keeps its item wherever it moved, an edited story rewrites the item at its position, a new
// story is created, and items whose story was deleted in StoryLoom are left in the tracker. Each rewrite records
// the story's new fingerprint as soon as the tracker answers, so one saved version is sent exactly once.

/** The fields an export writes (evidence is not sent, so editing it changes nothing there): the title, and the rest. */
function storyParts(story: UserStory): [string, string] {
  return [
    story.title,
    JSON.stringify([
      story.description,
      story.acceptanceCriteria,
      story.priority,
      story.storyPoints,
      story.estimatedHours,
    ]),
  ];
}

function epicText(epic: Epic): string {
  return JSON.stringify([epic.title, epic.description, epic.timeline ?? "", epic.team, epic.priority]);
}

export interface StoryVersions {
  epic: string;
  stories: string[];
}

const HALF = 8;
const digest = async (text: string) => (await sha256Hex(text)).slice(0, HALF);

/**
 * The fingerprints of the saved epic and stories: 16 hex digits each, a story's being its title's 8 and the rest's
 * 8, so an update can tell a story edited in one of them from a different story put in its place.
 */
export async function storyVersions(stories: GeneratedStories): Promise<StoryVersions> {
  const [epic, ...each] = await Promise.all([
    Promise.all([digest(epicText(stories.epic)), digest("epic")]).then((parts) => parts.join("")),
    ...stories.userStories.map((story) => Promise.all(storyParts(story).map(digest)).then((parts) => parts.join(""))),
  ]);
  return { epic: epic!, stories: each };
}

/** The same story, edited: its title or the rest unchanged (or no fingerprint to tell, from before they were kept). */
function isEditOf(recorded: string | null | undefined, current: string): boolean {
  if (!recorded) return true;
  return recorded.slice(0, HALF) === current.slice(0, HALF) || recorded.slice(HALF) === current.slice(HALF);
}

export type StoryChange = "same" | "edited" | "added";

export interface UpdatePlan {
  /** Each saved story's item key (null: to be created) and the fingerprint recorded for it so far. */
  keys: (string | null)[];
  hashes: (string | null)[];
  changes: StoryChange[];
  epicEdited: boolean;
  /** Items whose story is no longer in StoryLoom: left as they are in the tracker. */
  left: number;
}

/**
 * Matches the saved stories to what the export holds, in one pass each: first by unchanged fingerprint (a story
 * moved or kept), then a story takes the item still free at its own position if it is an edit of it (same title or
 * same text), and the rest are new. A record from before fingerprints were kept has none, so each of its stories
 * counts as edited once. Notion keeps no key per story, only fingerprints: its positions are held all the same.
 */
export function planUpdate(
  record: { storyKeys: (string | null)[]; storyHashes: (string | null)[]; epicHash: string | null },
  versions: StoryVersions,
): UpdatePlan {
  const held = (position: number) =>
    (record.storyKeys[position] ?? null) !== null || Boolean(record.storyHashes[position]);
  const size = Math.max(record.storyKeys.length, record.storyHashes.length);
  const byHash = new Map<string, number[]>();
  record.storyHashes.forEach((hash, position) => {
    if (!hash || !held(position)) return;
    const positions = byHash.get(hash);
    if (positions) positions.push(position);
    else byHash.set(hash, [position]);
  });
  const taken = new Set<number>();
  const matched: (number | null)[] = versions.stories.map((hash) => {
    const position = byHash.get(hash)?.shift();
    if (position === undefined) return null;
    taken.add(position);
    return position;
  });
  const keys: (string | null)[] = [];
  const hashes: (string | null)[] = [];
  const changes: StoryChange[] = [];
  matched.forEach((from, position) => {
    if (from !== null) {
      keys.push(record.storyKeys[from] ?? null);
      hashes.push(versions.stories[position]!);
      changes.push("same");
      return;
    }
    const key = record.storyKeys[position] ?? null;
    if (
      position < size &&
      held(position) &&
      !taken.has(position) &&
      isEditOf(record.storyHashes[position], versions.stories[position]!)
    ) {
      taken.add(position);
      keys.push(key);
      hashes.push(record.storyHashes[position] ?? null);
      changes.push("edited");
      return;
    }
    keys.push(null);
    hashes.push(null);
    changes.push("added");
  });
  let heldCount = 0;
  for (let position = 0; position < size; position++) if (held(position)) heldCount += 1;
  return {
    keys,
    hashes,
    changes,
    epicEdited: record.epicHash !== versions.epic,
    left: heldCount - taken.size,
  };
}

/** How many stories an update would send: edited and added. */
export function pendingChanges(plan: UpdatePlan): number {
  // a story the review skipped or added to someone else's item sends nothing when edited
  return plan.changes.filter((change, position) => change !== "same" && !isPlacedKey(plan.keys[position] ?? null))
    .length;
}
