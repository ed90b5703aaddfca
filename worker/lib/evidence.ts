import type { GeneratedStories, StoryEvidence } from "../../schema/api/transcripts";

/**
 * Evidence must be verbatim. A quote whose offsets are right is kept; a quote found elsewhere in the transcript gets
 * its real offsets; anything else (paraphrase, invention) is dropped. Duplicates within a story are removed.
 */
export function verifyEvidence(
  transcript: string,
  quotes: ReadonlyArray<Partial<StoryEvidence> & { quote: string }>,
): StoryEvidence[] {
  const verified: StoryEvidence[] = [];
  const seen = new Set<string>();
  for (const { quote, start, end } of quotes) {
    if (!quote) continue;
    let at =
      typeof start === "number" && typeof end === "number" && transcript.slice(start, end) === quote
        ? start
        : transcript.indexOf(quote);
    if (at < 0) {
      // Models often trim or re-space a quote; try the trimmed text before giving up.
      const trimmed = quote.trim();
      at = trimmed ? transcript.indexOf(trimmed) : -1;
      if (at < 0) continue;
      if (seen.has(`${at}:${trimmed.length}`)) continue;
      seen.add(`${at}:${trimmed.length}`);
      verified.push({ quote: trimmed, start: at, end: at + trimmed.length });
      continue;
    }
    if (seen.has(`${at}:${quote.length}`)) continue;
    seen.add(`${at}:${quote.length}`);
    verified.push({ quote, start: at, end: at + quote.length });
  }
  return verified;
}

/** Applies verifyEvidence to every story; returns the stories and how many quotes were dropped. */
export function verifyStoriesEvidence(transcript: string, stories: GeneratedStories) {
  let dropped = 0;
  const userStories = stories.userStories.map((story) => {
    const given = story.evidence ?? [];
    const evidence = verifyEvidence(transcript, given);
    dropped += given.length - evidence.length;
    return { ...story, evidence };
  });
  return { stories: { ...stories, userStories }, dropped };
}
