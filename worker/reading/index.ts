/**
 * How a meeting is read, one room for the embedded generator, the quality gate and the coverage report (issue 40):
 * a ground floor beside lib/ that imports nothing of the Worker above it, reached only through this file
 * (scripts/eslint.config.js). It holds the language layer (./analyse, ./layout), the lexicon, word-level reading
 * (./words), the reader's sentences (./segments: recap lists cut into their items), the kinds of sentence (./kinds:
 * ask, constraint, rejection, postponement, question, agreement, with an ask's role, capability, reason and
 * condition) and the meeting's items (./items: ask, decision, question, risk, action, rejected, postponed). `read`
 * gives one Reading per request: the embedded generator writes stories only from its asks and decisions, and hands it
 * to the quality gate and the coverage report.
 *
 * The language layer (issue 15): sentences, tokens, Universal POS tags, lemmas, negation
 * and numbers from wink-nlp 2.4.0 with wink-eng-lite-web-model 1.8.1 (both MIT; no eval, no fs: the model is plain
 * CommonJS with JSON data, bundled by wrangler), instead of hand-written language regexes. Format noise
 * (timestamps, cue lines, speaker labels, {annotations}, <v> tags, Markdown, chat headers) is found by ./layout,
 * reported, and kept out of what the library reads; offsets always point into the text as the user sent it.
 *
 * Why wink-nlp over compromise 14.17.0 (measured 2026-11-23 on this 2-core machine, load < 1.5, in workerd via
 * `wrangler dev`; text = the tuning-set fixtures joined; sentences + tokens + POS + lemmas + negation; median of 5
 * runs after one warm-up; first call = fresh isolate):
 *
 *   |                                  | wink-nlp + model      | compromise           | this layer (wink)   |
 *   | 50,000 chars                     | 9 ms                  | 227 ms               | 15–16 ms            |
 *   | 120,000 chars                    | 19–30 ms              | 556 ms               | 33–39 ms            |
 *   | first call (model load), 1 sent. | 51–57 ms              | 27–54 ms             | 55–71 ms            |
 *   | first call on 50,000 chars       | 86–107 ms             | 377 ms               | 86–95 ms            |
 *   | Worker gzip (-9), base 286,432 B | 1,315,787 B (+1.03 MB)| 432,519 B (+146 KB)  | 1,319,505 B         |
 *   | start-up CPU, base ~43–47 ms     | 72 ms lazy, 109 eager | 137 ms (eval parses) | 68 ms (lazy)        |
 *
 * Start-up CPU is `wrangler check startup` (works offline in wrangler 4.164; "Active" time of the local profile,
 * median of 5). compromise alone takes 1.5× the whole 150 ms budget for 50,000 characters, so it is out despite its
 * size; wink's cost is ~1 MB gzip (829 KB of it the core lexicon; the unused NER and sentiment models add ~123 KB
 * gzip and could be aliased away) and ~50 ms once per isolate, which is why the library and its model are imported
 * on first use (`loadLanguage`, ./analyse).
 *
 * Library quirks seen on transcripts: a single line break is not a sentence end (hence one library call per
 * segment: a speaker's turn, bullet or paragraph), negation runs to the end of the sentence ("don't want X {…} ok"
 * flags "ok"), "nobody wants" is not negated, "gonna"/"wanna"/"gotta" are tagged NOUN, "I'm" is one PROPN token,
 * AMI spellings "T_V_" split into T _ V _, "no." at a sentence end is read as an abbreviation, ZWJ emoji split.
 */
export { analyse, loadLanguage, speechText, type Analysis, type Pos, type Sentence, type Token } from "./analyse";
export { type NoiseKind, type NoiseSpan } from "./layout";
export * from "./lexicon";
export { END_POS, isFiller, isKnownRole, isRoleNoun, nounLemma, PARTICLES, speech } from "./words";
export {
  classify,
  sectionContext,
  sentenceNouns,
  type Ask,
  type CapabilityForm,
  type Classified,
  type SectionContext,
  type SentenceKind,
} from "./kinds";
export { itemOf } from "./segments";
export { itemsIn, itemsOf, keyOf, MAX_REFUSALS, read, stem, type Item, type ItemKind, type Reading } from "./items";
