import { and, asc, count, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import { projects, transcripts, users, type ProjectRow } from "../../schema/db";
import { activityStatement } from "./activity";
import { insertWhere, LAST_INSERTED_ID, type Database } from "./db";

export type { ProjectRow };

export interface ProjectWithStats extends ProjectRow {
  transcriptCount: number;
  lastTranscriptAt: number | null;
  /** The owning account's username, else its email (for projects shared through a team). */
  ownerName: string | null;
}

const withStats = {
  id: projects.id,
  ownerId: projects.ownerId,
  name: projects.name,
  description: projects.description,
  color: projects.color,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  transcriptCount: count(transcripts.id),
  lastTranscriptAt: max(transcripts.createdAt),
  ownerName: sql<string | null>`coalesce(${users.username}, ${users.email})`,
};

function selectWithStats(db: Database, where: SQL) {
  return db
    .select(withStats)
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .leftJoin(transcripts, eq(transcripts.projectId, projects.id))
    .where(where)
    .groupBy(projects.id);
}

/** One query for the whole list: the projects of these owners with their transcript counts and newest transcript. */
export async function listProjectsWithStats(db: Database, ownerIds: readonly number[]): Promise<ProjectWithStats[]> {
  return selectWithStats(db, inArray(projects.ownerId, [...ownerIds])).orderBy(
    asc(sql`lower(${projects.name})`),
    asc(projects.id),
  );
}

export async function findProjectWithStats(db: Database, id: number): Promise<ProjectWithStats | undefined> {
  return selectWithStats(db, eq(projects.id, id)).get();
}

/** How many projects the account owns (the plan's project limit counts these). */
export function countOwnedProjects(db: Database, ownerId: number) {
  return db.select({ n: count() }).from(projects).where(eq(projects.ownerId, ownerId));
}

export async function findProject(db: Database, id: number): Promise<ProjectRow | undefined> {
  return db.select().from(projects).where(eq(projects.id, id)).get();
}

export interface ProjectValues {
  name: string;
  description: string;
  color: string;
}

/**
 * Inserts the project and its activity entry in one batch. With `maxProjects`, the insert happens only while the
 * owner has fewer projects (one atomic statement, so two racing requests cannot both pass the limit).
 * Returns undefined when the limit stopped it.
 */
export async function insertProject(
  db: Database,
  ownerId: number,
  values: ProjectValues,
  now: number,
  maxProjects: number | null,
): Promise<ProjectRow | undefined> {
  const limit = maxProjects ?? Number.MAX_SAFE_INTEGER;
  const [inserted] = await db.batch([
    insertWhere(
      db,
      projects,
      { ownerId, ...values, createdAt: now, updatedAt: now },
      sql`(SELECT count(*) FROM ${projects} WHERE ${projects.ownerId} = ${ownerId}) < ${limit}`,
    ).returning({ id: projects.id }),
    activityStatement(db, {
      ownerId,
      kind: "project_created",
      subject: values.name,
      projectId: LAST_INSERTED_ID,
      createdAt: now,
    }),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) return undefined;
  return { id, ownerId, ...values, createdAt: now, updatedAt: now };
}

export async function updateProjectRow(db: Database, project: ProjectRow, values: ProjectValues, now: number) {
  await db.batch([
    db
      .update(projects)
      .set({ ...values, updatedAt: now })
      .where(eq(projects.id, project.id)),
    activityStatement(db, {
      ownerId: project.ownerId,
      kind: "project_updated",
      subject: values.name,
      projectId: project.id,
      createdAt: now,
    }),
  ]);
}

/** The project, its transcripts and an activity entry, all or nothing. */
export async function deleteProjectRows(db: Database, project: ProjectRow, now: number) {
  await db.batch([
    db.delete(transcripts).where(and(eq(transcripts.projectId, project.id), eq(transcripts.ownerId, project.ownerId))),
    db.delete(projects).where(eq(projects.id, project.id)),
    activityStatement(db, { ownerId: project.ownerId, kind: "project_deleted", subject: project.name, createdAt: now }),
  ]);
}
