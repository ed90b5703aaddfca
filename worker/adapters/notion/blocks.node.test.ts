import { describe, expect, it } from "vitest";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { batches, blockBatches, richText, storiesToBlocks, storyEstimateLine } from "./blocks";

const story = (fields: Partial<UserStory> = {}): UserStory => ({
  title: "Export to Notion",
  description: "As a PM I want my stories in Notion.",
  acceptanceCriteria: ["A page is created", "Every story is on it"],
  priority: "High",
  storyPoints: 5,
  estimatedHours: 8,
  ...fields,
});

const stories = (userStories: UserStory[], epic: Partial<GeneratedStories["epic"]> = {}): GeneratedStories => ({
  epic: {
    title: "Integrations",
    description: "Send stories where teams work.",
    team: "Platform",
    timeline: "Q3",
    priority: "Medium",
    ...epic,
  },
  userStories,
});

const textOf = (block: Record<string, unknown>) =>
  (block[block.type as string] as { rich_text: { text: { content: string } }[] }).rich_text
    .map((item) => item.text.content)
    .join("");

describe("richText", () => {
  it("keeps text of up to 2,000 characters in one item, and gives nothing for empty text", () => {
    expect(richText("Hello")).toEqual([{ type: "text", text: { content: "Hello" } }]);
    expect(richText("x".repeat(2000))).toHaveLength(1);
    expect(richText("")).toEqual([]);
  });

  it("splits longer text into items of at most 2,000 characters that join back to the text", () => {
    const text = "a".repeat(2000) + "b".repeat(2000) + "c".repeat(1);
    const items = richText(text);
    expect(items.map((item) => item.text.content.length)).toEqual([2000, 2000, 1]);
    expect(items.map((item) => item.text.content).join("")).toBe(text);
  });

  it("never splits a surrogate pair between two items", () => {
    const text = "a".repeat(1999) + "😀" + "b";
    const items = richText(text);
    expect(items.map((item) => item.text.content.length)).toEqual([1999, 3]);
    expect(items[1]!.text.content).toBe("😀b");
    for (const item of items) expect(item.text.content).toBe(item.text.content.toWellFormed());
    expect(items.map((item) => item.text.content).join("")).toBe(text);
  });
});

describe("storiesToBlocks", () => {
  it("lays out the epic, then each story: heading, description, criteria, estimate line", () => {
    const blocks = storiesToBlocks(stories([story()]));
    expect(blocks.map((block) => [block.type, textOf(block)])).toEqual([
      ["paragraph", "Send stories where teams work."],
      ["paragraph", "Team: Platform · Timeline: Q3 · Priority: Medium"],
      ["heading_2", "Export to Notion"],
      ["paragraph", "As a PM I want my stories in Notion."],
      ["bulleted_list_item", "A page is created"],
      ["bulleted_list_item", "Every story is on it"],
      ["paragraph", "Priority: High · 5 story points · 8 hours"],
    ]);
    for (const block of blocks) expect(block).toMatchObject({ object: "block" });
  });

  it("skips empty text, splits descriptions on blank lines, and counts one point and one hour in the singular", () => {
    const blocks = storiesToBlocks(
      stories([story({ description: "", acceptanceCriteria: [], storyPoints: 1, estimatedHours: 1 })], {
        description: "First part\nsame paragraph.\n\n  \nSecond part.",
        team: "",
        timeline: undefined,
      }),
    );
    expect(blocks.map((block) => [block.type, textOf(block)])).toEqual([
      ["paragraph", "First part\nsame paragraph."],
      ["paragraph", "Second part."],
      ["paragraph", "Priority: Medium"],
      ["heading_2", "Export to Notion"],
      ["paragraph", "Priority: High · 1 story point · 1 hour"],
    ]);
  });

  it("makes only top-level blocks, and splits a 2,500-character criterion into two rich-text items", () => {
    const blocks = storiesToBlocks(stories([story({ acceptanceCriteria: ["c".repeat(2500)] })]));
    for (const block of blocks) expect(JSON.stringify(block)).not.toContain('"children"');
    const criterion = blocks.find((block) => block.type === "bulleted_list_item")!;
    const items = (criterion.bulleted_list_item as { rich_text: { text: { content: string } }[] }).rich_text;
    expect(items.map((item) => item.text.content.length)).toEqual([2000, 500]);
  });

  it("formats the estimate line", () => {
    expect(storyEstimateLine({ priority: "Lowest", storyPoints: 0, estimatedHours: 13 })).toBe(
      "Priority: Lowest · 0 story points · 13 hours",
    );
  });
});

describe("batches", () => {
  it("cuts items into consecutive runs of at most the size, in order", () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    const runs = batches(items);
    expect(runs.map((run) => run.length)).toEqual([100, 100, 50]);
    expect(runs.flat()).toEqual(items);
    expect(batches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(batches([])).toEqual([]);
    expect(() => batches([1], 0)).toThrow(RangeError);
  });

  it("blockBatches also keeps each request's JSON under the byte budget", () => {
    // 100 paragraphs of a 5,000-character description would be over Notion's 500 KB.
    const big = storiesToBlocks(
      stories([story({ description: Array.from({ length: 250 }, () => "d".repeat(5000)).join("\n\n") })]),
    );
    const runs = blockBatches(big);
    expect(runs.flat()).toEqual(big);
    for (const run of runs) {
      expect(run.length).toBeLessThanOrEqual(100);
      expect(new TextEncoder().encode(JSON.stringify(run)).length).toBeLessThanOrEqual(400_000);
    }
    expect(runs.length).toBeGreaterThan(Math.ceil(big.length / 100));
    expect(
      blockBatches(Array.from({ length: 250 }, () => ({ type: "divider", divider: {} }))).map((run) => run.length),
    ).toEqual([100, 100, 50]);
  });
});
