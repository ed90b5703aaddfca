import { describe, expect, it } from "vitest";
import type { Quality } from "../../../schema/api/quality-body";
import type { UserStory } from "../../../schema/api/transcripts";
import { auc, formatVerdicts, issue40Targets, judge, judgeListed } from "./verdicts";

describe("a product manager's verdicts against the gate", () => {
  it("computes the AUC as the share of pairs the scores order rightly, ties half", () => {
    expect(auc([90, 80], [70, 60])).toBe(1);
    expect(auc([60, 70], [80, 90])).toBe(0);
    expect(auc([80], [80])).toBe(0.5);
    expect(auc([100, 75, 75], [75, 50])).toBeCloseTo((2 + 1.5 + 1.5) / 6);
    expect(auc([], [1])).toBeNull();
  });

  it("joins verdicts by title, counts the unjudged, and names the targets missed", () => {
    const story = (title: string) => ({ title }) as UserStory;
    const stories = [story("Export invoices"), story("Describe by hand"), story("A story since renamed")];
    const quality = {
      stories: [
        { index: 0, score: 92, issues: [] },
        { index: 1, score: 67, issues: [{ criterion: "asked", severity: "error", message: "" }] },
        { index: 2, score: 100, issues: [] },
      ],
      set: [],
      coverage: null,
    } as unknown as Quality;
    const row = judge(
      "meeting",
      stories,
      { stories, quality },
      {
        reader: "test",
        commit: "0".repeat(40),
        stories: [
          { title: "export invoices", verdict: "light edit" },
          { title: "Describe by hand", verdict: "discard" },
        ],
      },
    );
    expect(row.counts).toEqual({ keep: 0, "light edit": 1, rewrite: 0, discard: 1 });
    expect(row.unjudged).toBe(1);
    expect(row.discardsWithError).toBe(1);
    const { table, missed } = formatVerdicts([row], "TOTAL");
    expect(table).toContain("1.00");
    expect(missed).toEqual(["discarded 50% > 15%", "keep + light edit 50% < 70%"]);
  });

  it("counts verdicts on the stories shown and reads the gate on the stories it was given", () => {
    const story = (title: string) => ({ title }) as UserStory;
    const given = [story("Export invoices"), story("Forward it to legal")];
    const quality = {
      stories: [
        { index: 0, score: 90, issues: [] },
        { index: 1, score: 40, issues: [{ criterion: "asked", severity: "error", message: "" }] },
      ],
      set: [],
      coverage: null,
    } as unknown as Quality;
    // the gate dropped the action item: the person is shown one story, the gate is credited with its error
    const row = judge(
      "meeting",
      [given[0]!],
      { stories: given, quality },
      {
        reader: "test",
        commit: "0".repeat(40),
        stories: [
          { title: "Export invoices", verdict: "light edit" },
          { title: "Forward it to legal", verdict: "discard" },
        ],
      },
    );
    expect(row.counts).toEqual({ keep: 0, "light edit": 1, rewrite: 0, discard: 0 });
    expect(row.discardsWithError).toBe(1);
    expect(row.discardScores).toEqual([40]);
    expect(row.lightGated).toBe(1);
    expect(row.lightWithError).toBe(0);
  });

  it("reads a PM's verdicts on the listed uncovered asks by quote, and names issue 40's targets missed", () => {
    const read = judgeListed(
      ["Drivers need the whole route on one screen.", "Who owns the depot keys?", "A new quote"],
      {
        reader: "test",
        commit: "0".repeat(40),
        items: [
          { quote: "Drivers need the whole  route on one screen.", verdict: "ask" },
          { quote: "Who owns the depot keys?", verdict: "not an ask" },
        ],
      },
    );
    expect(read).toEqual({ listed: 3, judged: 2, notAsks: 1 });
    const { line, missed } = issue40Targets({
      carried: 4,
      gold: 10,
      listed: 6,
      missed: 6,
      rejectedMade: 0,
      fromQuestions: 1,
      garbled: 0,
      listedRead: read,
    });
    expect(line).toContain("requirements carried 4/10 (40%)");
    expect(missed).toEqual([
      "requirements carried 4/10 (40%) < 45%",
      "1 stories from questions",
      "listed uncovered asks that are no ask 1/2 (50%) > 30%",
    ]);
  });
});
