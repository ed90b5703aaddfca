import type {
  ActivityItem,
  ActivityKind,
  GeneratedStories,
  SaveStoriesInput,
  StaleStoriesDetails,
  Transcript,
  TranscriptPage,
  TranscriptSummary,
} from "../../../schema/api/transcripts";
import { TRANSCRIPT_PAGE_SIZE } from "../../../schema/api/transcripts";
import type { Deps } from "../../deps";
import { listActivityRows } from "../../data/activity";
import {
  deleteTranscriptRows,
  findTranscript,
  listTranscriptSummaries,
  moveTranscript,
  saveEditedStories,
  saveQuality,
  swapPreviousStories,
  type ListPosition,
  type TranscriptRow,
  type TranscriptSummaryRow,
} from "../../data/transcripts";
import { AppError, notFound } from "../../lib/errors";
import { verifyStoriesEvidence } from "../../lib/evidence";
import { loadLanguage } from "../../reading";
import { checkQuality, currentQuality, toStored } from "../quality";
import { ownersOfTeamsOf } from "../../data/teams";
import { listCompletedExports } from "../../data/integrations";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { accessTranscript, requireDeletableTranscript, requireProject, requireTranscript } from "../access";

function toSummary(row: TranscriptSummaryRow): TranscriptSummary {
  return {
    id: row.id,
    title: row.title,
    projectId: row.projectId,
    createdAt: new Date(row.createdAt).toISOString(),
    hasStories: Boolean(row.hasStories),
    generating: Boolean(row.generating),
    storyCount: row.storyCount,
    contentLength: row.contentLength,
    generationError: row.generationError,
  };
}

function rowToSummary(row: TranscriptRow): TranscriptSummary {
  return toSummary({
    ...row,
    hasStories: row.generatedStories === null ? 0 : 1,
    generating: row.generationStartedAt === null ? 0 : 1,
  });
}

/** The cursor of the page after `row`: its creation time and id (see transcriptPageQuerySchema). */
const cursorAfter = (row: TranscriptSummaryRow) => `${row.createdAt}_${row.id}`;

function positionOf(cursor: string | undefined): ListPosition | undefined {
  if (cursor === undefined) return undefined;
  const [createdAt, id] = cursor.split("_").map(Number) as [number, number];
  return { createdAt, id };
}

/** One page of the transcripts the user may see (all, or one project's), newest first, and how many there are. */
export async function listTranscripts(
  deps: Deps,
  userId: number,
  query: { projectId?: number; cursor?: string; limit?: number },
): Promise<TranscriptPage> {
  const limit = query.limit ?? TRANSCRIPT_PAGE_SIZE;
  const page = { projectId: query.projectId, after: positionOf(query.cursor), limit };
  let viewer: { userId: number; teamOwnerIds: readonly number[] };
  if (query.projectId !== undefined) {
    await requireProject(deps, userId, query.projectId);
    viewer = { userId, teamOwnerIds: [] };
  } else {
    viewer = { userId, teamOwnerIds: await ownersOfTeamsOf(deps.db, userId) };
  }
  const { rows, total } = await listTranscriptSummaries(deps.db, viewer, page);
  const shown = rows.slice(0, limit);
  const sentTo = new Map<number, NonNullable<TranscriptSummary["sentTo"]>>();
  let previous = "";
  for (const { transcriptId, integrationId, ...where } of await listCompletedExports(
    deps.db,
    shown.map((row) => row.id),
  )) {
    // rows come newest copy first within each transcript and integration
    if (`${transcriptId}:${integrationId}` === previous) continue;
    previous = `${transcriptId}:${integrationId}`;
    const list = sentTo.get(transcriptId);
    if (list) list.push(where);
    else sentTo.set(transcriptId, [where]);
  }
  return {
    transcripts: shown.map((row) => ({ ...toSummary(row), sentTo: sentTo.get(row.id) ?? [] })),
    nextCursor: rows.length > limit ? cursorAfter(shown[shown.length - 1]!) : null,
    total,
  };
}

async function toTranscript(row: TranscriptRow): Promise<Transcript> {
  const stories = (row.generatedStories as GeneratedStories | null) ?? null;
  return {
    quality: await currentQuality(row.quality, stories, row.content),
    id: row.id,
    title: row.title,
    projectId: row.projectId,
    createdAt: new Date(row.createdAt).toISOString(),
    content: row.content,
    generatedStories: stories,
    originalStories: (row.originalStories as GeneratedStories | null) ?? stories,
    previousStories: (row.previousStories as GeneratedStories | null) ?? null,
    storiesVersion: row.storiesVersion,
  };
}

export async function getTranscript(deps: Deps, userId: number, transcriptId: number): Promise<Transcript> {
  return toTranscript(await requireTranscript(deps, userId, transcriptId));
}

const noStoriesYet = () =>
  new AppError("conflict", "This transcript doesn't have generated stories to edit yet. Generate them first.");

/**
 * Saves the editor's version of a transcript's stories, if they are still the version it edited. Evidence is
 * checked against the transcript again, so an edit can keep the quotes a story came from but cannot invent new ones.
 * A stale save (another tab or window saved, restored or regenerated since) is a 409 whose details carry what is
 * saved now, so the editor can offer to reload it or to overwrite it. The version is compared before the quality gate
 * reads anything (a stale save costs one read), and the conditional write still decides a race between two saves.
 * Saves and restores run the gate over the whole transcript, so they share a per-user limit (issue 39).
 */
export async function saveStoryEdits(
  deps: Deps,
  userId: number,
  transcriptId: number,
  input: SaveStoriesInput,
): Promise<Transcript> {
  await enforceStorySaveLimit(deps, userId);
  const row = await requireTranscript(deps, userId, transcriptId);
  if (row.generatedStories === null) throw noStoriesYet();
  if (row.storiesVersion !== input.storiesVersion) throw staleAgainst(row);
  const { stories } = verifyStoriesEvidence(row.content, input.stories);
  const now = deps.now();
  // edited stories are checked, never mended: what the person wrote stays as written, with its issues shown
  await loadLanguage();
  const quality = toStored(checkQuality(stories, { transcript: row.content }));
  const storiesVersion = await saveEditedStories(deps.db, row.id, input.storiesVersion, stories, quality, now);
  if (storiesVersion === undefined) throw await staleSave(deps, row.id);
  return toTranscript({
    ...row,
    generatedStories: stories,
    quality,
    storyCount: stories.userStories.length,
    storiesVersion,
    updatedAt: now,
  });
}

const enforceStorySaveLimit = (deps: Deps, userId: number) =>
  enforceLimit(
    deps.limits,
    `story-save:user:${userId}`,
    RATE_RULES.storySaves,
    "You are saving stories very quickly. Please wait a moment.",
  );

/** Why a save wrote nothing, read after the fact (the write itself was the check). */
async function staleSave(deps: Deps, transcriptId: number): Promise<AppError> {
  const current = await findTranscript(deps.db, transcriptId);
  return current ? staleAgainst(current) : notFound("Transcript");
}

/** The 409 of a save that edited another version than `current`'s, carrying what is saved now. */
function staleAgainst(current: { generatedStories: unknown; storiesVersion: number }): AppError {
  if (current.generatedStories === null) return noStoriesYet();
  return new AppError(
    "conflict",
    "These stories were changed in another tab or window after you started editing. Reload them, or save again to overwrite them with your edits.",
    {
      details: {
        storiesVersion: current.storiesVersion,
        generatedStories: current.generatedStories as GeneratedStories,
      } satisfies StaleStoriesDetails,
    },
  );
}

/** Brings back the stories a regeneration replaced; the replaced ones become the previous version in turn. */
export async function restorePreviousStories(deps: Deps, userId: number, transcriptId: number): Promise<Transcript> {
  await enforceStorySaveLimit(deps, userId);
  const row = await requireTranscript(deps, userId, transcriptId);
  const restored = await swapPreviousStories(deps.db, row.id, deps.now());
  if (!restored) throw new AppError("conflict", "There is no previous version of these stories to restore.");
  const stories = restored.generatedStories as GeneratedStories | null;
  await loadLanguage();
  const quality = stories ? toStored(checkQuality(stories, { transcript: restored.content })) : null;
  if (quality) await saveQuality(deps.db, restored.id, restored.storiesVersion, quality);
  return toTranscript({ ...restored, quality });
}

export async function assignTranscriptProject(
  deps: Deps,
  userId: number,
  transcriptId: number,
  projectId: number | null,
): Promise<TranscriptSummary> {
  const [access, project] = await Promise.all([
    accessTranscript(deps, userId, transcriptId),
    projectId === null ? null : requireProject(deps, userId, projectId),
  ]);
  const { transcript, position } = access;
  // A transcript stays in its team's workspace: it moves between the workspace's projects, and only its owner
  // (or a team admin) may take it out of them. A person's own transcript may be filed into a team's project,
  // where it then belongs to the team's owner.
  const sameWorkspace = project === null || project.ownerId === transcript.ownerId;
  const ownIntoTeam = project !== null && transcript.ownerId === userId;
  if (!sameWorkspace && !ownIntoTeam)
    throw new AppError("forbidden", "A team's transcript can only be moved between the team's projects.");
  if (project === null && position === "member")
    throw new AppError(
      "forbidden",
      "Only the team's owner or an admin can take a transcript out of the team's projects.",
    );
  const now = deps.now();
  if (!(await moveTranscript(deps.db, transcript, project, now))) {
    // Deleted since the checks above, at the same moment as this move: answer as if it had been gone before.
    await requireTranscript(deps, userId, transcriptId);
    throw notFound("Project");
  }
  return rowToSummary({ ...transcript, projectId, ownerId: project?.ownerId ?? transcript.ownerId, updatedAt: now });
}

export async function deleteTranscript(deps: Deps, userId: number, transcriptId: number): Promise<void> {
  const transcript = await requireDeletableTranscript(deps, userId, transcriptId);
  await deleteTranscriptRows(deps.db, transcript, deps.now());
}

/** The activity feed: newest first. */
export async function listActivity(deps: Deps, userId: number, limit = 20): Promise<ActivityItem[]> {
  // a member's dashboard shows what happens in the shared projects too (data/activity.ts says which events)
  const rows = await listActivityRows(deps.db, userId, limit, await ownersOfTeamsOf(deps.db, userId));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as ActivityKind,
    subject: row.subject,
    projectName: row.projectName,
    projectId: row.projectId,
    transcriptId: row.transcriptId,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}
