import { describe, expect, it } from "vitest";
import type { TranscriptPage, TranscriptSummary } from "../../../schema/api/transcripts";
import { appendPage, pageUrl, refetchLimit, rewritePage } from "./pages";

const row = (id: number, projectId: number | null = null): TranscriptSummary => ({
  id,
  title: `Meeting ${id}`,
  projectId,
  createdAt: "2026-11-20T10:00:00.000Z",
  hasStories: true,
  generating: false,
  storyCount: 3,
  contentLength: 900,
  generationError: null,
});
const page = (ids: number[], nextCursor: string | null, total: number): TranscriptPage => ({
  transcripts: ids.map((id) => row(id)),
  nextCursor,
  total,
});

describe("transcript list pages", () => {
  it("add the cursor and limit to the list's own query", () => {
    expect(pageUrl("/api/transcripts", { cursor: "1700_9" })).toBe("/api/transcripts?cursor=1700_9");
    expect(pageUrl("/api/transcripts?projectId=4", { cursor: "1700_9", limit: 80 })).toBe(
      "/api/transcripts?projectId=4&cursor=1700_9&limit=80",
    );
    expect(pageUrl("/api/transcripts", {})).toBe("/api/transcripts");
  });

  it("refetch as many rows as were shown, within the server's page sizes", () => {
    expect(refetchLimit(0)).toBe(50);
    expect(refetchLimit(120)).toBe(120);
    expect(refetchLimit(5000)).toBe(200);
  });

  it("append the next page without repeating a row, taking its cursor and total", () => {
    const merged = appendPage(page([9, 8, 7], "c7", 6), page([7, 6, 5], null, 5));
    expect(merged.transcripts.map((t) => t.id)).toEqual([9, 8, 7, 6, 5]);
    expect(merged).toMatchObject({ nextCursor: null, total: 5 });
  });

  it("lower the total by the rows a rewrite drops, and keep it for a replacement", () => {
    const list = page([3, 2, 1], "c1", 40);
    expect(rewritePage(list, (rows) => rows.filter((t) => t.id !== 2))).toMatchObject({ total: 39, nextCursor: "c1" });
    const moved = rewritePage(list, (rows) => rows.map((t) => (t.id === 2 ? row(2, 5) : t)));
    expect(moved.total).toBe(40);
    expect(moved.transcripts[1]!.projectId).toBe(5);
    expect(rewritePage(page([1], null, 0), () => []).total).toBe(0);
  });
});
