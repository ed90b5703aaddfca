import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "./db";
import { transcriptPageStatements, type TranscriptListPage } from "./transcripts";

/** SQLite's plan for a statement: one line per step ("SEARCH transcripts USING INDEX …", "USE TEMP B-TREE …"). */
async function queryPlan(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = statement.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
}

describe("a page of the transcripts list", () => {
  const db = createDb(env.DB);
  const ownOnly = { userId: 1, teamOwnerIds: [] };
  const after = { createdAt: Date.UTC(2026, 0, 1), id: 500 };

  // A history of 10,000 must not be read and sorted to send 50 of it: each page is a range of an index, in order.
  it.each<[string, TranscriptListPage]>([
    ["the first page of one's own", { limit: 50 }],
    ["a later page of one's own", { after, limit: 50 }],
    ["the first page of a project's", { projectId: 7, limit: 50 }],
    ["a later page of a project's", { projectId: 7, after, limit: 50 }],
  ])("reads %s from an index in order, with no sort", async (_, page) => {
    const [rows, count] = transcriptPageStatements(db, ownOnly, page);
    const plan = await queryPlan(rows);
    expect(plan).toMatch(/SEARCH transcripts USING INDEX transcripts_(owner|project)_created_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(await queryPlan(count)).toMatch(/USING COVERING INDEX transcripts_(owner|project)_created_idx/);
  });
});
