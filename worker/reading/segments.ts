/**
 * The reader's sentences (issue 40, moved from the embedded generator so the generator and the meeting's items read
 * the same units): the language layer's sentences, with a recap's list ("So you need: A, and B. C.") and a settled
 * line of two things ("X; Y") cut into sentences of their own.
 */
import type { Sentence, Token } from "./analyse";
import { classify, sectionContext } from "./kinds";
import { DECISION_VERBS, NEED_VERBS, RECAP_LABELS } from "./lexicon";
import { speech } from "./words";

/** Words before a colon that open a list of what was asked or agreed ("you need:", "we agreed on:", "to recap:"). */
const RECAP_WORDS = new Set([...NEED_VERBS, ...DECISION_VERBS, "recap", "summary", "summarise", "summarize", "list"]);
const RECAP_ITEMS = 12;

/** The part of `sentence` from token `from` to token `to` (inclusive), as a sentence of its own filed as agreed. */
export function itemOf(sentence: Sentence, toks: readonly Token[]): Sentence | null {
  const words = toks.filter((t) => !t.noise && t.pos !== "PUNCT" && t.pos !== "SYM");
  if (words.length < 2) return null;
  const start = toks[0]!.start;
  const end = toks[toks.length - 1]!.end;
  return {
    ...sentence,
    start,
    end,
    text: sentence.text.slice(start - sentence.start, end - sentence.start),
    tokens: [...toks],
    words,
    isQuestion: false,
    label: "agreed",
  };
}

/** Splits a list's tokens into items at ";" and ", and" (a comma alone may sit inside one item). */
function listItems(sentence: Sentence, toks: readonly Token[]): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  for (let k = 0; k <= toks.length; k++) {
    const t = toks[k];
    const cut = !t || t.text === ";" || (t.text === "," && toks[k + 1]?.normal === "and");
    if (!cut) continue;
    let part = toks.slice(from, k);
    while (part.length && (part[0]!.pos === "CCONJ" || part[0]!.pos === "PUNCT" || part[0]!.noise))
      part = part.slice(1);
    while (part.length && (part[part.length - 1]!.pos === "PUNCT" || part[part.length - 1]!.noise))
      part = part.slice(0, -1);
    const item = part.length ? itemOf(sentence, part) : null;
    if (item) out.push(item);
    from = t?.text === "," ? k + 2 : k + 1;
  }
  return out;
}

/**
 * A recap ("So you need: A, and B. C. D.") lists what was asked or agreed, in noun phrases more often than in asks.
 * Its items (after the colon, and the same speaker's next sentences, up to a "don't want", a question or another speaker)
 * become sentences of their own filed as agreed, so the sentence kinds read each as a settled line (./kinds sectionContext).
 */
export function withRecapItems(sentences: readonly Sentence[]): Sentence[] {
  const out: Sentence[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    const toks = s.tokens;
    const colon = toks.findIndex((t) => t.text === ":" && !t.noise);
    // (a short summing-up label opens one too: "So: A, B and C", "Recap: …")
    const label = toks.slice(0, colon).filter((t) => !t.noise && t.pos !== "PUNCT");
    const recapLabel = label.length > 0 && label.length <= 3 && label.some((t) => RECAP_LABELS.has(t.normal));
    const opens =
      colon > 0 &&
      (recapLabel || toks.slice(0, colon).some((t) => RECAP_WORDS.has(t.lemma.toLowerCase()))) &&
      toks.slice(colon + 1).filter((t) => !t.noise && t.pos !== "PUNCT").length >= 2;
    if (!opens) {
      // a settled line may state two things ("X returns only Y; agents must not Z"): each is read on its own
      const parts =
        sectionContext(s) === "decided" && toks.some((t) => t.text === ";")
          ? listItems(s, toks).map((p) => ({ ...p, label: s.label, section: s.section }))
          : [];
      // (a line that rules a thing out stays whole: what follows its ";" goes on about the same thing)
      const firstKind = parts.length > 1 ? classify(parts[0]!).kind : null;
      if (parts.length > 1 && firstKind !== "rejection" && firstKind !== "postponement") out.push(...parts);
      else out.push(s);
      continue;
    }
    const items = listItems(s, toks.slice(colon + 1));
    let j = i + 1;
    for (; j < sentences.length && items.length < RECAP_ITEMS; j++) {
      const next = sentences[j]!;
      if (
        next.speaker !== s.speaker ||
        (s.speaker === null && next.block !== s.block) ||
        next.isQuestion ||
        speech(next).some((t) => t.negated || t.normal === "not" || t.normal === "n't")
      )
        break;
      items.push(...listItems(next, next.tokens));
    }
    out.push(s, ...items);
    i = j - 1;
  }
  return out.map((s, index) => ({ ...s, index }));
}
