import {
  INTEGRATION_LABELS,
  type ExportProgress,
  type ExportSummary,
  type IntegrationType,
  type TranscriptExports,
} from "../../../schema/api/integrations";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import {
  claimExport,
  createExportCopy,
  findExport,
  findOrCreateExport,
  listTranscriptExports,
  recordExportProgress,
  releaseExport,
  type ExportProgressChanges,
  type IntegrationExportRow,
  type IntegrationRow,
} from "../../data/integrations";
import type { TranscriptRow } from "../../data/transcripts";
import type { Deps } from "../../deps";
import { randomBytes, randomToken, toHex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { requireTranscript } from "../access";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { requireIntegration, requireIntegrationsPlan } from "./index";
import type { EpicChoice } from "../../adapters/tracker";
import type { StoryPlacement } from "../../data/integrations";
import { isPlacedKey } from "./placements";
import { pendingChanges, planUpdate, storyVersions, type StoryVersions, type UpdatePlan } from "./story-versions";

// The exactly-once machinery shared by every export (Notion's page, and the trackers of tracker-export.ts). One record per transcript and integration
// (data/integrations.ts) holds what was created. An attempt claims it for a lease, records each created item as soon
// as the service answers, and marks the record "in doubt" while a create is out, so the next attempt after a crash
// or an unanswered create searches before creating. A completed record answers every repeat with alreadyExported.

/** How long a claim holds without a write. Every recorded step renews it; a Worker that died frees it after this. */
export const EXPORT_LEASE_MS = 90_000;

export interface ExportJob {
  transcript: TranscriptRow;
  integration: IntegrationRow;
  stories: GeneratedStories;
}

/** What an exporter may do with its claimed record. */
export interface ExportAttempt {
  readonly record: IntegrationExportRow;
  /** Writes progress under the claim (and renews it); throws 409 when another attempt took the record over. */
  save(changes: ExportProgressChanges): Promise<void>;
}

/**
 * What the person asked for: "create" (Export to …: the first export, or the rest of a partial one), "update"
 * (Update in …: send what changed since), "new" (Export as new: a second, separate copy).
 */
export type ExportMode = "create" | "update" | "new";

/** One destination's writes, as runExport drives them. */
export interface ExportWork {
  /** Creates whatever the record does not hold yet (the epic, missing stories) and completes the record. */
  create(attempt: ExportAttempt): Promise<ExportOutcome>;
  /**
   * Rewrites exported items in place (JIRA and the trackers). Safe to repeat: each sets the item's fields to the
   * story's, it adds nothing. Without it (Notion) an update writes a new page and puts the old one in the trash.
   */
  rewrite?: {
    epic(attempt: ExportAttempt, epicKey: string): Promise<void>;
    story(attempt: ExportAttempt, key: string, story: UserStory, position: number, epicKey: string): Promise<void>;
  };
}

/**
 * What the review before a first export decided (issue 41): each story's placement by position and the existing
 * epic to go under. Kept on the record by the first attempt that claims it with nothing made yet; an attempt that
 * finishes a partial export goes on with what the first one kept.
 */
export interface ExportSetup {
  placements: (StoryPlacement | null)[];
  epic: EpicChoice | null;
}

export interface ExportOutcome {
  summary: ExportSummary;
  /** The JIRA epic's key or the Notion page's id. */
  targetKey: string;
}

/** Checks everything an export needs before any outside call: access, plan, type, project, active, stories. */
export async function prepareExport(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  type: IntegrationType,
): Promise<ExportJob> {
  const transcript = await requireTranscript(deps, userId, transcriptId);
  const integration = await requireIntegration(deps, userId, integrationId);
  // the project owner's plan: a team member exports within it
  await requireIntegrationsPlan(deps, integration.ownerId);
  const label = INTEGRATION_LABELS[type];
  if (integration.type !== type) {
    throw new AppError("bad_request", `"${integration.name}" is not a ${label} integration.`, {
      details: { field: "integrationId" },
    });
  }
  if (transcript.projectId !== integration.projectId) {
    throw new AppError(
      "bad_request",
      transcript.projectId === null
        ? `Assign this transcript to a project to export it to ${label}.`
        : `"${integration.name}" belongs to another project. Use one of this transcript's project integrations.`,
      { details: { field: "integrationId" } },
    );
  }
  if (!integration.isActive) {
    throw new AppError(
      "bad_request",
      `"${integration.name}" is inactive. Turn it on in the project's settings to export.`,
      {
        details: { field: "integrationId" },
      },
    );
  }
  const stories = transcript.generatedStories as GeneratedStories | null;
  if (!stories) throw new AppError("bad_request", "This transcript doesn't have generated stories to export.");
  return { transcript, integration, stories };
}

/**
 * Runs one export attempt of `job` exactly once per record: a completed record answers alreadyExported without any
 * outside call (an update with nothing changed, too); a record held by a running attempt answers 409; otherwise
 * the work runs under the claim. The work continues under waitUntil when the client goes away, so a closed tab does
 * not cut an export in half.
 */
export async function runExport(
  deps: Deps,
  userId: number,
  job: ExportJob,
  work: ExportWork,
  mode: ExportMode = "create",
  setup?: ExportSetup,
): Promise<ExportOutcome> {
  const { transcript, integration, stories } = job;
  const total = stories.userStories.length + 1;
  let record = await findOrCreateExport(
    deps.db,
    { integrationId: integration.id, transcriptId: transcript.id, ref: toHex(randomBytes(6)), total },
    deps.now(),
  );
  // A copy is only made after a complete one: a second click on "Export as new" finishes the copy the first began.
  if (mode === "new" && record.completedAt !== null) {
    record = await createExportCopy(deps.db, record, { ref: toHex(randomBytes(6)), total }, deps.now());
  }
  const versions = await storyVersions(stories);
  let plan: UpdatePlan | null = null;
  if (record.completedAt !== null) {
    if (mode !== "update") return alreadyExported(record);
    plan = planUpdate(record, versions);
    if (!epicToSend(record, plan) && pendingChanges(plan) === 0) return alreadyExported(record, plan.left);
  }

  await enforceLimit(
    deps.limits,
    `export:user:${userId}`,
    RATE_RULES.integrationExports,
    "Too many exports. Please wait a minute and try again.",
  );
  const token = randomToken(16);
  const claimed = await claimExport(
    deps.db,
    record.id,
    { token, until: deps.now() + EXPORT_LEASE_MS, total, update: plan !== null },
    deps.now(),
  );
  if (!claimed) {
    const now = await findExport(deps.db, integration.id, transcript.id);
    if (now?.completedAt && plan === null) return alreadyExported(now);
    throw new AppError(
      "conflict",
      `This transcript is already being exported to "${integration.name}". Wait for it to finish.`,
    );
  }

  let current = claimed;
  const attempt: ExportAttempt = {
    get record() {
      return current;
    },
    async save(changes) {
      const at = deps.now();
      const kept = await recordExportProgress(
        deps.db,
        current.id,
        token,
        { ...changes, claimedUntil: at + EXPORT_LEASE_MS },
        at,
      );
      if (!kept) throw new AppError("conflict", "Another export of this transcript took over. Wait for it to finish.");
      current = { ...current, ...changes };
    },
  };
  const running = (async () => {
    try {
      const untouched =
        claimed.completedAt === null && claimed.targetKey === null && !claimed.storyKeys.some((key) => key !== null);
      if (setup && untouched && (setup.epic || setup.placements.some(Boolean))) {
        await attempt.save({
          placements: setup.placements,
          epicChosen: setup.epic !== null,
          ...(setup.epic ? { targetKey: setup.epic.key, targetUrl: setup.epic.url } : {}),
        });
      }
      // The claim may have found the record moved on (another attempt finished or updated it): plan from it.
      const update = plan && claimed.completedAt !== null ? planUpdate(claimed, versions) : null;
      const outcome = update
        ? await sendChanges(deps, attempt, work, update, job, versions)
        : await work.create(attempt);
      // Everything the record holds now was sent from these stories.
      await attempt.save({
        storyHashes: versions.stories,
        epicHash: versions.epic,
        ...(update ? { syncedAt: deps.now() } : {}),
      });
      return outcome;
    } finally {
      await releaseExport(deps.db, current.id, token, deps.now());
    }
  })();
  // The request reports a failure; the background copy must not surface it a second time as unhandled.
  deps.waitUntil(running.catch(() => undefined));
  return running;
}

/**
 * "Update in …" on a completed record: the items move to their stories' new positions, edited ones are rewritten
 * (each fingerprint recorded as its rewrite is answered), then the record is reopened for the stories added since,
 * which the destination's own create path makes as on a first export. Notion rewrites its page as a whole.
 */
async function sendChanges(
  deps: Deps,
  attempt: ExportAttempt,
  work: ExportWork,
  plan: UpdatePlan,
  job: ExportJob,
  versions: StoryVersions,
): Promise<ExportOutcome> {
  const epicKey = attempt.record.targetKey!;
  const stories = job.stories.userStories;
  // the export keeps the time it was made; syncedAt says when it was updated
  const exportedAt = attempt.record.completedAt!;
  let storiesUpdated = 0;
  if (!work.rewrite) {
    // Notion: the page is written again from the first block (notion-export.ts erases it first); same page, same
    // link, and a story deleted in StoryLoom leaves the page with it (nothing is left behind).
    await attempt.save({ erasePending: true, blocksDone: 0, completedAt: null });
    const outcome = await work.create(attempt);
    await attempt.save({ completedAt: exportedAt });
    const count = (change: string) => plan.changes.filter((c) => c === change).length;
    return withUpdates(
      { ...outcome, summary: { ...outcome.summary, summary: { storiesCreated: count("added"), epicCreated: false } } },
      count("edited"),
      0,
    );
  }
  let hashes = [...plan.hashes];
  await attempt.save({ storyKeys: plan.keys, storyHashes: hashes });
  if (epicToSend(attempt.record, plan)) {
    await work.rewrite.epic(attempt, epicKey);
    await attempt.save({ epicHash: versions.epic, syncedAt: deps.now() });
  }
  for (const [position, change] of plan.changes.entries()) {
    // a skipped story, or one added to someone else's item, has nothing of StoryLoom's to rewrite
    if (change !== "edited" || isPlacedKey(plan.keys[position]!)) continue;
    await work.rewrite.story(attempt, plan.keys[position]!, stories[position]!, position, epicKey);
    hashes = hashes.map((hash, i) => (i === position ? versions.stories[position]! : hash));
    storiesUpdated += 1;
    await attempt.save({ storyHashes: hashes, syncedAt: deps.now() });
  }
  const added = plan.changes.includes("added");
  let outcome: ExportOutcome;
  if (added) {
    await attempt.save({ completedAt: null });
    outcome = await work.create(attempt);
    await attempt.save({ completedAt: exportedAt });
  } else {
    outcome = {
      targetKey: epicKey,
      summary: {
        summary: { storiesCreated: 0, epicCreated: false },
        epicUrl: attempt.record.targetUrl ?? "",
        alreadyExported: false,
        exportedAt: new Date(deps.now()).toISOString(),
      },
    };
  }
  return withUpdates(outcome, storiesUpdated, plan.left);
}

/** The epic was edited since and is StoryLoom's to rewrite: an existing epic the person chose never is. */
function epicToSend(record: IntegrationExportRow, plan: UpdatePlan): boolean {
  return plan.epicEdited && !record.epicChosen;
}

function withUpdates(outcome: ExportOutcome, storiesUpdated: number, storiesLeft: number): ExportOutcome {
  return {
    ...outcome,
    summary: { ...outcome.summary, summary: { ...outcome.summary.summary, storiesUpdated, storiesLeft } },
  };
}
/**
 * A create or append goes out with the record marked "in doubt". A definite refusal clears the mark (nothing was
 * made); an unanswered one (timeout, 5xx: the adapter says `mayHaveApplied`) leaves it, so the next attempt asks
 * the service what it holds before writing again.
 */
export async function sendWrite<T>(attempt: ExportAttempt, write: () => Promise<T>): Promise<T> {
  await attempt.save({ inDoubt: true });
  try {
    return await write();
  } catch (error) {
    const unknownOutcome =
      typeof error === "object" && error !== null && "mayHaveApplied" in error && error.mayHaveApplied === true;
    if (!unknownOutcome) await attempt.save({ inDoubt: false });
    throw error;
  }
}

/** A completed record asked again: nothing was sent (an update finds nothing changed; `storiesLeft` as it found). */
function alreadyExported(record: IntegrationExportRow, storiesLeft?: number): ExportOutcome {
  return {
    targetKey: record.targetKey ?? "",
    summary: {
      summary: {
        storiesCreated: 0,
        epicCreated: false,
        ...(storiesLeft !== undefined ? { storiesUpdated: 0, storiesLeft } : {}),
      },
      epicUrl: record.targetUrl ?? "",
      alreadyExported: true,
      exportedAt: new Date(record.completedAt!).toISOString(),
    },
  };
}

/** What the progress dialog polls: read from the record, so it moves only when something was really created. */
export async function exportProgress(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
): Promise<ExportProgress> {
  const transcript = await requireTranscript(deps, userId, transcriptId);
  await requireIntegration(deps, userId, integrationId);
  const record = await findExport(deps.db, integrationId, transcript.id);
  if (!record) return { status: "none", done: 0, total: transcript.storyCount + 1, epicUrl: null, exportedAt: null };
  return {
    status: record.completedAt !== null ? "complete" : isClaimed(record, deps.now()) ? "running" : "partial",
    done: itemsDone(record),
    total: record.total,
    epicUrl: record.targetUrl,
    exportedAt: record.completedAt !== null ? new Date(record.completedAt).toISOString() : null,
  };
}

/**
 * Where a transcript's stories went: each integration's newest copy, with what an update would send now. One query;
 * the stories' fingerprints are worked out once for all of them.
 */
export async function transcriptExports(deps: Deps, userId: number, transcriptId: number): Promise<TranscriptExports> {
  const transcript = await requireTranscript(deps, userId, transcriptId);
  const rows = await listTranscriptExports(deps.db, transcript.id);
  const stories = transcript.generatedStories as GeneratedStories | null;
  const versions = stories ? await storyVersions(stories) : null;
  const copies = new Map<number, number>();
  for (const { record } of rows) copies.set(record.integrationId, (copies.get(record.integrationId) ?? 0) + 1);
  const seen = new Set<number>();
  const exports: TranscriptExports["exports"] = [];
  for (const { record, type, name, isActive } of rows) {
    if (seen.has(record.integrationId)) continue; // rows come newest copy first
    seen.add(record.integrationId);
    const plan = versions && record.completedAt !== null ? planUpdate(record, versions) : null;
    exports.push({
      integrationId: record.integrationId,
      type,
      name,
      isActive,
      status: record.completedAt !== null ? "complete" : isClaimed(record, deps.now()) ? "running" : "partial",
      epicKey: record.targetKey,
      epicUrl: record.targetUrl,
      exportedAt: record.completedAt !== null ? new Date(record.completedAt).toISOString() : null,
      syncedAt: record.syncedAt !== null ? new Date(record.syncedAt).toISOString() : null,
      copies: copies.get(record.integrationId) ?? 1,
      storiesChanged: plan ? pendingChanges(plan) : 0,
      epicChanged: plan ? epicToSend(record, plan) : false,
    });
  }
  return { exports };
}

function isClaimed(record: IntegrationExportRow, now: number): boolean {
  return record.claimToken !== null && (record.claimedUntil ?? 0) > now;
}

/** The epic or page counts as one; JIRA stories by recorded key, Notion stories in proportion to blocks appended. */
export function itemsDone(record: IntegrationExportRow): number {
  const target = record.targetKey ? 1 : 0;
  if (record.completedAt !== null) return record.total;
  if (record.blocksTotal > 0) return target + Math.floor(((record.total - 1) * record.blocksDone) / record.blocksTotal);
  return target + record.storyKeys.filter(Boolean).length;
}
