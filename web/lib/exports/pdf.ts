import type { GeneratedStories } from "../../../schema/api/transcripts";
import {
  ACCEPTANCE_CRITERIA,
  DECISIONS,
  DEFAULT_TITLE,
  epicFields,
  noteLine,
  OPEN_QUESTIONS,
  oneLine,
  paragraphs,
  storyFields,
  storyHeading,
  userStoriesHeading,
  type MeetingNotes,
} from "./fields";

/** docs/product-spec.md §9: A4 portrait, margin 20, line height 7 (millimetres), title 18pt bold, epic 14pt, stories 12pt, body 10pt. */
export const PDF_LAYOUT = {
  pageWidth: 210,
  pageHeight: 297,
  margin: 20,
  lineHeight: 7,
  titleSize: 18,
  epicSize: 14,
  storySize: 12,
  bodySize: 10,
  /** Where a bullet's text starts, right of its "-". */
  bulletIndent: 5,
} as const;

/** A run of text to wrap into lines. `gapBefore` is extra space (mm) above it, dropped at the top of a page. */
export interface PdfBlock {
  text: string;
  size: number;
  bold: boolean;
  bullet?: boolean;
  gapBefore?: number;
  /** Headings: moved to the next page rather than left alone at the bottom of one. */
  keepWithNext?: boolean;
}

/** One wrapped line, placed: `y` is the top of its line box, in mm from the top of page `page` (0-based). */
export interface PdfLine {
  text: string;
  size: number;
  bold: boolean;
  page: number;
  x: number;
  y: number;
}

/** Wraps text to lines no wider than `width` mm in the given font size and weight (jsPDF's splitTextToSize). */
export type SplitText = (text: string, width: number, size: number, bold: boolean) => string[];

/**
 * What the PDF says, in order, with the same wording as the other exports (fields.ts): then the meeting's decisions
 * and open questions, each section only when it has items. Pure.
 */
export function pdfBlocks(stories: GeneratedStories, title?: string | null, notes?: MeetingNotes): PdfBlock[] {
  const { epic, userStories } = stories;
  const { titleSize, epicSize, storySize, bodySize } = PDF_LAYOUT;
  const body = (text: string, extra: Partial<PdfBlock> = {}): PdfBlock => ({
    text,
    size: bodySize,
    bold: false,
    ...extra,
  });
  const facts = (fields: { label: string; value: string }[]) =>
    fields.map((f) => `${f.label}: ${oneLine(f.value)}`).join(" | ");
  // A description keeps its lines; paragraphs get a little space between them.
  const description = (text: string) =>
    paragraphs(text).flatMap((lines, p) => lines.map((line, l) => body(line, { gapBefore: p > 0 && l === 0 ? 2 : 0 })));

  const blocks: PdfBlock[] = [
    { text: oneLine(title ?? "") || DEFAULT_TITLE, size: titleSize, bold: true },
    { text: `Epic: ${oneLine(epic.title)}`, size: epicSize, bold: true, gapBefore: 3, keepWithNext: true },
    body(facts(epicFields(epic))),
    ...description(epic.description),
    { text: userStoriesHeading(userStories.length), size: epicSize, bold: true, gapBefore: 5, keepWithNext: true },
  ];
  userStories.forEach((story, index) => {
    blocks.push(
      { text: storyHeading(story, index + 1), size: storySize, bold: true, gapBefore: 4, keepWithNext: true },
      body(facts(storyFields(story))),
      ...description(story.description),
    );
    const criteria = story.acceptanceCriteria.map(oneLine).filter((criterion) => criterion.length > 0);
    if (criteria.length > 0) {
      blocks.push(body(`${ACCEPTANCE_CRITERIA}:`, { bold: true, gapBefore: 2, keepWithNext: true }));
      for (const criterion of criteria) blocks.push(body(criterion, { bullet: true }));
    }
  });
  for (const [heading, list] of [
    [DECISIONS, notes?.decisions ?? []],
    [OPEN_QUESTIONS, notes?.questions ?? []],
  ] as const) {
    if (list.length === 0) continue;
    blocks.push({ text: heading, size: epicSize, bold: true, gapBefore: 5, keepWithNext: true });
    for (const note of list) blocks.push(body(noteLine(note), { bullet: true }));
  }
  return blocks.map((block) => ({ ...block, text: toWinAnsi(block.text) }));
}

/**
 * Wraps and paginates blocks. Pure apart from `split`. Every line is checked against the bottom margin before it is
 * placed, so no line is ever cut across pages, and a heading that would end a page moves to the next one.
 */
export function layoutPdf(blocks: PdfBlock[], split: SplitText): { lines: PdfLine[]; pageCount: number } {
  const { pageWidth, pageHeight, margin, lineHeight, bulletIndent } = PDF_LAYOUT;
  const contentWidth = pageWidth - 2 * margin;
  const bottom = pageHeight - margin;
  const lines: PdfLine[] = [];
  let page = 0;
  let y = margin;

  for (const block of blocks) {
    if (y > margin) y += block.gapBefore ?? 0;
    const x = margin + (block.bullet ? bulletIndent : 0);
    const wrapped = split(block.text, contentWidth - (x - margin), block.size, block.bold);
    wrapped.forEach((text, index) => {
      const needed = index === 0 && block.keepWithNext ? 2 * lineHeight : lineHeight;
      if (y + needed > bottom && y > margin) {
        page += 1;
        y = margin;
      }
      if (index === 0 && block.bullet)
        lines.push({ text: "-", size: block.size, bold: block.bold, page, x: margin, y });
      lines.push({ text, size: block.size, bold: block.bold, page, x, y });
      y += lineHeight;
    });
  }
  return { lines, pageCount: page + 1 };
}

/**
 * The epic and its stories as an A4 PDF. jsPDF (about 250 KiB gzipped) is imported here, on demand, so it stays out
 * of the initial bundle.
 */
export async function renderStoriesPdf(
  stories: GeneratedStories,
  title?: string | null,
  notes?: MeetingNotes,
): Promise<Blob> {
  const { jsPDF } = await import("jspdf");
  const doc = new jsPDF({ orientation: "portrait", unit: "mm", format: "a4" });
  const documentTitle = toWinAnsi(oneLine(title ?? "") || DEFAULT_TITLE);
  doc.setProperties({ title: documentTitle, creator: "StoryLoom" });
  const applyFont = (size: number, bold: boolean) => {
    doc.setFont("helvetica", bold ? "bold" : "normal");
    doc.setFontSize(size);
  };
  const split: SplitText = (text, width, size, bold) => {
    applyFont(size, bold);
    return doc.splitTextToSize(text, width) as string[];
  };

  const { lines, pageCount } = layoutPdf(pdfBlocks(stories, title, notes), split);
  for (let page = 1; page < pageCount; page += 1) doc.addPage("a4", "portrait");
  for (const line of lines) {
    doc.setPage(line.page + 1);
    applyFont(line.size, line.bold);
    doc.text(line.text, line.x, line.y, { baseline: "top" });
  }
  return new Blob([doc.output("arraybuffer")], { type: "application/pdf" });
}

// ---------------------------------------------------------------------------------------------------------------
// Characters. jsPDF's built-in fonts (Helvetica here) are the PDF standard 14 fonts, which only cover WinAnsi
// (Windows-1252: ASCII, Latin-1 and a few extras such as € “ ” ‘ ’ – — … • ™). A single character outside it makes
// jsPDF write the whole line in a two-byte encoding those fonts cannot show, i.e. garbage. So every string goes
// through toWinAnsi: WinAnsi characters are kept, common punctuation and symbols are transliterated to ASCII,
// accented letters outside WinAnsi lose their accents (ő → o), and anything else (Cyrillic, Greek, CJK, emoji…)
// becomes '?'. Known limitation: non-Latin scripts are not readable in the PDF; showing them would need an embedded
// Unicode TTF font (hundreds of KiB to several MiB per script), which the spec does not ask for.
// ---------------------------------------------------------------------------------------------------------------

/** The Windows-1252 characters in 0x80–0x9F; with printable ASCII and 0xA0–0xFF they are all WinAnsi can show. */
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

const TRANSLITERATIONS: Record<string, string> = {
  "\u2010": "-", // hyphen
  "\u2011": "-", // non-breaking hyphen
  "\u2012": "-", // figure dash
  "\u2015": "-", // horizontal bar
  "\u2212": "-", // minus sign
  "\u2043": "-", // hyphen bullet
  "\u201B": "'",
  "\u2032": "'", // prime
  "\u201F": '"',
  "\u2033": '"', // double prime
  "\u2023": "-",
  "\u25E6": "-",
  "\u25AA": "-",
  "\u25CF": "-",
  "\u2219": "-",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2194": "<->",
  "\u21D2": "=>",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u2713": "v",
  "\u2714": "v",
  "\u2717": "x",
  "\u2718": "x",
  "\u0141": "L",
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u0131": "i",
  "\u0127": "h",
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

/** Text the PDF's standard fonts can show (see above). Exported for tests. */
export function toWinAnsi(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (isWinAnsi(char)) out += char;
    else if (char in TRANSLITERATIONS) out += TRANSLITERATIONS[char];
    else if (/[\t\n\r\u2000-\u200A\u202F\u205F\u3000]/u.test(char)) out += " ";
    else if (/[\p{Cc}\p{Cf}]/u.test(char))
      continue; // control and format characters (zero-width spaces, BOM…)
    else {
      const folded = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += folded.length > 0 && [...folded].every(isWinAnsi) ? folded : "?";
    }
  }
  return out;
}
