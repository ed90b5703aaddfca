// Priority and size of the embedded generator's stories (issue 28): the meeting's ranking and urgency cues and how
// strongly each ask is put decide the priority; points come from scope, hours from the points' range, and a time
// bound ("within 60 days") is never read as effort. The sentences are written for these tests.
import { describe, expect, it } from "vitest";
import { generateEmbedded } from "./generate";
import { loadLanguage } from "../../../../reading";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

function storyAbout(transcript: string, word: RegExp) {
  const story = generateEmbedded(transcript).userStories.find((s) => word.test(`${s.title} ${s.description}`));
  if (!story)
    throw new Error(
      `no story about ${word}: ${JSON.stringify(generateEmbedded(transcript).userStories.map((s) => s.title))}`,
    );
  return story;
}

describe("priority", () => {
  it("is High for an obligation or an urgency word, Low for a possibility or a deferral, Medium for a plain wish", () => {
    expect(
      storyAbout("Rita: Pharmacists have to be able to print the dosage label from the order screen.", /label/i)
        .priority,
    ).toBe("High");
    expect(
      storyAbout(
        "Rita: Pharmacists want to see the stock level on the order screen. That's non-negotiable for us.",
        /stock/i,
      ).priority,
    ).toBe("High");
    expect(
      storyAbout("Rita: It would be nice if pharmacists could export the order history as a spreadsheet.", /history/i)
        .priority,
    ).toBe("Low");
    expect(
      storyAbout(
        "Rita: Pharmacists want to filter the order history by supplier. Nice to have if we have time.",
        /supplier/i,
      ).priority,
    ).toBe("Low");
    expect(storyAbout("Rita: Pharmacists want to filter the order history by supplier.", /supplier/i).priority).toBe(
      "Medium",
    );
  });

  it("takes a level said out loud over the modal", () => {
    expect(
      storyAbout("Rita: Pharmacists have to be able to tag an order as urgent.\nSam: Medium priority, I'd say.", /tag/i)
        .priority,
    ).toBe("Medium");
    expect(
      storyAbout("Rita: Pharmacists want to archive old suppliers.\nSam: Top priority.", /archive/i).priority,
    ).toBe("High");
  });
});

describe("size", () => {
  it("never reads a time bound as effort", () => {
    const story = storyAbout(
      "Rita: Patients must be able to delete their account, and their records are erased within 60 days.",
      /account/i,
    );
    expect(story.estimatedHours).toBeLessThan(60);
  });

  it("reads effort said as effort", () => {
    const story = storyAbout(
      "Rita: Pharmacists want to print the dosage label from the order screen.\nSam: That'll take about 3 days of work.",
      /label/i,
    );
    expect(story.estimatedHours).toBe(18);
  });

  it("gives hours from the points' range, more for more scope, not a fixed multiple", () => {
    const small = storyAbout("Rita: Pharmacists want to print the dosage label.", /label/i);
    const large = storyAbout(
      [
        "Rita: Pharmacists want to sync the supplier catalogue with the wholesaler's API every night.",
        "Rita: The catalogue import must skip discontinued products.",
        "Rita: The catalogue import shows the price of each product in pounds.",
        "Rita: When a supplier product is missing, the catalogue import flags it for review.",
      ].join("\n"),
      /catalogue/i,
    );
    expect(large.storyPoints).toBeGreaterThan(small.storyPoints);
    expect(large.estimatedHours).toBeGreaterThan(small.estimatedHours);
    for (const s of [small, large]) {
      expect(s.estimatedHours / s.storyPoints).toBeGreaterThanOrEqual(1.5);
      expect(s.estimatedHours / s.storyPoints).toBeLessThanOrEqual(5);
    }
  });
});
