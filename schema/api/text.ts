import * as z from "zod";

// The characters refused in text people type. Control characters (U+0000–U+001F) are invisible or break lines,
// and the bidi controls (U+061C, U+200E/F, U+202A–E, U+2066–9) reorder what is displayed, so a name or title
// holding them can look like another one, or read backwards in a list, an export or a JIRA issue.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_REFUSED = /[\u0000-\u001f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// Multi-line text keeps tab, line feed and carriage return; text direction stays free in long text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000e-\u001f]/;
// Page breaks (form feed, vertical tab) come with text copied from PDFs and old documents: they become line breaks.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const PAGE_BREAKS = /[\u000b\u000c]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f]+/g;
const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A name or title on one line, trimmed first (so a pasted trailing newline is not an error). `what` names the field
 * in the message: singleLineText("Titles") refuses with "Titles cannot contain control or text-direction
 * characters." Chain the field's own limits after it.
 */
export function singleLineText(what: string) {
  return z
    .string()
    .trim()
    .refine((text) => !SINGLE_LINE_REFUSED.test(text), `${what} cannot contain control or text-direction characters.`);
}

/** Descriptions and transcripts: line breaks and tabs are kept, page breaks become line breaks, other control characters are refused. */
export function multiLineText(what: string) {
  return z
    .string()
    .overwrite((text) => text.replace(PAGE_BREAKS, "\n"))
    .refine((text) => !MULTI_LINE_REFUSED.test(text), `${what} cannot contain control characters.`);
}

/**
 * Text someone else wrote (a model's answer) made fit for a single-line field: control characters become one space,
 * direction marks are dropped. Typed input is refused instead, so the person sees what was wrong.
 */
export function toSingleLine(text: string): string {
  return text.replace(DIRECTION_MARKS, "").replace(CONTROLS, " ");
}
