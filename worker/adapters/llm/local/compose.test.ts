import { describe, expect, it } from "vitest";
import { digitsFor } from "./compose";

describe("digitsFor", () => {
  it("writes spoken numbers as digits and percentages with %", () => {
    expect(digitsFor("when you hit like twenty five fifty seventy five and a hundred percent of the goal")).toBe("when you hit like 25 50 75 and 100% of the goal");
    expect(digitsFor("seventy five percent of the users; eighty per cent said")).toBe("75% of the users; 80% said");
    expect(digitsFor("ten active goals, Twenty-one days, a hundred and fifteen people")).toBe("10 active goals, 21 days, 115 people");
    expect(digitsFor("five percent")).toBe("5%");
  });

  it("leaves small numbers that are usually words alone", () => {
    expect(digitsFor("a one off transfer, two options and one more thing")).toBe("a one off transfer, two options and one more thing");
  });
});
