import { describe, expect, it } from "vitest";
import {
  HOURS_FOR_POINTS,
  hoursRangeFor,
  impliedHours,
  isOnScale,
  nearestOnScale,
  STORY_POINT_SCALE,
} from "../../../schema/api/sizing";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { STORY_POINT_CHOICES, hoursForPoints } from "../../../web/shared/stories/edit-stories";
import { generateEmbedded } from "../../adapters/llm/local/rules/generate";
import { requestedOutputSchema } from "../../adapters/llm/model-output";
import { SYSTEM_PROMPT } from "../../adapters/llm/prompt";
import { loadLanguage } from "../../reading";
import { FIXTURES } from "../../test/generator/fixtures";
import { gateEmbedded } from "./repair";
import { checkStory } from "./stories";

await loadLanguage();

// One sizing model (schema/api/sizing.ts, issue 40): the prompt, the model's schema, the embedded generator, the gate,
// its repair and the editor agree on the scale and on the hours a size takes. The four used to disagree about 21.

const story = (storyPoints: number, estimatedHours: number): UserStory => ({
  title: "Export the monthly invoices",
  description: "As an accountant, I want to export the invoices of a month, so that I can file them.",
  acceptanceCriteria: ["The export holds every invoice of the chosen month", "The file opens in a spreadsheet"],
  priority: "High",
  storyPoints,
  estimatedHours,
});
const sizeIssues = (s: UserStory) =>
  checkStory(s)
    .filter((i) => i.criterion === "estimable")
    .map((i) => `${i.severity} ${i.field}: ${i.message}`);

describe("one sizing model", () => {
  it("is one scale for the prompt, the model's schema and the editor", () => {
    expect(SYSTEM_PROMPT).toContain("storyPoints from 1, 2, 3, 5, 8, 13;");
    expect(SYSTEM_PROMPT).toContain("1 → 2–4 hours");
    expect(SYSTEM_PROMPT).toContain("13 → 32–64 hours");
    const points = requestedOutputSchema.shape.userStories.element.shape.storyPoints;
    for (const size of STORY_POINT_SCALE) expect(points.safeParse(size).success).toBe(true);
    expect(points.safeParse(21).success).toBe(false);
    expect(STORY_POINT_CHOICES).toEqual(STORY_POINT_SCALE);
  });

  it("lets the gate accept exactly the scale, with hours inside each size's range", () => {
    for (const size of STORY_POINT_SCALE) {
      const [low, high] = HOURS_FOR_POINTS[size];
      expect(sizeIssues(story(size, low)), `${size} at ${low} hours`).toEqual([]);
      expect(sizeIssues(story(size, high)), `${size} at ${high} hours`).toEqual([]);
      expect(sizeIssues(story(size, impliedHours(size))), `${size} implied`).toEqual([]);
    }
    expect(sizeIssues(story(21, 80))).toEqual([
      "error storyPoints: 21 points is too big to plan in one sprint: split the story into smaller ones (the largest size is 13 points).",
    ]);
    expect(sizeIssues(story(4, 12))).toEqual([
      "error storyPoints: 4 points is not one of the sizes: use 1, 2, 3, 5, 8 or 13 points.",
    ]);
    expect(sizeIssues(story(3, 100))).toEqual([
      "error estimatedHours: 100 hours does not fit 3 points: change the hours (3 points is about 6–12 hours) or the points.",
    ]);
    // one point, one hour: singular words
    expect(sizeIssues(story(1, 20))).toEqual([
      "error estimatedHours: 20 hours does not fit 1 point: change the hours (a point is about 2–4 hours) or the points.",
    ]);
  });

  it("mends an off-scale size to the nearest on it, and its hours to what that size implies", () => {
    expect(nearestOnScale(21)).toBe(13);
    expect(nearestOnScale(4)).toBe(3);
    expect(nearestOnScale(0.2)).toBe(1);
    const stories: GeneratedStories = {
      epic: { title: "Invoices", description: "", team: "", priority: "High" },
      userStories: [story(21, 400)],
    };
    const mended = gateEmbedded(stories, {}).stories.userStories[0]!;
    expect({ points: mended.storyPoints, hours: mended.estimatedHours }).toEqual({ points: 13, hours: 48 });
  });

  it("has the editor imply the same hours as the model, and the embedded generator size on the scale in range", () => {
    for (const size of STORY_POINT_SCALE) expect(hoursForPoints(size)).toBe(impliedHours(size));
    expect(hoursRangeFor(4)).toEqual([8, 20]);
    let sized = 0;
    for (const { transcript } of FIXTURES.slice(0, 6)) {
      for (const s of generateEmbedded(transcript).userStories) {
        expect(isOnScale(s.storyPoints), `${s.title}: ${s.storyPoints}`).toBe(true);
        const [low, high] = hoursRangeFor(s.storyPoints);
        if (s.estimatedHours >= low && s.estimatedHours <= high) sized++;
        else expect(sizeIssues(s), s.title).toEqual([]);
      }
    }
    expect(sized).toBeGreaterThan(0);
  });
});
