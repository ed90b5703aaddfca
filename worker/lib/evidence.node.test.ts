import { describe, expect, it } from "vitest";
import { locateQuotes, verifyEvidence } from "./evidence";

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

describe("locateQuotes", () => {
  it("finds every quote's first occurrence in one pass, and -1 for the rest", () => {
    const text = "one two three. one two three. four";
    expect(locateQuotes(text, ["two three", "four", "five", "one", "one"])).toEqual(
      new Map([
        ["two three", 4],
        ["four", 30],
        ["one", 0],
        ["five", -1],
      ]),
    );
  });

  it("agrees with indexOf on 2,000 quotes of a long transcript", () => {
    const words = "nurses need the bed count of every ward before the morning handover starts".split(" ");
    let text = "";
    for (let i = 0; text.length < 100_000; i++) text += `${words[(i * 7) % words.length]}${i % 11 === 0 ? ".\n" : " "}`;
    const quotes = Array.from({ length: 2_000 }, (_, k) => {
      const at = (k * 7_919) % (text.length - 200);
      return text.slice(at, at + 20 + (k % 150)) + (k % 5 === 0 ? " zebra" : "");
    });
    const found = locateQuotes(text, quotes);
    for (const quote of quotes) expect(found.get(quote), quote).toBe(text.indexOf(quote));
  });

  it("stops after one match per character sent when the matches would outnumber them", () => {
    const text = "a".repeat(40_000);
    const quotes = [...Array.from({ length: 500 }, (_, k) => "a".repeat(k + 1)), "b"];
    const started = performance.now();
    const found = locateQuotes(text, quotes);
    // 40,000 × 500 overlapping matches (seconds of work) are not read: the scan ends within its budget
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(found.get("a")).toBe(0);
    expect(found.get("b")).toBe(-1);
  });
});
