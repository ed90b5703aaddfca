import { describe, expect, it } from "vitest";
import type { ExportProgress, ExportResponse } from "../../../schema/api/integrations";
import {
  exportResultText,
  placementText,
  exportTotal,
  exportWithProgress,
  exportWording,
  nextProgress,
  updateResultText,
} from "./export";

const response: ExportResponse = {
  success: true,
  data: {
    success: true,
    data: {
      summary: { storiesCreated: 3, epicCreated: true },
      epicUrl: "https://acme.atlassian.net/browse/SL-1",
      alreadyExported: false,
      exportedAt: "2026-01-05T10:00:00Z",
    },
    epicKey: "SL-1",
  },
};

const progress = (done: number, total = 4, status: ExportProgress["status"] = "running"): ExportProgress => ({
  status,
  done,
  total,
  epicUrl: null,
  exportedAt: null,
});

/** A hand-driven clock: sleeps resolve when the test ticks. */
function manualClock() {
  const sleepers: (() => void)[] = [];
  return {
    sleep: () => new Promise<void>((resolve) => sleepers.push(resolve)),
    async tick() {
      sleepers.splice(0).forEach((wake) => wake());
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
    get waiting() {
      return sleepers.length;
    },
  };
}

describe("export with progress", () => {
  it("polls the real progress while the export runs, one request at a time, and stops when it answers", async () => {
    const clock = manualClock();
    let finish!: (r: ExportResponse) => void;
    const answers = [progress(1), progress(3)];
    const seen: number[] = [];
    let polls = 0;
    const run = exportWithProgress({
      start: () => new Promise((resolve) => (finish = resolve)),
      progress: async () => {
        polls++;
        return answers.shift() ?? progress(4);
      },
      onProgress: (p) => seen.push(p.done),
      sleep: clock.sleep,
    });
    await clock.tick();
    expect(seen).toEqual([1]);
    await clock.tick();
    expect(seen).toEqual([1, 3]);
    finish(response);
    await expect(run).resolves.toBe(response);
    await clock.tick();
    expect(polls).toBe(2);
    expect(clock.waiting).toBe(0);
  });

  it("ignores a failed poll and keeps polling; the export's failure is the result", async () => {
    const clock = manualClock();
    let fail!: (e: Error) => void;
    let calls = 0;
    const seen: number[] = [];
    const run = exportWithProgress({
      start: () => new Promise((_, reject) => (fail = reject)),
      progress: async () => {
        calls++;
        if (calls === 1) throw new Error("network");
        return progress(2);
      },
      onProgress: (p) => seen.push(p.done),
      sleep: clock.sleep,
    });
    await clock.tick();
    await clock.tick();
    expect(seen).toEqual([2]);
    fail(new Error("409: conflict"));
    await expect(run).rejects.toThrow("409: conflict");
  });

  it("reports no progress that arrives after the export answered", async () => {
    const clock = manualClock();
    let finish!: (r: ExportResponse) => void;
    let answerPoll!: (p: ExportProgress) => void;
    const seen: number[] = [];
    const run = exportWithProgress({
      start: () => new Promise((resolve) => (finish = resolve)),
      progress: () => new Promise((resolve) => (answerPoll = resolve)),
      onProgress: (p) => seen.push(p.done),
      sleep: clock.sleep,
    });
    await clock.tick();
    finish(response);
    await run;
    answerPoll(progress(2));
    await clock.tick();
    expect(seen).toEqual([]);
  });
});

describe("export progress and texts", () => {
  it("counts the epic and every story", () => {
    expect(exportTotal(5)).toBe(6);
    expect(exportTotal(0)).toBe(1);
  });

  it("follows the server's counts, never backwards, and ignores an export not yet recorded", () => {
    const start = { done: 0, total: 6 };
    expect(nextProgress(start, progress(0, 0, "none"))).toBe(start);
    expect(nextProgress(start, null)).toBe(start);
    expect(nextProgress(start, progress(2, 6))).toEqual({ done: 2, total: 6 });
    expect(nextProgress({ done: 4, total: 6 }, progress(3, 6))).toEqual({ done: 4, total: 6 });
    expect(nextProgress(start, progress(9, 4))).toEqual({ done: 4, total: 4 });
  });

  it("says what was created", () => {
    expect(exportResultText({ storiesCreated: 5, epicCreated: true })).toBe("Created the epic and 5 stories");
    expect(exportResultText({ storiesCreated: 1, epicCreated: true })).toBe("Created the epic and 1 story");
    expect(placementText({ storiesCreated: 1, epicCreated: false })).toBe("");
    expect(
      placementText({ storiesCreated: 1, epicCreated: false, storiesLinked: 1, storiesAddedTo: 2, storiesSkipped: 1 }),
    ).toBe("Linked 1 to an existing item, added 2 stories to existing items, skipped 1.");
    expect(placementText({ storiesCreated: 0, epicCreated: false, storiesLinked: 2, storiesAddedTo: 0 })).toBe(
      "Linked 2 to existing items.",
    );
    expect(exportResultText({ storiesCreated: 2, epicCreated: false })).toBe("Created 2 stories");
  });

  it("uses docs/product-spec.md §8's JIRA texts, and the same pattern for Notion", () => {
    expect(exportWording("jira")).toMatchObject({
      dialogTitle: "Exporting to JIRA",
      failedTitle: "JIRA Export Failed",
      failedFallback: "Failed to export to JIRA",
      existsTitle: "JIRA Export Already Exists",
    });
    expect(exportWording("notion").dialogTitle).toBe("Exporting to Notion");
  });
});

describe("updateResultText", () => {
  it("says what an update sent, and what it left in the tracker", () => {
    const base = { storiesCreated: 0, epicCreated: false };
    expect(updateResultText({ ...base, storiesUpdated: 2, storiesLeft: 0 }, false)).toBe("Updated 2 stories.");
    expect(updateResultText({ ...base, storiesUpdated: 0, storiesLeft: 0 }, true)).toBe("Updated the epic.");
    expect(updateResultText({ ...base, storiesCreated: 1, storiesUpdated: 1, storiesLeft: 1 }, true)).toBe(
      "Updated the epic and 1 story and created 1 story. 1 story deleted in StoryLoom is still there.",
    );
    expect(updateResultText({ ...base, storiesCreated: 2, storiesUpdated: 0, storiesLeft: 2 }, false)).toBe(
      "Created 2 stories. 2 stories deleted in StoryLoom are still there.",
    );
  });
});
