/**
 * The coverage report (issue 27): what the meeting asked for, decided, left open, worried about and handed out, each
 * with its verbatim quote, and which stories carry it. It reads the transcript with the embedded generator's own
 * reading of meetings (worker/reading: the language layer, the sentence kinds and the lexicon), but it is recall-first where the generator is precision-first: besides every sentence the grammar
 * classifies as an ask, it lists sentences with weaker signals (a modal or need verb with "it"/"we" as subject, a
 * suggestion, a priority word, a limit, a settled or proposed line of notes), because a missed ask shown to the user
 * costs a glance and a missed ask not shown costs a story. Rejected and postponed things are listed apart, so the
 * user sees what was left out on purpose. It works on any provider's stories: with evidence (offsets into the
 * transcript) and without (their words only).
 *
 * Measured by `npm run eval:stories` on the embedded generator's stories (scripts/eval-stories-coverage.ts defines the
 * figures; rules written reading the tuning set only), 2026-11-27:
 *
 *   |                                                   | tuning set (13) | test set (5)  | target (test) |
 *   | gold requirements the stories miss, listed        | 25/41 (61%)     | 13/27 (48%)   | ≥ 60%         |
 *   | uncovered asks per 1,000 words                    | 6.2             | 7.1           | ≤ 8           |
 *   | uncovered items of any kind per 1,000 words       | 11.8            | 14.6          |               |
 *   | asks covered by the stories                       | 171/403         | 44/101        |               |
 *
 * Speed: what depends only on the transcript (its items, their kinds and keys) is kept for the last few transcripts
 * (`transcriptItems`), so a re-check costs the matching alone. `npm run bench`, 30 stories against 50,000 characters
 * in workerd, whole request, 2026-11-27 on a slow day (the transcripts list answered in 2.4 times its usual time):
 * 32.8 ms median for a re-check, 68.4 ms for the first check of a transcript.
 */
import type { CoverageKind } from "../../../schema/api/quality";
import type { Coverage, CoverageItem } from "../../../schema/api/quality-body";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import {
  analyse,
  type Analysis,
  ESSENTIAL,
  LIMIT_WORDS,
  NEGATORS,
  PAST_AUX,
  RISK_WORDS,
  type Sentence,
  SPOKEN_NEED,
  SPOKEN_OPENERS,
  SUBJECTS,
  type Token,
  classify,
  isFiller,
  isRoleNoun,
  nounLemma,
  sectionContext,
  speech,
  type Classified,
} from "../../reading";
import {
  ASK_MODALS,
  CONDITIONS,
  DECISION_VERBS,
  DESIRE_VERBS,
  FRAME_WORDS,
  LIGHT_VERBS,
  MEETING_OBJECTS,
  MEETING_VERBS,
  NEED_VERBS,
  PRIORITY_HIGH,
  SOFT_MODALS,
} from "../../reading";

// ---------------------------------------------------------------------------------------------------------------------
// Words. Content words are compared as keys: the lemma (nouns singular, verbs in base form, from the language layer)
// with a derivational ending taken off ("notification"/"notify", "approval"/"approve", "expiry"/"expire"), so a story
// that says a thing in another word form still carries it.

const SUFFIXES = [
  "ication",
  "ation",
  "ition",
  "ment",
  "ness",
  "ing",
  "able",
  "ible",
  "ers",
  "er",
  "ed",
  "al",
  "ly",
  "es",
  "s",
  "y",
  "e",
];

/** A lemma without its derivational ending, at least four letters kept; a doubled last consonant made single. */
export function stem(lemma: string): string {
  let w = lemma.toLowerCase().replace(/[’']/g, "").replace(/-/g, "");
  for (const suffix of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Verbs that frame an ask or a meeting ("want", "should have", "talk about") carry nothing of what is asked. */
function isFrameVerb(lemma: string): boolean {
  return (
    NEED_VERBS.has(lemma) ||
    LIGHT_VERBS.has(lemma) ||
    MEETING_VERBS.has(lemma) ||
    lemma === "let" ||
    lemma === "able" ||
    lemma === "make"
  );
}

/** The key of a content word (noun, proper noun, verb, adjective, number), else null. */
function keyOf(t: Token): string | null {
  if (t.noise || isFiller(t) || t.type === "url" || t.type === "email") return null;
  if (t.pos === "NUM") return t.value !== null ? String(t.value) : t.normal;
  if (t.stop) return null;
  if (t.pos === "NOUN" || t.pos === "PROPN") {
    const l = nounLemma(t);
    return l.length > 1 && /\p{L}|\d/u.test(l) ? stem(l) : null;
  }
  if (t.pos === "VERB") {
    const l = t.lemma.toLowerCase();
    return isFrameVerb(l) ? null : stem(l);
  }
  if (t.pos === "ADJ")
    return t.normal.length > 2 && !PRIORITY_HIGH.has(t.normal) && !FRAME_WORDS.has(t.normal) ? stem(t.normal) : null;
  return null;
}

function keysOf(tokens: readonly Token[]): Set<string> {
  const out = new Set<string>();
  for (const t of tokens) {
    const k = keyOf(t);
    if (k) out.add(k);
  }
  return out;
}

/** A noun that names a thing (not a person, not meeting talk): what makes a sentence about the product. */
function isThing(t: Token): boolean {
  return (
    (t.pos === "NOUN" || t.pos === "PROPN") &&
    !t.noise &&
    !t.stop &&
    !isFiller(t) &&
    !isRoleNoun(t) &&
    !MEETING_OBJECTS.has(nounLemma(t)) &&
    /^[\p{L}\d]/u.test(t.text) &&
    t.normal.length > 1
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Kinds. The grammar's classification first (ask, constraint, rejection, postponement, question), then the weaker
// signals below, each in grammar terms (word classes and the lexicon's cue words), never in any meeting's wording.

/**
 * In the past tense: the first verb or auxiliary is a past auxiliary ("was", "did"), or a past form after a pronoun
 * ("we lost …"); a participle before a noun ("saved addresses") is no past tense.
 */
function isPast(toks: readonly Token[]): boolean {
  const i = toks.findIndex((t) => t.pos === "AUX" || t.pos === "VERB");
  const finite = toks[i];
  if (!finite) return false;
  if (PAST_AUX.has(finite.normal)) return true;
  return (
    finite.pos === "VERB" &&
    i > 0 &&
    toks[i - 1]!.pos === "PRON" &&
    finite.normal !== finite.lemma.toLowerCase() &&
    !/(?:s|ing)$/.test(finite.normal)
  );
}

/**
 * Whether what a cue at `i` governs is about the product: the first verb after it (over adverbs, "to", "be able
 * to") is not a verb about the meeting ("we should discuss …", "you have to work on …"), nor a light verb whose object
 * is meeting talk ("let's have a look"); with no verb, a thing noun follows ("we need a X").
 */
function governsProduct(toks: readonly Token[], i: number): boolean {
  for (let j = i + 1; j < Math.min(toks.length, i + 6); j++) {
    const t = toks[j]!;
    if (
      t.pos === "ADV" ||
      t.pos === "PART" ||
      t.normal === "to" ||
      t.normal === "able" ||
      t.normal === "not" ||
      t.normal === "n't" ||
      (t.normal === "be" && toks[j + 1]?.normal === "able")
    )
      continue;
    if (t.pos === "VERB" || t.pos === "AUX") {
      const l = t.lemma.toLowerCase();
      if (l === "be") return true;
      // ("keep" a thing is about the product: "keep the buttons to a minimum")
      if (LIGHT_VERBS.has(l) || l === "keep") {
        const object = toks.slice(j + 1, j + 7).find((x) => x.pos === "NOUN" || x.pos === "PROPN");
        return object !== undefined && isThing(object);
      }
      // ("focus on" a thing sets a priority of the product: "we need to focus on the shape, that it …")
      if (l === "focus" && toks[j + 1]?.normal === "on")
        return (
          toks.slice(j + 2, j + 8).some(isThing) ||
          toks.slice(j + 2, j + 4).some((x) => x.normal === "what" || x.normal === "how")
        );
      return !MEETING_VERBS.has(l);
    }
    return toks.slice(j, j + 4).some(isThing);
  }
  return false;
}

interface Signals {
  ask: boolean;
  decision: boolean;
  action: boolean;
  risk: boolean;
}

/**
 * The weaker signals of a sentence the grammar did not classify as an ask. An ask: a modal of obligation or a need
 * verb governing something about the product (whatever the subject: "it should …", "we have to …"), a hedged frame
 * ("would be good/help"), a suggestion ("we could …"), a priority word ("a must-have", "critical"), a number with a
 * word that bounds it (a limit), or how the product behaves under a condition ("<thing> VERBs … when …"). A
 * decision: a verb of deciding ("we agreed on …"). An action: the speaker's own next step ("I'll …", "let me …"). A
 * risk: a risk word. None in the past tense or about the meeting itself.
 *
 * On the tuning set (worker/test/fixtures/transcripts/split.json), dropping any one of these but the hedged frame lists
 * fewer of the gold requirements the stories miss; the frame is kept because the grammar's own frame rule misses an
 * adverb before the adjective ("would be really handy"). Two signals that listed more items and found nothing the
 * others did not were dropped: "let's" with a verb, and a sentence-initial verb (an instruction). A third, "have to"
 * or "need to" with any subject, was dropped later: of the 30 items it alone listed on the tuning set, one matched a
 * gold requirement (what the grammar leaves of "have to" is mostly "you have to press …", how a thing is used today).
 * Two later signals, each listing one more missed requirement on the tuning set: "focus on" a thing, and the product
 * answering a condition with "it" ("if you press a key, it lights up"). A sentence settled in dialogue (the answer to
 * another speaker's question, a proposal the next speaker takes up and ranks) was tried and left out: on the tuning set
 * it listed 25 more uncovered asks for one more missed requirement, asides and small talk mostly.
 */
function signals(sentence: Sentence): Signals {
  const toks = speech(sentence).filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM" && !isFiller(t));
  const none = { ask: false, decision: false, action: false, risk: false };
  if (toks.length < 3) return none;
  const lemmas = toks.map((t) => t.lemma.toLowerCase());
  const past = isPast(toks);
  let ask = false;
  if (!past) {
    for (let i = 0; i < toks.length && !ask; i++) {
      const t = toks[i]!;
      const l = lemmas[i]!;
      const prev = toks[i - 1];
      const next = toks[i + 1];
      if (t.pos === "AUX" && ASK_MODALS.has(t.normal)) ask = governsProduct(toks, i);
      else if (
        ((NEED_VERBS.has(l) || DESIRE_VERBS.has(l)) && (t.pos === "VERB" || t.pos === "AUX") && !t.negated) ||
        SPOKEN_NEED.has(t.normal)
      )
        ask = governsProduct(toks, i);
      else if (
        (t.normal === "would" || t.normal === "'d") &&
        toks.slice(i + 1, i + 4).some((x) => FRAME_WORDS.has(x.lemma.toLowerCase()))
      )
        ask = true;
      // ("I can / I'd / I will …" is the speaker's own plan or opinion; the ask of a first person is a need verb)
      // ("we can't …" says what is impossible, not what is wanted)
      else if (
        SOFT_MODALS.has(t.normal) &&
        t.pos === "AUX" &&
        prev &&
        SUBJECTS.has(prev.normal) &&
        prev.normal !== "i" &&
        !NEGATORS.has(next?.normal ?? "")
      )
        ask = governsProduct(toks, i);
      // (a priority word itself is no ask: "medium priority" says how much, not that it is wanted; nor a negated one)
      else if (
        (PRIORITY_HIGH.has(t.normal) || ESSENTIAL.has(t.normal)) &&
        t.pos !== "AUX" &&
        t.normal !== "priority" &&
        !t.negated &&
        !toks.slice(Math.max(0, i - 2), i).some((x) => NEGATORS.has(x.normal))
      )
        ask = true;
      else if (t.isNumber && toks.slice(Math.max(0, i - 3), i).some((x) => LIMIT_WORDS.has(x.normal))) ask = true;
    }
    // how the product behaves under a condition: "<thing or people> VERB(s) … when/if …"
    if (!ask && !sentence.isQuestion && toks.some((t) => CONDITIONS.has(t.normal))) {
      ask = toks.some((t, i) => {
        const subject = toks[i - 1];
        const l = t.lemma.toLowerCase();
        const present = t.normal === l || t.normal === `${l}s` || t.normal === `${l}es`;
        // (or "it" with the verb's -s form: "if you press a key, it lights up" is the product answering a condition)
        const itDoes = subject?.normal === "it" && t.normal !== l && /s$/.test(t.normal);
        return (
          t.pos === "VERB" &&
          present &&
          subject !== undefined &&
          (subject.pos === "NOUN" || subject.pos === "PROPN" || itDoes) &&
          !MEETING_VERBS.has(l)
        );
      });
    }
  }
  const decision =
    !sentence.isQuestion &&
    lemmas.some((l, i) => DECISION_VERBS.has(l) && toks[i]!.pos === "VERB" && toks[i + 1]?.normal !== "to");
  // (a risk verb in the past tense tells what went wrong, not what might: "it broke")
  const risk = toks.some(
    (t, i) =>
      (RISK_WORDS.has(lemmas[i]!) || RISK_WORDS.has(t.normal)) &&
      !(t.pos === "VERB" && t.normal !== lemmas[i] && !/(?:s|ing)$/.test(t.normal)),
  );
  return { ask, decision, action: isOwnStep(sentence), risk };
}

/** The speaker's own next step: a clause opening on "I'll / I will / I'm going to / let me" and a verb. */
function isOwnStep(sentence: Sentence): boolean {
  if (sentence.isQuestion) return false;
  const toks = speech(sentence).filter((t) => t.pos !== "PUNCT" && !isFiller(t));
  let i = 0;
  while (
    i < toks.length &&
    (toks[i]!.pos === "CCONJ" || toks[i]!.pos === "INTJ" || SPOKEN_OPENERS.has(toks[i]!.normal))
  )
    i++;
  const [a, b, c] = [toks[i], toks[i + 1], toks[i + 2]];
  if (!a || !b) return false;
  if (a.normal === "let" && b.normal === "me") return true;
  return (
    a.normal === "i" &&
    (b.normal === "will" ||
      (b.normal === "am" && c?.normal === "going") ||
      (b.normal === "'m" && c?.normal === "going"))
  );
}

/** A heading line ("## Open questions", "**Decisions**"): it names a section, it says nothing. */
function isHeading(sentence: Sentence): boolean {
  const words = sentence.words.map((t) => t.normal).join(" ");
  return (
    sentence.section !== null &&
    words ===
      sentence.section
        .replace(/[^\p{L}\p{N}\s'’-]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim()
  );
}

/** A verbless line that opens on "no" or "without" and a noun phrase ("No <thing>"): what notes rule out. */
function isRuledOut(sentence: Sentence): boolean {
  const toks = speech(sentence).filter(
    (t) => t.pos !== "PUNCT" && t.pos !== "SYM" && !isFiller(t) && t.type !== "emoji",
  );
  const [first, second] = toks;
  if (!first || !second || (first.normal !== "no" && first.normal !== "without")) return false;
  // ("no problem", "no issues so far" are pleasantries, not rejections)
  if (RISK_WORDS.has(nounLemma(second))) return false;
  return (
    (second.pos === "NOUN" || second.pos === "ADJ" || second.pos === "PROPN") &&
    !toks.some((t) => t.pos === "VERB" || t.pos === "AUX")
  );
}

/** Whether the sentence names a thing or a person: a sentence of only meeting talk and pronouns is no item. */
function namesSomething(sentence: Sentence): boolean {
  return sentence.tokens.some((t) => isThing(t) || (isRoleNoun(t) && !t.noise));
}

/**
 * What the sentence is for the report, or null when it is none of the kinds. `read` is the grammar's classification,
 * asked for only when the cheap checks pass (most spoken sentences name nothing).
 */
function kindOf(sentence: Sentence, read: () => Classified, named = namesSomething(sentence)): CoverageKind | null {
  if (!named || isHeading(sentence)) return null;
  const classified = read();
  // (a rejection told in the past is a story of what happened, "I forgot, I charged them", unless it was decided)
  const told =
    (classified.kind === "rejection" || classified.kind === "postponement") &&
    isPast(speech(sentence).filter((t) => t.pos !== "PUNCT" && !isFiller(t))) &&
    !sentence.tokens.some((t) => DECISION_VERBS.has(t.lemma.toLowerCase()));
  if (told) return null;
  if (classified.kind === "rejection" || isRuledOut(sentence)) return "rejected";
  if (classified.kind === "postponement") return "postponed";
  const keys = keysOf(speech(sentence)).size;
  if (keys < 2) return null;
  const context = sectionContext(sentence);
  // the speaker's own next step is an action item, even when the grammar reads it as an ask ("let me check …")
  if (context === null && isOwnStep(sentence)) return "action";
  if (classified.kind === "ask" || classified.kind === "constraint") return "ask";
  if (classified.kind === "agreement") return null;
  if (context === "open") return "question";
  if (context === "task") return "action";
  const s = signals(sentence);
  if (context === "decided") return s.ask ? "ask" : "decision";
  if (context === "proposed") return "ask";
  if (sentence.isQuestion) return s.ask || keys >= 3 ? "question" : null;
  if (s.action) return "action";
  if (s.ask) return "ask";
  if (s.decision) return "decision";
  if (s.risk) return "risk";
  return null;
}

// ---------------------------------------------------------------------------------------------------------------------
// Matching an item to the stories.

/**
 * The item's keys: the content words of its whole quote (not only the grammar's capability: a story may carry the
 * thing in its condition or reason words), the meeting's topic words left out when two or more others remain.
 */
function itemKeys(sentence: Sentence, topic: ReadonlySet<string>): Set<string> {
  const all = keysOf(speech(sentence));
  const own = new Set([...all].filter((k) => !topic.has(k)));
  return own.size >= 2 ? own : all;
}

/**
 * A story carries an item when one of its texts (the title with the description, or one criterion) shares at least
 * two of the item's keys and at least half of them (an item of one key: that key), the rule the fixtures' README
 * sets for a story to cover a gold requirement by its keywords. One text, because words scattered over a story's
 * many criteria say nothing together; two keys, because one shared word is often the meeting's subject or a common
 * noun. (On the tuning set, 40% instead of half marked one more missed requirement covered and no more found.)
 */
function carries(item: ReadonlySet<string>, texts: readonly ReadonlySet<string>[]): boolean {
  return texts.some((text) => {
    let shared = 0;
    for (const k of item) if (text.has(k)) shared++;
    if (item.size <= 1) return shared === item.size && shared > 0;
    return shared >= 2 && shared >= Math.ceil(item.size / 2);
  });
}

/**
 * How many quotes whose offsets are wrong one check looks for in the transcript. The generator's and the editor's
 * quotes carry their offsets; only an outside caller's may not, and each search reads the whole transcript, so the
 * number of searches is capped to keep a check linear (issue 39).
 */
const QUOTE_SEARCHES = 100;

/** Where each story's evidence is in the transcript: at its offsets when the quote is there, else where the quote is. */
function evidenceSpans(transcript: string, stories: readonly UserStory[]): [number, number][][] {
  let searches = QUOTE_SEARCHES;
  return stories.map((story) => {
    const spans: [number, number][] = [];
    for (const e of story.evidence ?? []) {
      if (!e.quote) continue;
      if (e.end > e.start && transcript.slice(e.start, e.end) === e.quote) spans.push([e.start, e.end]);
      else if (searches-- > 0) {
        const at = transcript.indexOf(e.quote);
        if (at >= 0) spans.push([at, at + e.quote.length]);
      }
    }
    return spans;
  });
}

const STORY_TEXT = 1_000;
const STORY_BUDGET = 100_000;

/**
 * Each story's texts as keys (the title with the description, then each criterion). All texts are read by the language
 * layer as one line, each closed by a full stop: the library is called once per line, and one call for all is about
 * five times faster than one per text (10,000 characters of 30 stories: ~5 ms against ~23 ms in Node). The line opens
 * with ". " so that no story's first words read as a speaker label. The schema lets 100 stories carry megabytes of
 * text; the first STORY_TEXT characters of each text, and STORY_BUDGET characters in all, are read (what a person or
 * a model writes is far shorter), so a check stays within tens of milliseconds whatever is sent.
 */
function storyKeys(stories: readonly UserStory[]): Set<string>[][] {
  const ranges: [number, number, number][] = [];
  let line = ".";
  stories.forEach((s, story) => {
    for (const raw of [`${s.title}. ${s.description}`, ...s.acceptanceCriteria]) {
      if (line.length >= STORY_BUDGET) return;
      const text = raw.slice(0, STORY_TEXT).replace(/\s+/g, " ").trim();
      if (!text) continue;
      line += " ";
      ranges.push([line.length, line.length + text.length, story]);
      line += /[.!?]$/.test(text) ? text : `${text}.`;
    }
  });
  const out = stories.map(() => [] as Set<string>[]);
  if (ranges.length === 0) return out;
  const sets = ranges.map(() => new Set<string>());
  let r = 0;
  for (const t of analyse(line).tokens) {
    while (r < ranges.length && t.start >= ranges[r]![1]) r++;
    if (r >= ranges.length) break;
    const k = t.start >= ranges[r]![0] ? keyOf(t) : null;
    if (k) sets[r]!.add(k);
  }
  ranges.forEach(([, , story], i) => out[story]!.push(sets[i]!));
  return out;
}

/**
 * What each sentence names (its thing nouns as keys, and whether it names a person) and the meeting's topic: the
 * three thing nouns named in most sentences, if in five or more. Said everywhere, topic words tell no item apart
 * (the embedded generator sets its topic aside the same way, worker/adapters/llm/local/rules/stories.ts).
 */
function readNames(sentences: readonly Sentence[]): { names: boolean[]; topic: Set<string> } {
  const counts = new Map<string, number>();
  const names = sentences.map((s) => {
    const things = new Set<string>();
    let person = false;
    for (const t of s.tokens) {
      if (t.noise || (t.pos !== "NOUN" && t.pos !== "PROPN")) continue;
      if (isThing(t)) things.add(stem(nounLemma(t)));
      else if (isRoleNoun(t)) person = true;
    }
    for (const k of things) counts.set(k, (counts.get(k) ?? 0) + 1);
    return things.size > 0 || person;
  });
  const topic = new Set(
    [...counts]
      .filter(([, c]) => c >= 5)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 3)
      .map(([k]) => k),
  );
  return { names, topic };
}

const SUBJECT_POS = new Set(["PRON", "NOUN", "PROPN", "DET"]);

/**
 * The parts of a long sentence that each say one thing, as sentences of their own (verbatim ranges of the source):
 * spoken sentences and notes run several asks together ("we need X, and we need Y"; "X; Y"; "label: X"), and one
 * item per sentence would mark the second ask covered by a story of the first. Cuts at ";", at a colon, and at a
 * conjunction that opens a new clause (a subject and its verb follow) or follows a comma. A part that is no item on
 * its own stays with its neighbour (see `coverageReport`).
 */
function partsOf(sentence: Sentence): Sentence[] {
  if (sentence.words.length < 10) return [sentence];
  const toks = sentence.tokens;
  const cuts: number[] = [];
  let from = 0;
  const wordsIn = (a: number, b: number) =>
    toks.slice(a, b).filter((t) => !t.noise && t.pos !== "PUNCT" && t.pos !== "SYM").length;
  for (let i = 1; i < toks.length - 1; i++) {
    const t = toks[i]!;
    if (t.noise) continue;
    let cut = false;
    if (t.pos === "PUNCT" && (t.text === ";" || t.text === ":")) cut = true;
    else if (t.pos === "CCONJ") {
      const next = toks.slice(i + 1).find((x) => !x.noise && !isFiller(x));
      const after = toks.slice(i + 1, i + 5).filter((x) => !x.noise && !isFiller(x));
      // a pronoun subject and any verb, or a noun subject and a finite verb ("and the app sends …")
      const pronoun =
        next !== undefined &&
        SUBJECTS.has(next.normal) &&
        after.slice(1, 3).some((x) => x.pos === "AUX" || x.pos === "VERB");
      const clause =
        pronoun ||
        (next !== undefined &&
          SUBJECT_POS.has(next.pos) &&
          after.slice(1, 4).some((x) => x.pos === "AUX" || (x.pos === "VERB" && x.normal !== x.lemma.toLowerCase())));
      cut = clause || toks[i - 1]!.text === ",";
    }
    if (cut && wordsIn(from, i) >= 3 && wordsIn(i + 1, toks.length) >= 3) {
      cuts.push(i);
      from = i + 1;
    }
  }
  if (cuts.length === 0) return [sentence];
  const out: Sentence[] = [];
  let start = 0;
  for (const [n, cut] of [...cuts, toks.length].entries()) {
    let part = toks.slice(start, cut);
    start = cut + 1;
    const edge = (x: Token) => x.noise !== null || x.pos === "PUNCT" || x.pos === "CCONJ" || x.pos === "SYM";
    while (part.length && edge(part[0]!)) part = part.slice(1);
    while (part.length && edge(part[part.length - 1]!) && !/[?!.]/.test(part[part.length - 1]!.text))
      part = part.slice(0, -1);
    if (!part.length) continue;
    const first = part[0]!.start;
    const last = part[part.length - 1]!.end;
    out.push({
      ...sentence,
      start: first,
      end: last,
      text: sentence.text.slice(first - sentence.start, last - sentence.start),
      tokens: part,
      words: part.filter((x) => !x.noise && x.pos !== "PUNCT" && x.pos !== "SYM"),
      isQuestion: n === cuts.length ? sentence.isQuestion : false,
    });
  }
  return out;
}

/** The range [start, end) of `sentence` as a sentence of its own. */
function span(sentence: Sentence, start: number, end: number): Sentence {
  const tokens = sentence.tokens.filter((t) => t.start >= start && t.end <= end);
  return {
    ...sentence,
    start,
    end,
    text: sentence.text.slice(start - sentence.start, end - sentence.start),
    tokens,
    words: tokens.filter((t) => !t.noise && t.pos !== "PUNCT" && t.pos !== "SYM"),
  };
}

/** One item of the transcript before it is matched to stories: `group` numbers the sentence it was cut from. */
interface TranscriptItem {
  kind: CoverageKind;
  start: number;
  end: number;
  speaker: string | null;
  keys: Set<string>;
  group: number;
}

/**
 * The items of a transcript: everything of the report that does not depend on the stories. Kept for the last few
 * transcripts read, by their text: the story editor re-checks the same transcript as the user edits (every pause,
 * web/shared/quality), and a generation checks it once more after its repair round; reading it again each
 * time was most of a check's time (50,000 characters: the language layer's analysis and the grammar over each sentence,
 * against a few milliseconds to match 30 stories). The key is the whole text, so a hit is the same transcript, and
 * what is kept is derived from that text only.
 */
const ITEM_CACHE = new Map<string, TranscriptItem[]>();
const ITEM_CACHE_SIZE = 4;

function transcriptItems(transcript: string, analysis?: Analysis): TranscriptItem[] {
  const cached = ITEM_CACHE.get(transcript);
  if (cached) {
    // most recently used last, so the oldest is the first to go
    ITEM_CACHE.delete(transcript);
    ITEM_CACHE.set(transcript, cached);
    return cached;
  }
  const items = readItems(transcript, analysis && analysis.source === transcript ? analysis : analyse(transcript));
  if (ITEM_CACHE.size >= ITEM_CACHE_SIZE) ITEM_CACHE.delete(ITEM_CACHE.keys().next().value!);
  ITEM_CACHE.set(transcript, items);
  return items;
}

function readItems(transcript: string, reading: Analysis): TranscriptItem[] {
  const sentences = reading.sentences;
  const { names, topic } = readNames(sentences);
  const items: TranscriptItem[] = [];
  sentences.forEach((whole, i) => {
    const following = sentences.slice(i + 1, i + 3);
    const preceding = sentences.slice(Math.max(0, i - 3), i);
    if (!names[i]) return;
    const parts = partsOf(whole).map((part) => ({
      part,
      kind: kindOf(part, () => classify(part, following, preceding), part === whole || undefined),
    }));
    // a part that is no item on its own (a topic before a colon, a reason after a comma) is read with the item after
    // it, or the one before it when it comes last: "<thing> — Sam: must have" is one item, the cut only separates items
    const groups: { part: Sentence; kind: CoverageKind }[] = [];
    let pending: Sentence | null = null;
    for (const { part, kind } of parts) {
      if (!kind) {
        pending = pending ? span(whole, pending.start, part.end) : part;
        continue;
      }
      groups.push({ part: pending ? span(whole, pending.start, part.end) : part, kind });
      pending = null;
    }
    if (pending && groups.length) {
      const last = groups[groups.length - 1]!;
      last.part = span(whole, last.part.start, pending.end);
    }
    for (const { part, kind } of groups) {
      items.push({
        kind,
        start: part.start,
        end: part.end,
        speaker: part.speaker ?? null,
        keys: itemKeys(part, topic),
        group: i,
      });
    }
  });
  return items;
}

/**
 * The coverage report of `stories` against `transcript`. `analysis` is the language layer's reading of the same
 * transcript when the caller has one already (the embedded generator makes one), so it is not read twice.
 */
export function coverageReport(transcript: string, stories: GeneratedStories, analysis?: Analysis): Coverage {
  const storyTexts = storyKeys(stories.userStories);
  const evidence = evidenceSpans(transcript, stories.userStories);
  const items: CoverageItem[] = [];
  let previous: TranscriptItem | null = null;
  for (const found of transcriptItems(transcript, analysis)) {
    const { keys } = found;
    const coveredBy: number[] = [];
    storyTexts.forEach((texts, s) => {
      // evidence counts when the story also says something of the item (a quote of a whole sentence that holds two
      // asks is the evidence of a story about one of them), or when its text was beyond the budget and not read
      const byEvidence =
        evidence[s]!.some(([a, b]) => a < found.end && b > found.start) &&
        (texts.length === 0 || texts.some((text) => [...keys].some((k) => text.has(k))));
      if (byEvidence || carries(keys, texts)) coveredBy.push(s);
    });
    // two parts of one sentence that no story carries are one thing to read: the sentence was cut only to tell a
    // carried part from one that is not
    const prev = previous?.group === found.group ? items[items.length - 1] : undefined;
    previous = found;
    if (prev && prev.kind === found.kind && prev.coveredBy.length === 0 && coveredBy.length === 0) {
      prev.end = found.end;
      prev.quote = transcript.slice(prev.start, prev.end);
      continue;
    }
    const item: CoverageItem = {
      kind: found.kind,
      quote: transcript.slice(found.start, found.end),
      start: found.start,
      end: found.end,
      coveredBy,
    };
    if (found.speaker) item.speaker = found.speaker;
    items.push(item);
  }
  const asks = items.filter((x) => x.kind === "ask");
  return { items, asks: { covered: asks.filter((x) => x.coveredBy.length > 0).length, total: asks.length } };
}
