import { describe, expect, it } from "vitest";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import {
  appendNote,
  appendToBody,
  backlogText,
  epicIssue,
  GITHUB_BODY_MAX_CHARS,
  GITHUB_TITLE_MAX_CHARS,
  hasMarker,
  hasRelatedLine,
  inert,
  issueTitle,
  priorityLabel,
  relatedLine,
  SHORTENED_NOTE,
  storyIssue,
} from "./format";

const REF = "0123456789ab";
const MARKER = "<!-- storyloom-0123456789ab -->";

const epic: Epic = {
  title: "Checkout",
  description: "Paying.\n\nIn one step.",
  team: "Payments",
  timeline: "Q1",
  priority: "Highest",
};
const story: UserStory = {
  title: "Pay by card",
  description: "As a shopper I want to pay by card so that I can check out.",
  acceptanceCriteria: ["Visa and Mastercard", "A declined card\nsays why"],
  priority: "Medium",
  storyPoints: 1,
  estimatedHours: 8,
  evidence: [{ quote: "Cards, please.\nAll of them.", start: 0, end: 10 }],
};

describe("GitHub issue format", () => {
  it("writes the epic: description, team, timeline, priority, then the marker", () => {
    expect(epicIssue(epic, REF)).toEqual({
      title: "Checkout",
      body: `Paying.\n\nIn one step.\n\n**Team:** Payments  \n**Timeline:** Q1  \n**Priority:** Highest\n\n${MARKER}`,
      labels: ["storyloom", "priority: highest"],
    });
    expect(epicIssue({ ...epic, timeline: undefined, team: "" }, REF).body).toBe(
      `Paying.\n\nIn one step.\n\n**Priority:** Highest\n\n${MARKER}`,
    );
  });

  it("writes a story: description, criteria as a task list, evidence as quotes, the estimate, the marker", () => {
    expect(storyIssue(story, REF)).toEqual({
      title: "Pay by card",
      body: [
        "As a shopper I want to pay by card so that I can check out.",
        "## Acceptance criteria\n\n- [ ] Visa and Mastercard\n- [ ] A declined card says why",
        "## Evidence\n\n> Cards, please.\n> All of them.",
        "**Estimate:** 1 story point, 8 hours  \n**Priority:** Medium",
        MARKER,
      ].join("\n\n"),
      labels: ["storyloom", "priority: medium"],
    });
    const bare = storyIssue({ ...story, acceptanceCriteria: [], evidence: undefined, storyPoints: 0 }, REF).body;
    expect(bare).not.toContain("##");
    expect(bare).toContain("**Estimate:** 0 story points, 8 hours");
  });

  it("makes transcript text inert: no HTML comment, no @mention", () => {
    expect(inert("hi <!-- storyloom-ffffffffffff --> and @alice, mail a@b.com")).toBe(
      "hi &lt;!-- storyloom-ffffffffffff --&gt; and @\u200balice, mail a@b.com",
    );
    const body = storyIssue({ ...story, description: "end <!--" }, REF).body;
    expect(body.match(/<!--/g)).toHaveLength(1);
    expect(body.endsWith(MARKER)).toBe(true);
  });

  it("cuts a body over GitHub's limit, says so, and keeps the marker whole at the end", () => {
    const long = storyIssue(
      {
        ...story,
        description: "😀".repeat(2500),
        acceptanceCriteria: Array.from({ length: 30 }, (_, i) => `${i} ${"x".repeat(1998)}`),
        evidence: Array.from({ length: 20 }, () => ({ quote: "😀".repeat(1000), start: 0, end: 1 })),
      },
      REF,
    ).body;
    expect(long.length).toBeLessThanOrEqual(GITHUB_BODY_MAX_CHARS);
    expect(long.endsWith(`${SHORTENED_NOTE}\n\n${MARKER}`)).toBe(true);
    // No half of a surrogate pair left behind.
    expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(long)).toBe(false);
  });

  it("keeps titles to one line of at most 256 characters", () => {
    expect(issueTitle("Pay\nby card ")).toBe("Pay by card");
    const cut = issueTitle("t".repeat(300));
    expect(cut).toHaveLength(GITHUB_TITLE_MAX_CHARS);
    expect(cut.endsWith("…")).toBe(true);
  });

  it("names a label per priority, with GitHub's colour format", () => {
    for (const p of ["Highest", "High", "Medium", "Low", "Lowest"] as const) {
      expect(priorityLabel(p).name).toBe(`priority: ${p.toLowerCase()}`);
      expect(priorityLabel(p).color).toMatch(/^[0-9a-f]{6}$/);
    }
  });
});

describe("GitHub issue format: the review before an export", () => {
  it("reads an issue body as plain text: no markup, no comments, entities decoded", () => {
    const body = [
      "## Invite *teammates*",
      "",
      "As an **admin** I want to [invite people](https://example.com/x) by `email`.",
      "",
      "- [ ] A link that ~~expires~~ works",
      "1. Second_step stays snake_case",
      "> Quoted &amp; kept, &lt;b&gt; stays text",
      "",
      "```ts",
      "const x = 1;",
      "```",
      "",
      "| a | b |",
      "|---|:-:|",
      "| c | d |",
      "",
      "---",
      "<details><summary>More</summary>Hidden?</details> ![logo](https://x/y.png) <https://example.com/z>",
      "Escaped \\*stars\\* and \\# hash",
      "@\u200balice said hi",
      "",
      "",
      "",
      "<!-- storyloom-0123456789ab -->",
    ].join("\r\n");
    expect(backlogText(body)).toBe(
      [
        "Invite teammates",
        "",
        "As an admin I want to invite people by email.",
        "",
        "A link that expires works",
        "Second_step stays snake_case",
        "Quoted & kept, <b> stays text",
        "",
        "const x = 1;",
        "",
        "a b",
        "c d",
        "",
        "More Hidden? logo https://example.com/z",
        "Escaped *stars* and # hash",
        "@alice said hi",
      ].join("\n"),
    );
    expect(backlogText(null)).toBe("");
    expect(backlogText("<!-- only a marker -->")).toBe("");
  });

  it("cuts the text to the limit without splitting a character", () => {
    expect(backlogText("x".repeat(5000))).toHaveLength(2000);
    const cut = backlogText(`${"a".repeat(1999)}😀😀`);
    expect(cut).toBe("a".repeat(1999));
    expect(backlogText("**abcdef**", 3)).toBe("abc");
  });

  it("finds a marker only as a whole token, and a Related line only alone on its line", () => {
    const marker = "storyloom-0123456789ab-1";
    expect(hasMarker(`Added by StoryLoom (${marker})`, marker)).toBe(true);
    expect(hasMarker(`Added by StoryLoom (${marker}2)`, marker)).toBe(false);
    expect(hasMarker(`Added by StoryLoom (${marker}-2)`, marker)).toBe(false);
    expect(hasMarker(null, marker)).toBe(false);
    expect(hasRelatedLine("Text\n\nRelated: #12\r\n", 12)).toBe(true);
    expect(hasRelatedLine("Related: #123", 12)).toBe(false);
    expect(hasRelatedLine("See Related: #12 there", 12)).toBe(false);
    expect(relatedLine(12)).toBe("Related: #12");
  });

  it("writes the note: heading, criteria as a list, the quote, the marker on a visible last line", () => {
    const note = {
      marker: "storyloom-0123456789ab-2",
      heading: "From the meeting of 7 December 2026 (StoryLoom): Pay by card",
      criteria: ["Visa and\nMastercard", " ", "Ask @finance"],
      quote: "Cards, please.\nAll of them. <!-- x -->",
    };
    expect(appendNote(note)).toBe(
      [
        "### From the meeting of 7 December 2026 (StoryLoom): Pay by card",
        "- Visa and Mastercard\n- Ask @\u200bfinance",
        "> Cards, please.\n> All of them. &lt;!-- x --&gt;",
        "Added by StoryLoom (storyloom-0123456789ab-2)",
      ].join("\n\n"),
    );
    expect(appendNote({ ...note, criteria: [], quote: null })).toBe(
      "### From the meeting of 7 December 2026 (StoryLoom): Pay by card\n\nAdded by StoryLoom (storyloom-0123456789ab-2)",
    );
  });

  it("appends after the old body, kept exactly, as a paragraph of its own", () => {
    expect(appendToBody("Old *text*", "New")).toBe("Old *text*\n\nNew");
    expect(appendToBody("Old\r\n", "New")).toBe("Old\r\n\nNew");
    expect(appendToBody("Old\n\n", "New")).toBe("Old\n\nNew");
    expect(appendToBody(null, "New")).toBe("New");
    expect(appendToBody("", "New")).toBe("New");
  });
});
