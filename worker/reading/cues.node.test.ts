import { describe, expect, it } from "vitest";
import { compile, ITEM_CUES, matchCue } from "./cues";
import { analyse, itemsOf, loadLanguage } from "./index";

// The cue table's rows are their own tests (issue 40): each row's example must be matched by that row, and read as an
// item of the row's kind. The other sentences are written for this test.
await loadLanguage();

const first = (text: string) => analyse(text).sentences[0]!;

describe("the cue table", () => {
  it.each(ITEM_CUES.map((row) => [row.name, row] as const))("%s: its example is its own match", (_, row) => {
    expect(matchCue(first(row.example))).toBe(row);
    expect(itemsOf(row.example).map((x) => x.kind)).toEqual(row.kind ? [row.kind] : []);
  });

  it("leaves asks alone: a role's need in notes, a question about what is needed, a wish", () => {
    for (const text of [
      "Drivers to see the whole route on one screen before they leave.",
      "Would you want the monthly export to include the VAT numbers?",
      "I would love the invoices to go out by themselves at the end of the month.",
      "We will show a banner when the payment fails.",
      "Managers want to sort the releases by date.",
      "We must ship the route export by Friday.",
      "Agents want to raise a ticket from the chat window.",
    ])
      expect(matchCue(first(text)), text).toBeNull();
  });

  it("throws on a pattern naming a set the lexicon lacks", () => {
    expect(() => compile("@NO_SUCH_SET VERB")).toThrow(/NO_SUCH_SET/);
    expect(compile("^ PROPN{1,3} to VERB").source).toContain("{1,3}");
  });
});
