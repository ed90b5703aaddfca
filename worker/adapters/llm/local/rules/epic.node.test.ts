// The embedded generator's epic (issue 28): a title naming the meeting's theme as one noun phrase, the team and the
// timeline when the meeting says them, and no heading of notes taken for a person. The meetings are written for these
// tests.
import { describe, expect, it } from "vitest";
import { generateEmbedded } from "./generate";
import { loadLanguage } from "../../../../reading";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

const MEETING = [
  "Ana: The loyalty card has to show the points balance on the home screen.",
  "Ben: And members want to scan the loyalty card at the till from their phone.",
  "Ana: Yes. The loyalty card should also list the last ten purchases.",
  "Ben: The checkout team will build the till side, we launch the pilot in April.",
  "Ana: Sounds good, the checkout team can start next week.",
].join("\n");

describe("epic", () => {
  const { epic } = generateEmbedded(MEETING);

  it("names the theme as a noun phrase, with the modifier the meeting says it with", () => {
    expect(epic.title).toBe("Loyalty card");
    expect(epic.description).toMatch(/about loyalty card/);
  });

  it("takes the team and the timeline the meeting names", () => {
    expect(epic.team).toBe("Checkout team");
    expect(epic.timeline).toBe("Launch the pilot in April");
  });

  it("lists the people who spoke when no team is named, not a heading said once", () => {
    const notes = [
      "Decisions: none yet.",
      "Ana: Members want to scan the loyalty card at the till.",
      "Ben: The loyalty card has to show the balance.",
      "Ana: Members should see their last purchases.",
      "Ben: Agreed.",
    ].join("\n");
    const { epic: e } = generateEmbedded(notes);
    expect(e.team).toBe("Ana, Ben");
    expect(e.timeline).toBeUndefined();
  });
});
