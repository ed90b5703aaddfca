import type { ActivityItem, ActivityKind, GeneratedStories, Transcript, TranscriptSummary } from "../../../schema/api/transcripts";
import type { Deps } from "../../deps";
import { listActivity as listActivityRows } from "../../data/activity";
import {
  deleteTranscript as deleteTranscriptRows,
  listTranscriptSummaries,
  moveTranscript,
  saveEditedStories,
  type TranscriptRow,
  type TranscriptSummaryRow,
} from "../../data/transcripts";
import { AppError } from "../../lib/errors";
import { verifyStoriesEvidence } from "../../lib/evidence";
import { requireProject, requireTranscript } from "../access";

function toSummary(row: TranscriptSummaryRow): TranscriptSummary {
  return {
    id: row.id,
    title: row.title,
    projectId: row.projectId,
    createdAt: new Date(row.createdAt).toISOString(),
    hasStories: Boolean(row.hasStories),
    storyCount: row.storyCount,
    contentLength: row.contentLength,
    generationError: row.generationError,
  };
}

function rowToSummary(row: TranscriptRow): TranscriptSummary {
  return toSummary({ ...row, hasStories: row.generatedStories === null ? 0 : 1 });
}

export async function listTranscripts(deps: Deps, userId: number, filter: { projectId?: number }) {
  if (filter.projectId !== undefined) await requireProject(deps, userId, filter.projectId);
  return (await listTranscriptSummaries(deps.db, userId, filter)).map(toSummary);
}

function toTranscript(row: TranscriptRow): Transcript {
  const stories = (row.generatedStories as GeneratedStories | null) ?? null;
  return {
    id: row.id,
    title: row.title,
    projectId: row.projectId,
    createdAt: new Date(row.createdAt).toISOString(),
    content: row.content,
    generatedStories: stories,
    originalStories: (row.originalStories as GeneratedStories | null) ?? stories,
  };
}

export async function getTranscript(deps: Deps, userId: number, transcriptId: number): Promise<Transcript> {
  return toTranscript(await requireTranscript(deps, userId, transcriptId));
}

/**
 * Saves the editor's version of a transcript's stories. Evidence is checked against the transcript again, so an
 * edit can keep the quotes a story came from but cannot invent new ones.
 */
export async function saveStoryEdits(deps: Deps, userId: number, transcriptId: number, edited: GeneratedStories): Promise<Transcript> {
  const row = await requireTranscript(deps, userId, transcriptId);
  if (row.generatedStories === null) {
    throw new AppError("conflict", "This transcript doesn't have generated stories to edit yet. Generate them first.");
  }
  const { stories } = verifyStoriesEvidence(row.content, edited);
  const now = deps.now();
  await saveEditedStories(deps.db, row.id, stories, now);
  return toTranscript({ ...row, generatedStories: stories, storyCount: stories.userStories.length, updatedAt: now });
}

export async function assignTranscriptProject(
  deps: Deps,
  userId: number,
  transcriptId: number,
  projectId: number | null,
): Promise<TranscriptSummary> {
  const [transcript, project] = await Promise.all([
    requireTranscript(deps, userId, transcriptId),
    projectId === null ? null : requireProject(deps, userId, projectId),
  ]);
  const now = deps.now();
  await moveTranscript(deps.db, transcript, project, now);
  return rowToSummary({ ...transcript, projectId, updatedAt: now });
}

export async function deleteTranscript(deps: Deps, userId: number, transcriptId: number): Promise<void> {
  const transcript = await requireTranscript(deps, userId, transcriptId);
  await deleteTranscriptRows(deps.db, transcript, deps.now());
}

/** The activity feed: newest first. */
export async function listActivity(deps: Deps, userId: number, limit = 20): Promise<ActivityItem[]> {
  const rows = await listActivityRows(deps.db, userId, limit);
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
