import { INTEGRATION_LABELS } from "../../../schema/api/integrations";
import type { UserStory } from "../../../schema/api/transcripts";
import type { EpicRef, TrackerItem, TrackerSession } from "../../adapters/tracker";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { openSecret } from "./index";
import { exportSetup, type ReviewRequest } from "./backlog-review";
import { openSession, type OpenedSession, type SessionType } from "./tracker-sessions";
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

// Export to JIRA, Linear, GitHub Issues or Azure DevOps (issues 32 and 41): the epic first, then each story as its
// child, each recorded by position as soon as the tracker answers (exports.ts holds the record and its claim). Where
// the tracker creates in bulk (JIRA), the stories go a batch at a time. What each tracker makes of them is its
// session's business (tracker-sessions.ts); every item carries the record's marker, so after an unanswered write the
// next attempt asks the tracker what this export already made (findExported), adopts it by exact title, links what
// was left unlinked, and creates only the rest.

export async function exportToTracker(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  type: SessionType,
  mode: ExportMode = "create",
  review?: ReviewRequest,
): Promise<ExportOutcome> {
  const job = await prepareExport(deps, userId, transcriptId, integrationId, type);
  const secret = await openSecret(deps, job.integration);
  let opened: OpenedSession | null = null;
  // One session per attempt (it keeps what it read of the tracker); the record's marker names it.
  const sessionFor = (attempt: ExportAttempt) =>
    (opened ??= openSession(deps, job.integration, secret, attempt.record.ref));
  const failing =
    <A extends [ExportAttempt, ...unknown[]], R>(work: (session: TrackerSession, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const { session, failure } = sessionFor(args[0]);
      try {
        return await work(session, ...args);
      } catch (error) {
        throw failure(error);
      }
    };
  return runExport(
    deps,
    userId,
    job,
    {
      create: failing((session, attempt) => createMissing(deps, job, attempt, session)),
      rewrite: {
        epic: failing((session, attempt, epicKey: string) =>
          session.updateEpic({ key: epicKey, url: attempt.record.targetUrl ?? "" }, job.stories.epic),
        ),
        story: failing((session, attempt, key: string, story: UserStory, _position: number, epicKey: string) =>
          session.updateStory(key, story, { key: epicKey, url: attempt.record.targetUrl ?? "" }),
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

  // Fingerprints are kept once an export completes: a story created after that is one an update added.
  const added = attempt.record.storyHashes.length > 0;
  const created = session.bulkCreate
    ? await createInBulk(job, attempt, session.bulkCreate, epicRef, keys)
    : await createOneByOne(job, attempt, session, epicRef, keys, added);
  keys = created.keys;
  const storiesCreated = created.count;

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

/** Each missing story in its own request, recorded as it is answered; a refused one stops the export there. */
async function createOneByOne(
  job: ExportJob,
  attempt: ExportAttempt,
  session: TrackerSession,
  epicRef: EpicRef,
  keys: (string | null)[],
  added: boolean,
): Promise<{ keys: (string | null)[]; count: number }> {
  let count = 0;
  for (const [position, story] of job.stories.userStories.entries()) {
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
    count += 1;
    await attempt.save({ storyKeys: keys, inDoubt: false });
  }
  return { keys, count };
}

/**
 * The missing stories in batches (JIRA's bulk create), each batch recorded as it is answered. Stories the tracker
 * refuses are reported together once every batch was sent; the others stay created.
 */
async function createInBulk(
  job: ExportJob,
  attempt: ExportAttempt,
  bulk: NonNullable<TrackerSession["bulkCreate"]>,
  epicRef: EpicRef,
  keys: (string | null)[],
): Promise<{ keys: (string | null)[]; count: number }> {
  const stories = job.stories.userStories;
  const missing = keys.flatMap((key, position) => (key === null ? [{ story: stories[position]!, position }] : []));
  const refused: { position: number; message: string }[] = [];
  let count = 0;
  for (let start = 0; start < missing.length; start += bulk.limit) {
    const result = await sendWrite(attempt, () => bulk.create(missing.slice(start, start + bulk.limit), epicRef));
    keys = [...keys];
    for (const { position, item } of result.created) keys[position] = item.key;
    refused.push(...result.refused);
    count += result.created.length;
    await attempt.save({ storyKeys: keys, inDoubt: false });
  }
  if (refused.length > 0) {
    const first = refused[0]!;
    const label = INTEGRATION_LABELS[job.integration.type];
    throw new AppError(
      "upstream_error",
      `${label} refused ${refused.length} of ${stories.length} stories (story ${first.position + 1}, "${stories[first.position]!.title}": ${first.message}). ` +
        `The epic and the other stories were created; export again to create the rest.`,
      {
        upstream: job.integration.type,
        details: { failed: refused.map((f) => ({ story: f.position + 1, message: f.message })) },
      },
    );
  }
  return { keys, count };
}

/** A definite "no" from the tracker about what was sent (not a failure to answer, a credential or a rate limit). */
function isRefusal(error: unknown): boolean {
  return typeof error === "object" && error !== null && "kind" in error && error.kind === "invalid";
}

/**
 * After an unanswered write: records what this export already made. The epic is the found item with the epic's
 * title and no parent; each story is matched to the first position still empty with exactly its title, else (a
 * title the tracker shortened) the first whose title starts with it (storyByTitle). A story found without the epic as its parent
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
  const positionOf = storyByTitle(stories, adopted);
  for (const item of found) {
    if (!epic || item.key === epic.key || known.has(item.key)) continue;
    if (item.parentKey !== null && item.parentKey !== epic.key) continue; // someone else's child
    const position = positionOf(item.title);
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

/** The shortest title a tracker's cut leaves that still names a story (a shorter one could be anything). */
const CUT_AT_LEAST = 20;

/** A title as sent, as JIRA keeps a summary: on one line, runs of white space as one space. */
const foldedTitle = (title: string) => title.trim().replace(/\s+/g, " ");

/** Exactly the title sent, or the start of it when the tracker cut a long title (with or without an ellipsis). */
export function sameTitle(kept: string, written: string): boolean {
  const sent = foldedTitle(written);
  if (kept === sent || kept === written) return true;
  const stem = kept.replace(/…$/, "").trimEnd();
  return stem.length >= CUT_AT_LEAST && stem.length < sent.length && sent.startsWith(stem);
}

/**
 * Which empty position a found item's title names: the first with exactly that title, else (a title the tracker cut)
 * the first whose title starts with it. Stories are indexed once by title and by their first CUT_AT_LEAST characters,
 * so each look-up reads only the stories that could match, not the whole list; `adopted` is read as it fills.
 */
function storyByTitle(stories: readonly { title: string }[], adopted: readonly (string | null)[]) {
  const exact = new Map<string, number[]>();
  const byStart = new Map<string, number[]>();
  const add = (index: Map<string, number[]>, key: string, position: number) => {
    const positions = index.get(key);
    if (positions) positions.push(position);
    else index.set(key, [position]);
  };
  stories.forEach(({ title }, position) => {
    const sent = foldedTitle(title);
    add(exact, sent, position);
    if (title !== sent) add(exact, title, position);
    if (sent.length > CUT_AT_LEAST) add(byStart, sent.slice(0, CUT_AT_LEAST), position);
  });
  const firstEmpty = (positions: number[] | undefined, fits: (position: number) => boolean) => {
    if (!positions) return -1;
    while (positions.length > 0 && adopted[positions[0]!] !== null) positions.shift(); // taken for good
    return positions.find((position) => adopted[position] === null && fits(position)) ?? -1;
  };
  return (kept: string): number => {
    const exactly = firstEmpty(exact.get(kept), () => true);
    if (exactly !== -1) return exactly;
    const stem = kept.replace(/…$/, "").trimEnd();
    if (stem.length < CUT_AT_LEAST) return -1;
    return firstEmpty(byStart.get(stem.slice(0, CUT_AT_LEAST)), (position) =>
      sameTitle(kept, stories[position]!.title),
    );
  };
}
