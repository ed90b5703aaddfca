import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../lib/errors";
import { createWorkersAIGenerator } from "./workers-ai";

const TRANSCRIPT = "Ana: Users can't export their data.\nBen: We need a CSV export of all records.";
const OUTPUT = {
  epic: { title: "Data export", description: "Let users take their data", timeline: "", team: "", priority: "Medium" },
  userStories: [
    {
      title: "Export records as CSV",
      description: "As a user, I want a CSV export, so that I can use my data elsewhere.",
      acceptanceCriteria: ["Given records, when I export, then a CSV downloads", "Every record appears once"],
      priority: "Medium",
      storyPoints: 3,
      estimatedHours: 5,
      evidence: [{ quote: "We need a CSV export of all records." }],
    },
  ],
};

describe("Workers AI generator (env.AI.run mocked)", () => {
  it("asks for JSON output and returns validated stories with located evidence", async () => {
    const run = vi.fn().mockResolvedValue({ response: OUTPUT });
    const result = await createWorkersAIGenerator({ run }, { model: "@cf/test/model" }).generate({
      transcript: TRANSCRIPT,
    });
    expect(run).toHaveBeenCalledOnce();
    expect(run.mock.calls[0]![0]).toBe("@cf/test/model");
    expect(run.mock.calls[0]![1].response_format.type).toBe("json_schema");
    const quote = "We need a CSV export of all records.";
    expect(result.userStories[0]!.evidence).toEqual([
      { quote, start: TRANSCRIPT.indexOf(quote), end: TRANSCRIPT.length },
    ]);
  });

  it("accepts the answer as a JSON string too", async () => {
    const run = vi.fn().mockResolvedValue({ response: JSON.stringify(OUTPUT) });
    expect(
      (await createWorkersAIGenerator({ run }, { model: "m" }).generate({ transcript: TRANSCRIPT })).epic.title,
    ).toBe("Data export");
  });

  it("retries an invalid answer once, then fails clearly", async () => {
    const run = vi.fn().mockResolvedValue({ response: "Sure! Here are your stories:" });
    const error = await createWorkersAIGenerator({ run }, { model: "m" })
      .generate({ transcript: TRANSCRIPT })
      .catch((e) => e);
    expect(run).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("upstream_error");
  });

  it("turns a binding error into a 502", async () => {
    const run = vi.fn().mockRejectedValue(new Error("3040: capacity exceeded"));
    const error = await createWorkersAIGenerator({ run }, { model: "m" })
      .generate({ transcript: TRANSCRIPT })
      .catch((e) => e);
    expect((error as AppError).status).toBe(502);
    expect(run).toHaveBeenCalledOnce();
  });
});
