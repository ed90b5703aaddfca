import type { GeneratedStories } from "../../../../schema/api/transcripts";
import type { StoryGenerator } from "../types";
import { compose } from "./compose";
import { extract } from "./extract";
import { group } from "./group";
import { stem } from "./lexicon";
import { parseTranscript } from "./normalize";

/** Synchronous core, exported so tests and the quality script can time it without the Promise wrapper. */
export function generateStories(transcript: string, title?: string): GeneratedStories {
  const parsed = parseTranscript(transcript);
  const extraction = extract(parsed);
  const clusters = group(extraction, stem);
  return compose(parsed, extraction, clusters, title);
}

/** The embedded provider: no key, no network, same input gives the same stories. */
export function createLocalGenerator(): StoryGenerator {
  return {
    name: "local",
    async generate({ transcript, title }) {
      return generateStories(transcript, title);
    },
  };
}
