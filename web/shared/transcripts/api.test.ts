import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { staleStories } from "./api";

const STORIES = { epic: { title: "E", description: "", team: "", priority: "High" }, userStories: [] };
const conflict = (details?: Record<string, unknown>) =>
  new ApiError(
    409,
    "Conflict",
    JSON.stringify({ success: false, error: "Changed", code: "conflict", requestId: "req_1", details }),
  );

describe("staleStories", () => {
  it("reads what is saved now from a stale save's 409", () => {
    expect(staleStories(conflict({ storiesVersion: 4, generatedStories: STORIES }))).toEqual({
      storiesVersion: 4,
      generatedStories: STORIES,
    });
  });

  it("is null for other conflicts (no stories yet) and other failures", () => {
    expect(staleStories(conflict())).toBeNull();
    expect(staleStories(new ApiError(503, "Service Unavailable", ""))).toBeNull();
    expect(staleStories(new Error("offline"))).toBeNull();
  });
});
