import type { GeneratedStories, StoryEvidence } from "../../schema/api/transcripts";

/**
 * Evidence must be verbatim. A quote whose offsets are right is kept; a quote found elsewhere in the transcript gets
 * its real offsets; anything else (paraphrase, invention) is dropped. Duplicates within a story are removed.
 */
export function verifyEvidence(
  transcript: string,
  quotes: ReadonlyArray<Partial<StoryEvidence> & { quote: string }>,
  searched: Map<string, number> = new Map(),
): StoryEvidence[] {
  // A quote is searched for once per call, however many stories repeat it: each search reads the whole transcript.
  const find = (text: string) => {
    let at = searched.get(text);
    if (at === undefined) searched.set(text, (at = transcript.indexOf(text)));
    return at;
  };
  const verified: StoryEvidence[] = [];
  const seen = new Set<string>();
  for (const { quote, start, end } of quotes) {
    if (!quote) continue;
    let at =
      typeof start === "number" && typeof end === "number" && transcript.slice(start, end) === quote
        ? start
        : find(quote);
    if (at < 0) {
      // Models often trim or re-space a quote; try the trimmed text before giving up.
      const trimmed = quote.trim();
      at = trimmed ? find(trimmed) : -1;
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
  const searched = new Map<string, number>();
  const userStories = stories.userStories.map((story) => {
    const given = story.evidence ?? [];
    const evidence = verifyEvidence(transcript, given, searched);
    dropped += given.length - evidence.length;
    return { ...story, evidence };
  });
  return { stories: { ...stories, userStories }, dropped };
}
