import { describe, expect, it } from "vitest";
import { adfProblems } from "../../test/jira/adf-check";
import { ADF_MAX_CHARS, adfText, epicDescription, SHORTENED_NOTE, storyDescription, type AdfDoc } from "./adf";

const text = (t: string) => ({ type: "text", text: t });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const story = (over: Partial<Parameters<typeof storyDescription>[0]> = {}) =>
  storyDescription({ description: "", acceptanceCriteria: [], evidence: [], ...over });

function valid(doc: AdfDoc): AdfDoc {
  expect(adfProblems(doc)).toEqual([]);
  return doc;
}

describe("storyDescription", () => {
  it("splits paragraphs on blank lines and turns single line breaks into hardBreaks", () => {
    const doc = valid(
      story({ description: "As a buyer\nI want to pay by card\r\n\r\n  \nSo that I can check out quickly.  " }),
    );
    expect(doc).toEqual({
      type: "doc",
      version: 1,
      content: [
        paragraph(text("As a buyer"), { type: "hardBreak" }, text("I want to pay by card")),
        paragraph(text("So that I can check out quickly.")),
      ],
    });
  });

  it("adds the criteria under a level-3 heading as a bullet list, then the quotes in a blockquote", () => {
    const doc = valid(
      story({
        description: "Pay by card.",
        acceptanceCriteria: ["Visa and Mastercard work", "A decline says why"],
        evidence: [
          { quote: "we lose people at payment", start: 0, end: 25 },
          { quote: "cards first", start: 30, end: 41 },
        ],
      }),
    );
    expect(doc.content).toEqual([
      paragraph(text("Pay by card.")),
      { type: "heading", attrs: { level: 3 }, content: [text("Acceptance criteria")] },
      {
        type: "bulletList",
        content: ["Visa and Mastercard work", "A decline says why"].map((c) => ({
          type: "listItem",
          content: [paragraph(text(c))],
        })),
      },
      { type: "blockquote", content: [paragraph(text("we lose people at payment")), paragraph(text("cards first"))] },
    ]);
  });

  it("leaves out what is empty: no heading without criteria, no blockquote without quotes, no empty text nodes", () => {
    expect(valid(story()).content).toEqual([]);
    expect(
      valid(
        story({ description: "\n\n  \n", acceptanceCriteria: [" "], evidence: [{ quote: "\n", start: 0, end: 1 }] }),
      ).content,
    ).toEqual([]);
    expect(valid(story({ description: "Only this.", evidence: undefined })).content).toEqual([
      paragraph(text("Only this.")),
    ]);
    const criteriaOnly = valid(story({ acceptanceCriteria: ["One\n\nTwo"] }));
    expect(criteriaOnly.content[1]).toEqual({
      type: "bulletList",
      content: [{ type: "listItem", content: [paragraph(text("One"), { type: "hardBreak" }, text("Two"))] }],
    });
  });

  it("keeps a 30 × 2,000-character story within JIRA's 32,767 characters, shortened from the end", () => {
    const criteria = Array.from({ length: 30 }, (_, i) => `${i + 1}. ${"x".repeat(1990)} end`.slice(0, 2000));
    const doc = valid(
      story({
        description: "D".repeat(5000),
        acceptanceCriteria: criteria,
        evidence: [{ quote: "a quote", start: 0, end: 7 }],
      }),
    );
    const size = JSON.stringify(doc).length;
    expect(size).toBeLessThanOrEqual(ADF_MAX_CHARS);
    expect(size).toBeGreaterThan(ADF_MAX_CHARS - 200);
    expect(doc.content[0]).toEqual(paragraph(text("D".repeat(5000))));
    expect(doc.content[1]).toMatchObject({ type: "heading" });
    expect(doc.content.at(-1)).toEqual(paragraph(text(SHORTENED_NOTE)));
    const list = doc.content[2];
    if (list?.type !== "bulletList") throw new Error("expected the criteria list");
    expect(list.content.length).toBeGreaterThan(10);
    expect(list.content.length).toBeLessThan(30);
    const items = list.content.map((item) => adfText({ type: "doc", version: 1, content: item.content }));
    expect(items.slice(0, -1)).toEqual(criteria.slice(0, items.length - 1));
    expect(items.at(-1)).toMatch(/^\d+\. x+…$/);
    expect(adfText(doc)).not.toContain("a quote");
  });

  it("never splits a surrogate pair when shortening", () => {
    const criteria = Array.from({ length: 30 }, () => "😀".repeat(1000));
    const doc = valid(story({ acceptanceCriteria: criteria }));
    expect(JSON.stringify(doc).length).toBeLessThanOrEqual(ADF_MAX_CHARS);
    expect(JSON.stringify(doc)).not.toMatch(/\\ud[89ab]/i);
    expect(adfText(doc)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("counts escaped characters: quotes and backslashes take two", () => {
    const doc = valid(story({ acceptanceCriteria: Array.from({ length: 30 }, () => '"\\'.repeat(1000)) }));
    expect(JSON.stringify(doc).length).toBeLessThanOrEqual(ADF_MAX_CHARS);
    expect(doc.content.at(-1)).toEqual(paragraph(text(SHORTENED_NOTE)));
  });
});

describe("epicDescription", () => {
  it("adds Team and Timeline paragraphs when they are set", () => {
    expect(
      valid(epicDescription({ description: "Checkout.\n\nCards first.", team: "Web", timeline: "Q3 2026" })).content,
    ).toEqual([
      paragraph(text("Checkout.")),
      paragraph(text("Cards first.")),
      paragraph(text("Team: Web")),
      paragraph(text("Timeline: Q3 2026")),
    ]);
    expect(valid(epicDescription({ description: "Checkout.", team: " ", timeline: undefined })).content).toEqual([
      paragraph(text("Checkout.")),
    ]);
    expect(valid(epicDescription({ description: "", team: "", timeline: "" })).content).toEqual([]);
  });
});
