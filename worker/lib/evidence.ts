import AhoCorasick from "modern-ahocorasick";
import type { StoryEvidence } from "../../schema/api/transcripts";

/** A quote as a writer gives it: the text, with its offsets in the transcript when it knows them. */
export type GivenEvidence = Partial<StoryEvidence> & { quote: string };

/**
 * Where each quote first occurs in the transcript (-1: nowhere), in one pass over the transcript for all of them
 * (Aho–Corasick, modern-ahocorasick). Searching quote by quote reads the transcript once per quote, which a caller
 * sending 2,000 quotes against 200,000 characters turns into seconds of work (issue 42). Matches come in order of
 * where they end, so a quote's first match is its first occurrence. A transcript and quotes built to overlap
 * everywhere ("aaaa…" and a, aa, aaa…) could make the matches far outnumber the characters: the scan reads at most
 * one match per character sent (transcript and quotes) and leaves the rest not found. The library matches whole
 * characters as a reader sees them (grapheme clusters), so a quote cannot start inside an accented letter.
 */
export function locateQuotes(transcript: string, quotes: Iterable<string>): Map<string, number> {
  const distinct = [...new Set(quotes)].filter((quote) => quote.length > 0);
  const found = new Map<string, number>();
  if (distinct.length > 0 && transcript.length > 0) {
    let budget = transcript.length + distinct.reduce((sum, quote) => sum + quote.length, 0);
    for (const hit of new AhoCorasick(distinct).iterate(transcript)) {
      if (!found.has(hit.pattern)) {
        found.set(hit.pattern, hit.start);
        if (found.size === distinct.length) break;
      }
      if (--budget <= 0) break;
    }
  }
  for (const quote of distinct) if (!found.has(quote)) found.set(quote, -1);
  return found;
}

/** Whether the quote stands where its offsets say (no search needed). */
const standsAt = (transcript: string, { quote, start, end }: GivenEvidence) =>
  typeof start === "number" && typeof end === "number" && transcript.slice(start, end) === quote;

/** The quotes among `given` whose offsets are missing or wrong, and their trimmed forms: what must be searched for. */
function toSearch(transcript: string, given: Iterable<GivenEvidence>): string[] {
  const out: string[] = [];
  for (const e of given) {
    if (!e.quote || standsAt(transcript, e)) continue;
    out.push(e.quote, e.quote.trim());
  }
  return out;
}

/**
 * Where one quote is: at its offsets when it stands there, else where it (or, since models often pad or trim a quote,
 * its trimmed text) first occurs; null when it is nowhere.
 */
function place(transcript: string, e: GivenEvidence, found: Map<string, number>): StoryEvidence | null {
  if (!e.quote) return null;
  if (standsAt(transcript, e)) return { quote: e.quote, start: e.start!, end: e.start! + e.quote.length };
  const at = found.get(e.quote) ?? -1;
  if (at >= 0) return { quote: e.quote, start: at, end: at + e.quote.length };
  const trimmed = e.quote.trim();
  const trimmedAt = trimmed ? (found.get(trimmed) ?? -1) : -1;
  return trimmedAt >= 0 ? { quote: trimmed, start: trimmedAt, end: trimmedAt + trimmed.length } : null;
}

/**
 * Evidence must be verbatim. A quote whose offsets are right is kept; a quote found elsewhere in the transcript gets
 * its real offsets; anything else (paraphrase, invention) is dropped. Duplicates within a story are removed.
 */
function keepVerbatim(transcript: string, given: readonly GivenEvidence[], found: Map<string, number>) {
  const verified: StoryEvidence[] = [];
  const seen = new Set<string>();
  for (const e of given) {
    const placed = place(transcript, e, found);
    if (!placed || seen.has(`${placed.start}:${placed.end}`)) continue;
    seen.add(`${placed.start}:${placed.end}`);
    verified.push(placed);
  }
  return verified;
}

/** verifyStoriesEvidence for one list of quotes. */
export function verifyEvidence(transcript: string, quotes: readonly GivenEvidence[]): StoryEvidence[] {
  return keepVerbatim(transcript, quotes, locateQuotes(transcript, toSearch(transcript, quotes)));
}

/** Applies the verbatim rule to every story, with one search for all their quotes; returns how many were dropped. */
export function verifyStoriesEvidence<Epic, Story extends { evidence?: readonly GivenEvidence[] }>(
  transcript: string,
  stories: { epic: Epic; userStories: readonly Story[] },
): {
  stories: { epic: Epic; userStories: Array<Omit<Story, "evidence"> & { evidence: StoryEvidence[] }> };
  dropped: number;
} {
  const found = locateQuotes(
    transcript,
    toSearch(
      transcript,
      stories.userStories.flatMap((story) => story.evidence ?? []),
    ),
  );
  let dropped = 0;
  const userStories = stories.userStories.map((story) => {
    const given = story.evidence ?? [];
    const evidence = keepVerbatim(transcript, given, found);
    dropped += given.length - evidence.length;
    return { ...story, evidence };
  });
  return { stories: { ...stories, userStories }, dropped };
}

/** Where a quote an outside writer sent was found, for the answer of POST /api/stories/check. */
export interface LocatedQuote {
  story: number;
  quote: string;
  found: boolean;
  start: number | null;
  end: number | null;
}

/**
 * Gives every quote of the stories its offsets, searching for those sent without them (or with wrong ones), all in
 * one pass. Unlike verifyStoriesEvidence nothing is dropped: a quote that is nowhere keeps its place (and gets
 * offsets 0–0, so the quality gate reports it as not word for word), and each quote is listed with where it was found.
 */
export function locateStoriesEvidence<Story extends { evidence?: readonly GivenEvidence[] }>(
  transcript: string,
  stories: readonly Story[],
): { stories: Array<Omit<Story, "evidence"> & { evidence?: StoryEvidence[] }>; quotes: LocatedQuote[] } {
  const found = locateQuotes(
    transcript,
    toSearch(
      transcript,
      stories.flatMap((story) => story.evidence ?? []),
    ),
  );
  const quotes: LocatedQuote[] = [];
  const located = stories.map((story, index) => {
    if (!story.evidence) return { ...story, evidence: undefined };
    const evidence = story.evidence.map((e) => {
      const placed = place(transcript, e, found);
      quotes.push({
        story: index,
        quote: placed?.quote ?? e.quote,
        found: placed !== null,
        start: placed?.start ?? null,
        end: placed?.end ?? null,
      });
      return placed ?? { quote: e.quote, start: 0, end: 0 };
    });
    return { ...story, evidence };
  });
  return { stories: located, quotes };
}
