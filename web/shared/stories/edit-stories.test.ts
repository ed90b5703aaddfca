import { describe, expect, it } from "vitest";
import { generatedStoriesSchema, STORY_LIMITS, type GeneratedStories } from "../../../schema/api/transcripts";
import {
  addCriterion,
  addStory,
  copyStories,
  isDirty,
  isTimelineChoice,
  newStory,
  normaliseForSave,
  parseHours,
  removeCriterion,
  removeStory,
  TIMELINE_CHOICES,
  updateCriterion,
  updateEpic,
  updateStory,
} from "./edit-stories";

function sample(): GeneratedStories {
  return {
    epic: {
      title: "Checkout redesign",
      description: "Make paying quicker.",
      timeline: "Q3 2025",
      team: "Payments",
      priority: "High",
    },
    userStories: [
      {
        title: "Pay with saved card",
        description: "As a shopper, I want to pay with a saved card so that checkout is faster.",
        acceptanceCriteria: ["Given a saved card, when I pay, then no card form is shown", "The card's last 4 digits show"],
        priority: "High",
        storyPoints: 5,
        estimatedHours: 12,
        evidence: [{ quote: "people hate typing card numbers", start: 10, end: 42 }],
      },
      {
        title: "Guest checkout",
        description: "As a guest, I want to check out without an account.",
        acceptanceCriteria: ["No sign-in is required"],
        priority: "Medium",
        storyPoints: 3,
        estimatedHours: 6,
      },
    ],
  };
}

describe("copyStories", () => {
  it("makes a deep copy that can be changed without touching the original", () => {
    const original = sample();
    const copy = copyStories(original);
    expect(copy).toEqual(original);
    copy.epic.title = "Changed";
    copy.userStories[0]!.acceptanceCriteria.push("extra");
    copy.userStories[0]!.evidence![0]!.quote = "changed";
    expect(original).toEqual(sample());
  });
});

describe("story and criterion edits", () => {
  it("appends the spec's default story, without evidence", () => {
    const next = addStory(sample());
    expect(next.userStories).toHaveLength(3);
    expect(next.userStories[2]).toEqual({
      title: "New User Story",
      description: "As a user, I want...",
      acceptanceCriteria: ["Acceptance criteria here"],
      priority: "Medium",
      storyPoints: 5,
      estimatedHours: 0,
    });
    expect(next.userStories[2]!.evidence).toBeUndefined();
  });

  it("stops adding stories at the schema's limit", () => {
    const full: GeneratedStories = { ...sample(), userStories: Array.from({ length: STORY_LIMITS.stories }, newStory) };
    expect(addStory(full)).toBe(full);
  });

  it("removes a story by index and leaves the others (and their evidence) as they were", () => {
    const stories = sample();
    const next = removeStory(stories, 1);
    expect(next.userStories).toEqual([stories.userStories[0]]);
    expect(next.userStories[0]!.evidence).toBe(stories.userStories[0]!.evidence);
    expect(stories.userStories).toHaveLength(2);
    expect(removeStory(stories, 5)).toBe(stories);
  });

  it("updates the epic and a story without mutating the input", () => {
    const stories = sample();
    const next = updateStory(updateEpic(stories, { priority: "Lowest" }), 0, { title: "Renamed" });
    expect(next.epic.priority).toBe("Lowest");
    expect(next.userStories[0]!.title).toBe("Renamed");
    expect(next.userStories[1]).toBe(stories.userStories[1]);
    expect(stories).toEqual(sample());
  });

  it("adds, edits and removes criterion lines", () => {
    let stories = addCriterion(sample(), 1);
    expect(stories.userStories[1]!.acceptanceCriteria).toEqual(["No sign-in is required", ""]);
    stories = updateCriterion(stories, 1, 1, "An email is asked for");
    expect(stories.userStories[1]!.acceptanceCriteria).toEqual(["No sign-in is required", "An email is asked for"]);
    stories = removeCriterion(stories, 1, 0);
    expect(stories.userStories[1]!.acceptanceCriteria).toEqual(["An email is asked for"]);
    expect(removeCriterion(stories, 1, 3)).toBe(stories);
    expect(updateCriterion(stories, 4, 0, "x")).toBe(stories);
  });

  it("stops adding criteria at the schema's limit", () => {
    const stories = updateStory(sample(), 0, { acceptanceCriteria: Array.from({ length: STORY_LIMITS.criteria }, () => "c") });
    expect(addCriterion(stories, 0)).toBe(stories);
  });
});

describe("parseHours", () => {
  it.each([
    ["8", 8],
    [" 12 ", 12],
    ["12.7", 12],
    ["", 0],
    ["   ", 0],
    ["abc", 0],
    ["-5", 0],
    ["0", 0],
    ["99999", STORY_LIMITS.hours],
  ])("parses %j as %i", (text, hours) => {
    expect(parseHours(text)).toBe(hours);
  });
});

describe("timeline choices", () => {
  it("offers the six quarters of spec §5 with their months", () => {
    expect(TIMELINE_CHOICES.map((c) => c.label)).toEqual([
      "Q1 2025 (Jan - Mar)",
      "Q2 2025 (Apr - Jun)",
      "Q3 2025 (Jul - Sep)",
      "Q4 2025 (Oct - Dec)",
      "Q1 2026 (Jan - Mar)",
      "Q2 2026 (Apr - Jun)",
    ]);
    expect(isTimelineChoice("Q4 2025")).toBe(true);
    expect(isTimelineChoice("Next sprint")).toBe(false);
    expect(isTimelineChoice(undefined)).toBe(false);
  });
});

describe("normaliseForSave", () => {
  it("trims text, drops empty criteria and keeps evidence untouched", () => {
    const stories = sample();
    const edited = updateStory(updateEpic(stories, { title: "  Checkout  ", team: " Payments " }), 0, {
      title: "  Pay with saved card ",
      description: " text \n",
      acceptanceCriteria: ["  first ", "", "   ", "second"],
    });
    const saved = normaliseForSave(edited);
    expect(saved.epic.title).toBe("Checkout");
    expect(saved.epic.team).toBe("Payments");
    expect(saved.userStories[0]).toMatchObject({
      title: "Pay with saved card",
      description: "text",
      acceptanceCriteria: ["first", "second"],
    });
    expect(saved.userStories[0]!.evidence).toEqual(stories.userStories[0]!.evidence);
    expect("evidence" in saved.userStories[1]!).toBe(false);
    expect(generatedStoriesSchema.safeParse(saved).success).toBe(true);
  });

  it("falls back to placeholder titles instead of blocking on blank ones", () => {
    const blank = updateStory(updateEpic(sample(), { title: "   " }), 1, { title: "" });
    const saved = normaliseForSave(blank);
    expect(saved.epic.title).toBe("Untitled epic");
    expect(saved.userStories[1]!.title).toBe("Untitled story");
    expect(generatedStoriesSchema.safeParse(saved).success).toBe(true);
  });

  it("leaves out an empty timeline and keeps one that is not among the choices", () => {
    expect("timeline" in normaliseForSave(updateEpic(sample(), { timeline: "  " })).epic).toBe(false);
    expect("timeline" in normaliseForSave(updateEpic(sample(), { timeline: undefined })).epic).toBe(false);
    expect(normaliseForSave(updateEpic(sample(), { timeline: "Q2 2026 (Apr-Jun)" })).epic.timeline).toBe("Q2 2026 (Apr-Jun)");
  });

  it("brings over-long text and out-of-range numbers within the schema", () => {
    const wild = updateStory(sample(), 0, {
      title: "x".repeat(400),
      acceptanceCriteria: Array.from({ length: 40 }, (_, i) => `c${i}`),
      estimatedHours: -3,
      storyPoints: 2.5,
    });
    const saved = normaliseForSave(wild);
    expect(saved.userStories[0]!.title).toHaveLength(STORY_LIMITS.title);
    expect(saved.userStories[0]!.acceptanceCriteria).toHaveLength(STORY_LIMITS.criteria);
    expect(saved.userStories[0]!.estimatedHours).toBe(0);
    expect(saved.userStories[0]!.storyPoints).toBe(2);
    expect(generatedStoriesSchema.safeParse(saved).success).toBe(true);
  });

  it("keeps a new story valid", () => {
    expect(generatedStoriesSchema.safeParse(normaliseForSave(addStory(sample()))).success).toBe(true);
  });
});

describe("isDirty", () => {
  it("is false for an untouched copy", () => {
    expect(isDirty(copyStories(sample()), sample())).toBe(false);
  });

  it("is true after a real edit, an added story or a removed criterion", () => {
    expect(isDirty(updateEpic(sample(), { priority: "Low" }), sample())).toBe(true);
    expect(isDirty(updateStory(sample(), 1, { estimatedHours: 7 }), sample())).toBe(true);
    expect(isDirty(addStory(sample()), sample())).toBe(true);
    expect(isDirty(removeCriterion(sample(), 0, 1), sample())).toBe(true);
    expect(isDirty(updateEpic(sample(), { timeline: undefined }), sample())).toBe(true);
  });

  it("ignores changes that saving would not keep", () => {
    expect(isDirty(updateEpic(sample(), { title: "Checkout redesign  " }), sample())).toBe(false);
    expect(isDirty(addCriterion(sample(), 0), sample())).toBe(false);
  });

  it("is false again once an edit is undone", () => {
    const added = addStory(sample());
    expect(isDirty(removeStory(added, 2), sample())).toBe(false);
  });
});
