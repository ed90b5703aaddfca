import {
  INTEGRATION_LABELS,
  type ExportProgress,
  type ExportSummary,
  type IntegrationType,
} from "../../../schema/api/integrations";
import type { GeneratedStories } from "../../../schema/api/transcripts";
import {
  claimExport,
  findExport,
  findOrCreateExport,
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

// The exactly-once machinery shared by every export (JIRA, Notion, and the trackers of tracker-export.ts). One record per transcript and integration
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
 * outside call; a record held by a running attempt answers 409; otherwise `work` runs under the claim. The work
 * continues under waitUntil when the client goes away, so a closed tab does not cut an export in half.
 */
export async function runExport(
  deps: Deps,
  userId: number,
  job: ExportJob,
  work: (attempt: ExportAttempt) => Promise<ExportOutcome>,
): Promise<ExportOutcome> {
  const { transcript, integration, stories } = job;
  const total = stories.userStories.length + 1;
  const record = await findOrCreateExport(
    deps.db,
    { integrationId: integration.id, transcriptId: transcript.id, ref: toHex(randomBytes(6)), total },
    deps.now(),
  );
  if (record.completedAt !== null) return alreadyExported(record);

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
    { token, until: deps.now() + EXPORT_LEASE_MS, total },
    deps.now(),
  );
  if (!claimed) {
    const now = await findExport(deps.db, integration.id, transcript.id);
    if (now?.completedAt) return alreadyExported(now);
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
      return await work(attempt);
    } finally {
      await releaseExport(deps.db, current.id, token, deps.now());
    }
  })();
  // The request reports a failure; the background copy must not surface it a second time as unhandled.
  deps.waitUntil(running.catch(() => undefined));
  return running;
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

function alreadyExported(record: IntegrationExportRow): ExportOutcome {
  return {
    targetKey: record.targetKey ?? "",
    summary: {
      summary: { storiesCreated: 0, epicCreated: false },
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
    status:
      record.completedAt !== null
        ? "complete"
        : record.claimToken && (record.claimedUntil ?? 0) > deps.now()
          ? "running"
          : "partial",
    done: itemsDone(record),
    total: record.total,
    epicUrl: record.targetUrl,
    exportedAt: record.completedAt !== null ? new Date(record.completedAt).toISOString() : null,
  };
}

/** The epic or page counts as one; JIRA stories by recorded key, Notion stories in proportion to blocks appended. */
export function itemsDone(record: IntegrationExportRow): number {
  const target = record.targetKey ? 1 : 0;
  if (record.completedAt !== null) return record.total;
  if (record.blocksTotal > 0) return target + Math.floor(((record.total - 1) * record.blocksDone) / record.blocksTotal);
  return target + record.storyKeys.filter(Boolean).length;
}
