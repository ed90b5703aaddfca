import { describe, expect, it } from "vitest";
import { FIXTURES } from "./fixtures";
import { generateStories } from "./index";
import { coversRequirement, evaluate, madeRejectedStory, mentionsOutsideNegation, missedTargets, total, type GoldRequirement } from "./quality";

const story = (text: string) => ({ title: "T", description: text, acceptanceCriteria: [], priority: "Medium" as const, storyPoints: 3, estimatedHours: 12 });

describe("quality metrics", () => {
  it("counts a requirement as covered with half of its keywords, at least two", () => {
    const req: GoldRequirement = { id: "R1", summary: "", keywords: ["export", "csv", "workout history"], priority: "Low", evidence: "" };
    expect(coversRequirement(story("As a user, I want to export my workout history"), req)).toBe(true);
    expect(coversRequirement(story("As a user, I want to export data"), req)).toBe(false);
  });

  it("ignores keywords under a negation when checking rejected items", () => {
    expect(mentionsOutsideNegation("TV only, no teletext", "teletext")).toBe(false);
    expect(mentionsOutsideNegation("Teletext buttons stay on the remote", "teletext")).toBe(true);
    expect(madeRejectedStory(story("As a viewer, I want a TV-only remote, no teletext"), { summary: "", keywords: ["teletext"], evidence: "" })).toBe(false);
  });
});

describe("generator quality over the transcript fixtures", () => {
  const rows = FIXTURES.map((f) => evaluate(f.name, f.transcript, generateStories(f.transcript), f.gold));
  const t = total(rows);

  it("meets the form targets: well-formed, criteria, verbatim evidence, no leaks, duplicates or rejected items", () => {
    expect(t.wellFormed).toBe(t.stories);
    expect(t.criteria / t.stories).toBeGreaterThanOrEqual(2);
    expect(t.evidenceVerbatim).toBe(t.evidence);
    expect(t.leaked).toEqual([]);
    expect(t.nearDuplicates).toEqual([]);
    expect(t.rejectedMade).toEqual([]);
  });

  it("covers the gold requirements without drowning them in stories", () => {
    // The target (the same check `npm run eval:stories` reports), and a precision floor so coverage is not
    // bought with volume.
    expect(missedTargets(t)).toEqual([]);
    expect(t.coveredCount / t.gold).toBeGreaterThanOrEqual(0.7);
    expect(t.precise / t.stories).toBeGreaterThanOrEqual(0.55);
    for (const r of rows) expect(r.stories).toBeLessThanOrEqual(Math.max(3, Math.ceil(r.gold * 1.5)));
  });
});
