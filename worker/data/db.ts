import { getTableColumns, is, sql, SQL, type InferInsertModel } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../schema/db";

export type Database = ReturnType<typeof createDb>;

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/**
 * Whether a failed query broke a unique index. drizzle wraps D1's error ("Failed query: …"), so the SQLite message
 * is in the cause, not in the error's own text.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String(e).includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

/** The id of the row the statement before inserted, for a later statement of the same batch. */
export const LAST_INSERTED_ID = sql<number>`last_insert_rowid()`;

/** True only when the statement before changed a row: ties a statement to the success of the one before it. */
export const PREVIOUS_CHANGED = sql`changes() = 1`;

/**
 * `INSERT INTO table SELECT <values> WHERE <condition>`: an insert that happens only when the condition holds, in one
 * statement, so racing requests cannot both pass a limit. Values may be SQL (e.g. LAST_INSERTED_ID); columns not
 * given take their default. It stays a drizzle query, so it joins `db.batch` and `.returning()` works.
 */
export function insertWhere<T extends SQLiteTable>(
  db: Database,
  table: T,
  values: { [K in keyof InferInsertModel<T>]?: InferInsertModel<T>[K] | SQL },
  condition: SQL,
) {
  // drizzle lists every column but generated ones, in the table's order, for INSERT … SELECT: the SELECT must match.
  const row = Object.entries(getTableColumns(table))
    .filter(([, column]) => column.generated === undefined)
    .map(([key, column]) => {
      const value = (values as Record<string, unknown>)[key];
      if (value !== undefined) return is(value, SQL) ? value : sql.param(value, column);
      if (column.default !== undefined)
        return is(column.default, SQL) ? column.default : sql.param(column.default, column);
      return sql`NULL`;
    });
  return db.insert(table).select(sql`SELECT ${sql.join(row, sql`, `)} WHERE ${condition}`);
}
