import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { layoutPdf, PDF_LAYOUT, pdfBlocks, renderStoriesPdf, toWinAnsi, type SplitText } from "./pdf";
import { meetingNotes } from "./fields";
import { FIXTURE, FIXTURE_QUALITY, manyStories } from "./test-fixture";

const MM = 72 / 25.4; // PDF points per millimetre
const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

interface Extracted {
  pageCount: number;
  /** Each page's text items joined with spaces, whitespace normalised. */
  pages: string[];
  /** Every text item with its box in mm from the page's left and top edges. */
  items: { text: string; page: number; left: number; right: number; baseline: number }[];
}

async function extract(blob: Blob): Promise<Extracted> {
  const task = getDocument({ data: new Uint8Array(await blob.arrayBuffer()), verbosity: 0 });
  const pdf = await task.promise;
  const pages: string[] = [];
  const items: Extracted["items"] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const texts: string[] = [];
    for (const item of content.items) {
      if (!("str" in item)) continue;
      texts.push(item.str);
      if (item.str.trim() === "") continue;
      const [, , , , x, y] = item.transform as number[];
      items.push({
        text: item.str,
        page: number,
        left: x! / MM,
        right: (x! + item.width) / MM,
        baseline: PDF_LAYOUT.pageHeight - y! / MM,
      });
    }
    pages.push(normalise(texts.join(" ")));
  }
  const pageCount = pdf.numPages;
  await task.destroy();
  return { pageCount, pages, items };
}

describe("renderStoriesPdf", () => {
  it("lists the meeting's decisions and open questions after the stories, only when there are any", async () => {
    const blocks = pdfBlocks(FIXTURE, "Sprint planning", meetingNotes(FIXTURE_QUALITY));
    const headings = blocks.filter((b) => b.size === PDF_LAYOUT.epicSize).map((b) => b.text);
    expect(headings.slice(-2)).toEqual(["Decisions", "Open questions"]);
    const after = (heading: string) => {
      const start = blocks.findIndex((b) => b.text === heading) + 1;
      const end = blocks.findIndex((b, i) => i >= start && !b.bullet);
      return blocks.slice(start, end < 0 ? undefined : end).map((b) => b.text);
    };
    expect(after("Decisions")).toEqual(["We ship saved cards first. (Dana)", "# Refunds go through [Stripe] <only>"]);
    expect(after("Open questions")).toEqual(["Who signs off the *refund* policy? (Priya)"]);
    expect(pdfBlocks(FIXTURE, "Sprint planning", meetingNotes(null))).toEqual(pdfBlocks(FIXTURE, "Sprint planning"));

    const { pages } = await extract(await renderStoriesPdf(FIXTURE, "Sprint planning", meetingNotes(FIXTURE_QUALITY)));
    const text = pages.join(" ");
    expect(text.indexOf("Decisions")).toBeGreaterThan(
      text.indexOf(FIXTURE.userStories[2]!.acceptanceCriteria[0] ?? "3."),
    );
    expect(text).toContain("We ship saved cards first. (Dana)");
    expect(text).toContain("Open questions");
  });

  it("contains the title, the epic, every story title and every criterion", async () => {
    const blob = await renderStoriesPdf(FIXTURE, "Sprint planning");
    expect(blob.type).toBe("application/pdf");
    const { pages, pageCount } = await extract(blob);
    expect(pageCount).toBe(1);
    const text = pages.join(" ");
    expect(text).toContain("Sprint planning");
    expect(text).toContain(normalise(`Epic: ${FIXTURE.epic.title}`));
    expect(text).toContain("Priority: High | Timeline: Q1 2026 | Team: Payments & Risk_team");
    FIXTURE.userStories.forEach((story, index) => {
      expect(text).toContain(normalise(`${index + 1}. ${toWinAnsi(story.title)}`));
      for (const criterion of story.acceptanceCriteria) expect(text).toContain(normalise(criterion));
    });
    expect(text).not.toContain("EVIDENCE");
  });

  it("shows WinAnsi text as is and replaces what the standard fonts cannot show", async () => {
    const { pages } = await extract(await renderStoriesPdf(FIXTURE));
    expect(pages[0]).toContain("User Stories"); // default title
    expect(pages[0]).toContain("3. - Café “quotes” — dash … Lódz ?? ?");
  });

  it("adds pages as content grows and keeps every line inside the margins", async () => {
    const few = await extract(await renderStoriesPdf(manyStories(3)));
    const many = await extract(await renderStoriesPdf(manyStories(40)));
    expect(few.pageCount).toBe(1);
    expect(many.pageCount).toBeGreaterThan(5);
    const text = many.pages.join(" ");
    for (let n = 1; n <= 40; n += 1) {
      expect(text).toContain(`${n}. Story number ${n} about a feature`);
      expect(text).toContain(`Criterion C of story ${n} is met`);
    }
    const { margin, pageWidth, pageHeight } = PDF_LAYOUT;
    for (const item of many.items) {
      expect(item.left).toBeGreaterThanOrEqual(margin - 0.01);
      expect(item.right).toBeLessThanOrEqual(pageWidth - margin + 0.01);
      expect(item.baseline).toBeGreaterThan(margin);
      expect(item.baseline).toBeLessThanOrEqual(pageHeight - margin);
    }
  });

  it("wraps a 300-character word onto several lines within the margins", async () => {
    const word = "x".repeat(300);
    const stories = { ...FIXTURE, userStories: [{ ...FIXTURE.userStories[0]!, description: `Before ${word} after` }] };
    const { items } = await extract(await renderStoriesPdf(stories));
    const pieces = items.filter((item) => /^x+$/.test(item.text) || /x{10}/.test(item.text));
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(
      pieces
        .map((p) => p.text)
        .join("")
        .replace(/[^x]/g, ""),
    ).toHaveLength(300);
    for (const piece of pieces)
      expect(piece.right).toBeLessThanOrEqual(PDF_LAYOUT.pageWidth - PDF_LAYOUT.margin + 0.01);
  });
});

describe("layoutPdf", () => {
  // A fixed-width stand-in for jsPDF's measurement: 2 mm per character.
  const split: SplitText = (text, width) => {
    const perLine = Math.floor(width / 2);
    const lines: string[] = [];
    for (let i = 0; i < text.length; i += perLine) lines.push(text.slice(i, i + perLine));
    return lines.length > 0 ? lines : [""];
  };

  it("breaks pages before a line would cross the bottom margin, never inside a line", () => {
    const { lines, pageCount } = layoutPdf(pdfBlocks(manyStories(40)), split);
    const { margin, lineHeight, pageHeight } = PDF_LAYOUT;
    expect(pageCount).toBe(lines.at(-1)!.page + 1);
    for (const line of lines) {
      expect(line.y).toBeGreaterThanOrEqual(margin);
      expect(line.y + lineHeight).toBeLessThanOrEqual(pageHeight - margin);
    }
    // Headings never end a page: the line after a story heading is on the same page.
    lines.forEach((line, index) => {
      if (line.size === PDF_LAYOUT.storySize) expect(lines[index + 1]!.page).toBe(line.page);
    });
  });

  it("uses the spec's sizes: title 18pt bold, epic 14pt, story headings 12pt, body 10pt", () => {
    const { lines } = layoutPdf(pdfBlocks(FIXTURE, "Title"), split);
    expect(lines[0]).toMatchObject({ text: "Title", size: 18, bold: true, x: 20, y: 20, page: 0 });
    expect(lines.find((l) => l.text.startsWith("Epic: "))).toMatchObject({ size: 14 });
    expect(lines.find((l) => l.text.startsWith("1. 1. Pay"))).toMatchObject({ size: 12 });
    expect(lines.find((l) => l.text.startsWith("Priority: Highest"))).toMatchObject({ size: 10, bold: false });
  });
});

describe("toWinAnsi", () => {
  it.each([
    ["plain ASCII", "plain ASCII"],
    ["Café naïve € “q” ‘s’ – — … • ™", "Café naïve € “q” ‘s’ – — … • ™"],
    ["a → b ≤ c ≥ d − e ‐ f", "a -> b <= c >= d - e - f"],
    ["Łódź Kraków Ő ő", "Lódz Kraków O o"],
    ["zero\u200Bwidth\uFEFF tab\there", "zerowidth tab here"],
    ["Москва 東京 🙂", "?????? ?? ?"],
  ])("%j → %j", (input, output) => {
    expect(toWinAnsi(input)).toBe(output);
  });
});
