import { describe, expect, it } from "vitest";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import {
  TITLE_MAX,
  acceptanceCriteriaHtml,
  epicPatch,
  escapeHtml,
  exportTags,
  htmlParagraphs,
  priorityValue,
  storyDescription,
  storyPatch,
  workItemRelationUrl,
  workItemTitle,
} from "./format";

const epic: Epic = {
  title: "Checkout <v2>",
  description: "Faster checkout & fewer drop-offs.\nFor everyone.\n\n  \nSecond paragraph.",
  team: "Payments",
  timeline: "Q1",
  priority: "High",
};
const story: UserStory = {
  title: "Pay by card",
  description: "As a buyer I want to pay by card so that I can check out quickly.",
  acceptanceCriteria: ["Visa <b>and</b> Mastercard work", "  ", "A decline says why"],
  priority: "Lowest",
  storyPoints: 5,
  estimatedHours: 1,
  evidence: [{ quote: `we lose "people" at payment`, start: 0, end: 26 }],
};
const MARKER = "storyloom-0123456789ab";

describe("Azure DevOps format", () => {
  it("escapes every character HTML gives meaning to", () => {
    expect(escapeHtml(`<script>alert('x') && "y"</script>`)).toBe(
      "&lt;script&gt;alert(&#39;x&#39;) &amp;&amp; &quot;y&quot;&lt;/script&gt;",
    );
  });

  it("splits paragraphs on blank lines and turns single line breaks into <br>", () => {
    expect(htmlParagraphs(epic.description)).toBe(
      "<p>Faster checkout &amp; fewer drop-offs.<br>For everyone.</p><p>Second paragraph.</p>",
    );
    expect(htmlParagraphs("\n \n")).toBe("");
  });

  it("maps the five priorities onto Azure's 1-4 (1 highest)", () => {
    expect(["Highest", "High", "Medium", "Low", "Lowest"].map((p) => priorityValue(p as Epic["priority"]))).toEqual([
      1, 1, 2, 3, 4,
    ]);
  });

  it("cuts a title past Azure's 255 characters and keeps it on one line", () => {
    expect(workItemTitle("  a\nb  ")).toBe("a b");
    const long = workItemTitle("x".repeat(300));
    expect(long).toHaveLength(TITLE_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("writes the epic: title, escaped description with team, timeline and priority, tags, Priority field", () => {
    expect(epicPatch(epic, MARKER, { priorityField: true })).toEqual([
      { op: "add", path: "/fields/System.Title", value: "Checkout <v2>" },
      {
        op: "add",
        path: "/fields/System.Description",
        value:
          "<p>Faster checkout &amp; fewer drop-offs.<br>For everyone.</p><p>Second paragraph.</p>" +
          "<p><strong>Team:</strong> Payments</p><p><strong>Timeline:</strong> Q1</p><p><strong>Priority:</strong> High</p>",
      },
      { op: "add", path: "/fields/System.Tags", value: "storyloom; storyloom-0123456789ab" },
      { op: "add", path: "/fields/Microsoft.VSTS.Common.Priority", value: 1 },
    ]);
    expect(epicPatch(epic, MARKER, { priorityField: false }).map((o) => o.path)).not.toContain(
      "/fields/Microsoft.VSTS.Common.Priority",
    );
    expect(exportTags(MARKER)).toBe("storyloom; storyloom-0123456789ab");
  });

  it("writes a story with its fields and the parent relation in the create body", () => {
    const parentUrl = workItemRelationUrl("acme", 42);
    expect(parentUrl).toBe("https://dev.azure.com/acme/_apis/wit/workItems/42");
    const patch = storyPatch(story, MARKER, {
      acceptanceCriteriaField: true,
      storyPointsField: "Microsoft.VSTS.Scheduling.StoryPoints",
      priorityField: true,
      parentUrl,
    });
    expect(patch).toEqual([
      { op: "add", path: "/fields/System.Title", value: "Pay by card" },
      {
        op: "add",
        path: "/fields/System.Description",
        value:
          "<p>As a buyer I want to pay by card so that I can check out quickly.</p>" +
          "<h3>Evidence</h3><blockquote><p>we lose &quot;people&quot; at payment</p></blockquote>" +
          "<p><strong>Estimate:</strong> 5 story points, 1 hour.</p>",
      },
      {
        op: "add",
        path: "/fields/Microsoft.VSTS.Common.AcceptanceCriteria",
        value: "<ul><li>Visa &lt;b&gt;and&lt;/b&gt; Mastercard work</li><li>A decline says why</li></ul>",
      },
      { op: "add", path: "/fields/Microsoft.VSTS.Scheduling.StoryPoints", value: 5 },
      { op: "add", path: "/fields/Microsoft.VSTS.Common.Priority", value: 4 },
      { op: "add", path: "/fields/System.Tags", value: "storyloom; storyloom-0123456789ab" },
      { op: "add", path: "/relations/-", value: { rel: "System.LinkTypes.Hierarchy-Reverse", url: parentUrl } },
    ]);
  });

  it("puts the criteria in the description when the story type has no Acceptance Criteria field", () => {
    const html = storyDescription(story, { acceptanceCriteriaField: false, storyPointsField: null });
    expect(html).toContain(
      "<h3>Acceptance criteria</h3><ul><li>Visa &lt;b&gt;and&lt;/b&gt; Mastercard work</li><li>A decline says why</li></ul>",
    );
    const patch = storyPatch(story, MARKER, {
      acceptanceCriteriaField: false,
      storyPointsField: null,
      priorityField: false,
      parentUrl: workItemRelationUrl("acme", 1),
    });
    expect(patch.map((o) => o.path)).toEqual([
      "/fields/System.Title",
      "/fields/System.Description",
      "/fields/System.Tags",
      "/relations/-",
    ]);
    expect(acceptanceCriteriaHtml([" ", ""])).toBe("");
  });
});
