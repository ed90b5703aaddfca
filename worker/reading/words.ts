/**
 * Word-level reading (issue 40, from the embedded generator's grammar): broken words and fillers, noun lemmas, the
 * nouns that name people, and a sentence's speech tokens. Used by the sentence kinds (./kinds) and, through
 * ./index, by the quality gate and the coverage report.
 */
import type { Sentence, Token } from "./analyse";
import { FILLERS, HESITATIONS, NOT_ROLES, PERSON_VERBS, POSSESSIVES, PRODUCT_PARTS, ROLE_NOUNS } from "./lexicon";

const PEOPLE_ENDING = /(?:er|or|ist|ian|ant|ee)s?$/;
export const PARTICLES = new Set(["in", "on", "up", "out", "off", "down", "back", "over", "away", "around"]);

export const END_POS = new Set(["DET", "ADP", "CCONJ", "SCONJ", "PRON", "AUX", "PART", "PUNCT", "SYM", "X"]);

/** A word broken off and restarted ("deci decisions") or a lower-case one- or two-letter scrap ("th"). */
export function isBroken(t: Token, next: Token | undefined): boolean {
  // a written abbreviation ("w/", "b/c") is not a broken word
  if (
    t.pos === "PUNCT" ||
    t.isNumber ||
    t.noise ||
    HESITATIONS.has(t.normal) ||
    next?.text === "/" ||
    next?.text === "."
  )
    return false;
  if (
    next &&
    next.normal.length > t.normal.length &&
    next.normal.startsWith(t.normal) &&
    t.normal.length >= 2 &&
    !t.stop
  )
    return true;
  return (
    /^[a-z]{1,2}$/.test(t.text) &&
    !t.stop &&
    t.pos !== "ADP" &&
    t.pos !== "PART" &&
    t.pos !== "CCONJ" &&
    t.pos !== "DET" &&
    t.pos !== "PRON" &&
    t.pos !== "AUX"
  );
}

export function isFiller(t: Token): boolean {
  if (t.noise) return true;
  if (HESITATIONS.has(t.normal)) return true;
  return FILLERS.has(t.normal) && (t.pos === "ADV" || t.pos === "X" || t.pos === "NOUN" || t.pos === "PROPN");
}

/** A singular lemma for a noun token ("Nurses" → "nurse", even when the library reads it as a proper noun). */
function singular(w: string): string {
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

export function nounLemma(t: Token): string {
  if (t.pos === "PROPN" && /^[A-Z][a-z]+s$/.test(t.text)) return singular(t.normal);
  if (t.pos === "NOUN" || t.pos === "PROPN") {
    const own = singular(t.normal);
    if (ROLE_NOUNS.has(own) || t.normal === "people") return t.normal === "people" ? "people" : own;
  }
  const lemma = t.lemma.toLowerCase();
  if (lemma !== t.normal || !t.normal.endsWith("s") || t.normal.endsWith("ss")) return lemma;
  const stems = [t.normal.replace(/ies$/, "y"), t.normal.replace(/es$/, ""), t.normal.replace(/s$/, "")];
  return stems.find((s) => ROLE_NOUNS.has(s)) ?? stems[2]!;
}

/** Nouns found to name people by their place in a sentence (see markPeople), whatever their ending. */
const PEOPLE_BY_PLACE = new WeakSet<Token>();

/**
 * Marks the nouns of `toks` that name people by their place: the head of a plural subject whose verb only a person
 * does, a verb of perceiving, knowing or caring ("deckhands could see …", "the wardens never notice …"). A class of
 * things is not said to see, know or care, so the noun is a role even without a people ending.
 */
export function markPeople(toks: readonly Token[]): void {
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const lemma = t.lemma.toLowerCase();
    if (
      t.pos !== "VERB" ||
      !(
        PERSON_VERBS.has(lemma) ||
        (lemma === "tell" &&
          toks
            .slice(Math.max(0, i - 3), i)
            .some((x) => x.normal === "not" || x.normal === "n't" || x.normal === "cannot"))
      )
    )
      continue;
    let s = i - 1;
    while (
      s >= 0 &&
      (toks[s]!.pos === "AUX" || toks[s]!.pos === "PART" || toks[s]!.pos === "ADV" || isFiller(toks[s]!))
    )
      s--;
    const head = toks[s];
    // (a class of people is named in the plural, "deckhands", "the wardens"; a thing in the singular may be said to see or
    // know in a product's terms, "the system must know …", "the app should remember …")
    if (
      !head ||
      (head.pos !== "NOUN" && head.pos !== "PROPN") ||
      head.noise ||
      NOT_ROLES.has(nounLemma(head)) ||
      PRODUCT_PARTS.has(nounLemma(head)) ||
      head.normal === nounLemma(head) ||
      !/(?:s|men)$/.test(head.normal)
    )
      continue;
    // (a subject, not an object or a name of something: after a determiner, a possessive, an adjective or nothing)
    const before = toks[s - 1];
    if (
      before &&
      !["DET", "ADJ", "NOUN", "PUNCT", "SCONJ", "CCONJ"].includes(before.pos) &&
      !POSSESSIVES.has(before.normal) &&
      !(before.pos === "AUX" && before.lemma === "be")
    )
      continue;
    PEOPLE_BY_PLACE.add(head);
  }
}

/** A noun naming people: in the lexicon's role list, or a noun with a people ending that is not a thing noun. */
export function isRoleNoun(t: Token): boolean {
  if (t.pos !== "NOUN" && t.pos !== "PROPN") return false;
  if (PEOPLE_BY_PLACE.has(t)) return true;
  const lemma = nounLemma(t);
  if (ROLE_NOUNS.has(lemma)) return true;
  // a capitalised sentence-initial noun may be read as a proper noun ("Dentists need …")
  const properPlural = t.pos === "PROPN" && /^[A-Z][a-z]+s$/.test(t.text);
  if ((t.pos !== "NOUN" && !properPlural) || lemma.length < 5 || NOT_ROLES.has(lemma) || lemma.endsWith("ment"))
    return false;
  return PEOPLE_ENDING.test(lemma);
}

/** Speech words of the sentence (no noise, no punctuation) with their index in `tokens`. */
export function speech(sentence: Sentence): Token[] {
  return sentence.tokens.filter((t) => !t.noise);
}

/**
 * A noun known to name people: in the lexicon's role list, or found as people by its place in a sentence
 * (markPeople). Unlike isRoleNoun, a people ending alone ("-er", "-or") is not enough: "holder" and "trimmer" end so.
 */
export function isKnownRole(t: Token): boolean {
  if (t.pos !== "NOUN" && t.pos !== "PROPN") return false;
  return PEOPLE_BY_PLACE.has(t) || ROLE_NOUNS.has(nounLemma(t));
}
