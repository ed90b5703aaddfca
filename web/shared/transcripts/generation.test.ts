import { describe, expect, it } from "vitest";
import type { GenerationStatus } from "../../../schema/api/generation";
import { toastAtom } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { appStore } from "../../lib/store";
import { isCancelled } from "../../../schema/api/generation-state";
import { cancelledText, GenerationStopped, progressText, toastGenerationError } from "./generation";

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

describe("after Cancel", () => {
  it("says a run the model had started on still counts this month, and one it had not does not", () => {
    expect(cancelledText({ counted: true })).toMatch(/still counts towards this month's generations/);
    expect(cancelledText({ counted: false })).toMatch(/does not count towards this month's generations/);
  });
});

describe("toastGenerationError", () => {
  it("shows the server's message for the daily ceiling's 429 (the generator and history's Try Again)", () => {
    const message =
      "Daily generation limit reached: an account can generate from 2,000,000 transcript characters a day, and 1,950,000 are used today (this transcript has 60,000). The limit resets at 00:00 UTC, in 3 h 5 min.";
    const error = new ApiError(
      429,
      "Too Many Requests",
      JSON.stringify({ success: false, error: message, code: "rate_limited", requestId: "req_day" }),
    );
    toastGenerationError(error);
    expect(appStore.get(toastAtom)).toMatchObject({
      title: "Generation Failed",
      description: message,
      variant: "destructive",
      open: true,
    });
  });

  it("says a cancel as information, not as a failure (issue 43)", () => {
    toastGenerationError(new GenerationStopped());
    const shown = appStore.get(toastAtom);
    expect(shown).toMatchObject({ title: "Generation cancelled", open: true });
    expect(shown?.variant).not.toBe("destructive");
    expect(isCancelled("Story generation was cancelled.")).toBe(true);
    expect(isCancelled("The model did not answer in time.")).toBe(false);
  });
});
