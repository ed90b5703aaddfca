/**
 * From the classified sentences of a meeting to an epic and its user stories (issue 15): asks about the same thing
 * become one story; later sentences with details on the same nouns add criteria; rejected and postponed things are
 * left out; every text is built from what was said (no template criterion or benefit).
 */
import type { EpicWriter } from "../../types";
import { hoursRangeFor, isOnScale } from "../../../../../schema/api/sizing";
import {
  STORY_LIMITS,
  type GeneratedStories,
  type StoryEvidence,
  type StoryPriority,
  type UserStory,
} from "../../../../../schema/api/transcripts";
import {
  classify,
  END_POS,
  isFiller,
  isKnownRole,
  isRoleNoun,
  nounLemma,
  PARTICLES,
  sentenceNouns,
  speech,
  type Ask,
  itemOf,
  itemsIn,
  type Analysis,
  type Reading,
  type Sentence,
  type Token,
} from "../../../../reading";
import {
  CONDITIONS,
  MEETING_OBJECTS,
  MEETING_VERBS,
  SECTION_NOT,
  EFFORT_CUES,
  EFFORT_UNITS,
  GENERIC_ROLES,
  HESITATIONS,
  INTEGRATION_WORDS,
  MAX_REFUSALS,
  NEED_VERBS,
  POSSESSIVES,
  PRIORITY_HIGH,
  PRIORITY_LOW,
  SIZES,
  TAG_WORDS,
  TIME_BOUNDS,
} from "../../../../reading";

/** How many sentences after an ask may add details to its story (keeps the pass linear). */
const DETAIL_WINDOW = 16;
/**
 * How many sentences before a verdict ("X, high") are searched for what it recaps. A recap names things said in the
 * same stretch of the meeting; the bound keeps the pass linear in the transcript (a pasted list of thousands of
 * verdicts once meant a search of the whole meeting for each).
 */
const VERDICT_LOOKBACK = 200;
const TITLE_WORDS = 12;
const CRITERIA_MAX = 8;
/** A sentence opening with one of these asks rather than tells, even unpunctuated ("what about …"). */
const WH_OPENERS = new Set([
  "what",
  "which",
  "who",
  "whom",
  "whose",
  "where",
  "when",
  "why",
  "how",
  "is",
  "are",
  "do",
  "does",
  "did",
  "can",
  "could",
  "should",
  "would",
  "will",
]);
/** How many of a long meeting's most frequent nouns count as what it is about. */
const MAIN_NOUNS = 25;

interface Story {
  asks: Ask[];
  role: string;
  nouns: Set<string>;
  keys: Set<string>;
  criteria: string[];
  details: Sentence[];
  constraints: string[];
  sizing: Sentence[];
}

function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

function plural(role: string): string {
  if (/(?:s|x|ch|sh)$/.test(role)) return `${role}es`;
  if (/[^aeiou]y$/.test(role)) return `${role.slice(0, -1)}ies`;
  if (/(?:^|\s)(?:staff|people|support|finance|personnel|crew)$/.test(role)) return role;
  if (role.endsWith("person")) return `${role.slice(0, -6)}people`;
  if (role.endsWith("child")) return `${role}ren`;
  return `${role}s`;
}

function article(role: string): string {
  return /^[aeiou]/i.test(role) && !/^(?:user|uni|eu)/i.test(role) ? "an" : "a";
}

/** Joins tokens as text: one space where the source had any, none before closing punctuation, "T_V_" → "TV". */
function join(toks: readonly Token[]): string {
  let out = "";
  let prev: Token | null = null;
  for (const t of toks) {
    if (t.text === "_") continue;
    // a hyphen or slash written inside a word ("break-glass", "and/or") stays joined
    const glued =
      prev !== null &&
      (t.text === "-" || t.text === "/" || prev.text === "-" || prev.text === "/") &&
      t.start === prev.end;
    if (
      prev &&
      !glued &&
      !(t.pos === "PUNCT" && /^[.,!?;:…)%]/.test(t.text)) &&
      !(prev.text.length === 1 && /[A-Z]/.test(prev.text) && /^[A-Z]$/.test(t.text)) &&
      !/^['’]/.test(t.text) &&
      t.normal !== "n't" &&
      t.text !== "n't"
    )
      out += " ";
    out += t.text;
    prev = t;
  }
  return out.replace(/\s+/g, " ").trim();
}

const RESTARTED = new Set(["a", "an", "the", "some", "any"]);

/** Drops fillers and stutters ("the the") from a run of tokens. */
function clean(toks: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (isFiller(t)) continue;
    if (t.normal === "you" && toks[i + 1]?.normal === "know") {
      i++;
      continue;
    }
    const prev = out[out.length - 1];
    if (prev && prev.normal === t.normal && t.pos !== "NUM") continue;
    // a restarted article ("a an income group", "some a lot of"): the second one is what was meant
    if (prev && prev.pos === "DET" && t.pos === "DET" && RESTARTED.has(prev.normal) && RESTARTED.has(t.normal))
      out.pop();
    out.push(t);
  }
  return out;
}

/** Trims words a phrase may not end on (articles, prepositions, pronouns, auxiliaries, conjunctions, spoken tags). */
function trimEnd(toks: Token[]): Token[] {
  const out = [...toks];
  while (out.length > 1) {
    const last = out[out.length - 1]!;
    const dangling =
      (END_POS.has(last.pos) &&
        !(last.pos === "ADP" && PARTICLES.has(last.normal) && out[out.length - 2]?.pos === "VERB")) ||
      last.normal === "to" ||
      NEED_VERBS.has(last.lemma) ||
      (last.pos === "ADV" && out.length > 3) ||
      TAG_WORDS.has(last.normal) ||
      last.text === "_";
    const pronounObject =
      last.pos === "PRON" &&
      ["it", "them", "this", "that", "these", "those", "one"].includes(last.normal) &&
      out.length > 2 &&
      out[out.length - 2]!.pos === "VERB";
    if (!dangling || pronounObject) break;
    out.pop();
  }
  return out;
}

/** The capability as words for a title or a criterion: lemma of its first verb, possessives made plain. */
function capabilityText(ask: Ask, max: number, keepArticle = false, inflected = false): string {
  const toks = clean(ask.capability).filter(
    (t) => t.pos !== "PUNCT" || t.text === "-" || t.text === "/" || t.text === ",",
  );
  const cut = trimEnd(toks.slice(0, max));
  const kept: Token[] = [];
  cut.forEach((t, i) => {
    let text: string;
    // a passive keeps its participle ("is archived"); a verb form starts on its base form
    if (i === 0 && ask.form !== "noun" && ask.form !== "passive" && !(inflected && ask.present))
      text = t.lemma.toLowerCase() === "be" ? t.normal : t.lemma.toLowerCase();
    else if (i === 0 && ask.form === "noun" && t.pos === "DET" && !keepArticle) return;
    else if (POSSESSIVES.has(t.normal) && t.pos !== "NOUN" && cut[i + 1]?.normal !== "own") {
      if (i === 1 && ask.form === "verb") return;
      text = "the";
    } else text = keepCase(t, ask.sentence) ? t.text : t.text.toLowerCase();
    kept.push({ ...t, text });
  });
  return join(kept).replace(/\s+/g, " ");
}

function keepCase(t: Token, sentence: Sentence): boolean {
  return /[A-Z].*[A-Z]/.test(t.text) || t.text === "I" || (t.pos === "PROPN" && t.start !== sentence.words[0]?.start);
}

function subjectText(ask: Ask): string {
  return join(
    clean(ask.subject).map((t) => ({
      ...t,
      text: POSSESSIVES.has(t.normal) ? "the" : keepCase(t, ask.sentence) ? t.text : t.text.toLowerCase(),
    })),
  );
}

/** Plurals that do not end in "s". */
const IRREGULAR_PLURALS = new Set([
  "people",
  "children",
  "men",
  "women",
  "staff",
  "data",
  "media",
  "criteria",
  "police",
]);

/**
 * Whether the thing an ask is said of is plural: its head noun is not its own lemma and looks plural ("reminders",
 * "people"); the lemma alone is not enough ("app" lemmatises to a longer word).
 */
function isPluralSubject(ask: Ask): boolean {
  const head = ask.subject[ask.subject.length - 1];
  return (
    head !== undefined &&
    head.normal !== nounLemma(head) &&
    (/[^s]s$/.test(head.normal) || IRREGULAR_PLURALS.has(head.normal))
  );
}

/** The base verb of a regular participle read as an adjective ("disabled" → "disable", "locked" → "lock"), else null. */
function participleBase(word: string): string | null {
  if (!/^[a-z]{4,}ed$/.test(word)) return null;
  const stem = word.slice(0, -2);
  if (/ck$|[^aeiou][^aeiou]$/.test(stem) && !/([b-df-hj-np-tv-z])\1$/.test(stem))
    return /[bcdfgkpt]l$|[^aeiou]at$|iz$/.test(stem) ? `${stem}e` : stem;
  if (/([b-df-hj-np-tv-z])\1$/.test(stem)) return stem.slice(0, -1);
  // a vowel and a consonant that an "-e" ends ("archived", "shared", "paused", "required", "activated")
  if (/[aeiou](?:v|z|s|c|g|r|d|at|it)$/.test(stem) && !/(?:ea|ee|oo|ai|oi|ou|er|en|it)[a-z]?$/.test(stem.slice(-3)))
    return `${stem}e`;
  return null;
}

function title(ask: Ask): string {
  const cap = capabilityText(ask, TITLE_WORDS, false, true);
  if (ask.form === "thing") {
    // the behaviour itself, not the spoken modal: "the reminder has to go out …" → "Reminder goes out …" (a negated
    // modal stays: "must not" is the rule)
    const subject = subjectText(ask).replace(/^(?:the|a|an)\s+/i, "");
    const [verb, ...rest] = cap.split(" ");
    const negated =
      ask.kind === "constraint" ||
      ask.modal.some((t) => t.normal === "not" || t.normal === "n't" || t.normal === "never");
    if (!negated && !ask.present && verb && /^[a-z]+$/.test(verb))
      return capitalise(
        `${subject} ${isPluralSubject(ask) ? (verb === "be" ? "are" : verb) : thirdPerson(verb)} ${rest.join(" ")}`
          .replace(/\s+/g, " ")
          .trim(),
      );
    return capitalise(
      `${subjectText(ask)} ${join(ask.modal.map((t) => ({ ...t, text: t.normal })))} ${cap}`.replace(/\s+/g, " "),
    );
  }
  if (ask.form === "passive") {
    const head = ask.capability[0]!;
    const rest = capabilityText({ ...ask, capability: ask.capability.slice(1) }, TITLE_WORDS - 3);
    const subject = subjectText(ask);
    // an adjective that is a participle ("disabled") gives its verb back ("disable X"), else "make X <adjective>"
    const verb = head.pos === "ADJ" ? participleBase(head.normal) : head.lemma.toLowerCase();
    return capitalise(verb ? `${verb} ${subject} ${rest}`.trim() : `make ${subject} ${head.normal} ${rest}`.trim());
  }
  return capitalise(cap);
}

/**
 * A rule said with a negated modal, as what is wanted: "the receipt can never show the card number" → "the receipt
 * never to show the card number" (after "I want"), so the description keeps the negation instead of reading as
 * "I want the receipt can never show …". Null when the capability is not one.
 */
function negatedRule(ask: Ask): string | null {
  const toks = clean(ask.capability).filter((t) => t.pos !== "PUNCT" || t.text === ",");
  const k = toks.findIndex(
    (t, i) =>
      t.pos === "AUX" &&
      /^(?:can|could|must|should|will|would|may)$/.test(t.normal) &&
      /^(?:never|not|n't)$/.test(toks[i + 1]?.normal ?? ""),
  );
  if (k < 1) return null;
  const rest = toks.slice(k + 2);
  if (!rest.length || rest[0]!.pos !== "VERB") return null;
  const negation = toks[k + 1]!.normal === "never" ? "never" : "not";
  const subject = toks
    .slice(0, k)
    .map((t) => ({ ...t, text: keepCase(t, ask.sentence) ? t.text : t.text.toLowerCase() }));
  const verb = { ...rest[0]!, text: rest[0]!.lemma.toLowerCase() };
  return `${join(subject)} ${negation} to ${join([verb, ...rest.slice(1).map((t) => ({ ...t, text: keepCase(t, ask.sentence) ? t.text : t.text.toLowerCase() }))])}`;
}

/** Endings of nouns that name an activity or a quality, said without an article ("retention", "enforcement"). */
const MASS_ENDINGS = /(?:ment|tion|sion|ness|ity|ance|ence|ing|ware|age)$/;

/**
 * A noun phrase said in a note without its article ("walk report", "free meet & greet", "audit log of admin
 * actions"), with "a" or "an" before it when its head is a singular count noun, so "I want …" reads as a sentence.
 * A plural, a name, a number, a determiner or a mass noun ("retention") stays as said.
 */
function withArticle(text: string, capability: readonly Token[]): string {
  const toks = clean(capability).filter((t) => t.pos !== "PUNCT" || t.text === "&" || t.text === "-");
  const first = toks[0];
  if (!first || !(first.pos === "NOUN" || first.pos === "ADJ") || POSSESSIVES.has(first.normal) || first.isNumber)
    return text;
  let head: Token | undefined;
  for (const t of toks) {
    if (t.pos === "NOUN" || t.pos === "PROPN") head = t;
    else if (!(t.pos === "ADJ" || t.text === "&" || t.text === "-" || t.pos === "CCONJ")) break;
  }
  if (
    !head ||
    head.pos !== "NOUN" ||
    head.normal !== nounLemma(head) ||
    /s$/.test(head.normal) ||
    MASS_ENDINGS.test(head.normal)
  )
    return text;
  return `${/^[aeiou]/i.test(text) && !/^(?:u[nst]i|eu|one)/i.test(text) ? "an" : "a"} ${text}`;
}

/** A verb's base form in the third person singular present: "go" → "goes", "work" → "works", "be" → "is". */
function thirdPerson(verb: string): string {
  if (verb === "be") return "is";
  if (verb === "have") return "has";
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function statement(ask: Ask, role: string): string {
  const cap = capabilityText(ask, 20, true);
  if (ask.form === "passive") {
    const be = isPluralSubject(ask) ? "are" : "is";
    return `${capitalise(subjectText(ask))} ${ask.kind === "constraint" ? `${be} not` : be} ${cap}.`;
  }
  if (ask.form === "thing" && ask.present)
    return `${capitalise(subjectText(ask))} ${capabilityText(ask, 20, true, true)}.`;
  // (in a specification's words: what a thing has to do, it must do)
  if (ask.form === "thing") {
    const modal = join(ask.modal.map((t) => ({ ...t, text: t.normal })));
    const spoken = OBLIGATION.has(ask.modal[0]?.normal ?? "") && !/\b(?:not|n't|never)\b/.test(modal);
    return `${capitalise(subjectText(ask))} ${ask.kind === "constraint" ? "must not" : spoken ? "must" : modal} ${cap}.`.replace(
      /\s+/g,
      " ",
    );
  }
  // a settled line's noun phrase may carry its own verb ("each interval has a status …"): it is a statement already
  if (
    ask.form === "noun" &&
    ask.kind !== "constraint" &&
    ask.capability.some(
      (t) =>
        t.pos === "AUX" || (t.pos === "VERB" && t.normal !== t.lemma.toLowerCase() && !/(?:ed|ing)$/.test(t.normal)),
    )
  )
    return `${capitalise(cap)}.`;
  if (ask.form === "noun")
    return ask.kind === "constraint" ? `No ${capabilityText(ask, 20)}.` : `${capitalise(plural(role))} have ${cap}.`;
  return `${capitalise(plural(role))} ${ask.kind === "constraint" ? "must not" : "can"} ${cap}.`;
}

/** Words of a speaker's stance that open or close a rule and are not part of it ("I think", "let's say", "I'd say"). */
const STANCE: readonly (readonly string[])[] = [
  ["let", "us", "say"],
  ["let", "'s", "say"],
  ["i", "'d", "say"],
  ["i", "would", "say"],
  ["i", "think"],
  ["i", "guess"],
  ["i", "reckon"],
  ["i", "suppose"],
  ["you", "'re", "right"],
  ["if", "you", "can"],
  ["if", "possible"],
  ["please"],
  ["then"],
];
/** Words that open a clause giving the reason or an aside, after the rule ("…, so they know", "…, like a receipt"). */
const ASIDE_OPENERS = new Set(["so", "because", "cause", "like", "since"]);

function startsWith(toks: readonly Token[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((w, k) => toks[at + k]?.normal === w);
}

/**
 * The rule a spoken sentence states, without what frames it: openers ("so", "yeah"), a note's label ("The hard rule
 * from my side:", "Raf:"), the speaker's stance ("let's say", "I'd say", "if you can", "please"), and a reason or an
 * aside after the rule ("…, so people know where they are", "…, like a confirmation"). What is left keeps every
 * number, limit and condition that was said; a rule of fewer than four words keeps its tail.
 */
function ruleOnly(given: readonly Token[]): Token[] {
  let toks = [...given];
  const skipOpeners = () => {
    for (;;) {
      while (
        toks.length &&
        (toks[0]!.pos === "CCONJ" ||
          toks[0]!.pos === "PUNCT" ||
          toks[0]!.pos === "INTJ" ||
          SPOKEN_OPENERS.has(toks[0]!.normal))
      )
        toks = toks.slice(1);
      const stance = STANCE.find((p) => startsWith(toks, 0, p));
      if (!stance) return;
      toks = toks.slice(stance.length);
    }
  };
  skipOpeners();
  // a note's label: a few words without a verb before a colon
  const colon = toks.findIndex((t) => t.text === ":");
  if (
    colon > 0 &&
    colon <= 6 &&
    toks.slice(0, colon).every((t) => t.pos !== "VERB" && t.pos !== "AUX") &&
    toks.length - colon > 4
  ) {
    toks = toks.slice(colon + 1);
    skipOpeners();
  }
  const words = (upTo: number) => toks.slice(0, upTo).filter((t) => t.pos !== "PUNCT").length;
  for (let i = 1; i < toks.length; i++) {
    const t = toks[i]!;
    const afterComma = toks[i - 1]!.text === ",";
    const aside =
      (afterComma && ASIDE_OPENERS.has(t.normal)) ||
      (t.normal === "so" && toks[i + 1]?.normal === "that") ||
      t.normal === "because";
    const stance = afterComma && STANCE.some((p) => startsWith(toks, i, p));
    const closing = STANCE.some(
      (p) => startsWith(toks, i, p) && toks.slice(i + p.length).every((x) => x.pos === "PUNCT"),
    );
    if ((aside || stance || closing) && words(i) >= 4) {
      toks = toks.slice(0, i);
      while (toks.length && (toks[toks.length - 1]!.pos === "PUNCT" || toks[toks.length - 1]!.pos === "CCONJ"))
        toks.pop();
      break;
    }
  }
  return toks;
}

/**
 * Spoken modals of obligation: "has to", "needs to", "should", "gotta" (the first word of each, and what follows it).
 * "must" is a specification's word already and stays as said.
 */
const OBLIGATION: ReadonlyMap<string, string | null> = new Map([
  ["has", "to"],
  ["have", "to"],
  ["need", "to"],
  ["needs", "to"],
  ["got", "to"],
  ["ought", "to"],
  ["gotta", null],
  ["should", null],
]);
const PEOPLE_PRONOUNS = new Set(["they", "people", "everyone", "everybody", "someone", "anyone", "nobody"]);

/**
 * A sentence of the meeting as a criterion, in the words a specification uses: fillers and discourse openers out, and
 * spoken obligation turned into the rule it states. Said of a thing it is "must" ("the reminder has to go out …" →
 * "The reminder must go out …"); said of a person it is what they can do ("patrons need to renew …", "should be able
 * to renew …" → "Patrons can renew …"); "not" keeps its place ("must not"). What is asked, its numbers and limits,
 * stay as said.
 */
function criterionText(sentence: Sentence): string {
  const toks = ruleOnly(clean(speech(sentence)));
  const out: Token[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const follows = OBLIGATION.get(t.normal);
    const prev = out[out.length - 1];
    const isModal =
      follows !== undefined &&
      (follows === null ? t.pos === "AUX" || t.normal === "gotta" : toks[i + 1]?.normal === follows) &&
      prev !== undefined;
    if (!isModal) {
      out.push(t);
      continue;
    }
    let j = follows === null ? i + 1 : i + 2;
    const negated = toks[j]?.normal === "not" || toks[j]?.normal === "n't";
    if (negated) j++;
    // "should be able to" / "need to be able to": an ability
    const able = toks[j]?.normal === "be" && toks[j + 1]?.normal === "able" && toks[j + 2]?.normal === "to";
    if (able) j += 3;
    // ("we do need to …": the emphatic "do" goes with the modal)
    if (/^(?:do|does|did)$/.test(prev.normal)) out.pop();
    const subject = out[out.length - 1] ?? prev;
    const person =
      isRoleNoun(subject) || PEOPLE_PRONOUNS.has(subject.normal) || subject.normal === "you" || subject.normal === "we";
    const word = negated ? (person || able ? "cannot" : "must not") : person || able ? "can" : "must";
    out.push({ ...t, text: word, normal: word, lemma: word, pos: "AUX" });
    i = j - 1;
  }
  return sentenceText({ ...sentence, tokens: out });
}

function sentenceText(sentence: Sentence, maxWords = 30): string {
  let toks = clean(speech(sentence));
  // drop leading conjunctions and punctuation
  while (toks.length && (toks[0]!.pos === "CCONJ" || toks[0]!.pos === "PUNCT")) toks = toks.slice(1);
  const words = toks.filter((t) => t.pos !== "PUNCT");
  if (words.length > maxWords) toks = trimEnd(toks.slice(0, toks.indexOf(words[maxWords]!)));
  let text = join(toks).replace(/[,;:\s]+$/, "");
  if (!/[.!?]$/.test(text)) text += ".";
  return capitalise(text);
}

function overlap(a: ReadonlySet<string>, b: readonly string[]): number {
  let n = 0;
  for (const x of b) if (a.has(x)) n++;
  return n;
}

/** The sentence's words without leading fillers, conjunctions and discourse words ("uh is there …", "so I'll …"). */
function leadWords(sentence: Sentence): Token[] {
  const words = speech(sentence).filter((t) => t.pos !== "PUNCT");
  let i = 0;
  while (
    i < words.length &&
    (isFiller(words[i]!) ||
      words[i]!.pos === "CCONJ" ||
      words[i]!.pos === "INTJ" ||
      ["so", "okay", "ok", "right", "well", "then", "now"].includes(words[i]!.normal))
  )
    i++;
  return words.slice(i);
}

/** A question, even unpunctuated: it opens with a question word or an auxiliary before its subject. */
function isQuestionLike(sentence: Sentence): boolean {
  const w = leadWords(sentence);
  return sentence.isQuestion || WH_OPENERS.has(w[0]?.normal ?? "");
}

/** The speaker's own task: "I'll …", "I need to …", "I'm going to …", "let me …" (a to-do, not a property of the product). */
function isOwnTask(sentence: Sentence): boolean {
  const w = leadWords(sentence);
  const first = w[0]?.normal;
  if (first === "let" && w[1]?.normal === "me") return true;
  if (first !== "i") return false;
  // "Azure I need to ask …": the subject may follow a fronted object
  const next = w.slice(1, 4).map((t) => t.normal);
  return ["'ll", "will", "'m", "am", "need", "have", "can", "should", "must", "'d", "would", "gotta", "gonna"].includes(
    next[0] ?? "",
  );
}

function hasOwnTaskClause(sentence: Sentence): boolean {
  if (isOwnTask(sentence)) return true;
  const w = speech(sentence).filter((t) => t.pos !== "PUNCT");
  for (let i = 0; i + 1 < w.length && i < 4; i++)
    if (
      w[i]!.normal === "i" &&
      ["need", "'ll", "will"].includes(w[i + 1]!.normal) &&
      w.slice(0, i).every((t) => t.pos === "PROPN" || t.pos === "NOUN" || isFiller(t))
    )
      return true;
  return false;
}

function hasDetail(sentence: Sentence): boolean {
  return speech(sentence).some(
    (t) =>
      t.isNumber ||
      [
        "only",
        "max",
        "maximum",
        "minimum",
        "least",
        "most",
        "every",
        "each",
        "per",
        "always",
        "never",
        "default",
        "limit",
      ].includes(t.normal),
  );
}

/**
 * The story's priority from the meeting's ranking and urgency cues in its sentences and the replies that rank it: a
 * level said out loud ("high/medium/low priority", "that's a medium") decides; otherwise urgency words ("critical",
 * "a blocker", "non-negotiable", "must", "first", "top priority") raise it and deferral words ("nice to have", "later",
 * "if we have time") lower it. No cue: Medium.
 */
function priorityOf(sentences: readonly Sentence[], asks: readonly Sentence[] = []): StoryPriority {
  let score = modality(asks);
  for (const s of sentences) {
    const toks = speech(s).filter((t) => t.pos !== "PUNCT" && !isFiller(t));
    for (const [k, t] of toks.entries()) {
      const l = t.lemma.toLowerCase();
      const next = toks[k + 1]?.normal;
      // a level said out loud: "high priority", "priority: low", "that's a medium"
      if (l === "priority" || l === "prio") {
        const level = [toks[k - 1]?.normal, next].find(
          (w) => w === "high" || w === "medium" || w === "low" || w === "top" || w === "highest" || w === "lowest",
        );
        if (level === "medium") return "Medium";
        if (level === "low" || level === "lowest") score -= 2;
        else score += 2;
        continue;
      }
      if (
        t.normal === "medium" &&
        (k === toks.length - 1 || toks[k - 1]?.normal === "a" || toks[k - 1]?.normal === "'s")
      )
        return "Medium";
      if (PRIORITY_HIGH.has(l) || PRIORITY_HIGH.has(t.normal)) score++;
      // "do X first", "the first thing": first in the meeting's order
      else if (t.normal === "first" && (k === toks.length - 1 || next === "thing" || next === "things")) score++;
      else if (PRIORITY_LOW.has(l) && !(l === "low" && toks[k - 1]?.isNumber)) score--;
      // "if we have time", "if there's capacity": done only when there is room
      else if (
        CONDITIONS.has(t.normal) &&
        toks.slice(k + 1, k + 5).some((x) => x.normal === "time" || x.normal === "capacity" || x.normal === "room")
      )
        score--;
    }
  }
  return score > 0 ? "High" : score < 0 ? "Low" : "Medium";
}

/**
 * How strongly the asks are put, as the MoSCoW and RFC 2119 readings of requirements do: an obligation ("must", "has
 * to", "need to", "required") is a must-have, +1; a wish ("should", "want", "would like") is neutral; a possibility
 * ("could", "might", "would be nice", "maybe") is a could-have, -1. The strongest ask of the story counts.
 */
function modality(asks: readonly Sentence[]): number {
  let best = -Infinity;
  for (const s of asks) {
    const toks = speech(s).filter((t) => t.pos !== "PUNCT" && !isFiller(t));
    let level = 0;
    toks.forEach((t, k) => {
      const l = t.lemma.toLowerCase();
      const next = toks[k + 1]?.normal;
      if (t.negated || toks[k - 1]?.normal === "not" || next === "not" || next === "n't") return;
      if (
        t.normal === "must" ||
        ((l === "have" || l === "need" || t.normal === "got" || t.normal === "gotta") &&
          (next === "to" || t.normal === "gotta"))
      )
        level = Math.max(level, 1);
      else if (
        (t.normal === "could" || t.normal === "might" || t.normal === "maybe" || t.normal === "perhaps") &&
        level === 0
      )
        level = -1;
    });
    best = Math.max(best, level);
  }
  return best === -Infinity ? 0 : best;
}

/** A number of days, hours or weeks is an effort estimate only when said as one, never a time bound ("within 60 days"). */
function isEffort(toks: readonly Token[], i: number): boolean {
  if (toks.slice(Math.max(0, i - 3), i).some((t) => TIME_BOUNDS.has(t.normal))) return false;
  const after = toks[i + 2]?.normal;
  if (after && TIME_BOUNDS.has(after)) return false;
  return toks.some((t) => EFFORT_CUES.has(t.normal) || EFFORT_CUES.has(t.lemma.toLowerCase()) || SIZES.has(t.normal));
}

/**
 * Points said in the meeting ("a 3", "five points", "that's small"), else from scope: the story's conditions of done,
 * the conditions it handles, and the other systems it touches. Hours said as effort, else from the points' range.
 */
function sizing(
  sentences: readonly Sentence[],
  criteria: number,
  conditions: number,
): { points: number; hours: number } {
  let points = 0;
  let hours = 0;
  let systems = 0;
  for (const s of sentences) {
    const toks = speech(s);
    if (toks.some((t) => INTEGRATION_WORDS.has(t.lemma.toLowerCase()))) systems++;
    toks.forEach((t, i) => {
      const size = SIZES.get(t.normal);
      if (size && !points) points = size;
      if (t.isNumber && t.value !== null) {
        const unit = toks[i + 1] ? EFFORT_UNITS.get(toks[i + 1]!.lemma.toLowerCase()) : undefined;
        if (unit && !hours && isEffort(toks, i)) hours = Math.round(t.value * unit);
        const nextIsPoint = toks[i + 1]?.lemma.toLowerCase() === "point";
        const sizeTalk = toks.some((x) => SIZES.has(x.normal)) || nextIsPoint || toks[i - 1]?.normal === "a";
        if (isOnScale(t.value) && sizeTalk && (nextIsPoint || i === toks.length - 1 || toks[i + 1]?.pos === "PUNCT"))
          points = t.value;
      }
    });
  }
  const scope = criteria + conditions + 2 * Math.min(systems, 2);
  if (!points) points = scope >= 8 ? 8 : scope >= 5 ? 5 : scope >= 3 ? 3 : scope >= 2 ? 2 : 1;
  if (!hours) {
    // the range a team plausibly plans for the size (schema/api/sizing.ts); two stories of the same points differ in
    // hours when one has more to check
    const [low, high] = hoursRangeFor(points);
    // where the scope sits among the scopes that give these points
    const fill = Math.min(1, Math.max(0, (scope - 1) / 8));
    hours = Math.round(low + (high - low) * fill);
  }
  return { points: Math.min(points, STORY_LIMITS.storyPoints), hours: Math.min(hours, STORY_LIMITS.hours) };
}

function evidenceOf(sentence: Sentence): StoryEvidence {
  return {
    quote: sentence.text.slice(0, STORY_LIMITS.quote),
    start: sentence.start,
    end: sentence.start + Math.min(sentence.text.length, STORY_LIMITS.quote),
  };
}

/** Spoken contractions and hedges the tagger may read as nouns. */
const SPOKEN = new Set(["gonna", "wanna", "gotta", "kinda", "sorta", "dunno", "kay", "i'm"]);

/** The meeting's `n` most frequent content nouns. */
function topicNouns(analysis: Analysis, n: number, min = 5): Set<string> {
  const counts = new Map<string, number>();
  // (hesitations and letter scraps the tagger reads as nouns, "um", "gonna", "t", never name a topic)
  const word = (l: string) => /^[a-z][a-z0-9-]+$/.test(l) && !HESITATIONS.has(l) && !SPOKEN.has(l);
  for (const s of analysis.sentences)
    for (const l of sentenceNouns(s)) if (word(l)) counts.set(l, (counts.get(l) ?? 0) + 1);
  return new Set(
    [...counts]
      .filter(([, c]) => c >= min)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, n)
      .map(([l]) => l),
  );
}

/** The meeting's most frequent role noun (subjects and beneficiaries alike), else "user". */
function meetingRole(analysis: Analysis): string {
  const counts = new Map<string, number>();
  for (const s of analysis.sentences)
    for (const t of s.words)
      // (the meeting's own role is a noun known to name people: a people ending alone names materials and tools too;
      // and not a department, whose name is mostly an activity: "support for SSO", "finance" as a topic)
      if (isKnownRole(t) && !GENERIC_ROLES.has(nounLemma(t)) && !DEPARTMENTS.has(nounLemma(t))) {
        const l = nounLemma(t);
        counts.set(l, (counts.get(l) ?? 0) + 1);
      }
  let best = "user";
  let n = 0;
  for (const [role, c] of counts) if (c > n || (c === n && role < best)) [best, n] = [role, c];
  return n >= 2 ? best : "user";
}

/**
 * A second ask in the same sentence after a coordinating conjunction and a new subject ("we need an X, and we need a Y"),
 * when it is about other things than the first. Its sentence is the tail from its subject on (verbatim at its offset).
 */
function secondAsk(sentence: Sentence, first: Ask, following: readonly Sentence[]): Ask | null {
  const toks = sentence.tokens;
  const last = first.capability[first.capability.length - 1];
  if (!last) return null;
  const from = toks.findIndex(
    (t, k) =>
      t.start > last.end &&
      t.pos === "CCONJ" &&
      toks[k + 1] !== undefined &&
      ["PRON", "NOUN", "PROPN"].includes(toks[k + 1]!.pos),
  );
  if (from < 0) return null;
  const tail = toks.slice(from + 1);
  const start = tail[0]!.start;
  const sub: Sentence = {
    ...sentence,
    start,
    text: sentence.text.slice(start - sentence.start),
    tokens: tail,
    words: sentence.words.filter((t) => t.start >= start),
  };
  const k = classify(sub, following);
  if (!k.ask || k.ask.kind !== "ask" || k.ask.nouns.some((n) => first.nouns.includes(n))) return null;
  return k.ask;
}

/** Words that make a criterion more than its title: a negation, a condition, a limit, a frequency. */
const CRITERION_DETAIL = new Set([
  "not",
  "no",
  "never",
  "when",
  "if",
  "unless",
  "before",
  "after",
  "within",
  "only",
  "never",
  "always",
  "every",
  "each",
  "per",
  "least",
  "most",
  "max",
  "maximum",
  "minimum",
  "without",
  "until",
  "once",
  "default",
]);

/**
 * A criterion that says the title again: it adds fewer than two content words of its own and no number, negation,
 * condition or limit ("Patrons can pause a hold" under "Pause a hold"; not "… for up to 30 days", nor "Each hold shows
 * its place in the queue").
 */
function repeatsTitle(criterion: string, title: string): boolean {
  const said = new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  const own = criterion
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !said.has(w));
  if (own.some((w) => /\d/.test(w) || CRITERION_DETAIL.has(w))) return false;
  return own.filter((w) => w.length > 2 && !CLOSED_ENDS.has(w)).length < 3;
}

/** Openers of spoken clauses that are not part of what is said ("so", "like", "yeah"). */
const SPOKEN_OPENERS = new Set([
  "so",
  "like",
  "yeah",
  "yes",
  "okay",
  "ok",
  "well",
  "also",
  "basically",
  "honestly",
  "obviously",
  "actually",
  "right",
  "and",
  "but",
  "oh",
  "plus",
]);

/**
 * Whether a sentence of the meeting may stand as a criterion as said: not the past (what happened), not a question,
 * not an instruction about the meeting ("dump thoughts in the thread"). (Leaving out the speaker's own views too, "I
 * think …", took a quarter of the criteria and the gold requirements they carried on the tuning set.)
 */
function mayStandAsCriterion(sentence: Sentence): boolean {
  if (isQuestionLike(sentence)) return false;
  const toks = clean(speech(sentence)).filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM" && t.type !== "emoji");
  let i = 0;
  while (
    i < toks.length &&
    (SPOKEN_OPENERS.has(toks[i]!.normal) || toks[i]!.pos === "INTJ" || toks[i]!.pos === "CCONJ")
  )
    i++;
  const words = toks.slice(i);
  if (words.length < 3) return false;
  const v = words.findIndex((t) => t.pos === "VERB" || t.pos === "AUX");
  if (v < 0) return true;
  const verb = words[v]!;
  // an instruction about the meeting: its verb or its object is meeting talk
  if (
    v === 0 &&
    (MEETING_VERBS.has(verb.lemma.toLowerCase()) ||
      words.slice(1, 5).some((t) => t.pos === "NOUN" && MEETING_OBJECTS.has(nounLemma(t))))
  )
    return false;
  // the past tells what happened ("… wrote off six iPads": an inflected first verb not in -s or -ing, after its subject)
  return !(
    ["was", "were", "did", "had"].includes(verb.normal) ||
    (verb.pos === "VERB" && v > 0 && !/(?:s|ing)$/.test(verb.normal) && verb.normal !== verb.lemma.toLowerCase())
  );
}

/** Openings that describe how things are done today, not what the product does ("at the moment it's a letter"). */
const STATUS_QUO: readonly (readonly string[])[] = [
  ["at", "the", "moment"],
  ["at", "present"],
  ["currently"],
  ["right", "now"],
  ["today"],
  ["these", "days"],
  ["usually"],
  ["normally"],
  ["last", "year"],
  ["now"],
];
/** Words that open a reason, not a rule ("because the same button does too much"). */
const REASON_OPENERS = new Set(["because", "cause", "'cause", "since", "as"]);
/** Words of a requirement within a clause's first words: a modal, an ability, an absolute. */
const RULE_WORDS = new Set([
  "must",
  "should",
  "need",
  "needs",
  "has",
  "have",
  "can",
  "ca",
  "cannot",
  "will",
  "wo",
  "shall",
  "never",
  "always",
  "want",
  "wants",
  "only",
]);
const COPULAS = new Set(["is", "'s", "are", "'re", "be"]);
/** Judgements of a thing, not behaviour ("that's fine", "it's daft"). */
const VERDICTS = new Set([
  "fine",
  "easy",
  "daft",
  "lovely",
  "nice",
  "great",
  "good",
  "cool",
  "silly",
  "mad",
  "crazy",
  "annoying",
  "painful",
  "awful",
  "terrible",
  "ruthless",
  "right",
]);

/**
 * Whether a sentence of the meeting states a rule someone can check, and so may stand as a criterion: besides
 * {@link mayStandAsCriterion}, not a reason ("because …"), not how things are done today ("at the moment …"), not
 * the speaker's own doing or experience ("I spent …", "we get it ten days before") unless it states a need, not a
 * remark on what was said ("that's our defence", "that's fine"; "it's …" stays, as it often describes the thing). A line with no verb is a
 * note of what is wanted ("large buttons for the essentials") and stands. A rule is modal ("must", "can never"), an
 * instruction, or a statement of what something does.
 */
function statesRule(sentence: Sentence): boolean {
  if (!mayStandAsCriterion(sentence)) return false;
  const words = leadWords(sentence).filter((t) => t.pos !== "SYM" && t.type !== "emoji");
  if (!words.length || REASON_OPENERS.has(words[0]!.normal)) return false;
  if (STATUS_QUO.some((phrase) => phrase.every((w, k) => words[k]?.normal === w))) return false;
  const v = words.findIndex((t) => t.pos === "VERB" || t.pos === "AUX");
  if (v < 0) return true;
  const subject = words
    .slice(0, v)
    .filter((t) => t.pos === "PRON" || t.pos === "NOUN" || t.pos === "PROPN")
    .pop();
  const ruled = words.slice(v, v + 3).some((t) => RULE_WORDS.has(t.normal) || t.negated);
  if (ruled) return true;
  if (subject && ["i", "we", "me"].includes(subject.normal)) return false;
  if (
    subject &&
    ["that", "this", "which"].includes(subject.normal) &&
    COPULAS.has(words[v]!.normal) &&
    !words.some((t) => t.isNumber)
  )
    return false;
  // (a verdict with a condition is a rule: "the footer is fine as long as it's on every goal screen")
  return (
    !words.some((t) => VERDICTS.has(t.normal) && t.pos === "ADJ") ||
    words.some((t) => CRITERION_DETAIL.has(t.normal) || t.normal === "long")
  );
}

/**
 * The things of a refusal's list after its colon, each item's nouns: in a sentence the grammar reads as a refusal, or
 * after a label that says what follows is out ("Not in v1:", "Out of scope:", "Won't do:").
 */
function refusedItems(sentence: Sentence, refused: boolean): string[][] {
  const toks = sentence.tokens;
  const colon = toks.findIndex((t) => t.text === ":" && !t.noise);
  if (colon < 0) return [];
  const label = toks.slice(0, colon).filter((t) => !t.noise && t.pos !== "PUNCT");
  if (!refused && !(label.length <= 5 && label.some((t) => SECTION_NOT.has(t.normal) || t.normal === "n't"))) return [];
  const out: string[][] = [];
  let part: Token[] = [];
  for (const t of [...toks.slice(colon + 1), null]) {
    if (t === null || t.text === "," || t.text === ";" || t.pos === "CCONJ") {
      const item = part.length ? itemOf(sentence, part) : null;
      const nouns = item ? sentenceNouns(item) : [];
      if (nouns.length) out.push(nouns);
      part = [];
    } else if (!t.noise) part.push(t);
  }
  return out.length >= 2 ? out : [];
}

/** Departments name teams, not people: "support" → "support agent", "finance" → "finance team member". */
const DEPARTMENTS = new Set(["support", "finance", "hr", "ops", "it", "legal", "sales", "marketing", "compliance"]);
function personOf(role: string): string {
  if (!DEPARTMENTS.has(role)) return role;
  return role === "support" ? "support agent" : `${role} team member`;
}

export function compose(reading: Reading, title?: string): GeneratedStories {
  const { userStories, epicFor } = composeStories(reading, title);
  return { epic: epicFor(userStories), userStories };
}

/**
 * The stories of a meeting, and the writer of their epic: the epic names the stories and takes their priority, so the
 * generation service writes it after the quality gate has mended, split or dropped them (worker/adapters/llm/types.ts
 * EpicWriter). The meeting's theme, team and timeline come from this one reading of it.
 */
export function composeStories(reading: Reading, title?: string): { userStories: UserStory[]; epicFor: EpicWriter } {
  const { analysis } = reading;
  const { sentences, kinds } = reading;
  // what the meeting rejected or postponed, as noun phrases: an ask naming every word of one is left out
  // (the meeting's topic itself, its most frequent nouns, is never rejected as a whole)
  const topic = topicNouns(analysis, 3);
  const mainNouns = topicNouns(analysis, MAIN_NOUNS, 3);
  // (at most MAX_REFUSALS of them, worker/reading/items.ts: each ask and detail is compared with every one)
  const blocked: string[][] = [];
  kinds.forEach((k, i) => {
    if (blocked.length >= MAX_REFUSALS) return;
    const refused = k.kind === "rejection" || k.kind === "postponement";
    if (refused && k.scope?.length && !k.scope.every((w) => topic.has(w))) blocked.push(k.scope);
    // a list of what is out ("Not in v1: A, B, C", "Out of scope: …"): each item is refused on its own
    for (const item of refusedItems(sentences[i]!, refused)) if (!item.every((w) => topic.has(w))) blocked.push(item);
  });
  const names = (words: ReadonlySet<string>) => blocked.some((phrase) => phrase.every((w) => words.has(w)));
  const fallbackRole = meetingRole(analysis);
  const stories: Story[] = [];
  const constraints: Ask[] = [];
  const detailUse = new Map<number, number>();

  // stories only from what the meeting's items call an ask or a decision (issue 40): a sentence the reading files as
  // an action item, a question, a risk, or as turned down or put off is no story, whatever its own words
  const readAsAsk = (ask: Ask) =>
    itemsIn(reading.items, ask.sentence.start, ask.sentence.end).some((x) => x.kind === "ask" || x.kind === "decision");
  const asks: [Ask, number][] = [];
  kinds.forEach((k, i) => {
    if (!k.ask) return;
    asks.push([k.ask, i]);
    const second = secondAsk(sentences[i]!, k.ask, sentences.slice(i + 1, i + 3));
    if (second) asks.push([second, i]);
  });
  asks.forEach(([ask, i]) => {
    if (!readAsAsk(ask)) return;
    // what a rejection or postponement named is left out
    if (names(new Set([...ask.nouns, ...ask.keys]))) return;
    // in a long meeting, an ask that names no one and none of the meeting's main things is a side remark
    // (a verdict on a thing is a judgement of the meeting, never a side remark)
    if (sentences.length > 40 && !ask.role && !ask.verdict && !ask.agreed && !ask.nouns.some((n) => mainNouns.has(n)))
      return;
    if (ask.kind === "constraint") {
      constraints.push(ask);
      return;
    }
    // ("survey people", "waiting list folks": people named by a thing say nothing of their role)
    const named =
      ask.role && !GENERIC_ROLES.has(ask.role) && !/ (?:people|folks|guys|lot)$/.test(ask.role) ? ask.role : null;
    const role = personOf(named ?? fallbackRole);
    // the same thing: most of the smaller side's nouns shared, the meeting's topic nouns not counting
    const own = ask.nouns.filter((n) => !topic.has(n));
    let story = stories.find((s) => {
      const theirs = [...s.nouns].filter((n) => !topic.has(n));
      const shared = overlap(new Set(theirs), own);
      return (
        shared > 0 &&
        shared >= Math.ceil(Math.min(theirs.length, own.length) / 2) &&
        (ask.role === null || s.role === role)
      );
    });
    if (!story) {
      if (stories.length >= STORY_LIMITS.stories) return;
      story = {
        asks: [],
        role,
        nouns: new Set(),
        keys: new Set(),
        criteria: [],
        details: [],
        constraints: [],
        sizing: [],
      };
      stories.push(story);
    }
    story.asks.push(ask);
    // a reply right after the ask that sizes it ("that's small, maybe a 3")
    for (let j = i + 1; j < Math.min(sentences.length, i + 3); j++) {
      if (kinds[j]!.ask) break;
      // (or ranks it: "that's our top priority", "nice to have"; or says the effort: "about three days of work")
      if (
        speech(sentences[j]!).some(
          (t) =>
            SIZES.has(t.normal) ||
            t.lemma === "point" ||
            PRIORITY_HIGH.has(t.normal) ||
            PRIORITY_LOW.has(t.normal) ||
            t.normal === "medium" ||
            EFFORT_UNITS.has(t.lemma.toLowerCase()),
        )
      )
        story.sizing.push(sentences[j]!);
    }
    for (const n of ask.nouns) story.nouns.add(n);
    for (const n of ask.keys) story.keys.add(n);
    // details said in the next few sentences about the same things
    for (let j = i + 1; j < Math.min(sentences.length, i + 1 + DETAIL_WINDOW); j++) {
      const kj = kinds[j]!;
      if (kj.kind !== "other" || (detailUse.get(j) ?? 0) >= 2) continue;
      const s = sentences[j]!;
      const nouns = sentenceNouns(s);
      // the speaker's next sentence in the same turn goes on about the ask, whatever nouns it uses
      const goesOn =
        j <= i + 2 && s.block === sentences[i]!.block && s.speaker === sentences[i]!.speaker && s.words.length >= 6;
      if (
        (overlap(
          story.nouns,
          nouns.filter((n) => !topic.has(n)),
        ) === 0 &&
          !goesOn) ||
        blocked.some(
          (phrase) =>
            phrase.some((w) => nouns.includes(w) && !topic.has(w)) ||
            phrase.every((w) => s.words.some((t) => t.normal === w || nounLemma(t) === w)),
        ) ||
        (!hasDetail(s) && s.words.length < 5)
      )
        continue;
      if (isQuestionLike(s) || hasOwnTaskClause(s) || story.details.includes(s)) continue;
      story.details.push(s);
      detailUse.set(j, (detailUse.get(j) ?? 0) + 1);
    }
    if (ask.antecedent && !story.details.includes(ask.antecedent)) story.details.push(ask.antecedent);
    // an agreed proposal often picks up a thing someone said just before: that sentence is a detail
    if (ask.agreed) {
      for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
        const s = sentences[j]!;
        if (
          kinds[j]!.kind !== "other" ||
          s.words.length < 6 ||
          isQuestionLike(s) ||
          hasOwnTaskClause(s) ||
          story.details.includes(s)
        )
          continue;
        if (overlap(new Set(own), sentenceNouns(s)) === 0) continue;
        story.details.push(s);
        detailUse.set(j, (detailUse.get(j) ?? 0) + 1);
        break;
      }
    }
    // a verdict recaps a thing said earlier: the two earlier sentences that say most about its own nouns are its details
    if (ask.verdict) {
      const mine = new Set(own);
      const found: { j: number; n: number }[] = [];
      for (let j = i - 1; j >= Math.max(0, i - VERDICT_LOOKBACK); j--) {
        const kj = kinds[j]!;
        const s = sentences[j]!;
        if (
          kj.kind !== "other" ||
          (detailUse.get(j) ?? 0) >= 2 ||
          s.words.length < 6 ||
          isQuestionLike(s) ||
          hasOwnTaskClause(s) ||
          story.details.includes(s)
        )
          continue;
        const nouns = sentenceNouns(s);
        const n = overlap(mine, nouns);
        if (n === 0 || blocked.some((phrase) => phrase.some((w) => nouns.includes(w) && !topic.has(w)))) continue;
        found.push({ j, n });
      }
      found.sort((a, b) => b.n - a.n || b.j - a.j);
      for (const { j } of found.slice(0, 2).sort((a, b) => a.j - b.j)) {
        story.details.push(sentences[j]!);
        detailUse.set(j, (detailUse.get(j) ?? 0) + 1);
      }
    }
  });

  // constraints go to the story about the same things
  for (const c of constraints) {
    const story = stories.find((s) => overlap(s.nouns, c.nouns) > 0);
    if (story) story.constraints.push(statement(c, story.role));
  }

  const userStories: UserStory[] = [];
  const seenTitles = new Set<string>();
  for (const story of stories) {
    const main = story.asks.reduce((a, b) => (b.score > a.score ? b : a));
    const storyTitle = finishTitle(title_(main));
    if (!storyTitle) continue;
    const key = storyTitle.toLowerCase();
    if (seenTitles.has(key) || storyTitle.split(" ").length < 2) continue;
    seenTitles.add(key);
    const criteria: string[] = [];
    const add = (c: string) => {
      const text = scrub(c).slice(0, STORY_LIMITS.criterion);
      // (a criterion that says the title again checks nothing the story does not say already)
      if (repeatsTitle(text, storyTitle)) return;
      if (
        text.length > 3 &&
        !criteria.some((x) => x.toLowerCase() === text.toLowerCase()) &&
        criteria.length < CRITERIA_MAX
      )
        criteria.push(text);
    };
    for (const ask of story.asks) {
      const st = statement(ask, story.role);
      if (ask.condition) add(`When ${join(clean(ask.condition))}, then ${st[0]!.toLowerCase()}${st.slice(1)}`);
      // the main ask's plain statement would only repeat the description
      else if (ask !== main) add(st);
    }
    for (const c of story.constraints) add(c);
    // a sentence of the meeting is a criterion only when it already states a rule someone can check
    for (const d of story.details) if (statesRule(d)) add(criterionText(d));
    if (criteria.length < 2)
      for (const ask of story.asks) if (statesRule(ask.sentence)) add(criterionText(ask.sentence));
    // a story with nothing else to check states its main ask as its one criterion
    if (criteria.length === 0) criteria.push(scrub(statement(main, story.role)).slice(0, STORY_LIMITS.criterion));
    const benefitAsk = story.asks.find((a) => a.benefit);
    const want =
      main.form === "noun"
        ? withArticle(negatedRule(main) ?? capabilityText(main, 20, true), main.capability)
        : main.form === "thing"
          ? `${subjectText(main)} to ${capabilityText(main, 20)}`
          : main.form === "passive"
            ? `to ${storyTitle[0]!.toLowerCase()}${storyTitle.slice(1)}`
            : `to ${capabilityText(main, 20)}`;
    let description = `As ${article(story.role)} ${story.role}, I want ${want}`;
    if (benefitAsk?.benefit) {
      const b = join(clean(benefitAsk.benefit)).replace(/[.,;!?]+$/, "");
      description +=
        benefitAsk.benefitCue === "because"
          ? `, because ${b}`
          : benefitAsk.benefitCue === "to"
            ? `, to ${b}`
            : `, so that ${b}`;
    }
    description += ".";
    const sources = [...story.asks.map((a) => a.sentence), ...story.details];
    // the description states the main ask, so it counts as one of the story's conditions of done
    const { points, hours } = sizing(
      [...sources, ...story.sizing],
      criteria.length + (main.condition ? 0 : 1),
      story.asks.filter((a) => a.condition).length,
    );
    userStories.push({
      title: storyTitle.slice(0, STORY_LIMITS.title),
      description: scrub(description).slice(0, STORY_LIMITS.description),
      acceptanceCriteria: criteria.slice(0, STORY_LIMITS.criteria),
      priority: priorityOf(
        [...sources, ...story.sizing],
        story.asks.map((a) => a.sentence),
      ),
      storyPoints: points,
      estimatedHours: hours,
      evidence: story.asks.slice(0, STORY_LIMITS.evidence).map((a) => evidenceOf(a.sentence)),
    });
  }

  return { userStories, epicFor: (kept) => epic(analysis, stories, kept, title) };
}

const title_ = title;

const OPENERS = new Set([
  "if",
  "when",
  "while",
  "because",
  "although",
  "though",
  "unless",
  "whether",
  "since",
  "once",
  "until",
  "so",
  "that",
  "cause",
  "as",
  "than",
  "from",
  "in",
  "on",
  "at",
  "of",
  "by",
  "into",
  "about",
  "with",
  "without",
]);
const PRONOUN_ENDS = new Set(["it", "them", "this", "that", "these", "those", "one", "him", "her", "us", "me", "you"]);
const CLAUSE_WORDS = new Set([
  "before",
  "after",
  "when",
  "if",
  "so",
  "because",
  "while",
  "until",
  "once",
  "unless",
  "whenever",
]);
const CLOSED_ENDS = new Set(
  (
    "a an the this that these those some any each every no all both either neither another such what which whose my your his her its our their " +
    "to of at by for with from into onto about above across after against along among before behind below beside between beyond during " +
    "except inside like near outside past per since than through toward towards under until upon via within without as " +
    "am is are was were be been being do does did have has had can could will would shall should may might must " +
    "and or but nor so yet because if when while although though unless whether once where " +
    "i we you he she it they there who whom how why just really also even very too not then actually basically maybe perhaps quite rather " +
    "need needs want wants gonna wanna gotta going got able"
  ).split(" "),
);
const CLAUSE_OPENERS = new Set([
  "i",
  "we",
  "you",
  "he",
  "she",
  "it",
  "they",
  "there",
  "is",
  "are",
  "was",
  "were",
  "am",
  "do",
  "does",
  "did",
  "can",
  "could",
  "will",
  "would",
  "shall",
  "should",
  "may",
  "might",
  "must",
]);
const THIN = new Set([
  "everything",
  "something",
  "anything",
  "nothing",
  "thing",
  "things",
  "stuff",
  "lot",
  "lots",
  "way",
  "bit",
  "kind",
  "sort",
]);

/** A title that reads as a complete phrase, or "" when the words do not make one. */
function finishTitle(text: string): string {
  let words = text.split(" ").filter(Boolean);
  if (!words.length || OPENERS.has(words[0]!.toLowerCase())) return "";
  // a title is one phrase: what follows its first comma is a further detail ("…after the lesson, two minutes tops")
  const comma = words.findIndex((w, i) => i >= 3 && w.endsWith(","));
  if (comma >= 3) words = words.slice(0, comma + 1);
  if (PRONOUN_ENDS.has(words[words.length - 1]!.toLowerCase())) {
    const at = words.findLastIndex((w, i) => i > 1 && CLAUSE_WORDS.has(w.toLowerCase()));
    words = at > 1 ? words.slice(0, at) : words.slice(0, -1);
  }
  // closed-class words a phrase may not end on, and openers that make it a clause
  while (words.length > 1 && CLOSED_ENDS.has(words[words.length - 1]!.toLowerCase().replace(/[,.;:]+$/, "")))
    words = words.slice(0, -1);
  if (words.length && /[,;:]$/.test(words[words.length - 1]!))
    words[words.length - 1] = words[words.length - 1]!.replace(/[,;:]+$/, "");
  if (!words.length || CLAUSE_OPENERS.has(words[0]!.toLowerCase()) || /^[a-z]+'(?:d|ll|ve|re|m|s)$/i.test(words[0]!))
    return "";
  const content = words.filter(
    (w) => /^[\p{L}\d][\p{L}\d'’-]{2,}$/u.test(w) && !THIN.has(w.toLowerCase()) && !CLOSED_ENDS.has(w.toLowerCase()),
  );
  if (content.length < 2) return "";
  return capitalise(scrub(words.join(" ")));
}

const HESITATION_WORDS =
  /(?<![\p{L}'’-])(?:um+|uh+|erm|hmm+|mm+|mhm|mm-hmm|uh-huh)(?![\p{L}'’-])[,.]?\s*|\byou know,?\s*/giu;

/** Hesitations that reached a text through the library's tokenisation are taken out. */
function scrub(text: string): string {
  // (format characters such as text-direction marks stay in evidence quotes, never in what the story says)
  return text
    .replace(/\p{Cf}/gu, "")
    .replace(HESITATION_WORDS, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Nouns too general to name what a meeting is about ("the app", "the system", "an option"). */
const GENERAL_NOUNS = new Set([
  "application",
  "app",
  "system",
  "product",
  "feature",
  "option",
  "action",
  "thing",
  "way",
  "part",
  "kind",
  "lot",
  "bit",
  "version",
  "tool",
  "platform",
  "site",
  "website",
  "screen",
  "page",
  "button",
  "people",
  "number",
  "time",
  "day",
  "week",
  "today",
]);

/**
 * The epic's title: the meeting's dominant theme as one noun phrase, the thing its asks' sentences name most, with the modifier
 * it is most often said with ("goal" said as "savings goal" → "Savings goals"), in the form the meeting says it most.
 */
function themeOf(analysis: Analysis, stories: readonly Story[]): { title: string; theme: string } | null {
  const heads = new Map<string, number>();
  // what is asked for counts twice, the rest of the ask's sentence once: its subject names the thing as often as its
  // object ("the card has to show …"), but a count or an example in it ("3 onions") is not the theme
  for (const story of stories)
    for (const ask of story.asks) {
      const asked = new Set(ask.capability);
      speech(ask.sentence).forEach((t, i, toks) => {
        if (
          t.noise ||
          t.pos !== "NOUN" ||
          t.stop ||
          isFiller(t) ||
          isRoleNoun(t) ||
          toks[i - 1]?.isNumber ||
          /^(?:gonna|wanna|gotta|kinda|sorta)$/.test(t.normal)
        )
          return;
        const l = nounLemma(t);
        if (GENERAL_NOUNS.has(l) || MEETING_OBJECTS.has(l) || l.length < 3 || !/^\p{L}/u.test(l)) return;
        heads.set(l, (heads.get(l) ?? 0) + (asked.has(t) ? 2 : 1));
      });
    }
  // and how many sentences of the whole meeting name it: a theme is talked about, not only asked for once
  const talkedOf = new Map<string, number>();
  for (const sentence of analysis.sentences) {
    const named = new Set<string>();
    for (const t of sentence.tokens)
      if (!t.noise && t.pos === "NOUN" && heads.has(nounLemma(t))) named.add(nounLemma(t));
    for (const l of named) talkedOf.set(l, (talkedOf.get(l) ?? 0) + 1);
  }
  const score = (l: string) => (heads.get(l) ?? 0) + (talkedOf.get(l) ?? 0);
  const head = [...heads.keys()].sort((a, b) => score(b) - score(a) || (a < b ? -1 : 1))[0];
  if (!head) return null;
  // how the meeting says it: its modifiers (a noun or adjective right before it) and its surface forms
  const modifiers = new Map<string, number>();
  const forms = new Map<string, number>();
  for (const sentence of analysis.sentences) {
    const toks = speech(sentence).filter((t) => !isFiller(t));
    toks.forEach((t, i) => {
      if (t.pos !== "NOUN" || nounLemma(t) !== head) return;
      forms.set(t.normal, (forms.get(t.normal) ?? 0) + 1);
      const m = toks[i - 1];
      if (
        m &&
        (m.pos === "NOUN" || m.pos === "ADJ" || m.pos === "PROPN") &&
        !m.stop &&
        !isRoleNoun(m) &&
        /^\p{L}[\p{L}-]+$/u.test(m.text) &&
        !GENERAL_NOUNS.has(m.normal)
      )
        modifiers.set(m.normal, (modifiers.get(m.normal) ?? 0) + 1);
    });
  }
  const form = [...forms].sort((a, b) => b[1] - a[1])[0]?.[0] ?? head;
  const [modifier, said] = [...modifiers].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? ["", 0];
  // a modifier counts when it is said with the head at least twice and in an eighth of its mentions
  const total = [...forms.values()].reduce((n, c) => n + c, 0);
  const theme = modifier && said >= 2 && said * 8 >= total ? `${modifier} ${form}` : form;
  return { title: capitalise(theme), theme };
}

/** A team the meeting names ("the payments team", "Team: Mobile"): the one named most. */
function namedTeam(analysis: Analysis): string | null {
  const teams = new Map<string, number>();
  for (const sentence of analysis.sentences) {
    const toks = speech(sentence).filter((t) => !isFiller(t) && t.pos !== "PUNCT");
    toks.forEach((t, i) => {
      if (t.normal !== "team" && t.normal !== "squad") return;
      const m = toks[i - 1];
      if (
        !m ||
        m.stop ||
        !(m.pos === "NOUN" || m.pos === "PROPN" || m.pos === "ADJ") ||
        POSSESSIVES.has(m.normal) ||
        !/^\p{L}[\p{L}-]+$/u.test(m.text)
      )
        return;
      const name = `${m.pos === "PROPN" ? m.text : m.normal} ${t.normal}`;
      teams.set(name, (teams.get(name) ?? 0) + 1);
    });
  }
  const top = [...teams].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  return top ? capitalise(top[0]) : null;
}

/** The people in the meeting: speakers with two or more turns (a label said once, such as a notes heading, is no one). */
function people(analysis: Analysis): string[] {
  const turns = new Map<string, number>();
  let last: string | null = null;
  for (const s of analysis.sentences) {
    if (s.speaker && s.speaker !== last) turns.set(s.speaker, (turns.get(s.speaker) ?? 0) + 1);
    last = s.speaker;
  }
  return analysis.speakers.filter((name) => (turns.get(name) ?? 0) >= 2);
}

const MONTHS = new Set([
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
]);
/** Words of delivery: a date beside one of them is the epic's timeline ("beta by March", "launch in Q2"). */
const DELIVERY = new Set([
  "launch",
  "release",
  "ship",
  "beta",
  "live",
  "deadline",
  "deliver",
  "due",
  "ready",
  "mvp",
  "v1",
  "rollout",
  "roll",
  "pilot",
  "go-live",
  "golive",
  "done",
]);

/** When the meeting says the work is due: a delivery word and a date close together in one clause ("beta by March"). */
function timelineOf(analysis: Analysis): string | undefined {
  for (const sentence of analysis.sentences) {
    if (sentence.isQuestion) continue;
    const toks = speech(sentence).filter((t) => !isFiller(t));
    const isDate = (t: Token, i: number) =>
      (MONTHS.has(t.normal) && (t.normal !== "may" || t.pos === "PROPN") && t.pos !== "VERB") ||
      /^q[1-4]$/.test(t.normal) ||
      ((t.normal === "sprint" || t.normal === "quarter" || t.normal === "month") &&
        /^(?:next|this|end)$/.test(toks[i - 1]?.normal ?? ""));
    const date = toks.findIndex(isDate);
    if (date < 0) continue;
    const delivery = toks.findIndex((t) => DELIVERY.has(t.normal) || DELIVERY.has(t.lemma.toLowerCase()));
    if (delivery < 0 || Math.abs(delivery - date) > 8) continue;
    let [from, to] = [Math.min(delivery, date), Math.max(delivery, date)];
    // one clause: no punctuation between them
    if (toks.slice(from, to).some((t) => t.pos === "PUNCT")) continue;
    // the date's own words around it: "the end of next sprint", "March 3"
    while (
      from > 0 &&
      date === from &&
      /^(?:by|in|end|the|of|next|this|early|late|mid)$/.test(toks[from - 1]!.normal) &&
      to - from < 9
    )
      from--;
    while (to + 1 < toks.length && (toks[to + 1]!.isNumber || MONTHS.has(toks[to + 1]!.normal)) && to - from < 9) to++;
    const text = sentence.text.slice(toks[from]!.start - sentence.start, toks[to]!.end - sentence.start);
    return capitalise(scrub(text)).slice(0, STORY_LIMITS.timeline);
  }
  return undefined;
}

function epic(
  analysis: Analysis,
  stories: readonly Story[],
  userStories: readonly UserStory[],
  given?: string,
): GeneratedStories["epic"] {
  const theme = themeOf(analysis, stories);
  const name = given?.trim() || theme?.title || "Meeting requirements";
  const count = (p: string) => userStories.filter((s) => s.priority === p).length;
  // the epic is as urgent as its stories are together: High when two in five are, Low when half are
  const priority =
    userStories.length && count("High") * 5 >= userStories.length * 2
      ? "High"
      : userStories.length && count("Low") * 2 >= userStories.length
        ? "Low"
        : "Medium";
  const description = userStories.length
    ? `Stories from this meeting${theme ? ` about ${theme.theme}` : ""}: ${userStories
        .slice(0, 4)
        .map((s) => s.title.toLowerCase())
        .join("; ")}${userStories.length > 4 ? "; …" : ""}.`
    : "The meeting named no requirement to build.";
  const team = namedTeam(analysis) ?? (people(analysis).slice(0, 6).join(", ") || "Product team");
  const timeline = timelineOf(analysis);
  return {
    title: name.slice(0, STORY_LIMITS.title),
    description: description.slice(0, STORY_LIMITS.description),
    team: team.slice(0, STORY_LIMITS.team),
    priority,
    ...(timeline ? { timeline } : {}),
  };
}
