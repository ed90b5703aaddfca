import { describe, expect, it } from "vitest";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import {
  ADDED_BY,
  allowedEstimates,
  appendedDescription,
  epicMarkdown,
  estimateFor,
  exportId,
  hasMarker,
  linearPriority,
  markerLine,
  noteMarkdown,
  plainText,
  PROJECT_SUMMARY_MAX,
  projectSummary,
  storyMarkdown,
} from "./format";

const REF = "0123456789ab";
const epic: Epic = {
  title: "Checkout",
  description: "Let shoppers pay.\n\nMore detail follows.",
  team: "Payments",
  timeline: "Q1",
  priority: "High",
};
const story: UserStory = {
  title: "Pay by card",
  description: "As a shopper I want to pay by card so that I can finish my order.",
  acceptanceCriteria: ["Card form shows", "Declined cards\nsay why"],
  priority: "Medium",
  storyPoints: 5,
  estimatedHours: 8,
  evidence: [
    { quote: "we lose people at payment", start: 0, end: 25 },
    { quote: "cards first", start: 30, end: 41 },
  ],
};

describe("Linear formatting", () => {
  it("maps StoryLoom's five priorities to Linear's numbers", () => {
    expect(["Highest", "High", "Medium", "Low", "Lowest"].map((p) => linearPriority(p as Epic["priority"]))).toEqual([
      1, 2, 3, 4, 4,
    ]);
  });

  it("knows each team scale, extended and with zero", () => {
    expect(allowedEstimates({ type: "fibonacci", allowZero: false, extended: false })).toEqual([1, 2, 3, 5, 8]);
    expect(allowedEstimates({ type: "exponential", allowZero: true, extended: true })).toEqual([
      0, 1, 2, 4, 8, 16, 32, 64,
    ]);
    expect(allowedEstimates({ type: "linear", allowZero: false, extended: true })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(allowedEstimates({ type: "tShirt", allowZero: false, extended: false })).toEqual([1, 2, 3, 5, 8]);
    expect(allowedEstimates({ type: "something new", allowZero: false, extended: false })).toEqual([]);
  });

  it("puts story points on the nearest allowed estimate, ties upwards, and none without estimates", () => {
    const fib = { type: "fibonacci", allowZero: false, extended: false };
    expect([0, 1, 4, 5, 6, 7, 13, 100].map((p) => estimateFor(p, fib))).toEqual([1, 1, 5, 5, 5, 8, 8, 8]);
    expect(estimateFor(0, { ...fib, allowZero: true })).toBe(0);
    expect(estimateFor(13, { ...fib, extended: true })).toBe(13);
    expect(estimateFor(5, null)).toBeNull();
    expect(estimateFor(5, { type: "unknown", allowZero: false, extended: false })).toBeNull();
  });

  it("writes a story as Markdown: description, task list, quotes, estimate and the marker last", () => {
    expect(storyMarkdown(story, REF)).toBe(
      [
        "As a shopper I want to pay by card so that I can finish my order.",
        "## Acceptance criteria\n\n- [ ] Card form shows\n- [ ] Declined cards say why",
        "## Evidence\n\n> we lose people at payment\n>\n> cards first",
        "**Estimate:** 5 story points, 8 hours",
        `Exported from StoryLoom · storyloom-${REF}`,
      ].join("\n\n"),
    );
    const bare = storyMarkdown({ ...story, description: "", acceptanceCriteria: [], evidence: [] }, REF);
    expect(bare).not.toContain("##");
    expect(bare.endsWith(markerLine(REF))).toBe(true);
  });

  it("writes the epic with its team, timeline and priority", () => {
    expect(epicMarkdown(epic, REF)).toBe(
      "Let shoppers pay.\n\nMore detail follows.\n\n**Team:** Payments  \n**Timeline:** Q1  \n**Priority:** High\n\n" +
        markerLine(REF),
    );
    expect(epicMarkdown({ ...epic, timeline: undefined, team: "" }, REF)).toContain("**Priority:** High\n\n");
  });

  it("keeps a project's summary within Linear's short description", () => {
    expect(projectSummary(epic)).toBe("Let shoppers pay.");
    const long = projectSummary({ ...epic, description: "word ".repeat(200) });
    expect(long.length).toBeLessThanOrEqual(PROJECT_SUMMARY_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("derives stable UUIDs from the ref and position", async () => {
    const id = await exportId(REF, "epic");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await exportId(REF, "epic")).toBe(id);
    const stories = await Promise.all([0, 1, 2].map((p) => exportId(REF, p)));
    expect(new Set([id, ...stories]).size).toBe(4);
    expect(await exportId("ba9876543210", "epic")).not.toBe(id);
    await expect(exportId("not-a-ref", "epic")).rejects.toThrow();
    await expect(exportId(REF, -1)).rejects.toThrow();
  });
});

describe("Linear formatting: the review before an export", () => {
  const note = {
    marker: `storyloom-${REF}-1`,
    heading: "From the meeting of 7 December 2026 (StoryLoom): Pay by card",
    criteria: ["Card form shows", "Declined cards\nsay why", "  "],
    quote: "we lose people\nat payment",
  };

  it("reads a description as plain text: no markup, link targets, images, code fences or table rules", () => {
    const markdown = [
      "# Checkout",
      "",
      "Shoppers **drop** at _payment_, see [the funnel](https://x.test/f) ![chart](https://x.test/c.png).",
      "",
      "- [ ] Show `cards` first",
      "* [x] ~~Old~~ flow",
      "1. Numbered",
      "",
      "> a quote",
      "",
      "```ts",
      "const a = 1;",
      "```",
      "",
      "| a | b |",
      "|---|---|",
      "| 1 | 2 |",
      "",
      "---",
      "snake_case_name stays, 2 * 3 * 4 too, and \\*escaped\\* stars",
    ].join("\n");
    expect(plainText(markdown, 2000)).toBe(
      [
        "Checkout",
        "",
        "Shoppers drop at payment, see the funnel chart.",
        "",
        "Show cards first",
        "Old flow",
        "Numbered",
        "",
        "a quote",
        "",
        "const a = 1;",
        "",
        "a b",
        "1 2",
        "",
        "snake_case_name stays, 2 * 3 * 4 too, and *escaped* stars",
      ].join("\n"),
    );
    expect(plainText(null, 2000)).toBe("");
    expect(plainText("x".repeat(50), 10)).toBe("x".repeat(10));
    // A cut never leaves half of a surrogate pair.
    expect(plainText(`${"x".repeat(9)}😀`, 10)).toBe("x".repeat(9));
  });

  it("finds a marker only as a whole token", () => {
    expect(hasMarker(`Added by StoryLoom (storyloom-${REF}-1)`, `storyloom-${REF}-1`)).toBe(true);
    expect(hasMarker(`Added by StoryLoom (storyloom-${REF}-12)`, `storyloom-${REF}-1`)).toBe(false);
    expect(hasMarker(`xstoryloom-${REF}-1`, `storyloom-${REF}-1`)).toBe(false);
    expect(hasMarker(null, `storyloom-${REF}-1`)).toBe(false);
    expect(hasMarker("anything", "")).toBe(false);
  });

  it("writes the note: bold heading, bulleted criteria, the quote, and the marker on a visible last line", () => {
    expect(noteMarkdown(note)).toBe(
      [
        "**From the meeting of 7 December 2026 (StoryLoom): Pay by card**",
        "- Card form shows\n- Declined cards say why",
        "> we lose people at payment",
        `${ADDED_BY} (storyloom-${REF}-1)`,
      ].join("\n\n"),
    );
    expect(noteMarkdown({ ...note, criteria: [], quote: null })).toBe(
      `**From the meeting of 7 December 2026 (StoryLoom): Pay by card**\n\n${ADDED_BY} (storyloom-${REF}-1)`,
    );
    expect(hasMarker(noteMarkdown(note), note.marker)).toBe(true);
  });

  it("appends after the old description, kept character for character", () => {
    const note1 = noteMarkdown(note);
    expect(appendedDescription("Old text", note)).toBe(`Old text\n\n${note1}`);
    expect(appendedDescription("Old text\n", note)).toBe(`Old text\n\n${note1}`);
    expect(appendedDescription("Old text\n\n", note)).toBe(`Old text\n\n${note1}`);
    expect(appendedDescription("Old  **text**  ", note)).toBe(`Old  **text**  \n\n${note1}`);
    expect(appendedDescription(null, note)).toBe(note1);
    expect(appendedDescription("", note)).toBe(note1);
  });
});
