import { and, asc, count, eq, max, sql, type SQL } from "drizzle-orm";
import { activityEvents, projects, transcripts, type ProjectRow } from "../../schema/db";
import type { Database } from "./db";

export type { ProjectRow };

export interface ProjectWithStats extends ProjectRow {
  transcriptCount: number;
  lastTranscriptAt: number | null;
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
};

function selectWithStats(db: Database, where: SQL) {
  return db
    .select(withStats)
    .from(projects)
    .leftJoin(transcripts, eq(transcripts.projectId, projects.id))
    .where(where)
    .groupBy(projects.id);
}

/** One query for the whole list: the projects with their transcript counts and newest transcript. */
export async function listProjectsWithStats(db: Database, ownerId: number): Promise<ProjectWithStats[]> {
  return selectWithStats(db, eq(projects.ownerId, ownerId)).orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
}

export async function findProjectWithStats(db: Database, id: number): Promise<ProjectWithStats | undefined> {
  return selectWithStats(db, eq(projects.id, id)).get();
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
  // Raw D1 statements: drizzle has no INSERT ... SELECT ... WHERE with RETURNING for a conditional insert.
  const d1 = db.$client;
  const [inserted] = await d1.batch<{ id: number }>([
    d1
      .prepare(
        `INSERT INTO projects (owner_id, name, description, color, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?5 WHERE (SELECT count(*) FROM projects WHERE owner_id = ?1) < ?6
         RETURNING id`,
      )
      .bind(ownerId, values.name, values.description, values.color, now, limit),
    // changes() is the row count of the statement before: no project, no activity entry.
    d1
      .prepare(
        `INSERT INTO activity_events (owner_id, kind, subject, project_id, created_at)
         SELECT owner_id, 'project_created', name, id, created_at FROM projects
         WHERE id = last_insert_rowid() AND owner_id = ?1 AND changes() = 1`,
      )
      .bind(ownerId),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) return undefined;
  return { id, ownerId, ...values, createdAt: now, updatedAt: now };
}

export async function updateProject(db: Database, project: ProjectRow, values: ProjectValues, now: number) {
  await db.batch([
    db.update(projects).set({ ...values, updatedAt: now }).where(eq(projects.id, project.id)),
    db.insert(activityEvents).values({
      ownerId: project.ownerId,
      kind: "project_updated",
      subject: values.name,
      projectId: project.id,
      createdAt: now,
    }),
  ]);
}

/** The project, its transcripts and an activity entry, all or nothing. */
export async function deleteProject(db: Database, project: ProjectRow, now: number) {
  await db.batch([
    db.delete(transcripts).where(and(eq(transcripts.projectId, project.id), eq(transcripts.ownerId, project.ownerId))),
    db.delete(projects).where(eq(projects.id, project.id)),
    db.insert(activityEvents).values({
      ownerId: project.ownerId,
      kind: "project_deleted",
      subject: project.name,
      createdAt: now,
    }),
  ]);
}
