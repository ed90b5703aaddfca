import { describe, expect, it } from "vitest";
import type { Coverage, CoverageItem, StoryIssue } from "../../../schema/api/quality-body";
import { userStorySchema } from "../../../schema/api/transcripts";
import {
  askPhrase,
  coverageGroups,
  draftStoryFromItem,
  draftTitle,
  issuesByField,
  namesStories,
  roleOf,
  scoreBand,
  sortIssues,
  storiesLabel,
  worstSeverity,
} from "./model";

const ask = (quote: string, extra: Partial<CoverageItem> = {}): CoverageItem => ({
  kind: "ask",
  quote,
  start: 100,
  end: 100 + quote.length,
  coveredBy: [],
  ...extra,
});

describe("scores and issues", () => {
  it("bands scores at 80 and 50", () => {
    expect([100, 80, 79, 50, 49, 0].map(scoreBand)).toEqual(["good", "good", "fair", "fair", "poor", "poor"]);
  });

  it("puts errors first and keeps the gate's order otherwise", () => {
    const issues: StoryIssue[] = [
      { criterion: "minimal", severity: "warning", message: "w1" },
      { criterion: "atomic", severity: "error", message: "e1", field: "description" },
      { criterion: "estimable", severity: "warning", message: "w2", field: "storyPoints" },
      { criterion: "testable_criteria", severity: "error", message: "e2", field: "description" },
    ];
    expect(sortIssues(issues).map((i) => i.message)).toEqual(["e1", "e2", "w1", "w2"]);
    const byField = issuesByField(issues);
    expect(byField.description?.map((i) => i.message)).toEqual(["e1", "e2"]);
    expect(byField.storyPoints?.map((i) => i.message)).toEqual(["w2"]);
    expect(byField.title).toBeUndefined();
    expect(worstSeverity(byField.storyPoints)).toBe("warning");
    expect(worstSeverity(issues)).toBe("error");
    expect(worstSeverity([])).toBeNull();
  });

  it("names stories by their numbers", () => {
    expect(storiesLabel([2])).toBe("Story 3");
    expect(storiesLabel([4, 1])).toBe("Stories 2 and 5");
    expect(storiesLabel([0, 3, 5, 3])).toBe("Stories 1, 4 and 6");
    expect(
      namesStories({ criterion: "unique", stories: [1, 4], message: "Stories 2 and 5 ask for the same thing." }),
    ).toBe(true);
    expect(
      namesStories({
        criterion: "independent",
        stories: [1],
        message: "Write each story so it makes sense on its own.",
      }),
    ).toBe(false);
  });
});

describe("coverage groups", () => {
  it("splits asks by coverage and sets rejected and postponed items apart, in transcript order", () => {
    const coverage: Coverage = {
      asks: { covered: 1, total: 3 },
      items: [
        ask("We need CSV export.", { start: 50, coveredBy: [0] }),
        ask("We need dark mode.", { start: 10 }),
        { kind: "decision", quote: "We go with SAML.", start: 5, end: 21, coveredBy: [] },
        { kind: "rejected", quote: "No mobile app.", start: 70, end: 84, coveredBy: [] },
        { kind: "postponed", quote: "Reports later.", start: 60, end: 74, coveredBy: [] },
        { kind: "question", quote: "Who owns billing?", start: 90, end: 107, coveredBy: [] },
        ask("Also an audit log.", { start: 30 }),
      ],
    };
    const groups = coverageGroups(coverage);
    expect(groups.uncoveredAsks.map((i) => i.quote)).toEqual(["We need dark mode.", "Also an audit log."]);
    expect(groups.coveredAsks.map((i) => i.quote)).toEqual(["We need CSV export."]);
    expect(groups.decisions).toHaveLength(1);
    expect(groups.questions).toHaveLength(1);
    expect(groups.leftOut.map((i) => i.kind)).toEqual(["postponed", "rejected"]);
    expect(groups.risks).toEqual([]);
  });

  it("lists the likeliest uncovered asks first, transcript order among equals (issue 40)", () => {
    const coverage: Coverage = {
      asks: { covered: 0, total: 3 },
      items: [
        ask("It would be handy, maybe.", { start: 10, confidence: 0.4 }),
        ask("Drivers must see the route.", { start: 30, confidence: 0.9 }),
        ask("An older report without a confidence.", { start: 50 }),
      ],
    };
    expect(coverageGroups(coverage).uncoveredAsks.map((i) => i.quote)).toEqual([
      "Drivers must see the route.",
      "An older report without a confidence.",
      "It would be handy, maybe.",
    ]);
  });
});

describe("a draft story from an ask", () => {
  it("reads what is wished for and who wants it", () => {
    expect(askPhrase("So, um, we really need to export the audit log as CSV.")).toEqual({
      text: "export the audit log as CSV",
      wish: true,
      verb: true,
      role: null,
      thing: null,
    });
    expect(askPhrase("It would be great if we could filter by date range!").text).toBe("filter by date range");
    expect(askPhrase("I'll be blunt: SSO is blocking the Halvorsen deal.")).toEqual({
      text: "SSO is blocking the Halvorsen deal",
      wish: false,
      verb: false,
      role: null,
      thing: null,
    });
    expect(askPhrase("Receptionists need to send an SMS reminder to patients.")).toMatchObject({
      text: "send an SMS reminder to patients",
      role: "receptionist",
      verb: true,
    });
    expect(askPhrase("Clinic managers want a weekly report of no-shows.")).toMatchObject({
      text: "a weekly report of no-shows",
      role: "clinic manager",
      verb: false,
    });
    expect(askPhrase("Patients should be able to update their contact details.")).toMatchObject({
      text: "update their contact details",
      role: "patient",
      verb: true,
    });
    expect(roleOf("Our support agents need a shared inbox.")).toBe("agent");
    expect(roleOf("As an auditor I want read-only access.")).toBe("auditor");
    expect(roleOf("As a result we should wait.")).toBeNull();
    expect(roleOf("We need a shared inbox.")).toBeNull();
  });

  it("makes a short title without a dangling word at the cut", () => {
    expect(draftTitle("We need to send a weekly digest of the overdue invoices to every finance manager.")).toBe(
      "Send a weekly digest of the overdue invoices",
    );
    expect(draftTitle("Yeah.")).toBe("Yeah");
    expect(draftTitle("?")).toBe("New story from the meeting");
  });

  it("keeps the quote as evidence with its offsets, unsized, and valid for saving", () => {
    const item = ask("Managers need to approve refunds over £500 before they are paid.", {
      start: 240,
      speaker: "Priya",
    });
    item.end = item.start + item.quote.length;
    const story = draftStoryFromItem(item);
    expect(story).toMatchObject({
      title: "Approve refunds over £500 before they are paid",
      description: "As a manager, I want to approve refunds over £500 before they are paid",
      storyPoints: 0,
      estimatedHours: 0,
      acceptanceCriteria: ["Managers can approve refunds over £500 before they are paid"],
      evidence: [{ quote: item.quote, start: 240, end: item.end }],
    });
    expect(userStorySchema.safeParse(story).success).toBe(true);
  });

  it("takes the role from who needs it, not from anyone the quote mentions", () => {
    const story = draftStoryFromItem(
      ask("Receptionists need to send an SMS reminder to patients 24 hours before their appointment."),
    );
    expect(story.title).toBe("Send an SMS reminder to patients 24 hours");
    expect(story.description).toBe(
      "As a receptionist, I want to send an SMS reminder to patients 24 hours before their appointment",
    );
    expect(
      draftStoryFromItem(ask("Clinic managers want a weekly report of no-shows per practitioner.")).description,
    ).toBe("As a clinic manager, I want a weekly report of no-shows per practitioner");
  });

  it("writes for the product's users when no one is named, and leaves the wish for the user when none is said", () => {
    const story = draftStoryFromItem(ask("SSO is blocking the Halvorsen enterprise deal."));
    expect(story.description).toBe("As a user, I want …");
    expect(story.title).toBe("SSO is blocking the Halvorsen enterprise deal");
    expect(story.acceptanceCriteria).toEqual([
      "Does what the meeting asked: “SSO is blocking the Halvorsen enterprise deal.”",
    ]);
  });

  it("never takes a thing the ask is about for its role, and restates the ask as a criterion", () => {
    expect(askPhrase("The timeline needs to show the current quarter.")).toMatchObject({
      role: null,
      thing: "timeline",
      verb: true,
    });
    const story = draftStoryFromItem(ask("The timeline needs to show the current quarter."));
    expect(story.description).toBe("As a user, I want the timeline to show the current quarter");
    expect(story.acceptanceCriteria).toEqual(["The timeline can show the current quarter"]);
    expect(draftStoryFromItem(ask("Clinic managers want a weekly report of no-shows.")).acceptanceCriteria).toEqual([
      "Clinic managers have a weekly report of no-shows",
    ]);
  });
});
