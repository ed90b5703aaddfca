import { describe, expect, it } from "vitest";
import type { ExportReview } from "../../../schema/api/integrations";
import { defaultChoices, exportButtonText, placementsFrom, reviewNeedsEyes } from "./review";

const match = (key: string) => ({ key, title: `Item ${key}`, status: "Todo", url: "", score: 0.6, shared: ["csv"] });
const review = (suggested: Array<ExportReview["stories"][number]["suggested"]>, unmentioned = 0): ExportReview => ({
  alreadyExported: false,
  searched: 40,
  truncated: false,
  judged: false,
  stories: suggested.map((s, position) => ({ position, matches: s ? [match(s.key)] : [], suggested: s })),
  unmentioned: Array.from({ length: unmentioned }, (_, i) => ({ key: `U-${i}`, title: "", status: "", url: "" })),
});

describe("the review before an export", () => {
  it("defaults to the suggestion, else create; sends only what is not a plain create", () => {
    const r = review([null, { key: "ENG-4", action: "link" }, { key: "ENG-9", action: "add" }]);
    const choices = defaultChoices(r);
    expect(choices).toEqual(["create", "link:ENG-4", "add:ENG-9"]);
    expect(placementsFrom([...choices, "skip"])).toEqual([
      { position: 1, action: "link", key: "ENG-4" },
      { position: 2, action: "add", key: "ENG-9" },
      { position: 3, action: "skip" },
    ]);
    expect(exportButtonText([...choices, "skip"])).toBe("Export 2 stories, add 1 to existing, skip 1");
    expect(exportButtonText(["create"])).toBe("Export 1 story");
  });

  it("asks for a look only when something matched or the epic has items the meeting left out", () => {
    expect(reviewNeedsEyes(review([null, null]))).toBe(false);
    expect(reviewNeedsEyes(review([null, { key: "#4", action: "link" }]))).toBe(true);
    expect(reviewNeedsEyes(review([null], 2))).toBe(true);
    expect(reviewNeedsEyes({ ...review([{ key: "#4", action: "link" }]), alreadyExported: true })).toBe(false);
  });

  it("keeps a key with a colon or a hash whole", () => {
    expect(placementsFrom(["link:#12"])).toEqual([{ position: 0, action: "link", key: "#12" }]);
  });
});
