/**
 * Export file names (docs/product-spec.md §9):
 *
 *   "generator uses the title or 'user-stories' plus the date (YYYY-MM-DD), with suffixes .md, _jira.txt and .pdf
 *    (spaces in the PDF title become underscores). History uses the title in lower-case hyphenated form plus _jira_
 *    and the date, .txt."
 *
 * Our reading:
 * - Generator: base = the transcript title as typed, or `user-stories` when it is blank; then `-`, the local date
 *   and the suffix: `Sprint Planning-2026-11-20.md`, `Sprint Planning-2026-11-20_jira.txt`,
 *   `Sprint_Planning-2026-11-20.pdf`. Only the PDF name turns spaces into underscores; the spec says so for the PDF
 *   alone, so the Markdown and JIRA names keep them. "plus the date" gives no separator; we use `-`.
 * - History: the JIRA text file is `sprint-planning_jira_2026-11-20.txt`: the title lower-cased, every run of
 *   characters other than letters and digits turned into one `-` (no leading or trailing `-`), then `_jira_`, the
 *   date and `.txt`. The spec names no other history file, so history's Markdown and PDF exports use the generator
 *   names (`exportFilename(..., "history")` does that).
 * - Characters no file system accepts (`< > : " / \ | ? *` and control characters) are removed, runs of whitespace
 *   become one space, trailing dots and spaces go (Windows), and the base is cut to 100 characters. A title left
 *   empty by this falls back to `user-stories`.
 * - The date is the caller's `Date` in the local time zone (what the person sees as "today").
 */

export type ExportFormat = "markdown" | "jira" | "pdf";
export type ExportOrigin = "generator" | "history";

export const DEFAULT_FILE_BASE = "user-stories";
const MAX_BASE_LENGTH = 100;

/** MIME types for the downloads. */
export const EXPORT_MIME: Record<ExportFormat, string> = {
  markdown: "text/markdown;charset=utf-8",
  jira: "text/plain;charset=utf-8",
  pdf: "application/pdf",
};

/** YYYY-MM-DD in the local time zone. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A title with the characters file systems reject removed; empty when nothing usable is left. */
export function safeFileBase(title: string | null | undefined): string {
  const cleaned = (title ?? "")
    .replace(/\s+/g, " ")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
  return [...cleaned]
    .slice(0, MAX_BASE_LENGTH)
    .join("")
    .replace(/[. ]+$/, "")
    .replace(/^[. ]+/, "");
}

/** The generator's names: `${base}-${date}.md`, `${base}-${date}_jira.txt`, `${base_with_underscores}-${date}.pdf`. */
export function generatorExportFilename(format: ExportFormat, title: string | null | undefined, date: Date): string {
  const base = safeFileBase(title) || DEFAULT_FILE_BASE;
  const day = localDate(date);
  switch (format) {
    case "markdown":
      return `${base}-${day}.md`;
    case "jira":
      return `${base}-${day}_jira.txt`;
    case "pdf":
      return `${base.replace(/ /g, "_")}-${day}.pdf`;
  }
}

/** The title in lower-case hyphenated form: `Q3 Planning: Payments & Refunds` → `q3-planning-payments-refunds`. */
export function hyphenatedTitle(title: string | null | undefined): string {
  return safeFileBase(title)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** History's JIRA text file: `${hyphenated-title}_jira_${date}.txt`. */
export function historyJiraFilename(title: string | null | undefined, date: Date): string {
  return `${hyphenatedTitle(title) || DEFAULT_FILE_BASE}_jira_${localDate(date)}.txt`;
}

/** The file name for an export from the generator or a history card (see the rules above). */
export function exportFilename(
  format: ExportFormat,
  origin: ExportOrigin,
  title: string | null | undefined,
  date: Date,
): string {
  return origin === "history" && format === "jira"
    ? historyJiraFilename(title, date)
    : generatorExportFilename(format, title, date);
}
