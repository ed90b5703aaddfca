import { Parser, type Node } from "commonmark";
import { describe, expect, it } from "vitest";
import { meetingNotes } from "./fields";
import { escapeMarkdown, storiesToMarkdown } from "./markdown";
import { FIXTURE, FIXTURE_QUALITY, HOSTILE } from "./test-fixture";

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Every node of a CommonMark tree in document order. */
function nodes(root: Node): Node[] {
  const all: Node[] = [];
  const walker = root.walker();
  for (let event = walker.next(); event; event = walker.next()) if (event.entering) all.push(event.node);
  return all;
}

/** The literal text of a node: its text and code children, soft breaks as spaces. */
function textOf(node: Node): string {
  return nodes(node)
    .map((n) => (n.type === "text" || n.type === "code" ? (n.literal ?? "") : n.type === "softbreak" ? " " : ""))
    .join("");
}

const parse = (markdown: string) => new Parser().parse(markdown);

describe("storiesToMarkdown", () => {
  it("renders the golden output", async () => {
    await expect(storiesToMarkdown(FIXTURE, "Sprint planning")).toMatchFileSnapshot("./__golden__/stories.md");
  });

  it("adds the meeting's decisions and open questions after the stories, literal and in transcript order", () => {
    const markdown = storiesToMarkdown(FIXTURE, "Sprint planning", meetingNotes(FIXTURE_QUALITY));
    expect(markdown.startsWith(storiesToMarkdown(FIXTURE, "Sprint planning").trimEnd())).toBe(true);
    const all = nodes(parse(markdown));
    const headings = all.filter((n) => n.type === "heading" && n.level === 2);
    expect(headings.map(textOf)).toEqual(["User Stories (3)", "Decisions", "Open questions"]);
    const items = (heading: Node) => {
      const list: string[] = [];
      for (let item = heading.next?.firstChild ?? null; item; item = item.next) list.push(textOf(item));
      return list;
    };
    expect(items(headings[1]!)).toEqual(["We ship saved cards first. (Dana)", "# Refunds go through [Stripe] <only>"]);
    expect(items(headings[2]!)).toEqual(["Who signs off the *refund* policy? (Priya)"]);
    expect(all.filter((n) => ["link", "html_inline", "emph"].includes(n.type))).toEqual([]);
    expect(markdown).not.toContain("Apple Pay");
    expect(markdown).not.toContain("crypto");
  });

  it("leaves the sections out when there is nothing to list", () => {
    const plain = storiesToMarkdown(FIXTURE);
    expect(storiesToMarkdown(FIXTURE, undefined, meetingNotes(null))).toBe(plain);
    const onlyQuestions = meetingNotes({
      ...FIXTURE_QUALITY,
      coverage: {
        ...FIXTURE_QUALITY.coverage!,
        items: FIXTURE_QUALITY.coverage!.items.filter((i) => i.kind !== "decision"),
      },
    });
    const markdown = storiesToMarkdown(FIXTURE, undefined, onlyQuestions);
    expect(markdown).not.toContain("## Decisions");
    expect(markdown).toMatch(/\n## Open questions\n\n- Who signs off the \\\*refund\\\* policy\? \(Priya\)\n$/);
  });

  it("parses back into the expected CommonMark structure", () => {
    const all = nodes(parse(storiesToMarkdown(FIXTURE)));
    const headings = (level: number) => all.filter((n) => n.type === "heading" && n.level === level);

    expect(headings(1).map(textOf)).toEqual([FIXTURE.epic.title]);
    expect(headings(2).map(textOf)).toEqual(["User Stories (3)"]);
    expect(headings(3).map(textOf)).toEqual(FIXTURE.userStories.map((s, i) => `${i + 1}. ${oneLine(s.title)}`));

    // Each story's criteria: the list right after its "Acceptance criteria" heading, item by item, verbatim.
    const criteriaLists = headings(4).map((heading) => {
      expect(textOf(heading)).toBe("Acceptance criteria");
      const list = heading.next;
      expect(list?.type).toBe("list");
      const items: string[] = [];
      for (let item = list?.firstChild ?? null; item; item = item.next) items.push(textOf(item));
      return items;
    });
    expect(criteriaLists).toEqual(
      FIXTURE.userStories.filter((s) => s.acceptanceCriteria.length > 0).map((s) => s.acceptanceCriteria.map(oneLine)),
    );

    // Nothing from user text became markup: no emphasis, links, images, HTML, code, rules or block quotes, and the
    // only strong text is our own field labels.
    const forbidden = [
      "emph",
      "link",
      "image",
      "html_inline",
      "html_block",
      "code",
      "code_block",
      "thematic_break",
      "block_quote",
    ];
    expect(all.filter((n) => forbidden.includes(n.type)).map((n) => n.type)).toEqual([]);
    const labels = new Set(["Priority:", "Timeline:", "Team:", "Story points:", "Estimated hours:"]);
    expect(all.filter((n) => n.type === "strong").every((n) => labels.has(textOf(n)))).toBe(true);
    expect(all.filter((n) => n.type === "list").length).toBe(
      1 + FIXTURE.userStories.length + FIXTURE.userStories.filter((s) => s.acceptanceCriteria.length > 0).length,
    );
  });

  it("keeps descriptions with newlines as paragraphs of literal text", () => {
    const all = nodes(parse(storiesToMarkdown(FIXTURE)));
    const paragraphs = all.filter((n) => n.type === "paragraph" && n.parent?.type === "document").map(textOf);
    expect(paragraphs).toEqual([
      "Make paying quick. # Not a heading",
      "Second paragraph | with a pipe h1. not a JIRA heading",
      FIXTURE.userStories[0]!.description,
      "- starts like a list ---- bq. quoted?",
      "{noformat}\\escaped\\* C:\\temp",
    ]);
  });

  it("never exports evidence", () => {
    expect(storiesToMarkdown(FIXTURE)).not.toContain("EVIDENCE");
  });

  it("lists the transcript title when it differs from the epic's", () => {
    expect(storiesToMarkdown(FIXTURE, "Sprint *planning*")).toContain("- **Transcript:** Sprint \\*planning\\*\n");
    expect(storiesToMarkdown(FIXTURE, FIXTURE.epic.title)).not.toContain("Transcript:");
    expect(storiesToMarkdown(FIXTURE)).not.toContain("Transcript:");
  });

  it.each([
    HOSTILE,
    "1. looks like an ordered list",
    "2) also a list",
    "- a bullet",
    "+ another",
    "> a quote",
    "=== setext?",
    "    indented code",
    "```fenced```",
    "~~~",
    "&copy; &amp; &#169;",
    "<https://example.com>",
    "![image](x.png)",
    "trailing backslash \\",
    "***",
    "| a | b |",
  ])("escapes %j so it parses back to the same text", (text) => {
    const doc = parse(escapeMarkdown(text));
    const paragraph = doc.firstChild;
    expect(paragraph?.type).toBe("paragraph");
    expect(paragraph?.next).toBeNull();
    expect(textOf(paragraph!)).toBe(text.trim());
    expect(nodes(paragraph!).filter((n) => n.type !== "text" && n.type !== "paragraph")).toEqual([]);
  });

  it("keeps hostile story titles and criteria literal inside headings and list items", () => {
    const stories = {
      ...FIXTURE,
      userStories: [
        { ...FIXTURE.userStories[0]!, title: `- ${HOSTILE}`, acceptanceCriteria: [`1. ${HOSTILE}`, "# x\n## y"] },
      ],
    };
    const all = nodes(parse(storiesToMarkdown(stories)));
    expect(all.filter((n) => n.type === "heading" && n.level === 3).map(textOf)).toEqual([`1. - ${HOSTILE}`]);
    const items = all
      .filter((n) => n.type === "item" && n.parent?.prev?.type === "heading" && n.parent.prev.level === 4)
      .map(textOf);
    expect(items).toEqual([`1. ${HOSTILE}`, "# x ## y"]);
  });
});
