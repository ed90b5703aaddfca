// Acceptance criteria of the embedded generator (issue 28): a sentence of the meeting becomes a criterion in the words
// a specification uses, never the title again, never a line told in the past or about the meeting. The sentences are
// written for these tests.
import { describe, expect, it } from "vitest";
import { generateEmbedded } from "./generate";
import { loadLanguage } from "../../../../reading";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

describe("criteria", () => {
  const meeting = [
    "Rita: Patrons need to renew a loan from the reminder. And they should be able to renew it twice at most.",
    "Rita: The reminder goes out 3 days before the due date, and it has to show the due date.",
    "Sam: We argued about this for ages last spring.",
    "Rita: Dump your notes in the shared folder after this call.",
  ].join("\n");
  const story = generateEmbedded(meeting).userStories.find((s) => /renew/i.test(s.title))!;

  it("states obligation and ability as a specification does", () => {
    expect(story.acceptanceCriteria).toContain(
      "The reminder goes out 3 days before the due date, and it must show the due date.",
    );
    expect(story.acceptanceCriteria).toContain("They can renew it twice at most.");
  });

  it("never says the title again, nor what happened or what the meeting does next", () => {
    for (const c of story.acceptanceCriteria) {
      expect(c).not.toMatch(/last spring|shared folder/);
      expect(c.toLowerCase()).not.toBe(`${story.title.toLowerCase()}.`);
    }
  });
});

describe("criteria state rules, not the talk around them", () => {
  const meeting = [
    "Mina: Tenants need to book the laundry room from their phone.",
    "Mina: At the moment they write their flat number on a sheet by the door.",
    "Olu: That's the thing everyone moans about.",
    "Olu: Because the sheet gets wet, half the laundry bookings are smudged.",
    "Mina: I spent a whole weekend fixing laundry bookings in March.",
    "Olu: The hard rule from the landlord: each laundry booking lasts 2 hours at most, so nobody hogs the machines.",
  ].join("\n");
  const stories = generateEmbedded(meeting).userStories;

  it("leaves out how things are done today, reasons, remarks and the speaker's own doing", () => {
    for (const c of stories.flatMap((s) => s.acceptanceCriteria))
      expect(c).not.toMatch(/at the moment|sheet|moans|weekend|because|smudged/i);
  });

  it("keeps the rule and drops its label and the reason after it", () => {
    expect(stories[0]!.acceptanceCriteria).toContain("Each laundry booking lasts 2 hours at most.");
  });

  it("reads a hedge ('if you can', 'if possible') as no condition, and 'if it's urgent' as one", () => {
    const said = (line: string) =>
      generateEmbedded(`Mina: ${line}`)
        .userStories.flatMap((s) => s.acceptanceCriteria)
        .join(" ");
    expect(said("Tenants need to swap a laundry booking with a neighbour, if you can.")).not.toMatch(/when you can/i);
    expect(said("Tenants need to swap a laundry booking with a neighbour if possible.")).not.toMatch(/when possible/i);
    expect(said("Tenants need to swap a laundry booking with a neighbour if it's urgent.")).toMatch(
      /^When it's urgent, then/,
    );
  });
});

describe("a rule said as a negative", () => {
  it("keeps the negation in the description", () => {
    const story = generateEmbedded("Ana: The receipt can never show the card number.").userStories[0]!;
    expect(story.description).toMatch(/I want the receipt never to show the card number\.$/);
    expect(story.title).toMatch(/never/i);
  });
});
