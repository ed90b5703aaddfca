import { describe, expect, it } from "vitest";
import { verifyEvidence } from "./evidence";

const TEXT = "Ana: We need CSV export.\nBen: Keep it to ninety days.";

describe("verifyEvidence", () => {
  it("keeps correct offsets, repairs wrong ones, trims padded quotes and drops what was never said", () => {
    const start = TEXT.indexOf("We need");
    expect(
      verifyEvidence(TEXT, [
        { quote: "We need CSV export.", start, end: start + 19 },
        { quote: "Keep it to ninety days.", start: 0, end: 5 },
        { quote: "  Keep it to ninety days. ", start: 3, end: 4 },
        { quote: "We need PDF export." },
        { quote: "We need CSV export." },
      ]),
    ).toEqual([
      { quote: "We need CSV export.", start, end: start + 19 },
      { quote: "Keep it to ninety days.", start: TEXT.indexOf("Keep"), end: TEXT.length },
    ]);
  });

  it("every kept quote slices the transcript exactly", () => {
    for (const e of verifyEvidence(TEXT, [{ quote: "Ben: Keep" }, { quote: "days." }])) {
      expect(TEXT.slice(e.start, e.end)).toBe(e.quote);
    }
  });
});
