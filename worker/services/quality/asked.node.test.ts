import { describe, expect, it } from "vitest";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { analyse, loadLanguage, read } from "../../reading";
import { generateEmbedded } from "../../adapters/llm/local";
import { checkQuality } from "./index";
import { gateEmbedded } from "./repair";

// Issue 40: the gate asks whether a story was asked for, from the meeting's reading (worker/reading/items.ts), for any
// provider's stories. The meeting below is written for these tests.
await loadLanguage();

const MEETING = [
  "Ana: Clerks must be able to export the monthly invoices as PDF files.",
  "Ben: Could you check the old invoice numbering with the accountants before Friday?",
  "Ana: Do we even know how many customers still pay by cheque?",
  "Ben: Last spring the printer broke twice during the audit week.",
].join("\n");

const epic: GeneratedStories["epic"] = { title: "Invoices", description: "", team: "Billing", priority: "High" };
const quoting = (title: string, quote: string, extra: Partial<UserStory> = {}): UserStory => {
  const start = MEETING.indexOf(quote);
  return {
    title,
    description: `As a clerk, I want to ${title.toLowerCase()}, so that the month closes on time.`,
    acceptanceCriteria: ["The invoice shows its number and total"],
    priority: "Medium",
    storyPoints: 3,
    estimatedHours: 12,
    evidence: [{ quote, start, end: start + quote.length }],
    ...extra,
  };
};
const asked = (stories: UserStory[]) =>
  checkQuality({ epic, userStories: stories }, { transcript: MEETING }).stories.map((s) =>
    s.issues.filter((i) => i.criterion === "asked").map((i) => i.severity),
  );

describe("the gate: was the story asked for?", () => {
  it("passes a story whose evidence is an ask of the meeting", () => {
    expect(
      asked([
        quoting("Export monthly invoices as PDF", "Clerks must be able to export the monthly invoices as PDF files."),
      ]),
    ).toEqual([[]]);
  });

  it("errs on a story made from a task for someone present, or from an open question", () => {
    expect(
      asked([
        quoting(
          "Check the old invoice numbering",
          "Could you check the old invoice numbering with the accountants before Friday?",
        ),
        quoting("Count cheque payers", "Do we even know how many customers still pay by cheque?"),
      ]),
    ).toEqual([["error"], ["error"]]);
  });

  it("warns when the evidence is none of the meeting's items, and says nothing without evidence", () => {
    expect(
      asked([
        quoting("Fix the printer", "Last spring the printer broke twice during the audit week."),
        quoting("Fix the printer", "Last spring the printer broke twice during the audit week.", { evidence: [] }),
      ]),
    ).toEqual([["warning"], []]);
  });

  it("gives the same verdicts with the generator's reading handed in", () => {
    const stories = [
      quoting(
        "Check the old invoice numbering",
        "Could you check the old invoice numbering with the accountants before Friday?",
      ),
    ];
    const alone = checkQuality({ epic, userStories: stories }, { transcript: MEETING });
    const given = checkQuality(
      { epic, userStories: stories },
      { transcript: MEETING, reading: read(analyse(MEETING)) },
    );
    expect(given).toEqual(alone);
  });
});

describe("the gate: a refusal seen once is seen by every story", () => {
  const meeting = [
    "Ana: Clerks need to edit past invoices when a customer disputes one.",
    "Ana: Customers should scan their gift card at the till to pay for a ticket.",
    "Ben: Editing past invoices is out.",
    "Ben: No gift card sales at the till.",
  ].join("\n");
  const story = (title: string, quote: string): UserStory => {
    const start = meeting.indexOf(quote);
    return {
      title,
      description: `As a clerk, I want to ${title.toLowerCase()}, so that disputes are settled.`,
      acceptanceCriteria: ["The change is kept in the invoice's history"],
      priority: "Medium",
      storyPoints: 3,
      estimatedHours: 12,
      evidence: [{ quote, start, end: start + quote.length }],
    };
  };
  const rejected = (stories: UserStory[]) =>
    checkQuality({ epic, userStories: stories }, { transcript: meeting }).stories.map((s) =>
      s.issues.filter((i) => i.criterion === "rejected").map((i) => i.severity),
    );

  it("errs on a story whose ask the meeting turned down after it was made, when it carries every word refused", () => {
    expect(
      rejected([
        story("Edit past invoices", "Clerks need to edit past invoices when a customer disputes one."),
        story("Scan gift cards at the till", "Customers should scan their gift card at the till to pay for a ticket."),
      ]),
    ).toEqual([["error"], ["warning"]]);
  });

  it("reads what exactly was refused, so a story carrying it in other forms of its words is held to it", () => {
    const thread = [
      "Ana: Members keep asking to pay their fines in the app.",
      "Ben: We looked at it and we decided not to take fine payments in the app.",
    ].join("\n");
    const quote = "Members keep asking to pay their fines in the app.";
    const payFines: UserStory = {
      ...story("Pay fines in the app", quote),
      evidence: [{ quote, start: 0, end: quote.length }],
    };
    const report = checkQuality({ epic, userStories: [payFines] }, { transcript: thread });
    expect(report.stories[0]!.issues.filter((i) => i.criterion === "rejected").map((i) => i.severity)).toEqual([
      "error",
    ]);
  });

  it("so the embedded generator's gate drops it", () => {
    const stories = gateEmbedded(generateEmbedded(meeting), { transcript: meeting }).stories.userStories;
    expect(stories.map((s) => s.title.toLowerCase()).filter((t) => t.includes("past invoices"))).toEqual([]);
    expect(stories.some((s) => s.title.toLowerCase().includes("gift card"))).toBe(true);
  });
});

describe("the gate: a story repeating another's ask", () => {
  it("errs on the repeat that says less, and leaves the other's score alone", () => {
    const base = quoting(
      "Export monthly invoices as PDF",
      "Clerks must be able to export the monthly invoices as PDF files.",
    );
    const repeat = {
      ...base,
      title: "Export invoices as PDF",
      description: "As a clerk, I want to export invoices as PDF.",
    };
    const report = checkQuality({ epic, userStories: [repeat, base] }, { transcript: MEETING });
    const unique = report.stories.map((s) => s.issues.filter((i) => i.criterion === "unique").map((i) => i.severity));
    expect(unique).toEqual([["error"], []]);
    expect(report.set.some((i) => i.criterion === "unique")).toBe(true);
  });
});
