import { describe, expect, it } from "vitest";
import { adfProblems } from "../../test/jira/adf-check";
import {
  ADF_MAX_CHARS,
  adfPlainText,
  adfText,
  appendNote,
  asAdfDocument,
  epicDescription,
  SHORTENED_NOTE,
  storyDescription,
  type AdfDoc,
  type AdfDocument,
} from "./adf";

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

describe("adfPlainText", () => {
  /** What JIRA's editor writes: marks, mentions, emoji, cards, panels, tables, code, media. */
  const edited = {
    type: "doc",
    version: 1,
    content: [
      { type: "heading", attrs: { level: 2 }, content: [text("Invite teammates")] },
      paragraph(
        { type: "text", text: "Owners ", marks: [{ type: "strong" }] },
        { type: "text", text: "invite", marks: [{ type: "link", attrs: { href: "https://x.example" } }] },
        text(" people, says "),
        { type: "mention", attrs: { id: "5b10", text: "@Ana Lima", accessLevel: "" } },
        text(" "),
        { type: "emoji", attrs: { shortName: ":tada:", id: "1f389", text: "🎉" } },
        { type: "hardBreak" },
        text("see "),
        { type: "inlineCard", attrs: { url: "https://acme.atlassian.net/browse/SL-2" } },
      ),
      {
        type: "panel",
        attrs: { panelType: "info" },
        content: [paragraph(text("Seats are paid.")), { type: "rule" }],
      },
      {
        type: "bulletList",
        content: [
          { type: "listItem", content: [paragraph(text("by email"))] },
          { type: "listItem", content: [paragraph(text("by link  "), { type: "status", attrs: { text: "BETA" } })] },
        ],
      },
      {
        type: "table",
        content: [
          {
            type: "tableRow",
            content: [
              { type: "tableHeader", content: [paragraph(text("Plan"))] },
              { type: "tableCell", content: [paragraph(text("Team"))] },
            ],
          },
        ],
      },
      { type: "codeBlock", attrs: { language: "ts" }, content: [text("invite(user)\nsend()")] },
      { type: "mediaSingle", content: [{ type: "media", attrs: { id: "abc", type: "file", collection: "x" } }] },
    ],
  };

  it("reads what people see, one block a line, without the markup", () => {
    expect(adfPlainText(edited)).toBe(
      [
        "Invite teammates",
        "Owners invite people, says @Ana Lima 🎉",
        "see https://acme.atlassian.net/browse/SL-2",
        "Seats are paid.",
        "by email",
        "by link BETA",
        "Plan",
        "Team",
        "invite(user)",
        "send()",
      ].join("\n"),
    );
  });

  it("cuts to the length asked, never inside a surrogate pair; what is not a document reads as nothing", () => {
    const long = { type: "doc", version: 1, content: [paragraph(text(`${"a".repeat(1999)}😀 and more`))] };
    expect(adfPlainText(long, 2000)).toBe("a".repeat(1999));
    expect(adfPlainText(long, 2001)).toBe(`${"a".repeat(1999)}😀`);
    expect(
      adfPlainText({ type: "doc", version: 1, content: [paragraph(text("x".repeat(50_000)))] }, 2000),
    ).toHaveLength(2000);
    for (const nothing of [null, undefined, "plain", { type: "paragraph" }, { type: "doc" }])
      expect(adfPlainText(nothing)).toBe("");
  });

  it("stops at a depth no editor writes", () => {
    let node: Record<string, unknown> = text("deep");
    for (let i = 0; i < 10_000; i++) node = { type: "blockquote", content: [node] };
    expect(adfPlainText({ type: "doc", version: 1, content: [paragraph(text("top")), node] })).toBe("top");
  });
});

describe("appendNote", () => {
  const note = {
    heading: "From the meeting of 7 December 2026 (StoryLoom): Invite by link",
    criteria: ["A link invites", " ", "It expires\nafter a week"],
    quote: "people keep asking for a link",
    markerLine: "Added by StoryLoom (storyloom-0123456789ab-2)",
  };
  const noteBlocks = [
    {
      type: "heading",
      attrs: { level: 3 },
      content: [text("From the meeting of 7 December 2026 (StoryLoom): Invite by link")],
    },
    {
      type: "bulletList",
      content: [
        { type: "listItem", content: [paragraph(text("A link invites"))] },
        { type: "listItem", content: [paragraph(text("It expires"), { type: "hardBreak" }, text("after a week"))] },
      ],
    },
    { type: "blockquote", content: [paragraph(text("people keep asking for a link"))] },
    paragraph(text("Added by StoryLoom (storyloom-0123456789ab-2)")),
  ];

  it("keeps the old document exactly, nodes and keys it does not know included, and adds the note after it", () => {
    const old = asAdfDocument({
      version: 1,
      type: "doc",
      content: [
        { type: "panel", attrs: { panelType: "note" }, content: [paragraph(text("Keep me"))] },
        { type: "extension", attrs: { extensionKey: "x", parameters: { a: [1, 2] } } },
      ],
    })!;
    const before = JSON.stringify(old);
    const doc = appendNote(old, note)!;
    expect(JSON.stringify(old)).toBe(before);
    expect(doc.content.slice(0, 2)).toEqual(old.content);
    expect(JSON.stringify(doc).startsWith(before.slice(0, -2))).toBe(true);
    expect(doc.content.slice(2)).toEqual(noteBlocks);
  });

  it("starts a document when there was no description, and leaves out an empty quote and criteria", () => {
    const doc = appendNote(null, { ...note, criteria: [], quote: null })!;
    expect(adfProblems(doc)).toEqual([]);
    expect(doc).toEqual({ type: "doc", version: 1, content: [noteBlocks[0], noteBlocks[3]] });
  });

  it("cuts the note from its end to fit JIRA's limit, keeping the heading and the marker; null when they cannot fit", () => {
    const old: AdfDocument = { type: "doc", version: 1, content: [paragraph(text("x".repeat(30_000)))] };
    const doc = appendNote(old, {
      ...note,
      criteria: Array.from({ length: 40 }, (_, i) => `Criterion ${i} `.repeat(20)),
    })!;
    expect(JSON.stringify(doc).length).toBeLessThanOrEqual(ADF_MAX_CHARS);
    expect(adfProblems(doc)).toEqual([]);
    expect(doc.content[0]).toEqual(old.content[0]);
    expect(doc.content[1]).toEqual(noteBlocks[0]);
    expect(doc.content.at(-2)).toEqual(paragraph(text(SHORTENED_NOTE)));
    expect(doc.content.at(-1)).toEqual(noteBlocks[3]);
    const full: AdfDocument = { type: "doc", version: 1, content: [paragraph(text("x".repeat(32_600)))] };
    expect(appendNote(full, note)).toBeNull();
  });
});
