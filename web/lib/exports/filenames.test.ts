import { describe, expect, it } from "vitest";
import { exportFilename, generatorExportFilename, historyJiraFilename, localDate, safeFileBase } from "./filenames";

// Local time, so the date is the same in every time zone the tests run in.
const DATE = new Date(2026, 10, 20, 23, 59);

describe("export file names (docs/product-spec.md §9)", () => {
  it("formats the local date as YYYY-MM-DD", () => {
    expect(localDate(DATE)).toBe("2026-11-20");
    expect(localDate(new Date(2027, 0, 5, 0, 0))).toBe("2027-01-05");
  });

  it("names the generator's files after the title and the date", () => {
    expect(generatorExportFilename("markdown", "Sprint Planning", DATE)).toBe("Sprint Planning-2026-11-20.md");
    expect(generatorExportFilename("jira", "Sprint Planning", DATE)).toBe("Sprint Planning-2026-11-20_jira.txt");
    expect(generatorExportFilename("pdf", "Sprint Planning", DATE)).toBe("Sprint_Planning-2026-11-20.pdf");
  });

  it("falls back to 'user-stories' without a title", () => {
    for (const title of [undefined, null, "", "   ", "???", "..."]) {
      expect(generatorExportFilename("markdown", title, DATE)).toBe("user-stories-2026-11-20.md");
      expect(generatorExportFilename("jira", title, DATE)).toBe("user-stories-2026-11-20_jira.txt");
      expect(generatorExportFilename("pdf", title, DATE)).toBe("user-stories-2026-11-20.pdf");
    }
  });

  it("names history's JIRA text file after the lower-case hyphenated title", () => {
    expect(historyJiraFilename("Sprint Planning", DATE)).toBe("sprint-planning_jira_2026-11-20.txt");
    expect(historyJiraFilename("  Q3 Planning: Payments & Refunds!  ", DATE)).toBe(
      "q3-planning-payments-refunds_jira_2026-11-20.txt",
    );
    expect(historyJiraFilename("Café Über Straße", DATE)).toBe("café-über-straße_jira_2026-11-20.txt");
    expect(historyJiraFilename("", DATE)).toBe("user-stories_jira_2026-11-20.txt");
    expect(exportFilename("jira", "history", "Sprint Planning", DATE)).toBe("sprint-planning_jira_2026-11-20.txt");
    // The spec names no other history file: Markdown and PDF use the generator's names.
    expect(exportFilename("markdown", "history", "Sprint Planning", DATE)).toBe("Sprint Planning-2026-11-20.md");
    expect(exportFilename("pdf", "history", "Sprint Planning", DATE)).toBe("Sprint_Planning-2026-11-20.pdf");
    expect(exportFilename("jira", "generator", "Sprint Planning", DATE)).toBe("Sprint Planning-2026-11-20_jira.txt");
  });

  it("strips characters file systems reject", () => {
    expect(safeFileBase('a<b>c:d"e/f\\g|h?i*j\u0000k\u001fl')).toBe("abcdefghijkl");
    expect(generatorExportFilename("pdf", "Q3: plan / review?", DATE)).toBe("Q3_plan_review-2026-11-20.pdf");
    expect(generatorExportFilename("markdown", "  two\n\tlines  ", DATE)).toBe("two lines-2026-11-20.md");
    expect(generatorExportFilename("markdown", "ends with dots...", DATE)).toBe("ends with dots-2026-11-20.md");
    expect(generatorExportFilename("markdown", "x".repeat(500), DATE)).toBe(`${"x".repeat(100)}-2026-11-20.md`);
  });
});
