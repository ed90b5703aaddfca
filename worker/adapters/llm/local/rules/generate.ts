import type { GeneratedStories } from "../../../../../schema/api/transcripts";
import type { StoryGenerator } from "../../types";
import { analyse, loadLanguage, read } from "../../../../reading";
import { compose, composeStories } from "./stories";

/**
 * Synchronous core, exported so tests and the quality script can time it without the Promise wrapper: the language
 * layer reads the transcript (worker/reading: its sentences, their kinds and the meeting's items), and the asks become
 * stories (./stories).
 */
export function generateEmbedded(transcript: string, title?: string): GeneratedStories {
  return compose(read(analyse(transcript)), title);
}

/** The embedded provider: no key, no network, same input gives the same stories. */
export function createLocalGenerator(): StoryGenerator {
  return {
    name: "local",
    async generate({ transcript, title }) {
      await loadLanguage();
      const reading = read(analyse(transcript));
      const { userStories, epicFor } = composeStories(reading, title);
      return { epic: epicFor(userStories), userStories, epicFor, reading };
    },
  };
}
