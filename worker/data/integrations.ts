import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import {
  integrationExports,
  integrations,
  projects,
  type IntegrationExportRow,
  type IntegrationRow,
  type IntegrationSettings,
  type AzureDevOpsSettings,
  type GitHubSettings,
  type LinearSettings,
  type EpicChoiceRow,
} from "../../schema/db";
import type { Database } from "./db";

export type { EpicChoiceRow, StoryPlacement } from "../../schema/db";

export type {
  AzureDevOpsSettings,
  GitHubSettings,
  IntegrationExportRow,
  IntegrationRow,
  IntegrationSettings,
  LinearSettings,
};

export async function listIntegrationRows(db: Database, projectId: number): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(eq(integrations.projectId, projectId))
    .orderBy(asc(integrations.createdAt), asc(integrations.id));
}

/** The integration with its project's owner, for the access check, in one query. */
export async function findIntegrationWithOwner(db: Database, id: number) {
  return db
    .select({ integration: integrations, projectOwnerId: projects.ownerId })
    .from(integrations)
    .innerJoin(projects, eq(projects.id, integrations.projectId))
    .where(eq(integrations.id, id))
    .get();
}

export interface NewIntegration {
  projectId: number;
  ownerId: number;
  type: IntegrationRow["type"];
  name: string;
  isActive: boolean;
  settings: IntegrationSettings;
  secretSealed: string;
  secretRef: string;
  secretMask: string;
}

export async function insertIntegration(db: Database, values: NewIntegration, now: number): Promise<IntegrationRow> {
  return db
    .insert(integrations)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning()
    .get();
}

export type IntegrationChanges = Partial<
  Pick<IntegrationRow, "name" | "isActive" | "settings" | "secretSealed" | "secretRef" | "secretMask">
>;

/**
 * Applies the changes. When the destination changed (another site, project or page), the record of what was
 * exported goes with it in the same batch, and so does the remembered epic: they name issues somewhere else, and must
 * not block exporting to the new destination.
 */
export async function updateIntegrationRow(
  db: Database,
  id: number,
  changes: IntegrationChanges,
  destinationChanged: boolean,
  now: number,
): Promise<IntegrationRow> {
  const update = db
    .update(integrations)
    .set({ ...changes, ...(destinationChanged ? { epic: null } : {}), updatedAt: now })
    .where(eq(integrations.id, id))
    .returning();
  if (!destinationChanged) return update.get();
  const [rows] = await db.batch([
    update,
    db.delete(integrationExports).where(eq(integrationExports.integrationId, id)),
  ]);
  return rows[0]!;
}

/** Remembers (or, null, forgets) the existing epic a project's exports to this integration go under. */
export async function setIntegrationEpic(
  db: Database,
  id: number,
  epic: EpicChoiceRow | null,
  now: number,
): Promise<void> {
  await db.update(integrations).set({ epic, updatedAt: now }).where(eq(integrations.id, id));
}

export async function deleteIntegrationRow(db: Database, id: number): Promise<void> {
  await db.delete(integrations).where(eq(integrations.id, id));
}

// --- Export records -------------------------------------------------------------------------------------------

/** The newest copy of this transcript's export to this integration (copies: "Export as new"). */
export async function findExport(
  db: Database,
  integrationId: number,
  transcriptId: number,
): Promise<IntegrationExportRow | undefined> {
  return db
    .select()
    .from(integrationExports)
    .where(and(eq(integrationExports.integrationId, integrationId), eq(integrationExports.transcriptId, transcriptId)))
    .orderBy(desc(integrationExports.copy))
    .limit(1)
    .get();
}

/** A copy's record, unless that copy exists already (then nothing: the caller reads what is there). */
function insertCopy(
  db: Database,
  values: { integrationId: number; transcriptId: number; copy: number; ref: string; total: number },
  now: number,
) {
  return db
    .insert(integrationExports)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({
      target: [integrationExports.integrationId, integrationExports.transcriptId, integrationExports.copy],
    });
}

/** The newest record of this transcript and integration, created (copy 1) on the first export; one round trip. */
export async function findOrCreateExport(
  db: Database,
  values: { integrationId: number; transcriptId: number; ref: string; total: number },
  now: number,
): Promise<IntegrationExportRow> {
  const [, rows] = await db.batch([
    insertCopy(db, { ...values, copy: 1 }, now),
    db
      .select()
      .from(integrationExports)
      .where(
        and(
          eq(integrationExports.integrationId, values.integrationId),
          eq(integrationExports.transcriptId, values.transcriptId),
        ),
      )
      .orderBy(desc(integrationExports.copy))
      .limit(1),
  ]);
  return rows[0]!;
}

/**
 * "Export as new": the next copy after `after`, a record of its own (its own marker, nothing created yet). Of two
 * clicks at once one inserts it; the other finds the copy taken and gets the record the first made.
 */
export async function createExportCopy(
  db: Database,
  after: IntegrationExportRow,
  values: { ref: string; total: number },
  now: number,
): Promise<IntegrationExportRow> {
  const [, rows] = await db.batch([
    insertCopy(
      db,
      { integrationId: after.integrationId, transcriptId: after.transcriptId, copy: after.copy + 1, ...values },
      now,
    ),
    db
      .select()
      .from(integrationExports)
      .where(
        and(
          eq(integrationExports.integrationId, after.integrationId),
          eq(integrationExports.transcriptId, after.transcriptId),
          eq(integrationExports.copy, after.copy + 1),
        ),
      ),
  ]);
  return rows[0]!;
}

/** Every export record of a transcript with its integration's type and name, newest copy first (History, menus). */
export async function listTranscriptExports(db: Database, transcriptId: number) {
  return db
    .select({
      record: integrationExports,
      type: integrations.type,
      name: integrations.name,
      isActive: integrations.isActive,
    })
    .from(integrationExports)
    .innerJoin(integrations, eq(integrations.id, integrationExports.integrationId))
    .where(eq(integrationExports.transcriptId, transcriptId))
    .orderBy(asc(integrationExports.integrationId), desc(integrationExports.copy));
}

/** The completed exports of some transcripts (a History page), newest copy first: one query for the page. */
export async function listCompletedExports(db: Database, transcriptIds: number[]) {
  if (transcriptIds.length === 0) return [];
  return db
    .select({
      transcriptId: integrationExports.transcriptId,
      integrationId: integrationExports.integrationId,
      type: integrations.type,
      name: integrations.name,
      epicKey: integrationExports.targetKey,
      epicUrl: integrationExports.targetUrl,
    })
    .from(integrationExports)
    .innerJoin(integrations, eq(integrations.id, integrationExports.integrationId))
    .where(and(inArray(integrationExports.transcriptId, transcriptIds), isNotNull(integrationExports.completedAt)))
    .orderBy(
      asc(integrationExports.transcriptId),
      asc(integrationExports.integrationId),
      desc(integrationExports.copy),
    );
}

/**
 * Takes the record for one attempt: only when it is not complete (or the attempt updates a completed export) and
 * nobody holds it (or their claim ran out). One statement, so of two clicks at once exactly one gets it. Returns the
 * record as claimed, or undefined.
 */
export async function claimExport(
  db: Database,
  id: number,
  claim: { token: string; until: number; total: number; update?: boolean },
  now: number,
): Promise<IntegrationExportRow | undefined> {
  return db
    .update(integrationExports)
    .set({ claimToken: claim.token, claimedUntil: claim.until, total: claim.total, updatedAt: now })
    .where(
      and(
        eq(integrationExports.id, id),
        claim.update ? undefined : isNull(integrationExports.completedAt),
        or(isNull(integrationExports.claimToken), lt(integrationExports.claimedUntil, now)),
      ),
    )
    .returning()
    .get();
}

export type ExportProgressChanges = Partial<
  Pick<
    IntegrationExportRow,
    | "inDoubt"
    | "targetKey"
    | "targetUrl"
    | "storyKeys"
    | "storyHashes"
    | "epicHash"
    | "syncedAt"
    | "erasePending"
    | "placements"
    | "epicChosen"
    | "blocksDone"
    | "blocksTotal"
    | "completedAt"
    | "claimedUntil"
  >
>;

/**
 * Writes progress under the claim: a write by an attempt whose claim was taken over (it ran past its lease) changes
 * nothing and returns false, so two attempts never both record.
 */
export async function recordExportProgress(
  db: Database,
  id: number,
  token: string,
  changes: ExportProgressChanges,
  now: number,
): Promise<boolean> {
  const rows = await db
    .update(integrationExports)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(integrationExports.id, id), eq(integrationExports.claimToken, token)))
    .returning({ id: integrationExports.id });
  return rows.length === 1;
}

/** Ends an attempt: the claim is let go (the record keeps what was created). */
export async function releaseExport(db: Database, id: number, token: string, now: number): Promise<void> {
  await db
    .update(integrationExports)
    .set({ claimToken: null, claimedUntil: null, updatedAt: now })
    .where(and(eq(integrationExports.id, id), eq(integrationExports.claimToken, token)));
}

/** Notion pages other exports of this integration made: an interrupted export must not adopt one of them. */
export async function knownTargets(db: Database, integrationId: number): Promise<Set<string>> {
  const rows = await db
    .select({ targetKey: integrationExports.targetKey })
    .from(integrationExports)
    .where(and(eq(integrationExports.integrationId, integrationId), sql`${integrationExports.targetKey} IS NOT NULL`));
  return new Set(rows.map((row) => row.targetKey!));
}
