import { describe, expect, it } from "vitest";
import { escapeJira, storiesToJiraWiki } from "./jira-wiki";
import { FIXTURE, HOSTILE } from "./test-fixture";

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const ENTITIES: Record<string, string> = { "#92": "\\", "#58": ":", "#46": ".", amp: "&" };

/** Characters JIRA reads as markup somewhere in a line. */
const MARKUP = /[-#*_+?^~|%{}[\]()!@\\]/;

/**
 * What JIRA shows for escaped inline text: forced line breaks become newlines, `\X` escapes become X and the
 * entities escapeJira writes become their characters. Fails the test on anything left that JIRA would read as
 * markup, i.e. an unescaped special character.
 */
function shown(escaped: string): string {
  return (
    escaped
      // A paragraph break (two breaks) shares its middle space: give each break its own before splitting.
      .replaceAll(" \\\\ \\\\ ", " \\\\  \\\\ ")
      .split(" \\\\ ")
      .map((part) => {
        let out = "";
        for (let i = 0; i < part.length; i += 1) {
          const c = part[i]!;
          const entity = /^&(#92|#58|#46|amp);/.exec(part.slice(i));
          if (entity) {
            out += ENTITIES[entity[1]!];
            i += entity[0].length - 1;
          } else if (c === "\\") {
            const next = part[i + 1] ?? "";
            expect(MARKUP.test(next) && next !== "\\", `"\\${next}" in ${part}`).toBe(true);
            out += next;
            i += 1;
          } else {
            expect(MARKUP.test(c), `unescaped "${c}" in ${part}`).toBe(false);
            out += c;
          }
        }
        return out;
      })
      .join("\n")
  );
}

/** The document's lines, each split into our markup prefix and the user text after it. */
function lines(wiki: string): { prefix: string; text: string }[] {
  const prefixes = [/^h[1-3]\. (\d+\. )?/, /^\* \*(Priority|Timeline|Team|Story points|Estimated hours):\* /, /^# /];
  return wiki
    .split("\n")
    .filter((line) => line !== "" && line !== "*Acceptance criteria:*" && !/^h2\. User Stories \(\d+\)$/.test(line))
    .map((line) => {
      const prefix = prefixes.map((p) => p.exec(line)?.[0]).find((m) => m !== undefined) ?? "";
      return { prefix, text: line.slice(prefix.length) };
    });
}

describe("storiesToJiraWiki", () => {
  it("renders the golden output", async () => {
    await expect(storiesToJiraWiki(FIXTURE)).toMatchFileSnapshot("./__golden__/stories.jira.txt");
  });

  it("escapes a hostile story title", () => {
    const wiki = storiesToJiraWiki(FIXTURE);
    expect(wiki).toContain("h3. 2. \\{code\\}\\|table\\|\\*bold\\*\\_under\\_\\[link\\]\n");
    expect(wiki).not.toContain("{code}");
    expect(wiki).not.toContain("{noformat}");
  });

  it("leaves no unescaped markup character from user text, and shows it unchanged", () => {
    const shownTexts = lines(storiesToJiraWiki(FIXTURE)).map(({ text }) => shown(text));
    const { epic, userStories } = FIXTURE;
    const expected = [
      epic.title,
      epic.priority,
      epic.timeline,
      epic.team,
      "Make paying quick.\n# Not a heading\n\nSecond paragraph | with a pipe\nh1. not a JIRA heading",
      ...userStories.flatMap((story) => [
        story.title,
        story.priority,
        String(story.storyPoints),
        String(story.estimatedHours),
        ...(story.description ? [story.description.split("\n").map(oneLine).join("\n")] : []),
        ...story.acceptanceCriteria.map(oneLine),
      ]),
    ];
    expect(shownTexts).toEqual(expected);
  });

  it("keeps a description with newlines inside one block", () => {
    const wiki = storiesToJiraWiki(FIXTURE);
    const description = wiki.split("\n").find((line) => line.includes("starts like a list"));
    expect(description).toBe(
      "\\- starts like a list \\\\ \\-\\-\\-\\- \\\\ bq. quoted\\? \\\\ \\\\ \\{noformat\\}&#92;escaped&#92;\\* C:&#92;temp",
    );
    // A block signature at the start of a description line is broken too.
    const epicDescription = storiesToJiraWiki({
      ...FIXTURE,
      epic: { ...FIXTURE.epic, description: "h2. Heading\nbq. quote" },
    });
    expect(epicDescription).toContain("\n\nh2&#46; Heading \\\\ bq. quote\n\n");
    // Only our own lines start blocks: headings, field bullets, criteria items.
    for (const line of wiki.split("\n").filter(Boolean)) {
      expect(line).toMatch(/^(h[1-3]\. |\* \*[A-Z][a-z ]+:\* |# |\*Acceptance criteria:\*$|[^-#*|{h]|h[^1-6])/);
    }
  });

  it("never exports evidence", () => {
    expect(storiesToJiraWiki(FIXTURE)).not.toContain("EVIDENCE");
  });

  it.each([
    HOSTILE,
    "{code}x{code}",
    "{color:red}red{color}",
    "[~mention] [http://x|link] !image.png!",
    "-strike- +under+ ^sup^ ~sub~ ??cite?? {{mono}}",
    "(y) (n) (!) (on) :) :( :P :D ;)",
    "a\\*b and a\\\\c and trailing \\",
    "&copy; &#123; & plain",
    "|| table || header ||",
    "---- -- ---",
    "@user %x%",
  ])("escapes %j and shows it unchanged", (text) => {
    expect(shown(escapeJira(text))).toBe(text);
  });
});
