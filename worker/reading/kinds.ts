/**
 * The kinds of sentence (issue 15; moved here from the embedded generator in issue 40, so the generator, the quality
 * gate and the coverage report read a meeting alike): what each sentence of a meeting does (asks, constrains,
 * rejects, postpones, questions, agrees, or only reports), and for an ask its role, capability, reason and condition.
 * Patterns are over the language layer's parts of speech and lemmas plus the cue words of ./lexicon; no phrase of any
 * meeting is written here.
 */
import type { Sentence, Token } from "./analyse";
import { isBroken, isFiller, isRoleNoun, markPeople, nounLemma, PARTICLES, speech } from "./words";
import {
  AGREEMENT,
  ASK_MODALS,
  COGNITION_VERBS,
  CONDITIONS,
  DECISION_VERBS,
  DESIRE_VERBS,
  PLACEHOLDERS,
  FRAME_WORDS,
  PRODUCT_PARTS,
  POSSESSIVES,
  GENERIC_VERBS,
  KNOWLEDGE_NOUNS,
  LATER_NOUNS,
  LIGHT_VERBS,
  MEETING_OBJECTS,
  MEETING_VERBS,
  NEED_VERBS,
  NEEDED,
  POSTPONEMENT,
  PRIORITY_HIGH,
  REJECTION,
  ROLE_NOUNS,
  SECTION_DECIDED,
  SECTION_LATER,
  SECTION_NOT,
  SECTION_OPEN,
  SECTION_PROPOSED,
  SECTION_TASKS,
  SOFT_MODALS,
  WEIGHTS,
  WISH_WORDS,
  WISH_VERBS,
  PROPOSAL_VERBS,
  CONSENT_WORDS,
  PROBLEM_NOUNS,
  PROBLEM_ADJECTIVES,
  VALUE_NOUNS,
  OBJECTION_NOUNS,
  NO_OBJECTION,
  SUPPORT_WORDS,
  TODAY_WORDS,
  RECAP_LABELS,
  SUMMARY_NOUNS,
} from "./lexicon";

export type SentenceKind = "ask" | "constraint" | "rejection" | "postponement" | "question" | "agreement" | "other";

export type CapabilityForm = "verb" | "noun" | "passive" | "thing";

export interface Ask {
  sentence: Sentence;
  /** "constraint": a negated ask ("X must not …", "I don't want …"). */
  kind: "ask" | "constraint";
  form: CapabilityForm;
  /** Singular role phrase when the sentence names who needs it ("warehouse picker"), else null. */
  role: string | null;
  /** The capability's tokens: from its verb (or its object's first word) to the clause boundary. */
  capability: Token[];
  /** Passive and thing forms: the subject's tokens ("monthly statements", "the export"). */
  subject: Token[];
  /** Thing form: the words between the subject and the verb ("must", "needs to", "should be able to"). */
  modal: Token[];
  benefit: Token[] | null;
  /** The word that opened the benefit ("so", "because", "to"). */
  benefitCue: string | null;
  condition: Token[] | null;
  score: number;
  /** Content lemmas of the capability (and passive subject), for grouping. */
  keys: string[];
  /** Content noun lemmas of the capability. */
  nouns: string[];
  /** The ask was made as a suggestion and counts only if someone agrees. */
  tentative: boolean;
  /** A verdict on a named thing ("X is a must-have", "X, high"): often a recap of what was said about X earlier. */
  verdict: boolean;
  /** A one-noun verdict ("X is low priority"): the earlier sentence whose noun phrase it names. */
  antecedent: Sentence | null;
  /** A proposal another speaker agreed to: the room's decision, never a side remark. */
  agreed: boolean;
  /** A present-tense statement of behaviour ("<thing> goes back …"): its verb keeps its inflection. */
  present: boolean;
}

export interface Classified {
  kind: SentenceKind;
  ask: Ask | null;
  /** Rejections and postponements: the lemmas of the noun phrase they rejected or postponed. */
  scope?: string[];
}

const SUBJECT_PRONOUNS = new Set([
  "i",
  "we",
  "you",
  "they",
  "he",
  "she",
  "it",
  "that",
  "this",
  "there",
  "someone",
  "everyone",
  "everybody",
  "anyone",
  "people",
]);
/** Spoken contractions the library tags as nouns. */
const SPOKEN_AUX = new Set(["gonna", "wanna", "gotta", "kinda", "sorta"]);
/** Words the library may tag as subordinators that do not open a clause here ("ready for cleaning"). */
const NOT_CLAUSE_OPENERS = new Set(["that", "for", "as", "like", "than", "of"]);
const VERDICT_LEVELS = new Set([
  "high",
  "low",
  "medium",
  "top",
  "highest",
  "lowest",
  "critical",
  "p0",
  "p1",
  "p2",
  "p3",
]);
const LIST_ITEM_POS = new Set(["ADP", "NOUN", "PROPN", "ADJ", "DET", "NUM"]);
const TEAM_SUBJECTS = new Set(["we", "i", "you", "us"]);
const VAGUE_SUBJECTS = new Set(["it", "that", "this", "there", "which"]);
const BENEFICIARY_PREPS = new Set(["for", "to", "by"]);
const LETTING_VERBS = new Set(["let", "give", "allow", "help", "enable", "show", "tell", "notify", "remind", "send"]);
/** Verbs of telling someone by a channel: their object is the person the product serves ("text the skipper when …"). */
const TELLING_VERBS = new Set(["email", "text", "message", "warn", "alert", "inform", "ping"]);
/** Sentence-initial words the library may tag as verbs that do not give an order. */
const IMPERATIVE_NOT = new Set([
  "cause",
  "thank",
  "thanks",
  "mind",
  "say",
  "guess",
  "suppose",
  "imagine",
  "sorry",
  "hope",
  "bet",
  "wonder",
  "love",
  "like",
  "feel",
]);
/** The role phrase ending at noun token `i` ("call centre agents" → "call centre agent"). */
function rolePhrase(words: readonly Token[], i: number): string {
  const parts = [nounLemma(words[i]!)];
  for (let j = i - 1; j >= 0 && j >= i - 2; j--) {
    const t = words[j]!;
    if ((t.pos !== "NOUN" && t.pos !== "PROPN") || isRoleNoun(t) || t.noise) break;
    parts.unshift(t.normal);
  }
  return parts.join(" ");
}

/** True when token `t` ends a clause: punctuation, a subordinator, or a conjunction before a new subject. */
function isBoundary(toks: readonly Token[], i: number): boolean {
  const t = toks[i]!;
  if (t.pos === "PUNCT" && t.text === ",") {
    // a comma inside a list ("by date, by store, and by status") does not end the clause
    const n1 = toks[i + 1];
    const n2 = n1?.pos === "CCONJ" ? toks[i + 2] : n1;
    if (!(n2 && LIST_ITEM_POS.has(n2.pos) && !SUBJECT_PRONOUNS.has(n2.normal))) return true;
    // … unless a new subject and its verb follow ("If X fails, drivers should …")
    const at = n2 === n1 ? i + 1 : i + 2;
    let k = at;
    while (k + 1 < toks.length && ["NOUN", "PROPN", "ADJ", "DET"].includes(toks[k]!.pos)) k++;
    return k > at && (toks[k]!.pos === "AUX" || toks[k]!.pos === "VERB");
  }
  if (t.pos === "PUNCT" && /[.;:!?…—–()]/.test(t.text)) return true;
  if (t.pos === "SCONJ" && !NOT_CLAUSE_OPENERS.has(t.normal)) return true;
  if (t.normal === "so" || t.normal === "because" || t.normal === "cause") return true;
  const next = toks[i + 1];
  if (t.pos === "CCONJ" && next && (SUBJECT_PRONOUNS.has(next.normal) || next.pos === "AUX" || next.normal === "then"))
    return true;
  if ((t.normal === "which" || t.normal === "where") && next && next.pos === "AUX") return false;
  const prev = i > 0 ? toks[i - 1]! : undefined;
  const relative =
    (t.normal === "that" || t.normal === "which" || t.normal === "who") &&
    prev !== undefined &&
    (prev.pos === "NOUN" || prev.pos === "PROPN");
  if (
    t.pos === "PRON" &&
    SUBJECT_PRONOUNS.has(t.normal) &&
    !relative &&
    next &&
    (next.pos === "AUX" || next.pos === "VERB") &&
    prev &&
    prev.pos !== "ADP" &&
    prev.pos !== "VERB"
  )
    return true;
  return false;
}

/** Tokens from `from` up to the next clause boundary (at most `max` words). */
function clause(toks: readonly Token[], from: number, max = 24): { tokens: Token[]; end: number } {
  const out: Token[] = [];
  let i = from;
  for (; i < toks.length && out.length < max; i++) {
    if (i > from && isBoundary(toks, i)) break;
    out.push(toks[i]!);
  }
  return { tokens: out, end: i };
}

function isBaseVerb(t: Token | undefined): boolean {
  return (
    t !== undefined && (t.pos === "VERB" || (t.pos === "AUX" && t.lemma === "be")) && t.normal === t.lemma.toLowerCase()
  );
}

/** Skip fillers, adverbs and "be able to" between a cue and its verb; the index of the verb or -1. */
function verbAfter(toks: readonly Token[], i: number): { at: number; able: boolean } {
  let able = false;
  for (let j = i; j < toks.length && j < i + 7; j++) {
    const t = toks[j]!;
    if (isFiller(t) || t.pos === "ADV" || t.normal === "also" || t.normal === "please") continue;
    if (t.normal === "to" && t.pos === "PART") continue;
    if (t.normal === "be" && toks[j + 1]?.normal === "able") {
      able = true;
      j += 1;
      continue;
    }
    if (t.normal === "able") {
      able = true;
      continue;
    }
    if (t.pos === "VERB" || (t.pos === "AUX" && t.lemma === "be")) return { at: j, able };
    // "should have a X": "have" read as an auxiliary before a noun phrase is the light verb
    // ("have it in a X": the thing is where it is kept)
    const obj = toks[j + 1];
    if (
      t.pos === "AUX" &&
      t.lemma.toLowerCase() === "have" &&
      obj &&
      (["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(obj.pos) ||
        ((obj.normal === "it" || obj.normal === "them") && toks[j + 2]?.pos === "ADP"))
    )
      return { at: j, able };
    // after "to" or a modal the next word is a verb whatever the tagger says ("to message", "must close")
    const prev = toks[j - 1];
    const afterLetRole = prev !== undefined && isRoleNoun(prev) && toks[j - 2]?.lemma === "let";
    if (
      (t.pos === "NOUN" || t.pos === "ADJ") &&
      prev &&
      (prev.normal === "to" || prev.pos === "AUX" || afterLetRole) &&
      /^[a-z]+$/.test(t.normal) &&
      !t.normal.endsWith("s")
    )
      return { at: j, able };
    return { at: -1, able };
  }
  return { at: -1, able };
}

/** Whether the first noun within three words after the verb at `at` is the meeting's own ("moving the meeting …"). */
function meetingObject(toks: readonly Token[], at: number): boolean {
  const noun = toks.slice(at + 1, at + 4).find((x) => x.pos === "NOUN" || x.pos === "PROPN");
  return noun !== undefined && MEETING_OBJECTS.has(nounLemma(noun));
}

/** A noun within a few words from `i`, over a run of adjectives, adverbs and "and" ("a reliable and clear X"). */
function nounSoon(toks: readonly Token[], i: number): boolean {
  for (let k = i; k < Math.min(toks.length, i + 8); k++) {
    const t = toks[k]!;
    if (t.pos === "NOUN" || t.pos === "PROPN") return true;
    if (!(t.pos === "ADJ" || t.pos === "ADV" || t.normal === "and" || t.text === "-" || isFiller(t)))
      return k < i + 4 && toks.slice(k, i + 4).some((x) => x.pos === "NOUN" || x.pos === "PROPN");
  }
  return false;
}

/** A verb about the meeting itself; "keep" with a thing as object ("keep audit entries …") is about the product. */
function isMeetingVerb(toks: readonly Token[], at: number): boolean {
  const t = toks[at];
  if (!t || !MEETING_VERBS.has(t.lemma.toLowerCase())) return false;
  // ("sort the X by Y" orders a thing in the product; "sort out the budget" is the team's)
  if (t.lemma.toLowerCase() !== "keep" && t.lemma.toLowerCase() !== "sort") return true;
  let n = at + 1;
  while (toks[n]?.pos === "DET") n++;
  const next = toks[n];
  const thing = (x: Token | undefined) =>
    x !== undefined && (x.pos === "NOUN" || x.pos === "PROPN") && !MEETING_OBJECTS.has(nounLemma(x)) && !isRoleNoun(x);
  return !(thing(next) || (next?.pos === "ADJ" && thing(toks[n + 1])));
}

function contentLemma(t: Token): string | null {
  if (t.noise || t.stop || isFiller(t)) return null;
  if (t.pos === "NOUN" || t.pos === "PROPN") return nounLemma(t);
  if (t.pos === "ADJ" || t.pos === "NUM") return t.normal;
  if (t.pos === "VERB" && !LIGHT_VERBS.has(t.lemma) && !MEETING_VERBS.has(t.lemma)) return t.lemma.toLowerCase();
  return null;
}

function nounsOf(toks: readonly Token[]): string[] {
  const things = thingNouns(toks);
  if (things.length) return things;
  // "message every parent": people can be what the capability is about
  return [...new Set(toks.filter((t) => !t.noise && isRoleNoun(t)).map(nounLemma))];
}

function thingNouns(toks: readonly Token[]): string[] {
  return [
    ...new Set(
      toks
        .filter(
          (t) =>
            (t.pos === "NOUN" || t.pos === "PROPN") && !t.noise && !isRoleNoun(t) && !LATER_NOUNS.has(nounLemma(t)),
        )
        .map(nounLemma),
    ),
  ];
}

function keysOf(toks: readonly Token[]): string[] {
  return [...new Set(toks.map(contentLemma).filter((k): k is string => k !== null && k.length > 1))];
}

/** Where a role is named as beneficiary: "for/to/by ROLE", "let/give ROLE", "so ROLE can", "ROLE can/could". */
function beneficiary(toks: readonly Token[], skip: number, order = -1): string | null {
  for (let i = 0; i < toks.length; i++) {
    if (i === skip || !isRoleNoun(toks[i]!)) continue;
    // the head of a compound ("call centre agents"): the last noun of the run
    if (toks[i + 1] && isRoleNoun(toks[i + 1]!)) continue;
    let j = i - 1;
    while (
      j >= 0 &&
      (toks[j]!.pos === "DET" ||
        toks[j]!.pos === "ADJ" ||
        toks[j]!.pos === "NUM" ||
        toks[j]!.pos === "NOUN" ||
        toks[j]!.pos === "PRON")
    )
      j--;
    const before = toks[j];
    const after = toks[i + 1];
    if (
      before &&
      ((before.pos === "ADP" && BENEFICIARY_PREPS.has(before.normal)) ||
        LETTING_VERBS.has(before.lemma) ||
        (j === order && TELLING_VERBS.has(before.lemma.toLowerCase())))
    )
      return rolePhrase(toks, i);
    if (
      before &&
      (before.normal === "so" || before.normal === "if" || before.normal === "when" || before.normal === "that")
    )
      return rolePhrase(toks, i);
    if (
      after &&
      (after.pos === "AUX" || after.normal === "to") &&
      (SOFT_MODALS.has(after.normal) || after.normal === "to")
    )
      return rolePhrase(toks, i);
  }
  return null;
}

/**
 * Whether the noun at `h`, a people noun only by its ending, heads a compound for something named after it ("a permit
 * checker for wardens", "a deadline tracker for the editors"): a tool, not a person.
 */
function toolForSomething(toks: readonly Token[], h: number, end = toks.length): boolean {
  const head = toks[h];
  return (
    head !== undefined &&
    !ROLE_NOUNS.has(nounLemma(head)) &&
    (toks[h - 1]?.pos === "NOUN" || toks[h - 1]?.pos === "PROPN") &&
    toks[h + 1]?.normal === "for" &&
    toks.slice(h + 2, end).some((x) => x.pos === "NOUN" || x.pos === "PROPN")
  );
}

/** The first role named in the sentence, as its phrase (the head of a compound: "call centre agents"), else null. */
function anyRole(toks: readonly Token[]): string | null {
  for (let i = 0; i < toks.length; i++) {
    if (
      !isRoleNoun(toks[i]!) ||
      (toks[i + 1] && isRoleNoun(toks[i + 1]!)) ||
      GENERIC_SUBJECT_ROLES.has(nounLemma(toks[i]!)) ||
      toolForSomething(toks, i)
    )
      continue;
    return rolePhrase(toks, i);
  }
  return null;
}
const GENERIC_SUBJECT_ROLES = new Set(["people", "person", "team", "everyone", "someone", "individual", "folk"]);

/** The subject before index `cue`: its token index (or -1), looking back over adverbs and auxiliaries. */
function subjectBefore(toks: readonly Token[], cue: number): number {
  for (let j = cue - 1; j >= 0 && j >= cue - 4; j--) {
    const t = toks[j]!;
    if (t.pos === "ADV" || t.pos === "AUX" || t.pos === "PART" || isFiller(t) || SPOKEN_AUX.has(t.normal)) continue;
    if (t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "PRON" || t.pos === "NUM") return j;
    // (an adjective right after a determiner heads the noun phrase: "each fine needs …")
    if (t.pos === "ADJ" && toks[j - 1]?.pos === "DET" && j === cue - 1) return j;
    return -1;
  }
  return -1;
}

function isNegatedAt(toks: readonly Token[], cue: number): boolean {
  for (let j = cue - 2; j <= cue + 1; j++) {
    const t = toks[j];
    if (t && (t.normal === "not" || t.normal === "never" || t.normal === "n't") && j !== cue) return true;
  }
  return false;
}

interface Blocked {
  kind: "rejection" | "postponement";
  /** The lemmas of the noun phrase rejected or postponed. */
  scope: string[];
}

/** The first noun phrase (adjectives and nouns ending in a noun) within six tokens after index `i`, as lemmas. */
function phraseAfter(toks: readonly Token[], i: number): string[] | null {
  for (let j = i + 1; j < Math.min(toks.length, i + 7); j++) {
    if (isBoundary(toks, j)) return null;
    if (
      toks[j]!.pos === "NOUN" ||
      toks[j]!.pos === "PROPN" ||
      (toks[j]!.pos === "ADJ" && toks[j + 1]?.pos === "NOUN")
    ) {
      let k = j;
      while (k + 1 < toks.length && (toks[k + 1]!.pos === "NOUN" || toks[k + 1]!.pos === "PROPN")) k++;
      return phraseLemmas(toks.slice(j, k + 1));
    }
  }
  return null;
}

/** The nearest noun phrase within six tokens before index `i`, as lemmas. */
function phraseBefore(toks: readonly Token[], i: number): string[] | null {
  for (let k = i - 1; k >= 0 && k >= i - 6; k--) {
    if (toks[k]!.pos === "NOUN" || toks[k]!.pos === "PROPN") {
      let j = k;
      while (j > 0 && (toks[j - 1]!.pos === "NOUN" || toks[j - 1]!.pos === "PROPN" || toks[j - 1]!.pos === "ADJ")) j--;
      // "interest on goals": the phrase is headed by the first noun
      if (j > 1 && toks[j - 1]!.pos === "ADP" && (toks[j - 2]!.pos === "NOUN" || toks[j - 2]!.pos === "PROPN"))
        return phraseBefore(toks, j - 1);
      return phraseLemmas(toks.slice(j, k + 1));
    }
    if (isBoundary(toks, k)) return null;
  }
  return null;
}

function phraseLemmas(toks: readonly Token[]): string[] | null {
  const out = toks
    .filter((t) => !t.noise && !isFiller(t) && !t.stop)
    .map((t) => (t.pos === "ADJ" ? t.normal : nounLemma(t)))
    .filter((l) => !LATER_NOUNS.has(l) && l.length > 1);
  return out.length ? out : null;
}

function rejectsOrPostpones(toks: readonly Token[]): Blocked | null {
  // what is rejected: the noun phrase after a cue that comes first ("let's not do X"), else the one before it
  // ("X is not happening")
  const found = (kind: Blocked["kind"], i: number, after = true): Blocked => ({
    kind,
    scope: (after ? phraseAfter(toks, i) : null) ?? phraseBefore(toks, i) ?? phraseAfter(toks, i) ?? [],
  });
  const has = (i: number, w: string) => toks[i]?.normal === w;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const l = t.lemma.toLowerCase();
    // (a noun of postponement that names a thing is no decision: a modifier in a compound, "a delay alert", or the object
    // of a preposition, "knowing about delays"; nor is a passive inside a clause of condition, "text X when a sailing is
    // delayed", which says when the product acts)
    const named =
      t.pos === "NOUN" &&
      (toks[i + 1]?.pos === "NOUN" ||
        toks[i + 1]?.pos === "ADJ" ||
        toks[i - 1]?.pos === "ADP" ||
        toks[i - 1]?.normal === "a" ||
        toks[i - 1]?.normal === "an");
    const conditioned =
      (toks[i - 1]?.lemma === "be" || toks[i - 1]?.lemma.toLowerCase() === "get") &&
      toks
        .slice(Math.max(0, i - 5), i)
        .some(
          (x, k, before) =>
            CONDITIONS.has(x.normal) &&
            (x.pos === "SCONJ" || x.pos === "ADV") &&
            !before.slice(k + 1).some((y) => y.pos === "PUNCT"),
        );
    if (POSTPONEMENT.has(l) && l !== "later" && l !== "wait" && !named && !conditioned)
      return found("postponement", i, toks[i - 1]?.lemma !== "be" && toks[i - 1]?.lemma !== "get");
    if (l === "wait" && i > 0 && SOFT_MODALS.has(toks[i - 1]!.normal)) return found("postponement", i, false);
    if (l === "come" && has(i + 1, "back") && has(i + 2, "to")) return found("postponement", i);
    if (
      (t.normal === "next" || t.normal === "future" || t.normal === "later") &&
      toks[i + 1] &&
      LATER_NOUNS.has(nounLemma(toks[i + 1]!))
    )
      return found("postponement", i, false);
    if (
      t.normal === "later" &&
      i > 0 &&
      (toks[i - 1]!.normal === "for" || toks[i - 1]!.normal === "until" || toks[i - 1]!.normal === "till")
    )
      return found("postponement", i, false);
    // let's not …
    if (l === "let" && (has(i + 1, "'s") || has(i + 1, "us")) && has(i + 2, "not")) return found("rejection", i);
    // decided / agreed not to …
    if (DECISION_VERBS.has(l) && has(i + 1, "not") && has(i + 2, "to")) return found("rejection", i);
    // out of scope, off the table, not happening
    if (t.normal === "out" && has(i + 1, "of") && has(i + 2, "scope")) return found("rejection", i, false);
    if (t.normal === "off" && has(i + 1, "the") && has(i + 2, "table")) return found("rejection", i, false);
    // "X is not happening"; in a list, "not happening X, Y" names what follows
    if (l === "happen" && t.negated && (has(i - 1, "not") || has(i - 2, "not")))
      return found("rejection", i, toks[i + 1] !== undefined && ["NOUN", "PROPN", "ADJ"].includes(toks[i + 1]!.pos));
    if (l === "turn" && has(i + 1, "down")) return found("rejection", i);
    // "X is not necessary / not needed / not worth it"
    if (
      (t.normal === "not" || t.normal === "n't") &&
      toks[i - 1]?.lemma === "be" &&
      toks[i + 1] &&
      NEEDED.has(toks[i + 1]!.normal)
    )
      return found("rejection", i, false);
    // we won't / we're not going to / we don't need / we shouldn't …
    if ((t.normal === "we" || t.normal === "i") && toks[i + 1]) {
      const rest = toks.slice(i + 1, i + 5);
      const negated = rest.some((x) => x.normal === "not" || x.normal === "never");
      const willing = rest.some(
        (x) =>
          x.normal === "will" ||
          x.normal === "going" ||
          x.lemma === "need" ||
          ASK_MODALS.has(x.normal) ||
          x.normal === "do",
      );
      if (negated && willing && !knowsOrBelieves(toks, i)) return found("rejection", i + 2);
      const verb = rest.find((x) => x.pos === "VERB");
      // a past tense ("we dropped it last time") narrates; only a base or present form rejects
      if (
        verb &&
        REJECTION.has(verb.lemma.toLowerCase()) &&
        !/ed$/.test(verb.normal) &&
        !reduces(toks, toks.indexOf(verb))
      )
        return found("rejection", toks.indexOf(verb));
    }
    if (
      REJECTION.has(l) &&
      t.pos === "VERB" &&
      i > 0 &&
      (toks[i - 1]!.normal === "'s" || toks[i - 1]!.normal === "us") &&
      toks[i - 2]?.lemma === "let" &&
      !reduces(toks, i)
    )
      return found("rejection", i);
  }
  return null;
}

/**
 * "I don't remember …", "we don't know …", "I don't have that information": the negated verb (the first after "not")
 * is one of knowing or thinking, or "have" a piece of information. The speaker tells what they know, not a refusal.
 */
function knowsOrBelieves(toks: readonly Token[], subject: number): boolean {
  const rest = toks.slice(subject + 1, subject + 5);
  const not = rest.findIndex((x) => x.normal === "not" || x.normal === "never" || x.normal === "n't");
  // (the tagger may read a main "have" as an auxiliary)
  const verb = rest.slice(not + 1).find((x) => x.pos === "VERB" || (x.pos === "AUX" && x.lemma === "have"));
  if (!verb) return false;
  const lemma = verb.lemma.toLowerCase();
  if (COGNITION_VERBS.has(lemma)) return true;
  const at = toks.indexOf(verb);
  return lemma === "have" && toks.slice(at + 1, at + 5).some((x) => KNOWLEDGE_NOUNS.has(x.normal));
}

/** "cut it down", "cut back on X": a verb of rejection with "down"/"back" reduces a thing rather than dropping it. */
function reduces(toks: readonly Token[], i: number): boolean {
  return toks.slice(i + 1, i + 4).some((x) => x.normal === "down" || x.normal === "back");
}

/** A question in statement word order ("So the photo is mandatory, right?"): it checks, it does not ask what. */
function isConfirmationQuestion(sentence: Sentence): boolean {
  const words = speech(sentence).filter(
    (t) => t.pos !== "PUNCT" && !isFiller(t) && !DISCOURSE.has(t.normal) && t.normal !== "so",
  );
  const first = words[0];
  if (!first || first.pos === "AUX" || /^(?:wh|how)/.test(first.normal) || first.pos === "VERB") return false;
  return words.slice(1, 6).some((t) => t.pos === "AUX" || t.pos === "VERB");
}

function isAgreement(words: readonly Token[]): boolean {
  const content = words.filter((t) => t.pos !== "PUNCT" && !t.noise);
  if (content.length === 0 || content.length > 4) return false;
  return AGREEMENT.has(content[0]!.normal) || content.every((t) => AGREEMENT.has(t.normal) || t.stop);
}

/**
 * Another speaker's reply that takes up a proposal: a short agreement, or a short sentence opening on an agreement
 * word with no "but" or negation after it ("yeah, that's possible"). Backchannel ("mm-hmm") is not agreement.
 */
function agrees(words: readonly Token[]): boolean {
  if (isAgreement(words)) return true;
  const content = words.filter((t) => (!t.noise && !isFiller(t)) || AGREEMENT.has(t.normal));
  if (
    content.length === 0 ||
    content.length > 8 ||
    content.some((t) =>
      ["but", "not", "n't", "no", "though", "although", "maybe", "?", "why", "how", "what"].includes(t.normal),
    )
  )
    return false;
  // "that's a good idea", "sounds good": a judgement of the proposal
  // ("makes sense": a judgement of the proposal with its subject left out)
  const judged =
    ["that", "it", "sounds", "makes", "good", "great", "nice"].includes(content[0]!.normal) &&
    content.some((t) => JUDGED.has(t.normal));
  // "Mandatory for C and D, yes.": a restatement closed by an agreement word
  const closing =
    content.length >= 2 &&
    AGREEMENT.has(content[content.length - 1]!.normal) &&
    content[content.length - 1]!.pos !== "ADJ";
  return AGREEMENT.has(content[0]!.normal) || judged || closing;
}

const JUDGED = new Set([
  "good",
  "great",
  "nice",
  "perfect",
  "possible",
  "fine",
  "idea",
  "brilliant",
  "excellent",
  "cool",
  "sense",
]);

interface Cue {
  /** Index of the capability's first token. */
  at: number;
  form: CapabilityForm;
  score: number;
  negated: boolean;
  subject: number;
  tentative: boolean;
  passiveSubject: Token[];
  modal: Token[];
  /** Verdict form: where the noun phrase ends (the capability is cut there). */
  verdictEnd?: number;
  /** "<noun phrase> would be good": a wish for a feature, not a verdict recapping one. */
  feature?: boolean;
  /** Thing form in the present tense ("<thing> goes back …"): the verb keeps its inflection in titles. */
  present?: boolean;
  /** Made by a verb of wishing ("want", "would love"): with "I" as subject a wish, not a to-do. */
  desire?: boolean;
  /** Framed as a thing for the product ("something where I can …", "what I'd love is …"): never meeting talk. */
  framed?: boolean;
  /** Put to the room as "any objections?": taken up by a reply that raises none ("none from me"). */
  objection?: boolean;
}

/** Discourse words that open a spoken sentence without being part of it. */
const DISCOURSE = new Set(["please", "then", "now", "anyway", "alright", "well"]);

function leadingIndex(toks: readonly Token[]): number {
  // a short label before a colon ("Nice to have, no rush: …") is not the sentence's subject
  const colon = toks.findIndex((t, k) => k < 8 && t.text === ":");
  let i = colon > 0 && colon < toks.length - 3 ? colon + 1 : 0;
  while (
    i < toks.length &&
    (isFiller(toks[i]!) ||
      (toks[i]!.pos === "INTJ" && AGREEMENT.has(toks[i]!.normal)) ||
      toks[i]!.pos === "CCONJ" ||
      toks[i]!.pos === "PUNCT" ||
      DISCOURSE.has(toks[i]!.normal) ||
      (toks[i]!.normal === "right" && ["DET", "PRON", "PUNCT"].includes(toks[i + 1]?.pos ?? "")))
  )
    i++;
  return i;
}

function findCue(toks: readonly Token[], question: boolean): Cue | null {
  const first = leadingIndex(toks);
  const f = toks[first];
  if (!f) return null;
  const base = plainCue;

  const proposed = proposal(toks, first, base);
  if (proposed) return proposed;
  // Question-form asks: "Can we / Could you (let X) VERB …?", "Could ROLE VERB …?"
  if (f.pos === "AUX" && (f.normal === "can" || f.normal === "could" || f.normal === "would")) {
    const who = toks[first + 1];
    if (who && (who.normal === "we" || who.normal === "you" || isRoleNoun(who))) {
      let v = verbAfter(toks, first + 2);
      // "Can we let ROLE VERB …?"
      if (v.at >= 0 && toks[v.at]!.lemma === "let" && toks[v.at + 1] && isRoleNoun(toks[v.at + 1]!)) {
        let r = v.at + 1;
        while (toks[r + 1] && isRoleNoun(toks[r + 1]!)) r++;
        v = verbAfter(toks, r + 1);
      }
      if (v.at >= 0 && toks[v.at]!.lemma !== "be")
        return base(v.at, "verb", WEIGHTS.questionAsk + WEIGHTS.modal - 1, { subject: first + 1 });
    }
  }
  // "It would be great if X could VERB", "It'd help if …", "It would be nice to VERB / to have X"
  for (let i = 0; i < Math.min(toks.length, 8); i++) {
    if (toks[i]!.normal !== "would" && toks[i]!.normal !== "'d") continue;
    for (let j = i + 1; j < Math.min(toks.length, i + 6); j++) {
      if (!FRAME_WORDS.has(toks[j]!.lemma.toLowerCase())) continue;
      for (let k = j + 1; k < Math.min(toks.length, j + 5); k++) {
        if (toks[k]!.normal === "if") {
          for (let m = k + 1; m < Math.min(toks.length, k + 8); m++) {
            if (SOFT_MODALS.has(toks[m]!.normal) || toks[m]!.normal === "'d") {
              const v = verbAfter(toks, m + 1);
              if (v.at >= 0)
                return base(v.at, "verb", WEIGHTS.frame + WEIGHTS.modal - 2, { subject: subjectBefore(toks, m) });
            }
          }
        }
        if (toks[k]!.normal === "to") {
          const v = verbAfter(toks, k + 1);
          // ("it'd be great for ROLE to see …": what a role would do is about the product, whatever the verb)
          const forRole = toks.slice(j + 1, k).some((x) => isRoleNoun(x));
          if (v.at >= 0) return base(v.at, "verb", WEIGHTS.frame + WEIGHTS.modal - 2, forRole ? { framed: true } : {});
        }
      }
    }
  }
  const wished = wish(toks, first, base);
  if (wished) return wished;
  if (question) return null;
  const feature = featureWish(toks, first, base);
  if (feature) return feature;
  const valued = valueStatement(toks, first, base);
  if (valued) return valued;
  const problem = problemStatement(toks, first, base);
  if (problem) return problem;
  const recap = recapList(toks, base);
  if (recap) return recap;
  // a verbless proposal: "Maybe (just) a X on the Y." (an ask only if someone agrees)
  const maybe = toks.findIndex((t, k) => k <= first && (t.normal === "maybe" || t.normal === "perhaps"));
  if (maybe >= 0) {
    let j = maybe + 1;
    while (toks[j] && (isFiller(toks[j]!) || toks[j]!.normal === "just" || toks[j]!.normal === "even")) j++;
    const rest = toks.slice(j).filter((t) => !t.noise && t.pos !== "PUNCT");
    if (
      (toks[j]?.normal === "a" || toks[j]?.normal === "an") &&
      rest.length >= 3 &&
      rest.length <= 12 &&
      !rest.some(
        (t, k) =>
          (t.pos === "VERB" && !(t.normal.endsWith("ing") && rest[k + 1]?.pos === "NOUN")) ||
          t.pos === "AUX" ||
          t.pos === "PRON",
      ) &&
      nounSoon(toks, j + 1)
    )
      return base(j, "noun", WEIGHTS.suggestion + WEIGHTS.modal - 1, { tentative: true });
  }

  // A list line with its verdict: "<noun phrase>, high[, …]" (recaps and notes)
  for (let i = 1; i < Math.min(toks.length - 1, 24); i++) {
    if (toks[i]!.text !== "," || (toks[i - 1]!.pos !== "NOUN" && toks[i - 1]!.pos !== "PROPN")) continue;
    const w = toks[i + 1]!;
    const after = toks[i + 2];
    if (
      !VERDICT_LEVELS.has(w.normal) &&
      !(w.normal === "must" && after?.normal === "have") &&
      !(w.normal === "nice" && after?.normal === "to")
    )
      continue;
    if (after && VERDICT_LEVELS.has(w.normal) && after.pos !== "PUNCT" && after.normal !== "priority") continue;
    // a gerund names a thing here ("X provisioning with …, medium")
    if (toks.slice(first, i).some((x) => (x.pos === "VERB" && !x.normal.endsWith("ing")) || x.pos === "AUX")) break;
    return base(first, "noun", WEIGHTS.verdict, { verdictEnd: i });
  }
  // A verdict on a thing: "<noun phrase> is a must-have / nice to have / high priority / essential"
  for (let i = 1; i < toks.length - 1; i++) {
    const prevTok = toks[i - 1]!;
    // the subject: a noun, a gerund, or the sentence's first word in base form whatever its tag ("Search is …")
    const firstWord =
      i - 1 === first &&
      prevTok.pos === "VERB" &&
      prevTok.normal === prevTok.lemma.toLowerCase() &&
      /^[a-z]+$/.test(prevTok.normal);
    if (
      toks[i]!.lemma !== "be" ||
      (prevTok.pos !== "NOUN" &&
        prevTok.pos !== "PROPN" &&
        !(prevTok.pos === "VERB" && prevTok.normal.endsWith("ing")) &&
        !firstWord)
    )
      continue;
    let j = i + 1;
    while (
      j < toks.length &&
      (toks[j]!.pos === "DET" || toks[j]!.pos === "ADV" || isFiller(toks[j]!) || toks[j]!.lemma === "be")
    )
      j++;
    const w = toks[j];
    const w2 = toks[j + 1];
    const verdict =
      w !== undefined &&
      ((w.normal === "must" && w2?.normal === "have") ||
        (w.normal === "nice" && w2?.normal === "to") ||
        (VERDICT_LEVELS.has(w.normal) && w2?.normal === "priority") ||
        (PRIORITY_HIGH.has(w.normal) && w.pos === "ADJ" && w.normal !== "key"));
    // "people are critical …" judges people, not a thing
    if (!verdict || isRoleNoun(prevTok)) continue;
    let s0 = i - 1;
    while (
      s0 > 0 &&
      ["NOUN", "PROPN", "ADJ", "VERB"].includes(toks[s0 - 1]!.pos) &&
      !isBoundary(toks, s0 - 1) &&
      !toks[s0 - 1]!.noise &&
      toks[s0 - 1]!.pos !== "VERB"
    )
      s0--;
    if (s0 > 0 && toks[s0 - 1]!.pos === "DET") s0--;
    return base(s0, "noun", WEIGHTS.verdict, { subject: -1, verdictEnd: i });
  }
  // Imperatives: "Add …", "Please make …", "Let ROLE VERB …", "Let's VERB …", "Make it possible for X to VERB …"
  const second = toks[first + 1];
  const third = toks[first + 2];
  const clauseFollows =
    second !== undefined &&
    second.pos === "PRON" &&
    third !== undefined &&
    (third.pos === "AUX" || third.pos === "VERB");
  // a capitalised first word before a determiner is a verb even when read as a name ("Show the …", "Filter the …")
  // … or before an object pronoun and what follows it ("Export it to …", "Text me when …")
  // (never "<VERB> me through / about …": an interviewer's prompt)
  const objectPronoun =
    second !== undefined &&
    third !== undefined &&
    third.pos !== "AUX" &&
    third.pos !== "VERB" &&
    (["it", "them"].includes(second.normal) || (["me", "us"].includes(second.normal) && third.pos !== "ADP"));
  // … or before an adjective and a plural noun, a bare noun phrase as object ("Flag overdue books …")
  const bareObject =
    second?.pos === "ADJ" && third?.pos === "NOUN" && third.normal !== nounLemma(third) && f.pos !== "ADJ";
  const verbLike =
    (f.pos === "VERB" && isBaseVerb(f)) ||
    ((f.pos === "PROPN" || f.pos === "NOUN" || (f.pos === "ADJ" && objectPronoun)) &&
      (second?.pos === "DET" || objectPronoun || bareObject) &&
      /^[A-Za-z][a-z]+$/.test(f.text) &&
      !f.normal.endsWith("s") &&
      !isRoleNoun(f));
  // "Grade A and B should trigger …": a first word followed by a modal or finite verb is the subject's, not an order
  let n = first + 1;
  while (
    n < toks.length &&
    n < first + 6 &&
    ["NOUN", "PROPN", "ADJ", "DET", "NUM", "CCONJ", "X"].includes(toks[n]!.pos) &&
    !toks[n]!.noise
  )
    n++;
  // ("Half the emails are …": so is one followed by a finite "be", "have" or "do", or a verb in -s)
  const finite = toks[n];
  // (a bare noun phrase followed by a verb is that verb's subject: "Sunday late shifts pay more")
  const bareSubject =
    bareObject && f.pos !== "VERB" && finite !== undefined && (finite.pos === "VERB" || finite.pos === "AUX");
  const subjectOfModal =
    bareSubject ||
    (n > first + 1 &&
      finite !== undefined &&
      ((finite.pos === "AUX" &&
        (ASK_MODALS.has(finite.normal) || SOFT_MODALS.has(finite.normal) || FINITE_AUX.has(finite.normal))) ||
        (finite.pos === "VERB" && /[^s]s$/.test(finite.normal) && finite.normal !== finite.lemma.toLowerCase())));
  // "<VERB> me through / about …" is an interviewer's prompt
  // (… and "<VERB> me to VERB" asks a colleague to help the speaker with their own doing: "remind me to call …")
  const prompt =
    second !== undefined &&
    ["me", "us"].includes(second.normal) &&
    (third?.pos === "ADP" || (third?.normal === "to" && isBaseVerb(toks[first + 3])));
  // "Always / Never / Automatically VERB …": the adverb stays with the order
  if (
    ["always", "never", "automatically"].includes(f.normal) &&
    isBaseVerb(second) &&
    second!.pos === "VERB" &&
    !MEETING_VERBS.has(second!.lemma.toLowerCase()) &&
    !question
  )
    return base(first, "verb", WEIGHTS.imperative + 1, { framed: true });
  if (
    verbLike &&
    !subjectOfModal &&
    !prompt &&
    (!MEETING_VERBS.has(f.lemma) || ((f.lemma === "keep" || f.lemma === "sort") && !isMeetingVerb(toks, first))) &&
    !IMPERATIVE_NOT.has(f.normal) &&
    !clauseFollows &&
    (!second || !["i", "we", "you"].includes(second.normal))
  ) {
    if (f.lemma === "let") {
      const who = toks[first + 1];
      if (who && (who.normal === "'s" || who.normal === "us")) {
        const v = verbAfter(toks, first + 2);
        if (v.at >= 0 && !isMeetingVerb(toks, v.at)) return base(v.at, "verb", WEIGHTS.imperative + 1);
        return null;
      }
      if (who && isRoleNoun(who)) {
        const v = verbAfter(toks, first + 2);
        if (v.at >= 0) return base(v.at, "verb", WEIGHTS.imperative + 1);
      }
    }
    if (f.lemma === "make" && toks[first + 1]?.normal === "it") {
      for (let j = first + 2; j < Math.min(toks.length, first + 8); j++)
        if (toks[j]!.normal === "to") {
          const v = verbAfter(toks, j + 1);
          if (v.at >= 0) return base(v.at, "verb", WEIGHTS.imperative + 1);
        }
    }
    return base(first, "verb", WEIGHTS.imperative + 1);
  }

  for (let i = first; i < toks.length; i++) {
    const t = toks[i]!;
    const lemma = t.lemma.toLowerCase();
    const negated = t.negated || isNegatedAt(toks, i);
    // "<thing or ROLE> can / must / should never VERB …": a rule said as what may never happen, a requirement of its own
    // (said whole, as a noun-form statement, so that "never" stays in its title, statement and description)
    if ((t.normal === "can" || ASK_MODALS.has(t.normal)) && t.pos === "AUX" && toks[i + 1]?.normal === "never") {
      const subject = subjectBefore(toks, i);
      const who = subject >= 0 ? toks[subject]! : undefined;
      if (who && (who.pos === "NOUN" || who.pos === "PROPN") && subject === i - 1) {
        let after = i + 2;
        while (toks[after] && (toks[after]!.text === "," || toks[after]!.normal === "ever")) after++;
        const v = verbAfter(toks, after);
        let s0 = subject;
        while (
          s0 > first &&
          (["NOUN", "ADJ", "PROPN"].includes(toks[s0 - 1]!.pos) || toks[s0 - 1]!.normal === "'s") &&
          !toks[s0 - 1]!.noise
        )
          s0--;
        if (s0 > first && toks[s0 - 1]!.pos === "DET") s0--;
        if (v.at >= 0)
          return base(s0, "noun", WEIGHTS.modal, {
            subject,
            framed: true,
            verdictEnd: clause(toks, v.at).end,
            feature: true,
          });
      }
    }
    // need / want / would like / require
    // ("each fine needs to show …": "needs" before "to" and a base verb is the verb, whatever the tagger says)
    const needsTo =
      t.pos === "NOUN" &&
      t.normal === "needs" &&
      toks[i + 1]?.normal === "to" &&
      isBaseVerb(toks[i + 2]) &&
      toks[i - 1] !== undefined &&
      toks[i - 1]!.pos !== "DET" &&
      !POSSESSIVES.has(toks[i - 1]!.normal);
    const isNeed = (NEED_VERBS.has(lemma) && (t.pos === "VERB" || t.pos === "AUX")) || t.normal === "wanna" || needsTo;
    const isLike = lemma === "like" || lemma === "love" || lemma === "prefer";
    const wouldLike = isLike && i > 0 && (toks[i - 1]!.normal === "would" || toks[i - 1]!.normal === "'d");
    if (
      (isNeed || wouldLike) &&
      (!isLike || (i > 0 && (toks[i - 1]!.normal === "would" || toks[i - 1]!.normal === "'d")))
    ) {
      const subject = subjectBefore(toks, isLike ? i - 1 : i);
      let j = i + 1;
      while (j < toks.length && (isFiller(toks[j]!) || toks[j]!.pos === "ADV")) j++;
      const next = toks[j];
      if (!next) continue;
      const desire = DESIRE_VERBS.has(lemma) || t.normal === "wanna";
      // "what I'd love is (for ROLE) to VERB … / a NOUN …": the thing wished for follows "is"
      let be = j;
      while (be < toks.length && toks[be]!.text === ",") be++;
      while (be < toks.length && (isFiller(toks[be]!) || toks[be]!.pos === "ADV" || toks[be]!.text === ",")) be++;
      // (a recap puts a colon where "is" would be: "what ROLE want, then: a X …")
      const cleft =
        toks.slice(Math.max(0, i - 4), i).some((x) => x.normal === "what") &&
        (toks[be]?.lemma === "be" || toks[be]?.text === ":");
      if (cleft) {
        let k = be + 1;
        while (k < toks.length && (isFiller(toks[k]!) || toks[k]!.pos === "ADV" || toks[k]!.pos === "PUNCT")) k++;
        if (toks[k]?.normal === "for") {
          let r = k + 1;
          while (toks[r] && ["DET", "ADJ", "NOUN"].includes(toks[r]!.pos) && toks[r]!.normal !== "to") r++;
          if (toks[r]?.normal === "to" && r > k + 1) {
            const v = verbAfter(toks, r + 1);
            if (v.at >= 0)
              return base(v.at, "verb", WEIGHTS.needVerb + 1, { negated, subject: r - 1, desire, framed: true });
          }
        } else if (toks[k]?.normal === "to") {
          const v = verbAfter(toks, k + 1);
          if (v.at >= 0) return base(v.at, "verb", WEIGHTS.needVerb + 1, { negated, subject, desire, framed: true });
        } else if (toks[k] && ["DET", "ADJ", "NOUN"].includes(toks[k]!.pos) && nounSoon(toks, k))
          return base(k, "noun", WEIGHTS.needVerb + 1, { negated, subject, desire, framed: true });
        continue;
      }
      // "need something where/that/so I can VERB …", "want a way to VERB …": the clause names the thing
      const placeholder =
        next.pos === "DET" && toks[j + 1] && PLACEHOLDERS.has(toks[j + 1]!.normal)
          ? j + 1
          : PLACEHOLDERS.has(next.normal)
            ? j
            : -1;
      if (placeholder >= 0 && ["where", "that", "which", "to", "so"].includes(toks[placeholder + 1]?.normal ?? "")) {
        let k = placeholder + 2;
        if (toks[placeholder + 1]!.normal !== "to")
          while (k < toks.length && k < placeholder + 6 && !isBaseVerb(toks[k])) k++;
        const v = verbAfter(toks, k);
        if (v.at >= 0 && v.at < placeholder + 8)
          return base(v.at, "verb", WEIGHTS.needVerb + 1, { negated, subject, desire, framed: true });
      }
      if (next.normal === "to" || t.normal === "wanna") {
        const v = verbAfter(toks, next.normal === "to" ? j + 1 : j);
        if (v.at >= 0)
          return base(v.at, "verb", WEIGHTS.needVerb + (v.able ? WEIGHTS.ableTo : 0), { negated, subject, desire });
        continue;
      }
      // "they want us to VERB …": someone outside the room asks the team for it
      if ((next.normal === "us" || next.normal === "you") && toks[j + 1]?.normal === "to" && lemma !== "need") {
        const v = verbAfter(toks, j + 2);
        if (v.at >= 0 && !isMeetingVerb(toks, v.at)) return base(v.at, "verb", WEIGHTS.needVerb, { negated, subject });
        continue;
      }
      // "need nurses to see …"
      if (isRoleNoun(next) && toks[j + 1]?.normal === "to") {
        const v = verbAfter(toks, j + 2);
        if (v.at >= 0) return base(v.at, "verb", WEIGHTS.needVerb + WEIGHTS.role, { negated, subject: j });
      }
      // "needs and desires": a need verb read in a list of nouns asks for nothing
      if (next.pos === "CCONJ" || next.pos === "SCONJ") continue;
      const nounish =
        next.pos === "DET" ||
        next.pos === "ADJ" ||
        next.pos === "NOUN" ||
        next.pos === "PROPN" ||
        next.pos === "NUM" ||
        (next.pos !== "PRON" &&
          next.pos !== "AUX" &&
          next.pos !== "PART" &&
          toks.slice(j + 1, j + 4).some((x) => x.pos === "NOUN"));
      if (nounish && next.pos !== "PUNCT") {
        if (next.pos === "DET" && !nounSoon(toks, j + 1)) continue;
        return base(j, "noun", WEIGHTS.needVerb, { negated, subject });
      }
      continue;
    }
    // have to / has to / got to / gotta + VERB
    if ((lemma === "have" || lemma === "get") && toks[i + 1]?.normal === "to" && t.pos !== "NOUN") {
      const v = verbAfter(toks, i + 2);
      if (v.at >= 0)
        return base(v.at, "verb", WEIGHTS.modal + (v.able ? WEIGHTS.ableTo : 0), {
          negated,
          subject: subjectBefore(toks, i),
        });
    }
    if (t.normal === "gotta") {
      const v = verbAfter(toks, i + 1);
      if (v.at >= 0) return base(v.at, "verb", WEIGHTS.modal, { negated, subject: subjectBefore(toks, i) });
    }
    // should / must (+ be able to) + VERB; passive "should be VERB-ed / ADJ"
    if (ASK_MODALS.has(t.normal) && (t.pos === "AUX" || t.pos === "VERB")) {
      const subject = subjectBefore(toks, i);
      const v = verbAfter(toks, i + 1);
      if (v.at < 0) continue;
      const verb = toks[v.at]!;
      if (verb.lemma === "be" && !v.able) {
        // passive or predicate: "Statements should be exportable …", "Results should be shown …"
        let c = v.at + 1;
        while (
          toks[c] &&
          toks[c]!.pos === "ADV" &&
          toks[c + 1] &&
          (toks[c + 1]!.pos === "VERB" || toks[c + 1]!.pos === "ADJ")
        )
          c++;
        const comp = toks[c];
        const subj = subject >= 0 ? toks[subject]! : undefined;
        if (!comp || !subj || subj.pos === "PRON") continue;
        if (comp.pos === "VERB" || comp.pos === "ADJ") {
          let s = subject;
          while (s > 0 && (toks[s - 1]!.pos === "NOUN" || toks[s - 1]!.pos === "ADJ" || toks[s - 1]!.pos === "PROPN"))
            s--;
          if (s > 0 && toks[s - 1]!.pos === "DET") s--;
          const passiveSubject = toks.slice(s, subject + 1);
          return base(c, "passive", WEIGHTS.modal + (comp.pos === "VERB" ? 1 : 0), {
            negated,
            subject,
            passiveSubject,
          });
        }
        continue;
      }
      // ("it should beep when …": the product's reaction keeps its condition, which is what it reacts to)
      // (to an event in the world, not to what the team does: "it should improve when we add staff" is a forecast)
      const reacts =
        subject >= 0 &&
        toks[subject]!.normal === "it" &&
        CONDITIONS.has(toks[v.at + 1]?.normal ?? "") &&
        !TEAM_SUBJECTS.has(toks[v.at + 2]?.normal ?? "") &&
        !negated;
      if (reacts)
        return base(v.at, "verb", WEIGHTS.modal, { subject, verdictEnd: clause(toks, v.at + 2).end, feature: true });
      return base(v.at, "verb", WEIGHTS.modal + (v.able ? WEIGHTS.ableTo : 0), { negated, subject });
    }
    // "there should be / needs to be / has to be X"
    if (t.normal === "there" && i + 1 < toks.length) {
      for (let j = i + 1; j < Math.min(toks.length, i + 5); j++) {
        if (
          toks[j]!.lemma === "be" &&
          j > i + 1 &&
          toks.slice(i + 1, j).some((x) => ASK_MODALS.has(x.normal) || NEED_VERBS.has(x.lemma) || x.lemma === "have")
        ) {
          const next = toks[j + 1];
          if (next && ["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(next.pos))
            return base(j + 1, "noun", WEIGHTS.modal, { negated: toks.slice(i, j).some((x) => x.normal === "not") });
        }
      }
    }
    // "you can VERB …" describing the product; "we'll / we will / we're going to VERB …": a decision
    if (
      (t.normal === "can" && toks[i - 1]?.normal === "you") ||
      ((t.normal === "will" || t.normal === "'ll") && toks[i - 1]?.normal === "we") ||
      (t.normal === "going" && toks[i + 1]?.normal === "to" && toks[i - 2]?.normal === "we")
    ) {
      if (!negated) {
        const v = verbAfter(toks, t.normal === "going" ? i + 2 : i + 1);
        if (v.at >= 0 && toks[v.at]!.lemma !== "be" && !MEETING_VERBS.has(toks[v.at]!.lemma))
          return base(v.at, "verb", WEIGHTS.modal, { subject: i - 1 });
      }
    }
    // reported asks: "The auditor asked for X", "Nurses keep asking to VERB", "Customers requested X"
    if ((lemma === "ask" || lemma === "request" || lemma === "beg") && t.pos === "VERB") {
      // "ROLE emailed asking …": the subject may stand before a reporting verb
      let subject = subjectBefore(toks, i);
      if (subject < 0 && t.normal.endsWith("ing")) {
        let k = i - 1;
        if (toks[k] && PARTICLES.has(toks[k]!.normal)) k--;
        if (toks[k]?.pos === "VERB") subject = subjectBefore(toks, k);
      }
      const who = subject >= 0 ? toks[subject]! : undefined;
      if (who && isRoleNoun(who)) {
        let j = i + 1;
        // "asked if/whether they can VERB …"
        if (
          (toks[j]?.normal === "if" || toks[j]?.normal === "whether") &&
          toks[j + 1]?.pos === "PRON" &&
          toks[j + 2] &&
          SOFT_MODALS.has(toks[j + 2]!.normal)
        ) {
          const v = verbAfter(toks, j + 3);
          if (v.at >= 0 && toks[v.at]!.lemma !== "be") return base(v.at, "verb", WEIGHTS.needVerb, { subject });
        }
        while (
          j < toks.length &&
          (isFiller(toks[j]!) || toks[j]!.pos === "ADV" || (toks[j]!.pos === "PRON" && toks[j]!.normal !== "for"))
        )
          j++;
        if (toks[j]?.normal === "for" && toks[j + 1]) return base(j + 1, "noun", WEIGHTS.needVerb, { subject });
        if (toks[j]?.normal === "to") {
          const v = verbAfter(toks, j + 1);
          if (v.at >= 0) return base(v.at, "verb", WEIGHTS.needVerb, { subject });
        }
        if (lemma === "request" && toks[j] && ["DET", "ADJ", "NOUN"].includes(toks[j]!.pos))
          return base(j, "noun", WEIGHTS.needVerb, { subject });
      }
    }
    // "Nobody can / No one should VERB …": a constraint
    if ((SOFT_MODALS.has(t.normal) || ASK_MODALS.has(t.normal)) && t.pos === "AUX" && negativeSubject(toks, i)) {
      const v = verbAfter(toks, i + 1);
      if (v.at >= 0) return base(v.at, "verb", WEIGHTS.modal, { negated: true });
    }
    // "ROLE can VERB" / "ROLE will be able to VERB": what someone can do with the product
    if ((t.normal === "can" || t.normal === "will") && t.pos === "AUX" && !negated) {
      const subject = subjectBefore(toks, i);
      const who = subject >= 0 ? toks[subject]! : undefined;
      if (who && isRoleNoun(who)) {
        const v = verbAfter(toks, i + 1);
        // "ROLE will VERB" without "be able to" predicts what they will do, it asks for nothing
        if (v.at >= 0 && toks[v.at]!.lemma !== "be" && (t.normal === "can" || v.able))
          return base(v.at, "verb", WEIGHTS.modal - 1 + (v.able ? WEIGHTS.ableTo : 0), { subject });
      }
    }
    // "we could / we can VERB": a suggestion, an ask only when agreed; "ROLE can/could VERB" is about them
    if ((t.normal === "could" || t.normal === "might") && t.pos === "AUX") {
      const subject = subjectBefore(toks, i);
      const who = subject >= 0 ? toks[subject]! : undefined;
      // "you could have/get X" proposes a feature to the room (an ask only if someone agrees)
      const youHave =
        who?.normal === "you" &&
        (() => {
          const v = verbAfter(toks, i + 1);
          return v.at >= 0 && LIGHT_VERBS.has(toks[v.at]!.lemma.toLowerCase());
        })();
      if (!who || (who.normal !== "we" && !isRoleNoun(who) && !youHave)) continue;
      const v = verbAfter(toks, i + 1);
      if (v.at >= 0 && toks[v.at]!.lemma !== "be")
        return base(v.at, "verb", WEIGHTS.suggestion + WEIGHTS.modal - 1, { negated, subject, tentative: true });
    }
  }
  return (
    conditionalBehaviour(toks, first, base) ??
    productDescription(toks, first, base) ??
    trailingVerdict(toks, first, base) ??
    agreedBehaviour(toks, first, base) ??
    afterFronted(toks, first, question)
  );
}

/**
 * Whether the subject before the modal at `at` is "nobody" or "no one", said alone or with what it is of: "nobody on
 * my team can …", "no one at the front desk should …" (a noun phrase or prepositional phrase between).
 */
function negativeSubject(toks: readonly Token[], at: number): boolean {
  for (let k = at - 1; k >= Math.max(0, at - 7); k--) {
    const t = toks[k]!;
    if (t.normal === "nobody" || t.normal === "noone" || (t.normal === "one" && toks[k - 1]?.normal === "no"))
      return true;
    if (!(
      t.pos === "ADP" ||
      t.pos === "DET" ||
      t.pos === "NOUN" ||
      t.pos === "PROPN" ||
      t.pos === "ADJ" ||
      POSSESSIVES.has(t.normal)
    ))
      return false;
  }
  return false;
}

/**
 * A sentence opened by a phrase set off with a comma ("For our couriers, …", "Above all, …", "In the end, …"): the
 * cue of what follows it, its indices in the whole sentence (a role in the phrase still names who it serves).
 */
function afterFronted(toks: readonly Token[], first: number, question: boolean): Cue | null {
  const f = toks[first];
  if (!f || !(f.pos === "ADP" || f.pos === "ADV" || isFiller(f) || f.normal === "every" || f.normal === "each"))
    return null;
  const comma = toks.findIndex((t, k) => k > first && k <= first + 6 && t.text === ",");
  if (
    comma < 0 ||
    comma + 3 >= toks.length ||
    toks
      .slice(first, comma)
      .some((t) => t.pos === "VERB" || t.pos === "AUX" || (t.pos === "PRON" && !POSSESSIVES.has(t.normal)))
  )
    return null;
  const k = comma + 1;
  const sub = findCue(toks.slice(k), question);
  if (!sub) return null;
  return {
    ...sub,
    at: sub.at + k,
    subject: sub.subject >= 0 ? sub.subject + k : -1,
    verdictEnd: sub.verdictEnd === undefined ? undefined : sub.verdictEnd + k,
  };
}

/**
 * A feature wished for by naming it: "<noun phrase …> would be good / nice / useful" ("a dark mode for the app would be
 * nice"). The noun phrase, said first, is the thing asked for; a clause inside it ("… when it …") stays with it.
 */
function featureWish(
  toks: readonly Token[],
  first: number,
  base: (at: number, form: CapabilityForm, score: number, extra?: Partial<Cue>) => Cue,
): Cue | null {
  const start = toks[first];
  if (
    !start ||
    !["DET", "ADJ", "NOUN", "PROPN"].includes(start.pos) ||
    (start.pos === "DET" && ["this", "that", "these", "those"].includes(start.normal))
  )
    return null;
  for (let w = first + 1; w < Math.min(toks.length - 2, first + 14); w++) {
    const t = toks[w]!;
    if (t.pos === "PUNCT" && /[.;!?]/.test(t.text)) return null;
    if (t.normal !== "would" && t.normal !== "'d") continue;
    let j = w + 1;
    while (toks[j] && (toks[j]!.pos === "ADV" || isFiller(toks[j]!))) j++;
    if (toks[j]?.normal !== "be" || !FRAME_WORDS.has(toks[j + 1]?.normal ?? "") || toks[j + 1]!.pos !== "ADJ")
      return null;
    // nothing but a closing word may follow ("would be good, yeah")
    const rest = toks.slice(j + 2).filter((x) => x.pos !== "PUNCT" && !isFiller(x) && !x.noise && x.pos !== "INTJ");
    if (rest.length > 0) return null;
    const phrase = toks.slice(first, w);
    // the phrase opens on a thing, before any verb: "<thing> … would be good"
    const firstVerb = phrase.findIndex((x) => x.pos === "VERB" || x.pos === "AUX" || x.pos === "PRON");
    const firstNoun = phrase.findIndex((x) => (x.pos === "NOUN" || x.pos === "PROPN") && !x.noise);
    if (firstNoun < 0 || (firstVerb >= 0 && firstVerb < firstNoun) || isRoleNoun(phrase[firstNoun]!)) return null;
    return base(first, "noun", WEIGHTS.frame + 1, { verdictEnd: w, feature: true });
  }
  return null;
}

/** Verbs a hedge is made of ("if you want", "if we have time", "if you like"). */
const HEDGE_VERBS = new Set(["have", "want", "like", "need", "prefer", "mind", "be"]);
/** States a hedge names ("if possible", "if it's okay"); "if it's urgent" is a condition. */
const HEDGE_STATES = new Set(["possible", "necessary", "needed", "required", "okay", "ok", "fine", "feasible", "able"]);

/**
 * A condition that only hedges the ask: "if you can", "if possible", "if needed", "if we have time" name nothing the
 * product reacts to (no thing, number or verb of its own), so no "When …, then …" is written from them.
 */
function isHedge(condition: readonly Token[]): boolean {
  const words = condition.filter((t) => t.pos !== "PUNCT");
  return (
    words.length <= 4 &&
    words.every(
      (t) =>
        t.pos === "PRON" ||
        t.pos === "AUX" ||
        (t.pos === "ADJ" && HEDGE_STATES.has(t.normal)) ||
        t.pos === "ADV" ||
        t.pos === "PART" ||
        (t.pos === "VERB" && HEDGE_VERBS.has(t.lemma.toLowerCase())) ||
        (t.pos === "NOUN" && t.lemma.toLowerCase() === "time"),
    )
  );
}

/** The condition of the previous speaker's question "what happens when/if X?", as tokens, else null. */
function whatHappens(sentence: Sentence, preceding: readonly Sentence[]): Token[] | null {
  const q = preceding[preceding.length - 1];
  if (!q || q.speaker === sentence.speaker) return null;
  const toks = speech(q);
  const h = toks.findIndex(
    (t) =>
      t.lemma.toLowerCase() === "happen" &&
      toks.slice(Math.max(0, toks.indexOf(t) - 3), toks.indexOf(t)).some((x) => x.normal === "what"),
  );
  if (h < 0) return null;
  const c = toks.findIndex((t, k) => k > h && CONDITIONS.has(t.normal));
  if (c < 0) return null;
  const cond = clause(toks, c + 1, 16).tokens.filter((x) => !isFiller(x) && x.pos !== "PUNCT");
  return cond.length >= 2 ? cond : null;
}

/** "<thing> VERBs …" in the present tense, said first in the sentence: how the product behaves. */
function presentBehaviour(toks: readonly Token[]): Cue | null {
  const first = leadingIndex(toks);
  let v = first;
  while (v < toks.length && v < first + 4 && ["NOUN", "PROPN", "ADJ", "DET"].includes(toks[v]!.pos)) v++;
  const verb = toks[v];
  const subj = toks[v - 1];
  if (
    v === first ||
    !verb ||
    !subj ||
    verb.pos !== "VERB" ||
    (subj.pos !== "NOUN" && subj.pos !== "PROPN") ||
    isRoleNoun(subj)
  )
    return null;
  const base = verb.normal === verb.lemma.toLowerCase();
  // "<thing> goes …" or "<things> go …": a present tense agreeing with its subject
  const agrees = base ? subj.normal !== nounLemma(subj) : /[^s]s$/.test(verb.normal) && subj.normal === nounLemma(subj);
  if (!agrees) return null;
  return {
    at: v,
    form: "thing",
    score: WEIGHTS.modal,
    negated: false,
    subject: v - 1,
    tentative: false,
    passiveSubject: toks.slice(first, v),
    modal: [],
    present: true,
  };
}

/** "the ADJ one" words that single a thing out as the important one ("that's the main one"). */
const ONE_VERDICTS = new Set(["big", "biggest", "main", "key", "important", "top", "first"]);

/** A noun phrase said first and judged after it: "<noun phrase …> that's the main one / a must-have / critical". */
function trailingVerdict(
  toks: readonly Token[],
  first: number,
  base: (at: number, form: CapabilityForm, score: number, extra?: Partial<Cue>) => Cue,
): Cue | null {
  let from = first;
  while (from < toks.length && (toks[from]!.normal === "so" || isFiller(toks[from]!) || toks[from]!.pos === "INTJ"))
    from++;
  const start = toks[from];
  if (
    !start ||
    !(["NOUN", "PROPN", "ADJ"].includes(start.pos) || (start.pos === "VERB" && start.normal.endsWith("ing"))) ||
    isRoleNoun(start)
  )
    return null;
  for (let d = from + 2; d < Math.min(toks.length - 2, from + 20); d++) {
    const t = toks[d]!;
    if (
      t.pos === "AUX" ||
      t.pos === "PRON" ||
      (t.pos === "VERB" && !t.normal.endsWith("ing")) ||
      /[.;!?]/.test(t.text)
    ) {
      if (!(t.normal === "that" && toks[d + 1]?.lemma === "be")) return null;
      let j = d + 2;
      while (j < toks.length && (toks[j]!.pos === "DET" || isFiller(toks[j]!) || toks[j]!.pos === "ADV")) j++;
      const w = toks[j];
      const w2 = toks[j + 1];
      // (or a value: "… that's the single most important thing")
      const verdict =
        w !== undefined &&
        ((w.normal === "must" && w2?.normal === "have") ||
          (ONE_VERDICTS.has(w.normal) && w2?.normal === "one") ||
          (PRIORITY_HIGH.has(w.normal) && w.pos === "ADJ" && w.normal !== "key") ||
          valuePredicate(toks, d + 2) > 0);
      if (!verdict || !toks.slice(from, d).some((x) => x.pos === "NOUN" || x.pos === "PROPN")) return null;
      return base(from, "noun", WEIGHTS.verdict, { verdictEnd: d });
    }
  }
  return null;
}

/**
 * A description of the product's parts: "<thing> is (just) (like) a/an <noun phrase naming an interface part …>"
 * ("the archive is a tab with a search field"). The predicate noun phrase is what to build.
 */
function productDescription(
  toks: readonly Token[],
  first: number,
  base: (at: number, form: CapabilityForm, score: number, extra?: Partial<Cue>) => Cue,
): Cue | null {
  for (let i = first + 1; i < Math.min(toks.length - 2, first + 7); i++) {
    const be = toks[i]!;
    if (
      be.lemma !== "be" ||
      !["is", "are", "'s"].includes(be.normal) ||
      toks[i + 1]?.normal === "not" ||
      toks[i + 1]?.normal === "n't"
    )
      continue;
    const subject = toks.slice(first, i).filter((t) => !isFiller(t) && t.pos !== "DET");
    if (
      !subject.some((t) => t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "NUM") ||
      subject.some(
        (t) => t.pos === "PRON" || t.pos === "AUX" || (t.pos === "VERB" && !t.normal.endsWith("ing")) || isRoleNoun(t),
      )
    )
      return null;
    let j = i + 1;
    while (j < toks.length && (isFiller(toks[j]!) || toks[j]!.pos === "ADV" || toks[j]!.normal === "like")) j++;
    if (toks[j]?.normal !== "a" && toks[j]?.normal !== "an") return null;
    const { tokens } = clause(toks, j, 16);
    if (!tokens.some((t) => (t.pos === "NOUN" || t.pos === "PROPN") && PRODUCT_PARTS.has(nounLemma(t)))) return null;
    return base(j, "noun", WEIGHTS.modal, { subject: i - 1 });
  }
  return null;
}

/** Head nouns that name nothing yet. */
const VAGUE_HEADS = new Set([
  "kind",
  "sort",
  "type",
  "lot",
  "lots",
  "bit",
  "possibility",
  "something",
  "anything",
  "stuff",
  "thing",
  "things",
]);

const STATE_VERBS = new Set(["be", "get", "stay", "remain"]);
/** Verbs of the product telling someone: "the adjuster is notified …". */
const TOLD_VERBS = new Set([
  "notify",
  "alert",
  "remind",
  "email",
  "text",
  "message",
  "warn",
  "inform",
  "tell",
  "ping",
  "show",
  "send",
  "sent",
  "ask",
  "invite",
]);

/**
 * A conditional present-tense passive states how the product behaves: "When/If/Once X …, <thing> is/gets <participle> …"
 * or "<thing> gets <participle> … when X …". The main clause (outside the condition) must have a noun subject.
 */
function conditionalBehaviour(
  toks: readonly Token[],
  first: number,
  base: (at: number, form: CapabilityForm, score: number, extra?: Partial<Cue>) => Cue,
): Cue | null {
  const c = toks.findIndex((t, k) => k >= first && CONDITIONS.has(t.normal) && (t.pos === "SCONJ" || t.pos === "ADV"));
  if (c < 0) return null;
  const [from, to] = c === first ? [clause(toks, c + 1).end, toks.length] : [first, c];
  for (let b = from + 1; b < to - 1; b++) {
    const be = toks[b]!;
    if (
      !STATE_VERBS.has(be.lemma.toLowerCase()) ||
      (be.pos !== "AUX" && be.pos !== "VERB") ||
      be.normal === "be" ||
      be.normal === "been" ||
      be.normal === "was" ||
      be.normal === "were"
    )
      continue;
    const subj = toks[b - 1]!;
    // people being worried or pleased is about them, not how the product behaves (being told is: "ROLE is notified …")
    const told =
      isRoleNoun(subj) && TOLD_VERBS.has(toks[b + 1]?.lemma.toLowerCase() ?? "") && toks[b + 1]!.pos === "VERB";
    if ((subj.pos !== "NOUN" && subj.pos !== "PROPN") || subj.noise || (isRoleNoun(subj) && !told)) continue;
    let p = b + 1;
    let negated = false;
    while (p < to && (toks[p]!.pos === "ADV" || toks[p]!.pos === "PART" || isFiller(toks[p]!))) {
      if (toks[p]!.normal === "not" || toks[p]!.normal === "n't" || toks[p]!.normal === "never") negated = true;
      p++;
    }
    const part = toks[p];
    // a participle: "-ed"/"-en", or an inflected verb that is neither "-ing" nor "-s" ("kept", "sent")
    const participle =
      part !== undefined &&
      (((part.pos === "VERB" || part.pos === "ADJ") && /(?:ed|en)$/.test(part.normal)) ||
        (part.pos === "VERB" && part.normal !== part.lemma.toLowerCase() && !/(?:ing|s)$/.test(part.normal)));
    if (!part || !participle) continue;
    let s0 = b - 1;
    while (
      s0 > from &&
      !toks[s0 - 1]!.noise &&
      (["NOUN", "PROPN", "ADJ"].includes(toks[s0 - 1]!.pos) ||
        (toks[s0 - 1]!.pos === "VERB" && toks[s0 - 1]!.normal.endsWith("ing")))
    )
      s0--;
    if (s0 > from && toks[s0 - 1]!.pos === "DET") s0--;
    return base(p, "passive", WEIGHTS.modal, { negated, subject: b - 1, passiveSubject: toks.slice(s0, b) });
  }
  return null;
}

/**
 * What the sentence does. `following` is the next sentence or two (for agreement from another speaker).
 */
export function classify(
  sentence: Sentence,
  following: readonly Sentence[] = [],
  preceding: readonly Sentence[] = [],
): Classified {
  markPeople(speech(sentence));
  // "So X is mandatory for C and D?" — "Yes.": a statement checked as a question and confirmed is a statement
  // ("Any objections to X?" is a proposal, taken up by a reply that objects to nothing: read below)
  if (
    sentence.isQuestion &&
    isConfirmationQuestion(sentence) &&
    !speech(sentence).some((t) => OBJECTION_NOUNS.has(t.normal))
  ) {
    const reply = following.find((s) => s.speaker !== sentence.speaker);
    if (reply && !reply.isQuestion && agrees(speech(reply).filter((t) => t.pos !== "PUNCT"))) {
      const asStatement = classify({ ...sentence, isQuestion: false }, [], preceding);
      if (asStatement.ask)
        asStatement.ask = { ...asStatement.ask, agreed: true, score: asStatement.ask.score + WEIGHTS.agreed };
      // (a question put to the room, "everybody OK with X?", is read as the proposal it is when it states nothing)
      if (asStatement.ask || asStatement.kind !== "other") return asStatement;
    }
  }
  const whole = classifyWhole(sentence, following, preceding);
  if (whole.kind !== "other" || sentence.isQuestion) return whole;
  // spoken sentences run clauses together ("so we have to X, and finally it should be Y"): when the first cue asks for
  // nothing, a later clause that opens on its own subject may
  const toks = sentence.tokens;
  let tries = 0;
  for (let k = 3; k < toks.length - 4 && tries < 4; k++) {
    const t = toks[k - 1]!;
    const opener =
      (t.pos === "PUNCT" && /[,;:]/.test(t.text)) || (t.pos === "CCONJ" && t.normal !== "or") || t.normal === "so";
    // (a clause opening on a wh-word is a question or a relative, not a new ask)
    if (!opener || toks[k]!.pos === "CCONJ" || toks[k]!.pos === "PUNCT" || /^wh|^how$/.test(toks[k]!.normal)) continue;
    const rest = toks.slice(k);
    const words = rest.filter((x) => !x.noise && x.pos !== "PUNCT" && x.pos !== "SYM");
    // a clause of its own: a subject and a finite verb or modal within its first words
    if (
      words.length < 4 ||
      !words.slice(0, 5).some((x) => x.pos === "AUX" || (x.pos === "VERB" && x.normal !== x.lemma.toLowerCase()))
    )
      continue;
    tries++;
    const part: Sentence = {
      ...sentence,
      tokens: rest,
      words,
      start: rest[0]!.start,
      text: sentence.text.slice(rest[0]!.start - sentence.start),
    };
    const sub = classifyWhole(part, following, preceding);
    // (a later clause's first word read as a verb is rarely an imperative: "…, half the comments were …")
    if (sub.ask && sub.kind === "ask" && sub.ask.capability[0] !== words[0]) return sub;
  }
  return whole;
}

/** Finite forms of "be", "have" and "do": after a noun phrase they make it a subject. */
const FINITE_AUX = new Set(["is", "are", "was", "were", "'s", "'re", "has", "have", "had", "does", "do", "did"]);

export type SectionContext = "later" | "open" | "task" | "decided" | "proposed";

/** What the sentence's line label, else its heading, files it under (see SECTION_* in ./lexicon), or null. */
export function sectionContext(sentence: Pick<Sentence, "label" | "section">): SectionContext | null {
  for (const text of [sentence.label, sentence.section]) {
    if (!text) continue;
    const words = text.split(/[^a-z0-9'’-]+/).filter(Boolean);
    const has = (list: ReadonlySet<string>) => words.some((w) => list.has(w));
    // (a heading of what was put off is a short bucket name, "Later", "Parked for v2"; a longer one is a topic that
    // happens to hold the word, "What we will build later this year")
    if (
      (has(SECTION_LATER) && words.length <= 4) ||
      (has(SECTION_NOT) && (words.includes("scope") || words.some((w) => DOING.has(w))))
    )
      return "later";
    if (has(SECTION_OPEN)) return "open";
    if (has(SECTION_TASKS)) return "task";
    if (has(SECTION_DECIDED)) return "decided";
    if (has(SECTION_PROPOSED)) return "proposed";
  }
  return null;
}
const DOING = new Set(["do", "doing", "build", "building", "included", "included", "happening"]);

/**
 * A line filed under what the meeting settled, in whatever grammar notes use: "<thing> VERBs …", "<thing> will/can
 * VERB …", "ROLE can VERB …", or a bare noun phrase ("Tickets in the wallet").
 */
function settledItem(toks: readonly Token[]): Cue | null {
  const present = presentBehaviour(toks);
  if (present) return present;
  const first = leadingIndex(toks);
  const base = (at: number, form: CapabilityForm, extra: Partial<Cue> = {}): Cue => ({
    at,
    form,
    score: 0,
    negated: false,
    subject: -1,
    tentative: false,
    passiveSubject: [],
    modal: [],
    ...extra,
  });
  // "(The/Our) ROLEs VERB …": what a role does with the product
  let r = first;
  while (
    r < toks.length &&
    r < first + 3 &&
    (toks[r]!.pos === "DET" || (toks[r]!.pos === "PRON" && POSSESSIVES.has(toks[r]!.normal)) || toks[r]!.pos === "ADJ")
  )
    r++;
  if (
    toks[r] &&
    isRoleNoun(toks[r]!) &&
    toks[r + 1]?.pos === "VERB" &&
    !toks[r + 1]!.normal.endsWith("ing") &&
    !toks[r + 1]!.normal.endsWith("ed")
  )
    return base(r + 1, "verb", { subject: r });
  for (let v = first + 1; v < Math.min(toks.length, first + 9); v++) {
    const t = toks[v]!;
    if (isBoundary(toks, v)) break;
    if (!isBaseVerb(t) || (toks[v - 1]!.pos !== "AUX" && toks[v - 1]!.pos !== "PART" && toks[v - 1]!.pos !== "ADV"))
      continue;
    let s = v - 1;
    while (s > first && ["AUX", "PART", "ADV"].includes(toks[s]!.pos)) s--;
    const subj = toks[s]!;
    const modal = toks.slice(s + 1, v).filter((x) => x.pos === "AUX" || x.pos === "PART");
    if (!modal.some((x) => x.pos === "AUX")) break;
    if (isRoleNoun(subj)) return base(v, "verb", { subject: s, negated: isNegatedAt(toks, v) });
    if (subj.pos === "NOUN" || subj.pos === "PROPN")
      return base(v, "thing", {
        subject: s,
        passiveSubject: toks.slice(first, s + 1),
        modal,
        negated: isNegatedAt(toks, v),
      });
    break;
  }
  const f = toks[first];
  if (
    f &&
    ["NOUN", "PROPN", "ADJ", "DET", "NUM"].includes(f.pos) &&
    !["no", "not", "never", "none"].includes(f.normal) &&
    !isRoleNoun(f)
  )
    return base(first, "noun");
  return null;
}

function classifyWhole(
  sentence: Sentence,
  following: readonly Sentence[] = [],
  preceding: readonly Sentence[] = [],
): Classified {
  const toks = speech(sentence);
  const words = toks.filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM");
  if (words.length === 0) return { kind: "other", ask: null };
  if (isAgreement(words)) return { kind: "agreement", ask: null };
  const context = sectionContext(sentence);
  if (context === "task") return { kind: "other", ask: null };
  if (context === "open") return { kind: "question", ask: null };
  const lead = leadingIndex(toks);
  // a settled line that rules a thing out: "No X", "X is not part of …", "X is out of scope"
  const ruledOut =
    context === "decided" &&
    (["no", "not", "never", "without"].includes(toks[lead]?.normal ?? "") ||
      toks.some(
        (t, k) =>
          t.lemma === "be" &&
          ["not", "n't"].includes(toks[k + 1]?.normal ?? "") &&
          !isBaseVerb(toks[k + 2]) &&
          toks[k + 2]?.pos !== "VERB",
      ) ||
      toks.some((t, k) => t.normal === "out" && toks[k + 1]?.normal === "of" && toks[k + 2]?.normal === "scope"));
  if (context === "later" || ruledOut)
    return {
      kind: context === "later" ? "postponement" : "rejection",
      ask: null,
      scope: phraseAfter(toks, lead - 1) ?? [],
    };
  // a question ("do we drop X?") asks, it does not reject
  const blocked = sentence.isQuestion ? null : rejectsOrPostpones(toks);
  if (blocked) return { kind: blocked.kind, ask: null, scope: blocked.scope };
  const answered = sentence.isQuestion ? null : whatHappens(sentence, preceding);
  // a settled line is read from its start ("<thing> that …, and you can …" is about the thing, not the later clause)
  const settled = context === "decided" || context === "proposed" ? settledItem(toks) : null;
  const putToRoom = toks.some((t) => OBJECTION_NOUNS.has(t.normal));
  // "So: A, B and C" on a line of its own: the layout reads the label as a speaker's name
  const labelText = sentence.speaker ?? sentence.label;
  const recapLabel =
    labelText &&
    labelText
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean)
      .every((w) => RECAP_LABELS.has(w) || w === "to" || w === "in")
      ? recapList(toks, plainCue, lead)
      : null;
  const cue =
    recapLabel ??
    (settled && settled.at <= lead + 3 && !putToRoom ? settled : null) ??
    findCue(toks, sentence.isQuestion) ??
    (answered ? presentBehaviour(toks) : null) ??
    settled;
  if (cue && context === "decided") cue.score += WEIGHTS.decided;
  if (cue && context === "proposed" && cue.score < WEIGHTS.ASK_THRESHOLD) cue.tentative = true;
  if (!cue) return { kind: sentence.isQuestion ? "question" : "other", ask: null };

  // "The export should respect …": a thing as subject is what the story is about
  const subjectTok = cue.subject >= 0 ? toks[cue.subject] : undefined;
  if (
    cue.form === "verb" &&
    subjectTok &&
    (subjectTok.pos === "NOUN" || subjectTok.pos === "PROPN" || subjectTok.pos === "ADJ") &&
    !isRoleNoun(subjectTok) &&
    cue.subject < cue.at
  ) {
    let s0 = cue.subject;
    while (s0 > 0 && ["NOUN", "ADJ", "PROPN"].includes(toks[s0 - 1]!.pos) && !toks[s0 - 1]!.noise) s0--;
    if (s0 > 0 && toks[s0 - 1]!.pos === "DET") s0--;
    cue.form = "thing";
    cue.passiveSubject = toks.slice(s0, cue.subject + 1);
    cue.modal = toks.slice(cue.subject + 1, cue.at).filter((t) => !isFiller(t) && t.pos !== "ADV");
  }
  const { tokens: capability, end } =
    cue.verdictEnd !== undefined
      ? { tokens: toks.slice(cue.at, cue.verdictEnd), end: toks.length }
      : clause(toks, cue.at);
  // "should only be used for X", "can only see X": the restriction stays, after the verb ("used only for X")
  if (cue.verdictEnd === undefined && capability.length > 1 && !capability.some((t) => t.normal === "only")) {
    const only = toks.slice(Math.max(0, cue.at - 4), cue.at).find((t) => t.normal === "only");
    if (only) capability.splice(1, 0, only);
  }
  // a verdict on one noun ("X is low priority") names a thing said just before: its noun phrase there is the capability
  let antecedent: Sentence | null = null;
  if (cue.verdictEnd !== undefined && keysOf(capability).length < 2) {
    const found = antecedentPhrase(capability, preceding);
    if (found) {
      capability.splice(0, capability.length, ...found.phrase);
      antecedent = found.sentence;
    }
  }
  // a word broken off and said again in full ("fanc fancy") is dropped; any other scrap garbles the ask
  for (let k = capability.length - 2; k >= 0; k--) {
    const t = capability[k]!;
    const next = capability.slice(k + 1).find((x) => !x.noise && !isFiller(x));
    if (
      next &&
      !t.stop &&
      t.normal.length >= 3 &&
      next.normal.length > t.normal.length &&
      next.normal.startsWith(t.normal) &&
      /^[a-z]+$/.test(t.normal)
    )
      capability.splice(k, 1);
  }
  if (capability.some((t, k) => isBroken(t, capability[k + 1]))) return { kind: "other", ask: null };
  if (capability.some((t) => t.normal.length > 1 && /^[a-z]+$/.test(t.normal) && t.pos === "X"))
    return { kind: "other", ask: null };
  const subjTok = cue.subject >= 0 ? toks[cue.subject] : undefined;
  if (cue.negated && subjTok && (subjTok.normal === "we" || subjTok.normal === "i") && cue.form !== "noun")
    return { kind: "rejection", ask: null, scope: phraseAfter(toks, cue.at - 1) ?? [] };
  const capWords = capability.filter((t) => !isFiller(t) && t.pos !== "PUNCT");
  const head = capWords[0];
  if (!head) return { kind: "other", ask: null };
  // a thing asked for is a noun phrase, never a prepositional phrase ("need on the …")
  if (cue.form === "noun" && head.pos === "ADP") return { kind: "other", ask: null };
  // … nor a vague head that names nothing yet ("some kind of …", "a possibility to …", "a lot more …")
  const headNoun = capWords.find((t) => t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "PRON");
  if (cue.form === "noun" && headNoun && VAGUE_HEADS.has(headNoun.normal) && capWords.indexOf(headNoun) <= 2)
    return { kind: "other", ask: null };
  // ("it should beep when …": "it" with a modal and a verb of its own that reacts to a condition is the product's
  // behaviour, a rule of when it acts)
  const itReacts =
    subjTok?.normal === "it" &&
    cue.form === "verb" &&
    CONDITIONS.has(toks[cue.at + 1]?.normal ?? "") &&
    !TEAM_SUBJECTS.has(toks[cue.at + 2]?.normal ?? "") &&
    toks.slice(cue.subject + 1, cue.at).some((t) => ASK_MODALS.has(t.normal)) &&
    !MEETING_VERBS.has(head.lemma.toLowerCase()) &&
    !GENERIC_VERBS.has(head.lemma.toLowerCase()) &&
    !LIGHT_VERBS.has(head.lemma.toLowerCase()) &&
    !STATE_OF_THINGS.has(head.lemma.toLowerCase());
  // a verb with no object before a condition ("use when …") says how, not what
  if (cue.form === "verb" && !cue.framed && !itReacts && capWords[1] && CONDITIONS.has(capWords[1].normal))
    return { kind: "other", ask: null };
  const roleSubject = subjTok !== undefined && isRoleNoun(subjTok);
  // a wish to see or know a named thing ("I'd want to see everybody's timetable") is about the product, not the meeting
  const wishToSee =
    cue.desire &&
    subjTok?.normal === "i" &&
    toks
      .slice(toks.indexOf(head) + 1, toks.indexOf(head) + 4)
      .some((x) => (x.pos === "NOUN" || x.pos === "PROPN") && !MEETING_OBJECTS.has(nounLemma(x)));
  if (cue.form === "verb" && !roleSubject && !cue.framed && !wishToSee && isMeetingVerb(toks, toks.indexOf(head)))
    return { kind: "other", ask: null };
  const nouns = nounsOf([...capability, ...cue.passiveSubject]);
  if (nouns.length === 0 || nouns.every((n) => MEETING_OBJECTS.has(n))) return { kind: "other", ask: null };
  // the object's first noun is meeting talk ("have a meeting about X", "make a decision on X")
  const firstNoun = capability.find((t) => (t.pos === "NOUN" || t.pos === "PROPN") && !t.noise);
  if (
    cue.form !== "thing" &&
    cue.form !== "passive" &&
    !cue.framed &&
    firstNoun &&
    MEETING_OBJECTS.has(nounLemma(firstNoun)) &&
    capability.indexOf(firstNoun) <= 3
  )
    return { kind: "other", ask: null };
  if (cue.form === "verb" && LIGHT_VERBS.has(head.lemma.toLowerCase()) && nouns.length === 0)
    return { kind: "other", ask: null };

  // "should have a X", "need to get a X", "give ROLE a X": the feature is the object
  let lightRole: string | null = null;
  if (cue.form === "verb" && LIGHT_VERBS.has(head.lemma.toLowerCase())) {
    let at = capability.indexOf(head) + 1;
    while (at < capability.length && (isFiller(capability[at]!) || capability[at]!.pos === "ADV")) at++;
    // ("give the stewards a X": the role may have its article)
    if (
      capability[at]?.pos === "DET" &&
      capability[at + 1] &&
      isRoleNoun(capability[at + 1]!) &&
      capability[at + 2] &&
      !isRoleNoun(capability[at + 2]!)
    )
      at++;
    if (capability[at] && isRoleNoun(capability[at]!)) {
      let h = at;
      while (capability[h + 1] && isRoleNoun(capability[h + 1]!)) h++;
      lightRole = rolePhrase(capability, h);
      at = h + 1;
    }
    const rest = capability.slice(at);
    if (
      rest.some((x) => x.pos === "NOUN" || x.pos === "PROPN") &&
      rest[0] &&
      ["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(rest[0].pos)
    ) {
      capability.splice(0, capability.length, ...rest);
      cue.form = "noun";
      if (subjTok && VAGUE_SUBJECTS.has(subjTok.normal)) cue.score += 1;
    }
  }
  // a thing or passive form names its thing as subject ("password login has to be off …")
  // (an answer stating present behaviour may say the rest in its next clause: "X goes back … and we show a Y")
  // (a wished-for thing's verb counts, whatever verb it is: "the reminders went out …")
  const wishedVerb =
    cue.framed && (cue.form === "thing" || cue.form === "verb") && MEETING_VERBS.has(head.lemma.toLowerCase()) ? 1 : 0;
  if (
    keysOf(
      cue.present
        ? toks
        : cue.form === "thing" || cue.form === "passive"
          ? [...capability, ...cue.passiveSubject]
          : capability,
    ).length +
      wishedVerb <
    2
  )
    return { kind: "other", ask: null };
  let score = cue.score + WEIGHTS.object;
  let role: string | null;
  if (subjTok && isRoleNoun(subjTok)) {
    role = rolePhrase(toks, cue.subject);
    score += WEIGHTS.role;
  } else if (lightRole) {
    role = lightRole;
    score += WEIGHTS.role;
  } else {
    // (a bare order of telling, "text the skipper when …", serves whom it tells)
    role = beneficiary(
      toks,
      cue.subject,
      cue.subject < 0 && cue.form === "verb" && cue.at === leadingIndex(toks) ? cue.at : -1,
    );
    if (role) score += WEIGHTS.role;
    // an ask said indirectly (a wish, a value, a recap, a rule of behaviour) names who it serves anywhere in it: "warn
    // the teacher when …", "the warden's list" (no score: the role is not what makes it an ask)
    else if (
      cue.framed ||
      cue.feature ||
      cue.present ||
      cue.objection ||
      cue.form === "passive" ||
      cue.form === "thing" ||
      cue.verdictEnd !== undefined
    )
      role = anyRole(toks);
  }
  // ("it should VERB the X": "it" is the product when a modal gives it a verb of its own with an object)
  const productIt =
    itReacts ||
    (subjTok?.normal === "it" &&
      cue.form === "verb" &&
      toks
        .slice(cue.subject + 1, cue.at)
        .some((t) => ASK_MODALS.has(t.normal) || t.normal === "has" || t.normal === "have") &&
      !LIGHT_VERBS.has(head.lemma.toLowerCase()) &&
      !GENERIC_VERBS.has(head.lemma.toLowerCase()) &&
      !MEETING_VERBS.has(head.lemma.toLowerCase()) &&
      ["DET", "NOUN", "PROPN", "ADJ"].includes(
        capWords[capWords[1]?.pos === "ADP" && PARTICLES.has(capWords[1].normal) ? 2 : 1]?.pos ?? "",
      ));
  // (a reaction to a named event is not vague: the event says what "it" does and when)
  if (subjTok && VAGUE_SUBJECTS.has(subjTok.normal) && !itReacts)
    score += productIt ? WEIGHTS.vagueSubject / 2 : WEIGHTS.vagueSubject;
  // "we need to …" with nobody to serve is often the team's own task
  // … and with "we/I/you" as subject and a general-purpose verb ("we have to make/find …") it is the team's to-do
  if (
    !role &&
    cue.form === "verb" &&
    (!subjTok || TEAM_SUBJECTS.has(subjTok.normal)) &&
    cue.score < WEIGHTS.imperative + 1 &&
    !(cue.desire && subjTok?.normal === "i")
  )
    // ("you have to press …" tells how a thing is used, not what to build)
    score +=
      subjTok && !sentence.isQuestion && (GENERIC_VERBS.has(head.lemma.toLowerCase()) || subjTok.normal === "you")
        ? 2 * WEIGHTS.teamTask
        : WEIGHTS.teamTask;
  if (nouns.length >= 2) score += WEIGHTS.object;
  if (sentence.isQuestion && cue.score < WEIGHTS.questionAsk + WEIGHTS.modal - 1) score += WEIGHTS.question;
  // "Would you want / Do you need X?" asks the other side whether they want it: theirs only if they say yes
  const need = toks.findIndex((t, k) => k <= cue.at && NEED_VERBS.has(t.lemma.toLowerCase()));
  if (sentence.isQuestion && need > 0 && toks.slice(Math.max(0, need - 3), need).some((t) => t.normal === "you"))
    cue.tentative = true;
  let tentative = cue.tentative;
  let agreed = false;
  if (tentative) {
    // (with no speakers named, the next line is the room's answer)
    const other =
      following.find((s) => s.speaker !== sentence.speaker) ??
      (sentence.speaker === null ? following.find((s) => !s.isQuestion) : undefined);
    const reply = other ? speech(other).filter((t) => t.pos !== "PUNCT") : [];
    if (other && !other.isQuestion && (cue.objection ? noObjection(reply) : agrees(reply))) {
      score += WEIGHTS.agreed;
      tentative = false;
      agreed = true;
    }
  }
  if (score < WEIGHTS.ASK_THRESHOLD || tentative) return { kind: "other", ask: null };

  // The reason and the condition, from the rest of the sentence.
  let benefit: Token[] | null = null;
  let benefitCue: string | null = null;
  let condition: Token[] | null = null;
  for (let i = end; i < toks.length; i++) {
    const t = toks[i]!;
    if (!benefit && (t.normal === "because" || (t.normal === "so" && toks[i + 1] && toks[i + 1]!.pos !== "PUNCT"))) {
      const from = t.normal === "so" && toks[i + 1]?.normal === "that" ? i + 2 : i + 1;
      const b = clause(toks, from, 20).tokens.filter((x) => !isFiller(x));
      if (b.length >= 2 && b.some((x) => x.pos === "VERB" || x.pos === "AUX")) {
        benefit = b;
        benefitCue = t.normal === "because" ? "because" : "so";
      }
    }
    if (
      !benefit &&
      t.normal === "to" &&
      toks[i + 1] &&
      ["avoid", "prevent", "ensure", "reduce", "save", "stop"].includes(toks[i + 1]!.lemma)
    ) {
      benefit = clause(toks, i + 1, 20).tokens.filter((x) => !isFiller(x));
      benefitCue = "to";
    }
    // ("the time of when it came in": after a preposition the clause names a time, it sets no condition)
    if (
      !condition &&
      CONDITIONS.has(t.normal) &&
      (t.pos === "SCONJ" || (t.pos === "ADV" && i > end - 1 && cue.form === "passive")) &&
      toks[i - 1]?.pos !== "ADP"
    ) {
      const c = clause(toks, i + 1, 16).tokens.filter((x) => !isFiller(x));
      if (c.length >= 2 && !isHedge(c)) condition = c;
    }
  }
  // the answer to "what happens when X?" holds under X
  if (!condition && answered && cue.present) condition = answered;
  // A condition before the ask: "If/When X, ROLE should …"
  if (!condition) {
    const first = leadingIndex(toks);
    if (CONDITIONS.has(toks[first]?.normal ?? "") && cue.at > first + 2) {
      const c = clause(toks, first + 1, 16).tokens.filter((x) => !isFiller(x));
      if (c.length >= 2 && c[c.length - 1]!.end <= toks[cue.at]!.start && !isHedge(c)) condition = c;
    }
  }

  const ask: Ask = {
    sentence,
    kind: cue.negated ? "constraint" : "ask",
    form: cue.form,
    role,
    capability,
    subject: cue.passiveSubject,
    modal: cue.modal,
    benefit,
    benefitCue,
    condition,
    score,
    keys: keysOf([...capability, ...cue.passiveSubject]),
    nouns,
    tentative: false,
    verdict: cue.verdictEnd !== undefined && !cue.feature,
    antecedent,
    present: cue.present === true,
    agreed,
  };
  return { kind: ask.kind, ask };
}

/** The noun compound in the nearest earlier sentence that holds the one noun of `capability` ("X" → "X Y"). */
function antecedentPhrase(
  capability: readonly Token[],
  preceding: readonly Sentence[],
): { phrase: Token[]; sentence: Sentence } | null {
  const words = capability.filter(
    (t) => !t.noise && !t.stop && !isFiller(t) && ["NOUN", "PROPN", "VERB"].includes(t.pos),
  );
  if (words.length !== 1) return null;
  const noun = nounLemma(words[0]!);
  for (let p = preceding.length - 1; p >= 0; p--) {
    const toks = speech(preceding[p]!);
    const isNoun = (t: Token | undefined) =>
      t !== undefined && (t.pos === "NOUN" || t.pos === "PROPN") && !t.noise && !isRoleNoun(t);
    // the same word, whatever its tag there ("onboarding" may be read as a verb in both)
    const at = toks.findIndex(
      (t) => (isNoun(t) && nounLemma(t) === noun) || (!t.noise && t.normal === words[0]!.normal),
    );
    if (at < 0) continue;
    let s0 = at;
    let e = at;
    while (s0 > 0 && isNoun(toks[s0 - 1])) s0--;
    while (isNoun(toks[e + 1])) e++;
    const phrase = toks.slice(
      s0 > 0 && toks[s0 - 1]!.pos === "DET" && toks[s0 - 1]!.normal !== "each" ? s0 - 1 : s0,
      e + 1,
    );
    return keysOf(phrase).length >= 2 ? { phrase, sentence: preceding[p]! } : null;
  }
  return null;
}

/** Content noun lemmas of a sentence (what a rejection or postponement is about). */
export function sentenceNouns(sentence: Sentence): string[] {
  return thingNouns(speech(sentence));
}

// Issue 28: asks said indirectly (a wish, a recap, a value, a problem, a proposal, a statement of agreed behaviour).

type Base = (at: number, form: CapabilityForm, score: number, extra?: Partial<Cue>) => Cue;

const plainCue: Base = (at, form, score, extra = {}) => ({
  at,
  form,
  score,
  negated: false,
  subject: -1,
  tentative: false,
  passiveSubject: [],
  modal: [],
  ...extra,
});

/** A cue found in the tokens from `k` on, with its indices in the whole sentence. */
function shiftCue(cue: Cue, k: number): Cue {
  return {
    ...cue,
    at: cue.at + k,
    subject: cue.subject >= 0 ? cue.subject + k : -1,
    verdictEnd: cue.verdictEnd === undefined ? undefined : cue.verdictEnd + k,
  };
}

const WISHED = new Set([...WISH_WORDS, ...FRAME_WORDS]);
const WISH_MODALS = new Set(["could", "would", "'d", "will", "can", "did"]);

/** A word the grammar adds to what was said ("should" before a wished-for thing's verb): a copy of `t` with its text. */
function madeWord(t: Token, word: string): Token {
  return {
    ...t,
    text: word,
    normal: word,
    lemma: word,
    pos: "AUX",
    negated: false,
    stop: true,
    isNumber: false,
    value: null,
  };
}

/**
 * The clause of a wish, from `from` to `to`: "SUBJ (could/would) (just) VERB …" or "SUBJ VERBed …". A pronoun or a
 * role as subject gives the verb form; a thing gives the thing form with "should" ("the reminders went out" → "the
 * reminders should go out").
 */
function wishedClause(
  toks: readonly Token[],
  from: number,
  to: number,
  base: Base,
  score: number,
  whole = false,
): Cue | null {
  let s = from;
  while (s < to && (isFiller(toks[s]!) || toks[s]!.normal === "that")) s++;
  const head0 = toks[s];
  if (!head0) return null;
  let subjEnd: number;
  // (a request to someone in the room, "if you could send me …", is no wish for the product)
  if (head0.pos === "PRON" && !POSSESSIVES.has(head0.normal)) {
    if (!["it", "they", "this", "that"].includes(head0.normal)) return null;
    subjEnd = s;
  } else {
    let e = s;
    // (a word between a determiner and a finite verb is a noun, whatever the tagger says: "the till printed …")
    const nounByPlace = (k: number) =>
      toks[k - 1]?.pos === "DET" && toks[k + 1]?.pos === "VERB" && toks[k]!.pos === "ADP";
    while (
      e < to &&
      (["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(toks[e]!.pos) ||
        (toks[e]!.pos === "PART" && toks[e]!.normal === "'s") ||
        POSSESSIVES.has(toks[e]!.normal) ||
        nounByPlace(e)) &&
      !toks[e]!.noise
    )
      e++;
    subjEnd = e - 1;
    const head = toks[subjEnd];
    if (subjEnd < s || !head || (head.pos !== "NOUN" && head.pos !== "PROPN" && !nounByPlace(subjEnd))) return null;
  }
  let v = subjEnd + 1;
  let modal = false;
  while (v < to && (WISH_MODALS.has(toks[v]!.normal) || toks[v]!.pos === "ADV" || isFiller(toks[v]!))) {
    if (WISH_MODALS.has(toks[v]!.normal)) modal = true;
    if (toks[v]!.normal === "not" || toks[v]!.normal === "n't" || toks[v]!.normal === "never") return null;
    v++;
  }
  const verb = toks[v];
  if (!verb || v >= to || verb.pos !== "VERB" || verb.normal.endsWith("ing") || verb.lemma.toLowerCase() === "be")
    return null;
  // without a modal the verb is finite ("went", "pinged"); a base form there is no wish ("if you go …")
  if (!modal && verb.normal === verb.lemma.toLowerCase() && !/ed$/.test(verb.normal)) return null;
  const subj = toks[subjEnd]!;
  // (what "the team" or "our team" does, with no noun naming which team, is the room's own doing: "if the team met …")
  if (nounLemma(subj) === "team" && !["NOUN", "PROPN", "ADJ"].includes(toks[subjEnd - 1]?.pos ?? "")) return null;
  // (a condition said in full, "if X …, that'd be lovely", is the capability up to the judgement)
  const extent = whole ? { verdictEnd: to, feature: true } : {};
  if (subj.pos === "PRON") return base(v, "verb", score, { framed: true, ...extent });
  if (isRoleNoun(subj)) return base(v, "verb", score, { subject: subjEnd, framed: true, ...extent });
  return base(v, "thing", score, {
    subject: subjEnd,
    passiveSubject: toks.slice(s, subjEnd + 1),
    modal: [madeWord(verb, "should")],
    framed: true,
    ...extent,
  });
}

/** "that / it / this would be <good word>" at index `k`: the index after the adjective, else -1. */
function judgedGood(toks: readonly Token[], k: number): number {
  if (!["that", "it", "this"].includes(toks[k]?.normal ?? "")) return -1;
  let j = k + 1;
  if (toks[j]?.normal !== "would" && toks[j]?.normal !== "'d") return -1;
  j++;
  while (toks[j] && (toks[j]!.pos === "ADV" || isFiller(toks[j]!))) j++;
  // "that would (really) help / save ROLE hours"
  if (toks[j] && toks[j]!.pos === "VERB" && WISH_VERBS.has(toks[j]!.lemma.toLowerCase())) return j + 1;
  if (toks[j]?.normal !== "be") return -1;
  j++;
  while (toks[j] && (toks[j]!.pos === "ADV" || isFiller(toks[j]!) || toks[j]!.pos === "DET")) j++;
  // (a hyphenated word is split: "game - changer")
  const joined = toks
    .slice(j, j + 3)
    .map((t) => t.normal)
    .join("");
  return toks[j] && (WISHED.has(toks[j]!.normal) || WISHED.has(joined)) ? j + 1 : -1;
}

/** Between `from` and `to`, a frame of a wish: "would/'d" then "be <good word>" or a verb of its effect ("help", "save", "love"). */
function wishFrame(toks: readonly Token[], from: number, to: number): boolean {
  const w = toks.findIndex((t, k) => k >= from && k < to && (t.normal === "would" || t.normal === "'d"));
  if (w < 0) return false;
  const rest = toks.slice(w + 1, to);
  // ("it'd make life / things (much) easier if …": "make" with an object and a good word is a judgement too)
  const be = rest.findIndex((t) => t.normal === "be" || (t.lemma.toLowerCase() === "make" && t.pos === "VERB"));
  return (
    (be >= 0 &&
      rest.slice(be + 1).some(
        (t, k) =>
          WISHED.has(t.normal) ||
          WISHED.has(
            rest
              .slice(be + 1 + k, be + 4 + k)
              .map((x) => x.normal)
              .join(""),
          ),
      )) ||
    rest.some((t) => t.pos === "VERB" && WISH_VERBS.has(t.lemma.toLowerCase()))
  );
}

/**
 * A wish: "If X (just) VERBed / could VERB …, that'd be <good>", "It'd be <good> if X VERBed …", "I wish X would VERB …",
 * "Ideally X would VERB …". What X would do is the ask.
 */
function wish(toks: readonly Token[], first: number, base: Base): Cue | null {
  const score = WEIGHTS.frame + WEIGHTS.modal - 1;
  const f = toks[first];
  if (!f) return null;
  // "If only X could VERB …"
  if (f.normal === "if" && toks[first + 1]?.normal === "only")
    return wishedClause(toks, first + 2, clause(toks, first + 2).end, base, score);
  if (f.normal === "if") {
    for (let k = first + 3; k < toks.length; k++) {
      if (judgedGood(toks, k) < 0) continue;
      let to = k;
      while (to > first && (toks[to - 1]!.pos === "PUNCT" || toks[to - 1]!.normal === "then")) to--;
      return wishedClause(toks, first + 1, to, base, score, true);
    }
    return null;
  }
  // "<it'd be great / wouldn't it be great / it'd save ROLE hours / I'd love it / what would help is> if X …"
  for (let k = first + 2; k < Math.min(toks.length - 2, first + 12); k++) {
    if (toks[k]!.normal !== "if") continue;
    if (!wishFrame(toks, first, k)) break;
    return wishedClause(toks, k + 1, clause(toks, k + 1).end, base, score);
  }
  if ((f.normal === "i" || f.normal === "we") && toks[first + 1]?.lemma.toLowerCase() === "wish")
    return wishedClause(toks, first + 2, clause(toks, first + 2).end, base, score);
  if (f.normal === "ideally") {
    let s = first + 1;
    while (toks[s]?.pos === "PUNCT") s++;
    const c = wishedClause(toks, s, clause(toks, s).end, base, score);
    return c && toks.slice(s, c.at).some((t) => t.normal === "would" || t.normal === "'d" || t.normal === "could")
      ? c
      : null;
  }
  return null;
}

/** True when the tokens from `from` to `to` name a thing (or an activity) and say nothing: no finite verb, pronoun or modal. */
function isNamingPhrase(toks: readonly Token[], from: number, to: number): boolean {
  let words = toks.slice(from, to).filter((t) => !t.noise && !isFiller(t) && t.pos !== "PUNCT");
  // a relative clause inside the noun phrase says nothing of its own ("a view of who's on leave", "the list that …")
  // (so does a wh-clause that is a gerund's object: "seeing which books are reserved", "knowing who is on leave")
  const relative = words.findIndex(
    (t, k) =>
      k > 0 &&
      ["who", "what", "which", "where", "whose", "that"].includes(t.normal) &&
      (["NOUN", "PROPN", "ADP"].includes(words[k - 1]!.pos) ||
        (words[k - 1]!.pos === "VERB" &&
          words[k - 1]!.normal.endsWith("ing") &&
          ["who", "what", "which", "where"].includes(t.normal))),
  );
  if (relative > 0) words = words.slice(0, relative);
  if (words.length === 0) return false;
  return words.every(
    (t) =>
      (t.pos !== "AUX" || t.normal === "being") &&
      !(t.pos === "PRON" && !POSSESSIVES.has(t.normal)) &&
      !(t.pos === "VERB" && t.normal !== t.lemma.toLowerCase() && !/(?:ing|ed|en)$/.test(t.normal)),
  );
}

/**
 * "a way (for ROLE) to VERB …" at `k`: a placeholder noun names no thing, its infinitive says what is asked, done by the
 * role when one is named.
 */
function wayTo(toks: readonly Token[], k: number, base: Base, score: number): Cue | null {
  if (toks[k]?.pos !== "DET" || !PLACEHOLDERS.has(toks[k + 1]?.normal ?? "")) return null;
  let r = k + 2;
  let subject = -1;
  if (toks[r]?.normal === "for") {
    r++;
    while (toks[r] && ["DET", "ADJ", "NOUN", "PROPN"].includes(toks[r]!.pos) && toks[r]!.normal !== "to") r++;
    if (r > k + 3 && isRoleNoun(toks[r - 1]!)) subject = r - 1;
    else return null;
  }
  if (toks[r]?.normal !== "to") return null;
  const v = verbAfter(toks, r + 1);
  return v.at >= 0 ? base(v.at, "verb", score, { subject, framed: true }) : null;
}

/** The cue for a named thing or activity from `at` to `end`: a gerund ("working offline") or "being able to VERB" is a verb form. */
function namedCapability(toks: readonly Token[], at: number, end: number, base: Base, score: number): Cue | null {
  const t = toks[at];
  if (!t) return null;
  // a thing the speaker calls their own ("my holiday") is theirs already, nothing to build
  if (t.normal === "my") return null;
  if (t.normal === "being" && toks[at + 1]?.normal === "able" && toks[at + 2]?.normal === "to" && at + 3 < end)
    return base(at + 3, "verb", score, { verdictEnd: end, framed: true, feature: true });
  // (a gerund before a noun modifies it: "recurring bookings"; not a verb of letting or telling, whose object follows:
  // "showing stock levels", "sending reminders")
  const objectGerund = LETTING_VERBS.has(t.lemma.toLowerCase()) || TELLING_VERBS.has(t.lemma.toLowerCase());
  if (
    (t.pos === "VERB" &&
      t.normal.endsWith("ing") &&
      (objectGerund || !(toks[at + 1]?.pos === "NOUN" && !isRoleNoun(toks[at + 1]!)))) ||
    t.normal === "being"
  )
    return base(at, "verb", score, { verdictEnd: end, framed: true, feature: true });
  // (a first word in base form before a noun modifies it: "live locations")
  if (
    !["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(t.pos) &&
    !POSSESSIVES.has(t.normal) &&
    !((t.pos === "ADV" || (t.pos === "VERB" && t.normal === t.lemma.toLowerCase())) && toks[at + 1]?.pos === "NOUN")
  )
    return null;
  // the head of the first noun compound ("a manager view": the view, not the manager)
  let h = toks.findIndex((x, k) => k >= at && k < end && (x.pos === "NOUN" || x.pos === "PROPN"));
  while (h >= 0 && h + 1 < end && (toks[h + 1]!.pos === "NOUN" || toks[h + 1]!.pos === "PROPN")) h++;
  const head = h >= 0 ? toks[h] : undefined;
  // (a head that names people only by its ending is a thing when the phrase is for people named after it: "a permit
  // checker for wardens", "a deadline tracker for the editors")
  const byEnding = head !== undefined && h > at && toolForSomething(toks, h, end);
  if (!head || (isRoleNoun(head) && !byEnding) || VAGUE_HEADS.has(head.normal)) return null;
  return base(at, "noun", score, { verdictEnd: end, feature: true });
}

/** From `j`, over determiners, possessives and intensifiers, the "most <important>" or "top/key" of a value: its end or -1. */
function valuePredicate(toks: readonly Token[], j: number): number {
  while (
    toks[j] &&
    (toks[j]!.pos === "DET" ||
      POSSESSIVES.has(toks[j]!.normal) ||
      ["single", "one", "very", "absolute", "number", "by", "far"].includes(toks[j]!.normal) ||
      isFiller(toks[j]!))
  )
    j++;
  const w = toks[j];
  if (!w) return -1;
  // "the number one thing"
  if (toks[j - 1]?.normal === "one" && toks[j - 2]?.normal === "number" && VALUE_NOUNS.has(w.normal)) return j + 1;
  let k: number;
  if (w.normal === "most" && toks[j + 1] && (PRIORITY_HIGH.has(toks[j + 1]!.normal) || NEEDED.has(toks[j + 1]!.normal)))
    k = j + 2;
  else if (PRIORITY_HIGH.has(w.normal) && w.pos === "ADJ") k = j + 1;
  else return -1;
  return toks[k] && VALUE_NOUNS.has(toks[k]!.normal) ? k + 1 : -1;
}

/**
 * A value statement: "<thing or activity> is the (single) most important thing (for ROLE)", "<thing> is our top
 * priority", "<thing> matters most"; or the other way round, "the thing that matters most (to us) is (that) X".
 */
function valueStatement(toks: readonly Token[], first: number, base: Base): Cue | null {
  // "(For ROLE) nothing matters more / is more important than X"
  const nothing = toks.findIndex((t, k) => k >= first && k < first + 6 && t.normal === "nothing");
  if (nothing >= 0) {
    // (the comparison may name whom it matters to first: "nothing is more important to our members than X")
    const than = toks.findIndex((t, k) => k > nothing && k < nothing + 10 && t.normal === "than");
    // "nothing beats X"
    const beats = toks[nothing + 1]?.lemma.toLowerCase() === "beat" ? nothing + 2 : -1;
    if (beats > 0) {
      const end = clause(toks, beats).end;
      if (isNamingPhrase(toks, beats, end)) return namedCapability(toks, beats, end, base, WEIGHTS.verdict);
    }
    if (
      than > 0 &&
      toks
        .slice(nothing + 1, than)
        .some((t) => t.lemma.toLowerCase() === "matter" || PRIORITY_HIGH.has(t.normal) || t.normal === "important") &&
      toks.slice(nothing + 1, than).some((t) => t.normal === "more")
    ) {
      const end = clause(toks, than + 1).end;
      if (isNamingPhrase(toks, than + 1, end)) return namedCapability(toks, than + 1, end, base, WEIGHTS.verdict);
    }
  }
  for (let i = first + 1; i < Math.min(toks.length - 1, first + 16); i++) {
    const t = toks[i]!;
    const isBe =
      t.lemma === "be" &&
      ["is", "are", "'s"].includes(t.normal) &&
      toks[i + 1]?.normal !== "not" &&
      toks[i + 1]?.normal !== "n't";
    const matters =
      t.lemma.toLowerCase() === "matter" &&
      (t.pos === "VERB" || t.pos === "NOUN") &&
      (toks[i + 1]?.normal === "most" || toks[i + 1]?.normal === "more");
    if (!isBe && !matters) continue;
    // (the value said first: "the most important thing", "what matters", "the one thing ROLE cares about")
    // (a rank before a noun of value: "the biggest / main / key / top / first / number one priority")
    // (or what is lacking, said as a cleft: "what's missing / lacking is X" names what must be there)
    const ranked = (x: Token, k: number) =>
      (["biggest", "main", "key", "top", "first"].includes(x.normal) ||
        (x.normal === "one" && toks[first + k - 1]?.normal === "number")) &&
      VALUE_NOUNS.has(toks[first + k + 1]?.normal ?? "");
    const lacking =
      toks[first]?.normal === "what" && toks.slice(first, i).some((x) => ["missing", "lacking"].includes(x.normal));
    const subjectValue =
      lacking ||
      toks
        .slice(first, i)
        .some(
          (x, k) =>
            (x.normal === "most" && PRIORITY_HIGH.has(toks[first + k + 1]?.normal ?? "")) ||
            x.lemma.toLowerCase() === "matter" ||
            (x.lemma.toLowerCase() === "care" && toks[first + k + 1]?.normal === "about") ||
            ((x.normal === "one" || x.normal === "only") && toks[first + k + 1]?.normal === "thing") ||
            ranked(x, k),
        );
    if (isBe && subjectValue) {
      // (an activity valued by the team itself, "the top priority for the team / for us is finishing X", is its own work)
      const ours = toks.slice(first, i).some((x) => x.normal === "us" || x.normal === "we" || x.normal === "team");
      // "the thing that matters most is (that) X": X is the ask
      let k = i + 1;
      while (toks[k] && (toks[k]!.normal === "that" || toks[k]!.pos === "PUNCT" || isFiller(toks[k]!))) k++;
      const { end } = clause(toks, k);
      const way = wayTo(toks, k, base, WEIGHTS.verdict);
      if (way) return way;
      if (isNamingPhrase(toks, k, end)) {
        const named = namedCapability(toks, k, end, base, WEIGHTS.verdict);
        return named && ours && named.form === "verb" ? null : named;
      }
      const tail = toks.slice(k);
      const sub = findCue(tail, false) ?? presentBehaviour(tail);
      if (!sub || sub.tentative) return null;
      const shift = (n: number | undefined) => (n === undefined ? undefined : n + k);
      return {
        ...sub,
        at: sub.at + k,
        subject: sub.subject >= 0 ? sub.subject + k : -1,
        verdictEnd: shift(sub.verdictEnd),
        score: Math.max(sub.score, WEIGHTS.verdict),
        framed: true,
      };
    }
    // "<X> is what matters (most)", "<X> is a must"
    const whatMatters =
      isBe &&
      toks[i + 1]?.normal === "what" &&
      toks
        .slice(i + 2, i + 6)
        .some(
          (x, k) =>
            x.lemma.toLowerCase() === "matter" ||
            (x.lemma.toLowerCase() === "care" && toks[i + 3 + k]?.normal === "about"),
        );
    const aMust =
      isBe &&
      (toks[i + 1]?.normal === "a" || toks[i + 1]?.normal === "an") &&
      toks[i + 2]?.normal === "must" &&
      toks[i + 3]?.normal !== "have";
    if (!(matters || whatMatters || aMust || valuePredicate(toks, i + 1) > 0)) continue;
    const named = isNamingPhrase(toks, first, i) ? namedCapability(toks, first, i, base, WEIGHTS.verdict) : null;
    if (named) return named;
  }
  return null;
}

/**
 * A problem stated as one: "the problem (at the moment) is (that) nobody can VERB X", "the worst bit is ROLE can't VERB
 * X". Not being able to VERB X is what the product must fix: the ask is to VERB X.
 */
function problemStatement(toks: readonly Token[], first: number, base: Base): Cue | null {
  // "ROLE has no way to VERB X", "there's no way for ROLE to VERB X": what the product must let them do
  const noWay = toks.findIndex(
    (t, k) =>
      k >= first &&
      t.normal === "no" &&
      toks[k + 1]?.normal === "way" &&
      ["to", "of", "for"].includes(toks[k + 2]?.normal ?? ""),
  );
  if (noWay >= 0) {
    const holder = toks
      .slice(first, noWay)
      .reverse()
      .find((t) => t.pos === "NOUN" || t.pos === "PRON" || t.normal === "there");
    const have = toks[noWay - 1];
    if (
      holder &&
      have &&
      (have.lemma.toLowerCase() === "have" || have.lemma === "be") &&
      (isRoleNoun(holder) || ["we", "they", "there", "people"].includes(holder.normal))
    ) {
      let k = noWay + 3;
      if (toks[noWay + 2]!.normal === "for") while (toks[k] && toks[k]!.normal !== "to" && k < noWay + 7) k++;
      const v = verbAfter(toks, toks[noWay + 2]!.normal === "for" ? k + 1 : noWay + 3);
      const meetingTalk =
        v.at >= 0 &&
        toks
          .slice(v.at + 1, v.at + 5)
          .some((x) => (x.pos === "NOUN" || x.pos === "PROPN") && MEETING_OBJECTS.has(nounLemma(x)));
      if (v.at >= 0 && toks[v.at]!.lemma !== "be" && !meetingTalk)
        return base(v.at, "verb", WEIGHTS.needVerb + 1, {
          subject: isRoleNoun(holder) ? toks.indexOf(holder) : -1,
          framed: true,
        });
    }
  }
  for (let i = first + 1; i < Math.min(toks.length - 2, first + 10); i++) {
    const be = toks[i]!;
    if (be.lemma !== "be" || !["is", "'s", "was"].includes(be.normal)) continue;
    const subject = toks.slice(first, i);
    const head = subject.find(
      (x) =>
        (x.pos === "NOUN" || x.pos === "ADJ") &&
        PROBLEM_NOUNS.has(x.normal) &&
        !(x.normal === "thing" && subject.some((y) => y.normal === "one" || y.normal === "only")),
    );
    if (!head) return null;
    if (
      (head.normal === "bit" || head.normal === "thing") &&
      !subject.some((x) => PROBLEM_ADJECTIVES.has(x.normal) && x.normal !== "main")
    )
      return null;
    let k = i + 1;
    while (toks[k] && (toks[k]!.normal === "that" || toks[k]!.pos === "PUNCT" || isFiller(toks[k]!))) k++;
    let who = -1;
    let m: number;
    if (toks[k]?.normal === "nobody" || toks[k]?.normal === "noone") m = k + 1;
    else if (toks[k]?.normal === "no" && toks[k + 1]?.normal === "one") m = k + 2;
    else {
      let r = k;
      while (toks[r] && (toks[r]!.pos === "DET" || toks[r]!.pos === "ADJ")) r++;
      if (!toks[r] || !(isRoleNoun(toks[r]!) || ["we", "they", "people", "i", "you"].includes(toks[r]!.normal)))
        return null;
      while (toks[r + 1] && isRoleNoun(toks[r + 1]!)) r++;
      if (isRoleNoun(toks[r]!)) who = r;
      m = r + 1;
      // a role that cannot: "can't", "cannot", "can never"
      if (!(SOFT_MODALS.has(toks[m]?.normal ?? "") && ["not", "n't", "never"].includes(toks[m + 1]?.normal ?? "")))
        return null;
    }
    if (!SOFT_MODALS.has(toks[m]?.normal ?? "")) return null;
    const v = verbAfter(toks, ["not", "n't", "never"].includes(toks[m + 1]?.normal ?? "") ? m + 2 : m + 1);
    if (v.at < 0 || toks[v.at]!.lemma === "be") return null;
    const after = toks.slice(v.at + 1, v.at + 5);
    if (after.some((x) => (x.pos === "NOUN" || x.pos === "PROPN") && MEETING_OBJECTS.has(nounLemma(x)))) return null;
    // (its object may be a clause of its own: "see where they are on the list")
    let end = v.at + 1;
    while (
      end < toks.length &&
      end < v.at + 16 &&
      !(toks[end]!.pos === "PUNCT" && /[.,;:!?…—–()]/.test(toks[end]!.text)) &&
      !(toks[end]!.pos === "CCONJ" && toks[end + 1]?.normal === "then")
    )
      end++;
    return base(v.at, "verb", WEIGHTS.needVerb + 1, { subject: who, framed: true, verdictEnd: end, feature: true });
  }
  return null;
}

const YES_WORDS = new Set(["yes", "yeah", "yep", "yup"]);

/** A reply that raises no objection to "any objections?": "none (from me)", "no objection", "nobody objected", or agreement that is not "yes". */
function noObjection(words: readonly Token[]): boolean {
  const content = words.filter((t) => !t.noise && t.pos !== "PUNCT" && !(isFiller(t) && !YES_WORDS.has(t.normal)));
  const w = content[0];
  if (!w) return false;
  if (NO_OBJECTION.has(w.normal)) return !content.slice(1, 4).some((t) => t.normal === "but");
  return !YES_WORDS.has(w.normal) && agrees(words);
}

/**
 * A proposal put to the room: "Any objections to X?", "Shall we VERB …?", "Why don't we VERB …?", "What if we VERB …?"
 * (an ask only when another speaker takes it up), and the room's consensus: "(We're) supportive of X", "in favour of X".
 */
function proposal(toks: readonly Token[], first: number, base: Base): Cue | null {
  const score = WEIGHTS.questionAsk + WEIGHTS.modal - 1;
  // "Proposal / Suggestion / Idea: X"
  const colon = toks.findIndex((t, k) => k < 4 && t.text === ":");
  if (colon > 0 && toks.slice(0, colon).some((t) => SECTION_PROPOSED.has(t.normal))) {
    const sub =
      findCue(toks.slice(colon + 1), false) ??
      namedCapability(toks.slice(colon + 1), 0, clause(toks, colon + 1).end - colon - 1, plainCue, score);
    return sub
      ? {
          ...shiftCue(sub, colon + 1),
          verdictEnd: undefined,
          feature: undefined,
          tentative: true,
          score: Math.max(sub.score, score),
        }
      : null;
  }
  // "<a proposal>, any objections?"
  const anyObj = toks.findIndex(
    (t, k) =>
      k > first + 2 &&
      t.normal === "any" &&
      OBJECTION_NOUNS.has(toks[k + 1]?.normal ?? "") &&
      toks[k - 1]?.text === ",",
  );
  if (anyObj > 0) {
    const sub = findCue(toks.slice(0, anyObj - 1), false);
    return sub ? { ...sub, tentative: true, objection: true, score: Math.max(sub.score, score) } : null;
  }
  // "The room / everyone agreed (that) ROLE gets X": the room's decision
  const agreedAt = toks.findIndex(
    (t, k) =>
      k > first &&
      k < first + 4 &&
      t.lemma.toLowerCase() === "agree" &&
      /ed$/.test(t.normal) &&
      toks.slice(first, k).some((x) => ["room", "everyone", "everybody", "all", "team", "we"].includes(x.normal)),
  );
  if (
    agreedAt > 0 &&
    toks[agreedAt + 1]?.normal !== "on" &&
    toks[agreedAt + 1]?.normal !== "to" &&
    toks[agreedAt + 1]?.normal !== "not"
  ) {
    const k = toks[agreedAt + 1]?.normal === "that" ? agreedAt + 2 : agreedAt + 1;
    const tail = toks.slice(k);
    let sub = findCue(tail, false) ?? agreedBehaviour(tail, 0, plainCue);
    // "ROLE gets / get X"
    if (!sub && tail[0] && tail[1]?.lemma.toLowerCase() === "get") {
      let r = 0;
      while (tail[r] && (tail[r]!.pos === "DET" || tail[r]!.pos === "ADJ")) r++;
      if (
        tail[r] &&
        isRoleNoun(tail[r]!) &&
        tail[r + 1]?.lemma.toLowerCase() === "get" &&
        tail[r + 2] &&
        ["DET", "ADJ", "NOUN"].includes(tail[r + 2]!.pos)
      )
        sub = plainCue(r + 2, "noun", score, { subject: r });
    }
    return sub ? { ...shiftCue(sub, k), tentative: false, score: Math.max(sub.score, WEIGHTS.verdict) } : null;
  }
  for (let i = first; i < Math.min(toks.length - 2, first + 6); i++) {
    const t = toks[i]!;
    if (OBJECTION_NOUNS.has(t.normal) && t.pos === "NOUN" && toks[i + 1]?.normal === "to") {
      if (!toks.slice(Math.max(first, i - 2), i).some((x) => x.normal === "any" || x.normal === "no")) return null;
      const end = clause(toks, i + 2).end;
      const c = namedCapability(toks, i + 2, end, base, score);
      return c ? { ...c, verdictEnd: undefined, feature: undefined, tentative: true, objection: true } : null;
    }
    if (
      SUPPORT_WORDS.has(t.normal) &&
      (toks[i + 1]?.normal === "of" || (t.normal === "support" && toks[i + 1]?.normal === "for"))
    ) {
      if (toks.slice(first, i).some((x) => x.normal === "not" || x.normal === "n't" || x.normal === "never"))
        return null;
      const end = clause(toks, i + 2).end;
      const c = namedCapability(toks, i + 2, end, base, WEIGHTS.verdict);
      return c ? { ...c, verdictEnd: undefined, feature: undefined } : null;
    }
  }
  const f = toks[first]!;
  const we = (k: number) => toks[k]?.normal === "we";
  // "How about (we VERB / X)?", "What does everyone think about X?", "Everyone happy with X?", "I propose / suggest (we VERB / X)"
  let put = -1;
  if (f.normal === "how" && toks[first + 1]?.normal === "about") put = first + 2;
  const room = toks.findIndex(
    (t, k) => k >= first && k < first + 4 && ["everyone", "everybody", "all", "we"].includes(t.normal),
  );
  if (put < 0 && room >= 0) {
    const about = toks.findIndex(
      (t, k) =>
        k > room &&
        k < room + 4 &&
        (t.normal === "about" || t.normal === "of") &&
        toks[k - 1]?.lemma.toLowerCase() === "think",
    );
    const withAt = toks.findIndex(
      (t, k) => k > room && k < room + 4 && t.normal === "with" && CONSENT_WORDS.has(toks[k - 1]?.normal ?? ""),
    );
    if (about >= 0 && f.normal === "what") put = about + 1;
    else if (withAt >= 0) put = withAt + 1;
  }
  // "Can we agree on X?", "Are we all agreed that X …?"
  const agreeOn = toks.findIndex(
    (t, k) =>
      k > first &&
      k < first + 5 &&
      t.lemma.toLowerCase() === "agree" &&
      (toks[k + 1]?.normal === "on" || toks[k + 1]?.normal === "that"),
  );
  if (
    put < 0 &&
    agreeOn > 0 &&
    toks.slice(first, agreeOn).some((t) => t.normal === "we") &&
    toks.some((t) => t.text === "?")
  ) {
    if (toks[agreeOn + 1]!.normal === "on") put = agreeOn + 2;
    else {
      const sub = findCue(toks.slice(agreeOn + 2), false) ?? agreedBehaviour(toks.slice(agreeOn + 2), 0, plainCue);
      const k = agreeOn + 2;
      return sub
        ? {
            ...sub,
            at: sub.at + k,
            subject: sub.subject >= 0 ? sub.subject + k : -1,
            verdictEnd: sub.verdictEnd === undefined ? undefined : sub.verdictEnd + k,
            tentative: true,
            score: Math.max(sub.score, score),
          }
        : null;
    }
  }
  const pv = toks[first + 1]?.normal === "'d" || toks[first + 1]?.normal === "would" ? first + 2 : first + 1;
  if (put < 0 && (f.normal === "i" || f.normal === "we") && PROPOSAL_VERBS.has(toks[pv]?.lemma.toLowerCase() ?? ""))
    put = toks[pv + 1]?.normal === "that" ? pv + 2 : pv + 1;
  if (put >= 0) {
    if (we(put)) {
      const at = verbAfter(toks, put + 1);
      if (at.at < 0 || toks[at.at]!.lemma === "be" || isMeetingVerb(toks, at.at)) return null;
      return base(at.at, "verb", score, { tentative: true });
    }
    const c = namedCapability(toks, put, clause(toks, put).end, base, score);
    // (an activity put to the room that is about the meeting, "moving the meeting to Friday", proposes no feature)
    if (c && c.form === "verb" && (isMeetingVerb(toks, c.at) || meetingObject(toks, c.at))) return null;
    return c ? { ...c, verdictEnd: undefined, feature: undefined, tentative: true } : null;
  }
  let v = -1;
  if ((f.normal === "shall" || f.normal === "should") && we(first + 1)) v = first + 2;
  else if (
    f.normal === "why" &&
    (toks[first + 1]?.normal === "do" || toks[first + 1]?.normal === "don't") &&
    (toks[first + 2]?.normal === "not" || toks[first + 2]?.normal === "n't") &&
    we(first + 3)
  )
    v = first + 4;
  else if (f.normal === "what" && toks[first + 1]?.normal === "if" && we(first + 2)) v = first + 3;
  if (v < 0) return null;
  const at = verbAfter(toks, v);
  if (at.at < 0 || toks[at.at]!.lemma === "be" || isMeetingVerb(toks, at.at)) return null;
  return base(at.at, "verb", score, { tentative: true });
}

/**
 * A recap in noun phrases: "So: A, B and C", "Recap: A …" (a label that sums up, a colon, then what was asked).
 */
function recapList(toks: readonly Token[], base: Base, from = -1): Cue | null {
  let at = from;
  if (from < 0) {
    const colon = toks.findIndex((t, k) => k < 5 && t.text === ":");
    if (colon < 1) return listRecap(toks, base);
    const label = toks.slice(0, colon).filter((t) => !t.noise && !isFiller(t) && t.pos !== "PUNCT");
    if (
      label.length === 0 ||
      !label.some((t) => RECAP_LABELS.has(t.normal)) ||
      !label.every(
        (t) =>
          RECAP_LABELS.has(t.normal) ||
          AGREEMENT.has(t.normal) ||
          t.pos === "ADP" ||
          t.pos === "PART" ||
          t.pos === "DET",
      )
    )
      return null;
    at = colon + 1;
  }
  while (toks[at] && (toks[at]!.pos === "PUNCT" || isFiller(toks[at]!))) at++;
  const { end } = clause(toks, at);
  if (!isNamingPhrase(toks, at, end)) return null;
  const c = namedCapability(toks, at, end, base, WEIGHTS.verdict);
  return c ? { ...c, feature: undefined } : null;
}

/**
 * A recap said as a list of noun phrases without a colon: "So that's A, B and C", "So, A for ROLE and B", "We're agreed
 * on A and B". The list (two items or more) is what makes it a recap; its first item is the ask.
 */
function listRecap(toks: readonly Token[], base: Base): Cue | null {
  let i = 0;
  while (
    toks[i] &&
    (isFiller(toks[i]!) ||
      toks[i]!.pos === "PUNCT" ||
      toks[i]!.pos === "INTJ" ||
      toks[i]!.normal === "right" ||
      toks[i]!.normal === "ok" ||
      toks[i]!.normal === "okay")
  )
    i++;
  let at = -1;
  if (toks[i]?.normal === "so") {
    let j = i + 1;
    // ("so to recap, …", "so basically …", "so in short …")
    while (
      toks[j] &&
      (toks[j]!.pos === "PUNCT" ||
        isFiller(toks[j]!) ||
        RECAP_LABELS.has(toks[j]!.normal) ||
        ((toks[j]!.normal === "to" || toks[j]!.normal === "in") && RECAP_LABELS.has(toks[j + 1]?.normal ?? "")))
    )
      j++;
    if ((toks[j]?.normal === "that" || toks[j]?.normal === "this") && toks[j + 1]?.lemma === "be") at = j + 2;
    // ("so the list / the plan is A, B and C": a general noun of summing up as subject of "is")
    else if (toks[j]?.pos === "DET" && SUMMARY_NOUNS.has(toks[j + 1]?.normal ?? "") && toks[j + 2]?.lemma === "be")
      at = j + 3;
    else if (j > i + 1 && toks[j] && ["DET", "ADJ", "NOUN"].includes(toks[j]!.pos)) at = j;
  }
  // "we're / we've agreed / decided on A and B"
  // (or "going / gone with A and B": "go with" is a verb of choosing)
  const agreed = toks.findIndex(
    (t, k) =>
      k >= i &&
      k < i + 8 &&
      ((DECISION_VERBS.has(t.lemma.toLowerCase()) && /(?:ed)$/.test(t.normal) && toks[k + 1]?.normal === "on") ||
        (t.lemma.toLowerCase() === "go" && t.normal !== "go" && toks[k + 1]?.normal === "with")),
  );
  if (at < 0 && agreed >= 0 && toks.slice(i, agreed).some((t) => t.normal === "we")) at = agreed + 2;
  if (at < 0) return null;
  while (toks[at] && (isFiller(toks[at]!) || toks[at]!.pos === "ADV")) at++;
  const rest = toks.slice(at).filter((t) => !t.noise && t.pos !== "PUNCT");
  const nouns = rest.filter(
    (t) => (t.pos === "NOUN" || t.pos === "PROPN") && !isRoleNoun(t) && !MEETING_OBJECTS.has(nounLemma(t)),
  );
  // a list: "and" or a comma between two noun phrases, no finite verb, no pronoun
  const listed = toks
    .slice(at)
    .some(
      (t, k) =>
        (t.normal === "and" || t.normal === "plus" || t.text === ",") &&
        k > 0 &&
        toks[at + k + 1] !== undefined &&
        ["DET", "ADJ", "NOUN", "PROPN"].includes(toks[at + k + 1]!.pos),
    );
  if (!listed || nouns.length < 2 || !isNamingPhrase(toks, at, toks.length)) return null;
  let end = at + 1;
  while (
    end < toks.length &&
    !(
      toks[end]!.text === "," ||
      toks[end]!.normal === "and" ||
      toks[end]!.normal === "plus" ||
      /[.;!?]/.test(toks[end]!.text)
    )
  )
    end++;
  const c = namedCapability(toks, at, end, base, WEIGHTS.verdict);
  return c ? { ...c, feature: undefined } : null;
}

/** A past participle: "-ed"/"-en", or an inflected verb that is neither "-ing" nor "-s" ("kept", "shown", "sent"). */
function isParticiple(t: Token): boolean {
  return (
    t.pos === "VERB" &&
    (/(?:ed|en)$/.test(t.normal) || (t.normal !== t.lemma.toLowerCase() && !/(?:ing|s)$/.test(t.normal)))
  );
}

/** Verbs that report a state, not what the product does ("X costs …", "X ends in August"). */
const STATE_OF_THINGS = new Set([
  "be",
  "have",
  "seem",
  "look",
  "sound",
  "cost",
  "take",
  "last",
  "mean",
  "matter",
  "end",
  "start",
  "finish",
  "break",
  "crash",
  "fail",
  "work",
  "happen",
  "belong",
  "depend",
  "need",
  "want",
  "like",
  "know",
  "think",
  "get",
  "come",
  "exist",
  "sit",
  "live",
]);
/** The meeting's own things: "last week's minutes stand unless …" is no behaviour of the product. */
const MEETING_THINGS = new Set([
  "meeting",
  "call",
  "sync",
  "minute",
  "minutes",
  "agenda",
  "slide",
  "slides",
  "presentation",
  "lunch",
  "break",
  "coffee",
  "standup",
  "retro",
]);
/** Words of a rule of behaviour: when, how often, in what order. */
const BEHAVIOUR_WORDS = new Set([
  "every",
  "each",
  "per",
  "after",
  "until",
  "automatically",
  "straight",
  "soon",
  "whenever",
  "once",
  "when",
  "if",
  "unless",
]);

/**
 * A statement of agreed behaviour, said as how the product will work: "<thing> gets VERBed …" (a get-passive), "<thing>
 * VERBs … every / when / after / until …", "ROLE gets <a thing> at each / every / when …". Not when it says how things
 * are today ("at the moment", "currently", "still", "all the time").
 */
function agreedBehaviour(toks: readonly Token[], first: number, base: Base): Cue | null {
  if (
    toks.some((t) => TODAY_WORDS.has(t.normal) || t.negated || t.normal === "not" || t.normal === "never") ||
    toks.some((t, k) => t.normal === "all" && toks[k + 1]?.normal === "the" && toks[k + 2]?.normal === "time")
  )
    return null;
  while (toks[first]?.normal === "so" || (toks[first] && isFiller(toks[first]!))) first++;
  // "When / Once X, <thing> VERBs …": the condition is the rule; the main clause says the behaviour
  if (CONDITIONS.has(toks[first]?.normal ?? "")) {
    const comma = toks.findIndex((t, k) => k > first + 2 && t.text === ",");
    if (comma < 0 || comma + 3 >= toks.length) return null;
    const main = agreedBehaviour(
      [...toks.slice(0, comma + 1), ...toks.slice(comma + 1), madeWord(toks[first]!, "automatically")],
      comma + 1,
      base,
    );
    return main && main.at < toks.length ? main : null;
  }
  let v = first;
  // (a participle may open the subject: "expired permits")
  while (
    v < toks.length &&
    v < first + 6 &&
    (["NOUN", "PROPN", "ADJ", "DET", "NUM"].includes(toks[v]!.pos) ||
      (toks[v]!.pos === "PART" && toks[v]!.normal === "'s") ||
      (v === first && toks[v]!.pos === "VERB" && /ed$/.test(toks[v]!.normal))) &&
    !toks[v]!.noise
  )
    v++;
  const verb = toks[v];
  const subj = toks[v - 1];
  // (the meeting's own things, "last week's minutes stand unless …", are no behaviour of the product)
  if (
    v === first ||
    !verb ||
    !subj ||
    (subj.pos !== "NOUN" && subj.pos !== "PROPN") ||
    MEETING_THINGS.has(nounLemma(subj))
  )
    return null;
  // "every / each <thing> …" states a rule whatever follows
  const quantified = toks.slice(first, v).some((t) => t.normal === "every" || t.normal === "each");
  // "<thing> will VERB … when …": what the product will do
  if (
    verb.normal === "will" &&
    !isRoleNoun(subj) &&
    toks[v + 1]?.pos === "VERB" &&
    isBaseVerb(toks[v + 1]) &&
    !STATE_OF_THINGS.has(toks[v + 1]!.lemma.toLowerCase()) &&
    (quantified || toks.slice(v + 2).some((t) => BEHAVIOUR_WORDS.has(t.normal) && t.normal !== "every"))
  )
    return base(v + 1, "thing", WEIGHTS.modal, { subject: v - 1, passiveSubject: toks.slice(first, v), modal: [verb] });
  // "<things> are VERBed … per / every …": a rule of behaviour in the present passive
  if (
    (verb.normal === "is" || verb.normal === "are") &&
    !isRoleNoun(subj) &&
    (quantified || toks.slice(v + 2).some((t) => BEHAVIOUR_WORDS.has(t.normal)))
  ) {
    const part = toks[v + 1];
    if (part && isParticiple(part))
      return base(v + 1, "passive", WEIGHTS.modal, { subject: v - 1, passiveSubject: toks.slice(first, v) });
  }
  // "<thing> is / are / will be VERBed to / for ROLE …": the product serving someone
  const passiveAt =
    verb.normal === "is" || verb.normal === "are"
      ? v + 1
      : verb.normal === "will" && toks[v + 1]?.normal === "be"
        ? v + 2
        : -1;
  const participle = passiveAt > 0 ? toks[passiveAt] : undefined;
  if (
    participle &&
    isParticiple(participle) &&
    !isRoleNoun(subj) &&
    toks.slice(passiveAt + 1).some((t) => isRoleNoun(t)) &&
    ["to", "for", "by", "on", "in"].includes(toks[passiveAt + 1]?.normal ?? "")
  )
    return base(passiveAt, "passive", WEIGHTS.modal, { subject: v - 1, passiveSubject: toks.slice(first, v) });
  if (verb.pos !== "VERB") return null;
  const lemma = verb.lemma.toLowerCase();
  const plural = subj.normal !== nounLemma(subj);
  const present = verb.normal === lemma ? plural : /[^s]s$/.test(verb.normal) && !plural;
  const { tokens: rest } = clause(toks, v + 1, 30);
  const ruled = quantified || toks.slice(v + 1).some((t) => BEHAVIOUR_WORDS.has(t.normal));
  const subject = toks.slice(first, v);
  if (!present) return null;
  // "ROLE sees every … / each …": what the product shows them
  if (
    isRoleNoun(subj) &&
    lemma === "see" &&
    present &&
    ruled &&
    toks[v + 1] &&
    ["DET", "ADJ", "NOUN"].includes(toks[v + 1]!.pos)
  )
    return base(v + 1, "noun", WEIGHTS.modal, { subject: v - 1 });
  if (lemma === "get") {
    let p = v + 1;
    while (toks[p] && (toks[p]!.pos === "ADV" || isFiller(toks[p]!))) p++;
    const part = toks[p];
    if (part && isParticiple(part) && !isRoleNoun(subj))
      return base(p, "passive", WEIGHTS.modal, { subject: v - 1, passiveSubject: subject });
    // "ROLE gets <a thing> at each …": what the product gives them
    if (part && isRoleNoun(subj) && ruled && ["DET", "ADJ", "NOUN"].includes(part.pos) && nounSoon(toks, p))
      return base(p, "noun", WEIGHTS.modal, { subject: v - 1 });
    // "<thing> gets <a thing> when …": what the product gives it
    if (part && ruled && ["DET", "ADJ", "NOUN"].includes(part.pos) && nounSoon(toks, p))
      return base(v, "thing", WEIGHTS.modal, { subject: v - 1, passiveSubject: subject, present: true });
    return null;
  }
  // ("every morning" alone is a routine of today unless a part of the product does it: "the dashboard refreshes every …")
  const ruledActive =
    quantified ||
    toks.slice(v + 1).some((t) => BEHAVIOUR_WORDS.has(t.normal) && t.normal !== "every") ||
    PRODUCT_PARTS.has(nounLemma(subj));
  if (isRoleNoun(subj) || STATE_OF_THINGS.has(lemma) || !ruled || !ruledActive || rest.length < 2) return null;
  return base(v, "thing", WEIGHTS.modal, { subject: v - 1, passiveSubject: subject, present: true });
}
