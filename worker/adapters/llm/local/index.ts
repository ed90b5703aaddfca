/**
 * The embedded story generator (no key, no network): the reading layer (worker/reading, wink-nlp) reads the transcript,
 * its sentence kinds (worker/reading/kinds.ts) say what each sentence does, and ./rules/stories writes the asks as an
 * epic and user stories. Issue 15 rebuilt it from ~280 phrase regexes to parts of speech, one lexicon and one weight table.
 */
export { createLocalGenerator, generateEmbedded } from "./rules/generate";
