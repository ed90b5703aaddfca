// What the trackers whose texts are Markdown (GitHub Issues, Linear) share for the review before an export (issue 41):
// a description read as plain text for matching, and the test for the marker an "Add to" writes.
import { BACKLOG_TEXT } from "./index";

/** The visible last line of what "Add to" appends, naming the note's marker: `Added by StoryLoom (storyloom-…)`. */
export const ADDED_BY = "Added by StoryLoom";

/** Cut to at most `max` UTF-16 units without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A description in Markdown (GitHub-flavoured, with HTML; Linear's) as plain text for matching: no comments (the export's marker
 * among them), tags, link targets, headings, list and quote markers, emphasis, code fences or table rules; entities
 * decoded; blank lines kept between paragraphs; at most `max` characters.
 */
export function markdownText(markdown: string | null | undefined, max = BACKLOG_TEXT): string {
  const escaped: string[] = [];
  let text = (markdown ?? "")
    .replace(/\r\n?/g, "\n")
    // A backslash-escaped character is text: set aside, so no rule below takes it for markup.
    .replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => `\ue000${escaped.push(c) - 1}\ue001`)
    .replace(/<!--[\s\S]*?(?:--!?>|$)/g, " ")
    .replace(/<((?:https?|mailto):[^>\s]+)>/gi, "$1")
    .replace(/<\/?[a-z][^>\n]*>/gi, " ")
    .replace(/!\[([^\]\n]*)\]\([^)\n]*\)/g, "$1")
    .replace(/\[([^\]\n]+)\](?:\([^)\n]*\)|\[[^\]\n]*\])/g, "$1");
  text = text
    .split("\n")
    .flatMap((line) => {
      // Lines that are only markup (code fences, link definitions, rules, a table's rule) go, gaps and all.
      if (/^ {0,3}(?:```|~~~)/.test(line)) return [];
      if (/^ {0,3}\[[^\]]+\]:\s*\S+/.test(line)) return [];
      if (/^ {0,3}(?:[-*_][ \t]*){3,}$/.test(line)) return [];
      if (/^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$/.test(line)) return [];
      let rest = line
        .replace(/^ {0,3}(?:>[ \t]?)+/, "")
        .replace(/^\s*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/, "")
        .replace(/^ {0,3}#{1,6}(?:[ \t]+|$)/, "")
        .replace(/^ {0,3}(?:=+|-+)[ \t]*$/, "");
      if (/^\s*\|/.test(rest)) rest = rest.replace(/\|/g, " ");
      return [rest];
    })
    .join("\n")
    .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/g, "$1$2")
    .replace(/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/g, "$1$2")
    .replace(/~~(?=\S)([^~\n]*?\S)~~/g, "$1")
    .replace(/(`+)([^`\n]+?)\1/g, "$2");
  text = decodeEntities(text)
    .replace(/\ue000(\d+)\ue001/g, (_, i: string) => escaped[Number(i)] ?? "")
    .replace(/\u200b|\u200c|\u200d|\ufeff/g, "")
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return cut(text, max).trimEnd();
}

/** True when `text` holds `marker` as a whole token (so `storyloom-…-1` is not found in `storyloom-…-12`). */
export function hasMarker(text: string | null | undefined, marker: string): boolean {
  if (!marker) return false;
  const escaped = marker.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(text ?? "");
}
