import { INTEGRATION_LABELS, type TrackerType } from "../../../schema/api/integrations";
import type { EpicRef, TrackerItem, TrackerSession } from "../../adapters/tracker";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { openSecret } from "./index";
import { exportSetup, type ReviewRequest } from "./backlog-review";
import { openSession } from "./tracker-sessions";
import {
  prepareExport,
  runExport,
  sendWrite,
  type ExportAttempt,
  type ExportJob,
  type ExportMode,
  type ExportOutcome,
} from "./exports";
import { linkAfterCreate, placeBeforeCreate, placementCounts } from "./placements";
import { trackerFailure } from "./upstream-errors";

// Export to Linear, GitHub Issues or Azure DevOps (issue 32): the epic first, then each story as its child, one
// create at a time, each recorded by position as soon as the tracker answers (exports.ts holds the record and its
// claim). What each tracker makes of them is its adapter's business (adapters/linear, github, azure-devops); every
// item carries the record's marker, so after an unanswered write the next attempt asks the tracker what this export
// already made (findExported), adopts it by exact title, links what was left unlinked, and creates only the rest.

export async function exportToTracker(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  type: TrackerType,
  mode: ExportMode = "create",
  review?: ReviewRequest,
): Promise<ExportOutcome> {
  const job = await prepareExport(deps, userId, transcriptId, integrationId, type);
  const secret = await openSecret(deps, job.integration);
  let session: TrackerSession | null = null;
  // One session per attempt (it keeps what it read of the tracker); the record's marker names it.
  const sessionFor = (attempt: ExportAttempt) =>
    (session ??= openSession(deps, job.integration, secret, attempt.record.ref));
  const failing =
    <A extends unknown[]>(write: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await write(...args);
      } catch (error) {
        throw trackerFailure(error, type);
      }
    };
  return runExport(
    deps,
    userId,
    job,
    {
      async create(attempt) {
        try {
          return await createMissing(deps, job, attempt, sessionFor(attempt));
        } catch (error) {
          throw trackerFailure(error, type);
        }
      },
      rewrite: {
        epic: failing((attempt, epicKey) =>
          sessionFor(attempt).updateEpic({ key: epicKey, url: attempt.record.targetUrl ?? "" }, job.stories.epic),
        ),
        story: failing((attempt, key, story, _position, epicKey) =>
          sessionFor(attempt).updateStory(key, story, { key: epicKey, url: attempt.record.targetUrl ?? "" }),
        ),
      },
    },
    mode,
    await exportSetup(deps, userId, job, review),
  );
}

async function createMissing(
  deps: Deps,
  job: ExportJob,
  attempt: ExportAttempt,
  session: TrackerSession,
): Promise<ExportOutcome> {
  const { epic, userStories } = job.stories;
  // Stories edited since an earlier, partial attempt: keys follow positions, the list follows the stories.
  let keys = Array.from({ length: userStories.length }, (_, i) => attempt.record.storyKeys[i] ?? null);
  let epicRef: EpicRef | null = attempt.record.targetKey
    ? { key: attempt.record.targetKey, url: attempt.record.targetUrl ?? "" }
    : null;

  if (attempt.record.inDoubt) {
    ({ epicRef, keys } = await adoptCreated(attempt, session, epic.title, epicRef, keys, userStories));
  }

  // The review's placements are by the first export's positions: an update's added stories are simply created.
  const reviewed = attempt.record.storyHashes.length === 0;
  if (reviewed) keys = await placeBeforeCreate(attempt, keys, userStories, session, deps.now());

  let epicCreated = false;
  if (!epicRef) {
    const created = await sendWrite(attempt, () => session.createEpic(epic));
    epicRef = { key: created.key, url: created.url };
    epicCreated = true;
    await attempt.save({ targetKey: created.key, targetUrl: created.url, inDoubt: false, storyKeys: keys });
  }

  let storiesCreated = 0;
  // Fingerprints are kept once an export completes: a story created after that is one an update added.
  const added = attempt.record.storyHashes.length > 0;
  for (const [position, story] of userStories.entries()) {
    if (keys[position] !== null) continue;
    let item: TrackerItem;
    try {
      item = await sendWrite(attempt, () => session.createStory(story, position, epicRef, { added }));
    } catch (error) {
      if (!isRefusal(error)) throw error;
      // A story the tracker refuses outright: what was made stays recorded, and the message says which story.
      const label = INTEGRATION_LABELS[job.integration.type];
      throw new AppError(
        "upstream_error",
        `${label} refused story ${position + 1}, "${story.title}": ${(error as Error).message} ` +
          `The epic and the stories before it were created; export again to create the rest.`,
        { upstream: job.integration.type, details: { failed: [{ story: position + 1 }] }, cause: error },
      );
    }
    keys = keys.map((key, i) => (i === position ? item.key : key));
    storiesCreated += 1;
    await attempt.save({ storyKeys: keys, inDoubt: false });
  }

  if (reviewed) await linkAfterCreate(attempt, keys, session);

  const completedAt = deps.now();
  await attempt.save({ completedAt, inDoubt: false });
  return {
    targetKey: epicRef.key,
    summary: {
      summary: { storiesCreated, epicCreated, ...(reviewed ? placementCounts(attempt.record.placements) : {}) },
      epicUrl: epicRef.url,
      alreadyExported: false,
      exportedAt: new Date(completedAt).toISOString(),
    },
  };
}

/** A definite "no" from the tracker about what was sent (not a failure to answer, a credential or a rate limit). */
function isRefusal(error: unknown): boolean {
  return typeof error === "object" && error !== null && "kind" in error && error.kind === "invalid";
}

/**
 * After an unanswered write: records what this export already made. The epic is the found item with the epic's
 * title and no parent; each story is matched to the first position still empty with exactly its title (as the
 * tracker keeps it: a title the tracker shortened matches its start). A story found without the epic as its parent
 * (GitHub: created, then the link went unanswered) is linked now.
 */
async function adoptCreated(
  attempt: ExportAttempt,
  session: TrackerSession,
  epicTitle: string,
  epicRef: EpicRef | null,
  keys: (string | null)[],
  stories: { title: string }[],
): Promise<{ epicRef: EpicRef | null; keys: (string | null)[] }> {
  const found = await session.findExported(epicRef);
  let epic = epicRef;
  if (!epic) {
    const item = found.find((i) => i.parentKey === null && sameTitle(i.title, epicTitle));
    if (item) epic = { key: item.key, url: item.url };
  }
  const adopted = [...keys];
  const known = new Set(adopted.filter(Boolean));
  for (const item of found) {
    if (!epic || item.key === epic.key || known.has(item.key)) continue;
    if (item.parentKey !== null && item.parentKey !== epic.key) continue; // someone else's child
    const position = stories.findIndex((story, i) => adopted[i] === null && sameTitle(item.title, story.title));
    if (position === -1) continue;
    if (item.parentKey !== epic.key) {
      const parent = epic;
      await sendWrite(attempt, () => session.linkStory(parent, item));
    }
    adopted[position] = item.key;
    known.add(item.key);
  }
  await attempt.save({
    targetKey: epic?.key ?? null,
    targetUrl: epic?.url ?? null,
    storyKeys: adopted,
    inDoubt: false,
  });
  return { epicRef: epic, keys: adopted };
}

/** Exactly the title sent, or the start of it when the tracker cut a long title (with or without an ellipsis). */
export function sameTitle(kept: string, sent: string): boolean {
  if (kept === sent) return true;
  const stem = kept.replace(/…$/, "").trimEnd();
  return stem.length >= 20 && stem.length < sent.length && sent.startsWith(stem);
}
