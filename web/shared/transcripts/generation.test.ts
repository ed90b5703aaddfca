import { describe, expect, it } from "vitest";
import type { GenerationStatus } from "../../../schema/api/generation";
import { progressText } from "./generation";

const running = (partsDone: number, partsTotal: number | null): GenerationStatus => ({
  state: "running",
  partsDone,
  partsTotal,
  error: null,
  storiesVersion: 0,
});

describe("progressText", () => {
  it("counts the parts read, then says the stories are being checked", () => {
    expect(progressText(running(0, 3))).toBe("Reading the meeting: 0 of 3 parts done");
    expect(progressText(running(2, 3))).toBe("Reading the meeting: 2 of 3 parts done");
    expect(progressText(running(3, 3))).toBe("All 3 parts read: checking the stories");
  });

  it("says nothing for a meeting read in one go, before the split, or once the run has ended", () => {
    expect(progressText(running(0, 1))).toBeNull();
    expect(progressText(running(0, null))).toBeNull();
    expect(progressText({ ...running(3, 3), state: "done" })).toBeNull();
    expect(progressText(undefined)).toBeNull();
  });
});
