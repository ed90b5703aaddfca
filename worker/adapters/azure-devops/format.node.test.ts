import { describe, expect, it } from "vitest";
import type { Epic, UserStory } from "../../../schema/api/transcripts";
import {
  TITLE_MAX,
  acceptanceCriteriaHtml,
  appendNoteHtml,
  clipText,
  epicPatch,
  escapeHtml,
  exportTags,
  hasMarker,
  htmlParagraphs,
  htmlText,
  openItemsWiql,
  priorityValue,
  relatedRelation,
  relationTarget,
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

describe("Azure DevOps format: the review before an export", () => {
  it("turns an HTML description into plain text", () => {
    expect(
      htmlText(
        '<div style="x">Faster &amp; <b>simpler</b>&nbsp;checkout&#33; &#x1F600;</div><div><br></div>' +
          "<ol><li>One</li><li>Two <i>items</i></li></ol><p>a&lt;b&gt;   c</p><!-- note --><style>p{}</style>" +
          "<table><tr><td>cell</td><td>more</td></tr></table>&bogus; &#0;",
      ),
    ).toBe("Faster & simpler checkout! \u{1F600}\n\n- One\n- Two items\n\na<b> c\n\ncell more\n\n&bogus;");
    expect(htmlText("")).toBe("");
    expect(htmlText("plain text, no tags")).toBe("plain text, no tags");
  });

  it("cuts text without splitting a surrogate pair", () => {
    expect(clipText("abc", 5)).toBe("abc");
    expect(clipText("abcdef", 3)).toBe("abc");
    expect(clipText("ab\u{1F600}", 3)).toBe("ab");
  });

  it("writes the note as escaped HTML, the marker as visible text", () => {
    expect(
      appendNoteHtml({
        marker: "storyloom-0123456789ab-2",
        heading: "From the meeting of 7 December 2026 (StoryLoom): <b>Pay</b>",
        criteria: ["A & B", " "],
        quote: "  ",
      }),
    ).toBe(
      "<div><h3>From the meeting of 7 December 2026 (StoryLoom): &lt;b&gt;Pay&lt;/b&gt;</h3><ul><li>A &amp; B</li></ul>" +
        "<p>Added by StoryLoom (storyloom-0123456789ab-2)</p></div>",
    );
  });

  it("finds whole markers only", () => {
    expect(hasMarker("<p>Added by StoryLoom (storyloom-0123456789ab-1)</p>", "storyloom-0123456789ab-1")).toBe(true);
    expect(hasMarker("<p>(storyloom-0123456789ab-12)</p>", "storyloom-0123456789ab-1")).toBe(false);
    expect(hasMarker("storyloom-0123456789ab-12 storyloom-0123456789ab-1", "storyloom-0123456789ab-1")).toBe(true);
    expect(hasMarker("anything", "")).toBe(false);
  });

  it("queries the open items, of a type when given, with quotes doubled", () => {
    expect(openItemsWiql(null)).toBe(
      "SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.State] NOT IN ('Closed', 'Done', 'Removed', 'Cancelled') ORDER BY [System.ChangedDate] DESC",
    );
    expect(openItemsWiql("Team's Epic")).toContain("AND [System.WorkItemType] = 'Team''s Epic' AND [System.State]");
  });

  it("relates with a Related link, and reads the id a relation names", () => {
    expect(relatedRelation(workItemRelationUrl("acme", 7))).toEqual({
      op: "add",
      path: "/relations/-",
      value: {
        rel: "System.LinkTypes.Related",
        url: "https://dev.azure.com/acme/_apis/wit/workItems/7",
        attributes: { comment: "Linked by StoryLoom" },
      },
    });
    expect(relationTarget("https://dev.azure.com/acme/_apis/wit/workItems/7")).toBe(7);
    expect(relationTarget("https://dev.azure.com/acme/_apis/wit/WORKITEMS/12/")).toBe(12);
    expect(relationTarget("https://github.com/acme/x/pull/7")).toBeNull();
    expect(relationTarget(null)).toBeNull();
  });
});
