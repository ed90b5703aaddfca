import { describe, expect, it } from "vitest";
import { generatedStoriesSchema, STORY_LIMITS, type GeneratedStories } from "../../../schema/api/transcripts";
import {
  addCriterion,
  addStory,
  copyStories,
  hoursForPoints,
  isDirty,
  isTimelineChoice,
  joinWithPreviousCriterion,
  newStory,
  normaliseForSave,
  parseHours,
  pointChoices,
  removeCriterion,
  removeStory,
  restoreStory,
  setStoryPoints,
  STORY_POINT_CHOICES,
  timelineChoices,
  typeIntoCriterion,
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
        acceptanceCriteria: [
          "Given a saved card, when I pay, then no card form is shown",
          "The card's last 4 digits show",
        ],
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
  it("appends the spec's default story, sized by its 5 points, with an empty criterion to type into, without evidence", () => {
    const next = addStory(sample());
    expect(next.userStories).toHaveLength(3);
    expect(next.userStories[2]).toEqual({
      title: "New User Story",
      description: "As a user, I want...",
      acceptanceCriteria: [""],
      priority: "Medium",
      storyPoints: 5,
      estimatedHours: 18,
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
    const stories = updateStory(sample(), 0, {
      acceptanceCriteria: Array.from({ length: STORY_LIMITS.criteria }, () => "c"),
    });
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
  it("offers this quarter and the five after it, with their months (docs/product-spec.md §5 as amended)", () => {
    const today = new Date("2026-12-07T10:00:00Z");
    expect(timelineChoices(today).map((c) => c.label)).toEqual([
      "Q4 2026 (Oct - Dec)",
      "Q1 2027 (Jan - Mar)",
      "Q2 2027 (Apr - Jun)",
      "Q3 2027 (Jul - Sep)",
      "Q4 2027 (Oct - Dec)",
      "Q1 2028 (Jan - Mar)",
    ]);
    expect(timelineChoices(new Date("2027-01-01T00:00:00Z"))[0]!.value).toBe("Q1 2027");
    expect(isTimelineChoice("Q2 2027", today)).toBe(true);
    // a past quarter saved earlier is no choice today: the editor keeps it as an extra option
    expect(isTimelineChoice("Q2 2026", today)).toBe(false);
    expect(isTimelineChoice("Next sprint", today)).toBe(false);
    expect(isTimelineChoice(undefined, today)).toBe(false);
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
    expect(normaliseForSave(updateEpic(sample(), { timeline: "Q2 2026 (Apr-Jun)" })).epic.timeline).toBe(
      "Q2 2026 (Apr-Jun)",
    );
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

describe("story points", () => {
  it("offers the Fibonacci scale, and a story's own value when it is off the scale", () => {
    expect(STORY_POINT_CHOICES).toEqual([1, 2, 3, 5, 8, 13]);
    expect(pointChoices(5)).toEqual([1, 2, 3, 5, 8, 13]);
    expect(pointChoices(0)).toEqual([0, 1, 2, 3, 5, 8, 13]);
    expect(pointChoices(4)).toEqual([1, 2, 3, 4, 5, 8, 13]);
    expect(pointChoices(21)).toEqual([1, 2, 3, 5, 8, 13, 21]);
  });

  it("implies hours in the middle of the generator's range for each size, within the quality gate's 0.5–16 an hour", () => {
    expect(STORY_POINT_CHOICES.map(hoursForPoints)).toEqual([3, 6, 9, 18, 30, 48]);
    for (const points of STORY_POINT_CHOICES) {
      const perPoint = hoursForPoints(points) / points;
      expect(perPoint).toBeGreaterThanOrEqual(0.5);
      expect(perPoint).toBeLessThanOrEqual(16);
    }
    expect(hoursForPoints(0)).toBe(0);
    expect(hoursForPoints(21)).toBe(74);
    expect(hoursForPoints(100)).toBe(350);
  });

  it("moves hours nobody set (0 or the old points' hours) with the points, and keeps hours someone chose", () => {
    const stories = addStory(sample());
    const resized = setStoryPoints(stories, 2, 8);
    expect(resized.userStories[2]).toMatchObject({ storyPoints: 8, estimatedHours: 30 });
    // sample's first story: 5 points, 12 hours chosen by someone
    expect(setStoryPoints(stories, 0, 3).userStories[0]).toMatchObject({ storyPoints: 3, estimatedHours: 12 });
    const unsized = updateStory(stories, 1, { storyPoints: 0, estimatedHours: 0 });
    expect(setStoryPoints(unsized, 1, 2).userStories[1]).toMatchObject({ storyPoints: 2, estimatedHours: 6 });
    expect(setStoryPoints(stories, 9, 3)).toBe(stories);
    expect(stories).toEqual(addStory(sample()));
  });

  it("saves the chosen points", () => {
    const saved = normaliseForSave(setStoryPoints(sample(), 1, 13));
    expect(saved.userStories[1]).toMatchObject({ storyPoints: 13, estimatedHours: 6 });
    expect(generatedStoriesSchema.safeParse(saved).success).toBe(true);
  });
});

describe("restoreStory (Undo after a delete)", () => {
  it("puts a deleted story back at its place, evidence and all", () => {
    const three = addStory(sample());
    const deleted = three.userStories[1]!;
    const after = removeStory(three, 1);
    expect(restoreStory(after, 1, deleted)).toEqual(three);
    expect(isDirty(restoreStory(after, 1, deleted), three)).toBe(false);
    const first = sample().userStories[0]!;
    expect(restoreStory(removeStory(sample(), 0), 0, first)).toEqual(sample());
  });

  it("appends when fewer stories are left than its place, and does nothing on a full epic", () => {
    const story = newStory();
    expect(restoreStory(sample(), 7, story).userStories.at(-1)).toBe(story);
    expect(restoreStory(sample(), -2, story).userStories[0]).toBe(story);
    const full: GeneratedStories = { ...sample(), userStories: Array.from({ length: STORY_LIMITS.stories }, newStory) };
    expect(restoreStory(full, 0, story)).toBe(full);
  });
});

describe("criteria lines: Enter, paste and Backspace", () => {
  const criteria = (stories: GeneratedStories | undefined, story = 0) =>
    stories?.userStories[story]!.acceptanceCriteria;

  it("Enter splits a criterion at the caret, and the caret goes to the start of the new line", () => {
    const text = "Given a saved card, when I pay, then no card form is shown";
    const at = text.indexOf(" when");
    const result = typeIntoCriterion(sample(), 0, 0, at, at, "\n");
    expect(criteria(result?.stories)).toEqual([
      "Given a saved card,",
      "when I pay, then no card form is shown",
      "The card's last 4 digits show",
    ]);
    expect(result?.caret).toEqual({ criterion: 1, caret: 0 });
  });

  it("Enter at the end adds an empty line after it; a selection is replaced", () => {
    const end = "No sign-in is required".length;
    const result = typeIntoCriterion(sample(), 1, 0, end, end, "\n");
    expect(criteria(result?.stories, 1)).toEqual(["No sign-in is required", ""]);
    expect(result?.caret).toEqual({ criterion: 1, caret: 0 });
    const replaced = typeIntoCriterion(sample(), 1, 0, 3, 11, "\n");
    expect(criteria(replaced?.stories, 1)).toEqual(["No", "is required"]);
  });

  it("a pasted list becomes one criterion per line, blank lines skipped, the caret at the end of the pasted text", () => {
    const result = typeIntoCriterion(
      sample(),
      1,
      0,
      0,
      0,
      "Guests see a summary\r\n\nA receipt is emailed\nNo account is created: ",
    );
    expect(criteria(result?.stories, 1)).toEqual([
      "Guests see a summary",
      "A receipt is emailed",
      "No account is created: No sign-in is required",
    ]);
    expect(result?.caret).toEqual({ criterion: 2, caret: "No account is created: ".length });
  });

  it("text without a line break is inserted in place", () => {
    const result = typeIntoCriterion(sample(), 1, 0, 3, 3, "really ");
    expect(criteria(result?.stories, 1)).toEqual(["No really sign-in is required"]);
    expect(result?.caret).toEqual({ criterion: 0, caret: 10 });
  });

  it("never goes past the schema's 30 criteria: Enter does nothing on a full list, extra pasted lines join the last", () => {
    const full = updateStory(sample(), 0, {
      acceptanceCriteria: Array.from({ length: STORY_LIMITS.criteria }, (_, i) => `C${i}`),
    });
    expect(typeIntoCriterion(full, 0, 0, 2, 2, "\n")).toBeNull();
    const pasted = typeIntoCriterion(full, 0, 29, 3, 3, "\nx\ny");
    expect(criteria(pasted?.stories)).toHaveLength(STORY_LIMITS.criteria);
    expect(criteria(pasted?.stories)?.at(-1)).toBe("C29 x y");
    const almost = updateStory(sample(), 0, {
      acceptanceCriteria: Array.from({ length: STORY_LIMITS.criteria - 1 }, (_, i) => `C${i}`),
    });
    expect(criteria(typeIntoCriterion(almost, 0, 0, 2, 2, "\nA\nB")?.stories)).toHaveLength(STORY_LIMITS.criteria);
  });

  it("Backspace at the start of a line joins it to the one above; the first line has nothing to join", () => {
    const result = joinWithPreviousCriterion(sample(), 0, 1);
    expect(criteria(result?.stories)).toEqual([
      "Given a saved card, when I pay, then no card form is shownThe card's last 4 digits show",
    ]);
    expect(result?.caret).toEqual({
      criterion: 0,
      caret: "Given a saved card, when I pay, then no card form is shown".length,
    });
    expect(joinWithPreviousCriterion(sample(), 0, 0)).toBeNull();
    expect(joinWithPreviousCriterion(sample(), 5, 1)).toBeNull();
  });

  it("does not change its input", () => {
    const stories = sample();
    typeIntoCriterion(stories, 0, 0, 0, 0, "a\nb");
    joinWithPreviousCriterion(stories, 0, 1);
    expect(stories).toEqual(sample());
  });
});
