import { describe, expect, it } from "vitest";
import {
  createWorkersAIBacklogJudge,
  JUDGE_JSON_SCHEMA,
  judgeMessages,
  parseJudgement,
  type JudgeCase,
} from "./backlog-judge";

const cases: JudgeCase[] = [
  {
    story: {
      title: "Export orders to CSV",
      description: "As an owner, I want a CSV.",
      acceptanceCriteria: ["One row each"],
    },
    candidates: [
      { key: "SHOP-1", title: "Download monthly orders as a spreadsheet", description: "" },
      { key: "SHOP-3", title: "Orders page is slow", description: "5k orders" },
    ],
  },
  {
    story: { title: "Gift cards", description: "x".repeat(1000), acceptanceCriteria: [] },
    candidates: [{ key: "SHOP-4", title: "Dark theme", description: "" }],
  },
];

describe("the judge's answer", () => {
  it("takes a candidate's key per case, in the answer's order of cases", () => {
    const answer = {
      answers: [
        { case: 2, same: null },
        { case: 1, same: "SHOP-1" },
      ],
    };
    expect(parseJudgement(JSON.stringify(answer), cases)).toEqual(["SHOP-1", null]);
  });

  it("answers none for a key the case was not shown, a case out of range, an unanswered case or a second answer", () => {
    expect(parseJudgement({ answers: [{ case: 1, same: "SHOP-4" }] }, cases)).toEqual([null, null]);
    expect(
      parseJudgement(
        {
          answers: [
            { case: 3, same: "SHOP-1" },
            { case: 0, same: "SHOP-1" },
          ],
        },
        cases,
      ),
    ).toEqual([null, null]);
    const twice = {
      answers: [
        { case: 1, same: null },
        { case: 1, same: "SHOP-1" },
      ],
    };
    expect(parseJudgement(twice, cases)).toEqual([null, null]);
  });

  it("throws on an answer of another shape, so the word matcher's suggestions stand", () => {
    expect(() => parseJudgement("not json", cases)).toThrow();
    expect(() => parseJudgement({ same: "SHOP-1" }, cases)).toThrow();
    expect(() => parseJudgement({ answers: [{ case: "1", same: "SHOP-1" }] }, cases)).toThrow();
  });
});

describe("what the judge reads", () => {
  it("numbers the cases, names each candidate by key, and cuts long texts", () => {
    const [system, user] = judgeMessages(cases);
    expect(system!.role).toBe("system");
    expect(user!.content).toMatch(/^<cases>\nCase 1\nStory: Export orders to CSV\n/);
    expect(user!.content).toContain("  [SHOP-1] Download monthly orders as a spreadsheet\n");
    expect(user!.content).toContain("  [SHOP-3] Orders page is slow: 5k orders");
    expect(user!.content).toContain(`  ${"x".repeat(399)}…\n`);
    expect(user!.content).not.toContain("x".repeat(401));
  });
});

describe("the Workers AI judge", () => {
  it("asks the configured model for JSON of the judgement's schema and reads the object it answers", async () => {
    const runs: Array<{ model: string; input: Record<string, unknown> }> = [];
    const judge = createWorkersAIBacklogJudge(
      {
        run: async (model, input) => {
          runs.push({ model, input });
          return {
            response: {
              answers: [
                { case: 1, same: "SHOP-3" },
                { case: 2, same: null },
              ],
            },
          };
        },
      },
      "@cf/test-model",
    );
    expect(await judge.judge(cases)).toEqual(["SHOP-3", null]);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.model).toBe("@cf/test-model");
    expect(runs[0]!.input).toMatchObject({
      messages: judgeMessages(cases),
      response_format: { type: "json_schema", json_schema: JUDGE_JSON_SCHEMA },
      temperature: 0,
    });
  });
});
