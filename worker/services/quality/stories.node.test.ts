import { describe, expect, it } from "vitest";
import type { UserStory } from "../../../schema/api/transcripts";
import { checkSet } from "./set";
import { checkStory } from "./stories";
import { storyParts } from "./story-text";
import { loadLanguage } from "../../reading";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

// Invented stories, one defect each (issue 27). Whether the rules are right on real backlogs is measured on the
// labelled set in worker/test/fixtures/user-stories (scripts/eval-quality.ts), not here.

const clean: UserStory = {
  title: "Export the monthly sales report",
  description:
    "As a finance manager, I want to export the monthly sales report, so that I can share it with the board.",
  acceptanceCriteria: [
    "The export offers CSV and PDF",
    "The file lists every sale of the chosen month with its date and amount",
  ],
  priority: "Medium",
  storyPoints: 3,
  estimatedHours: 12,
};

const criteriaOf = (story: Partial<UserStory>) =>
  checkStory({ ...clean, ...story }).map((i) => `${i.criterion}:${i.severity}`);

describe("one story", () => {
  it("finds nothing wrong with a clean story", () => {
    expect(checkStory(clean)).toEqual([]);
  });

  it("splits the description at the template's indicators", () => {
    expect(storyParts(clean.description)).toMatchObject({
      role: "finance manager",
      means: "export the monthly sales report",
      end: "I can share it with the board",
      rest: "",
      template: "role-means-end",
    });
    expect(storyParts("As an editor I would like to undo my last change.").means).toBe("undo my last change");
    expect(storyParts("Export the report.").template).toBe("other");
  });

  it("asks for a role and a means (well_formed)", () => {
    expect(criteriaOf({ description: "Export the monthly sales report as a spreadsheet." })).toContain(
      "well_formed:error",
    );
    expect(criteriaOf({ description: "As a finance manager, the report is exported monthly." })).toContain(
      "well_formed:error",
    );
  });

  it("finds a capability cut at the wrong place: no verb after “I want to”, or a verb of needing (well_formed)", () => {
    for (const description of [
      "As a courier, I want to drivers go to the depot before seven.",
      "As a courier, I want to need to scan every parcel twice.",
    ])
      expect(criteriaOf({ description }), description).toContain("well_formed:error");
    for (const description of [
      "As a courier, I want to quickly scan every parcel at the depot.",
      "As a courier, I want a parcel scanner at the depot.",
      "As a courier, I want to have the route on my phone.",
      "As an admin, I want to onboard recycling depots on the platform.",
    ])
      expect(criteriaOf({ description }), description).not.toContain("well_formed:error");
  });

  it("asks for a person as the role (conceptually_sound)", () => {
    expect(
      criteriaOf({ description: "As a dashboard, I want to show the monthly sales, so that numbers are visible." }),
    ).toContain("conceptually_sound:error");
    expect(criteriaOf({ description: "As the system, I want to send a reminder email." })).toContain(
      "conceptually_sound:error",
    );
    expect(criteriaOf({ description: "As a warehouse picker, I want to scan a shelf label." })).not.toContain(
      "conceptually_sound:error",
    );
  });

  it("finds a capability that only tells what happened or what is lacking (conceptually_sound)", () => {
    for (const means of [
      "the test credentials came through on Tuesday",
      "the booking system has no idea of a household",
      "the front desk doesn't know who is in",
    ])
      expect(criteriaOf({ description: `As a receptionist, I want ${means}.` }), means).toContain(
        "conceptually_sound:error",
      );
    // a rule put badly, a participle, or a clause after a verb is not flagged
    for (const means of [
      "the opening times are shown on the home page",
      "the bookings sorted by date",
      "to see the patient we are expecting next",
    ])
      expect(criteriaOf({ description: `As a receptionist, I want ${means}.` }), means).not.toContain(
        "conceptually_sound:error",
      );
  });

  it("asks for one capability (atomic): two verbs joined, not two nouns under one verb", () => {
    expect(criteriaOf({ description: "As a librarian, I want to add and remove books from the catalogue." })).toContain(
      "atomic:error",
    );
    expect(
      criteriaOf({ description: "As a librarian, I want to search the catalogue or browse new arrivals." }),
    ).toContain("atomic:error");
    expect(
      criteriaOf({ description: "As a librarian, I want to see the title and author of each loan." }),
    ).not.toContain("atomic:error");
  });

  it("keeps the description to the story sentence (minimal)", () => {
    expect(
      criteriaOf({
        description: "As a finance manager, I want to export the report (monthly), so that I can share it.",
      }),
    ).toContain("minimal:error");
    expect(
      criteriaOf({
        description: "As a finance manager, I want to export the report. It should be fast and use the new engine.",
      }),
    ).toContain("minimal:error");
  });

  it("warns about solutions and vague words", () => {
    expect(
      criteriaOf({ description: "As a finance manager, I want a dropdown to pick the month of the report." }),
    ).toContain("problem_oriented:warning");
    expect(
      criteriaOf({ description: "As a finance manager, I want a user-friendly way to export the report." }),
    ).toContain("unambiguous:warning");
    expect(criteriaOf({ title: "See it freed up on the day view" })).toContain("unambiguous:warning");
  });

  it("asks for a title that is a whole phrase (full_sentence)", () => {
    for (const title of [
      "Turn the alerts off per",
      "Export the",
      "And send it to the board",
      "Because the team",
      "Book the vans, rota etc. Depot is in Leeds",
    ]) {
      expect(criteriaOf({ title }), title).toContain("full_sentence:error");
    }
    for (const title of [
      "Sign in with a passkey",
      "Log out",
      "Monthly sales export",
      "Turn the alerts off",
      "Sort by date, e.g. Newest first",
    ]) {
      expect(criteriaOf({ title }), title).not.toContain("full_sentence:error");
    }
  });

  it("asks for testable criteria, not the title again (testable_criteria)", () => {
    expect(criteriaOf({ acceptanceCriteria: ["Export the monthly sales report"] })).toContain(
      "testable_criteria:error",
    );
    expect(criteriaOf({ acceptanceCriteria: ["Finance managers can export the monthly sales report."] })).toContain(
      "testable_criteria:error",
    );
    expect(criteriaOf({ acceptanceCriteria: ["Which formats do we need?"] })).toContain("testable_criteria:error");
    expect(criteriaOf({ acceptanceCriteria: ["It works correctly"] })).toContain("testable_criteria:warning");
    expect(criteriaOf({ acceptanceCriteria: [] })).toContain("testable_criteria:warning");
  });

  it("asks for sizes on the scale that agree (estimable)", () => {
    expect(criteriaOf({ storyPoints: 4, estimatedHours: 16 })).toContain("estimable:error");
    expect(criteriaOf({ storyPoints: 1, estimatedHours: 80 })).toContain("estimable:error");
    expect(criteriaOf({ storyPoints: 8, estimatedHours: 2 })).toContain("estimable:error");
    expect(criteriaOf({ storyPoints: 5, estimatedHours: 30 })).toEqual([]);
  });

  it("checks evidence against the transcript (evidence)", () => {
    const transcript = "Dana: The board wants the monthly sales report as a file they can open.";
    const quote = "The board wants the monthly sales report as a file they can open.";
    const start = transcript.indexOf(quote);
    expect(checkStory({ ...clean, evidence: [{ quote, start, end: start + quote.length }] }, transcript)).toEqual([]);
    expect(
      checkStory({ ...clean, evidence: [{ quote: "The board wants it", start, end: start + 18 }] }, transcript).map(
        (i) => i.criterion,
      ),
    ).toContain("evidence");
    const off = "Dana:";
    expect(
      checkStory({ ...clean, evidence: [{ quote: off, start: 0, end: off.length }] }, transcript).map(
        (i) => `${i.criterion}:${i.severity}`,
      ),
    ).toContain("evidence:warning");
  });

  it("warns about a criterion copied from the meeting", () => {
    const transcript = "Dana: so I think the board wants the monthly sales report as a file, right?";
    const copied = {
      ...clean,
      acceptanceCriteria: [
        "So I think the board wants the monthly sales report as a file",
        ...clean.acceptanceCriteria,
      ],
    };
    expect(checkStory(copied, transcript).map((i) => `${i.criterion}:${i.severity}:${i.message.slice(0, 12)}`)).toEqual(
      ["testable_criteria:warning:Criterion 1 "],
    );
    expect(checkStory(clean, transcript)).toEqual([]);
  });

  it("says which field to change", () => {
    const issues = checkStory({ ...clean, title: "Export the", storyPoints: 4 });
    expect(issues.map((i) => i.field)).toEqual(["title", "storyPoints"]);
  });
});

describe("the stories together", () => {
  const story = (title: string, description: string): UserStory => ({ ...clean, title, description });

  it("finds near-duplicates by their words, not only identical text (unique)", () => {
    const set = checkSet([
      story("Export the monthly sales report", "As a finance manager, I want to export the monthly sales report."),
      story("Monthly sales report export", "As an accountant, I want the monthly sales reports exported."),
      story("Invite a colleague", "As a team owner, I want to invite a colleague by email."),
    ]);
    expect(set.filter((s) => s.criterion === "unique").map((s) => s.stories)).toEqual([[0, 1]]);
  });

  it("finds a story asking for what another rules out (conflict_free)", () => {
    const set = checkSet([
      story("Email a receipt after payment", "As a customer, I want to receive a receipt email after payment."),
      story("No receipt email after payment", "As a customer, I want to not receive a receipt email after payment."),
    ]);
    expect(set.map((s) => s.criterion)).toContain("conflict_free");
  });

  it("asks for one template across the stories (uniform)", () => {
    const set = checkSet([
      story("Export the report", "As a finance manager, I want to export the report, so that I can share it."),
      story("Invite a colleague", "As a team owner, I want to invite a colleague, so that we work together."),
      story("Reset a password", "Users can reset their password from the sign-in page."),
    ]);
    expect(set.find((s) => s.criterion === "uniform")).toMatchObject({
      stories: [2],
      message: "Story 3 is not written like the others (“As a …, I want to …”): rewrite it the same way.",
    });
    // a benefit is optional: the one story with "so that" is never told to drop it
    const benefit = checkSet([
      story("Export the report", "As a finance manager, I want to export the report."),
      story("Invite a colleague", "As a team owner, I want to invite a colleague."),
      story("Reset a password", "As a user, I want to reset my password, so that I can sign in again."),
    ]);
    expect(benefit.filter((s) => s.criterion === "uniform")).toEqual([]);
  });

  it("finds stories that lean on another (independent) and changes to things nobody creates (complete)", () => {
    const set = checkSet([
      story("Archive an invoice", "As an accountant, I want to archive an invoice."),
      story("Edit an invoice", "As an accountant, I want to edit an invoice after story 1."),
      story("View the ledger", "As an accountant, I want to view the ledger."),
    ]);
    expect(set.find((s) => s.criterion === "independent")).toMatchObject({
      stories: [1],
      message:
        "Story 2 refers to another story: write it so it makes sense on its own, and let the backlog's order say what comes first.",
    });
    expect(set.find((s) => s.criterion === "complete")).toMatchObject({
      stories: [0, 1],
      message:
        "Stories 1 and 2 change or remove something no story lets anyone create (“invoice”): add a story for creating it, or check that people can already create it in the product.",
    });
  });
});
