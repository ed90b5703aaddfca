/**
 * Cue patterns as data (issue 40): each row a name, the item kind it gives, a pattern over the words of a clause, and
 * one example sentence, which is the row's own test (./cues.node.test.ts reads every example and requires its row to
 * match). A small matcher reads the table: a pattern compiles once to a regular expression over the clause's tokens,
 * each written as `<POS|normal|lemma|person>`, so the matching is the platform's regular-expression engine, anchored and
 * with bounded repeats (no pattern here can take more than linear time in its clause).
 *
 * Pattern elements, separated by spaces:
 *   `^`, `$`         the start of the clause (after fillers, conjunctions and spoken openers such as "so", "okay"),
 *                    and its end (punctuation is not read)
 *   `PROPN`          a part of speech; `NOUN|PROPN` either
 *   `NAME`           a proper noun that is not a role ("Omar", not "Drivers" opening a line of notes)
 *   `you`, `can|could` a word (the library's normal form: "'ll" is "will", "'m" is "am")
 *   `@NAME`          a word of the lexicon's set NAME (./lexicon)
 *   `VERB!@NAME`     a part of speech whose lemma is not in the set NAME
 *   `NOUN@NAME`      a part of speech whose word or lemma is in the set NAME
 *   `*`              any word
 * each optionally followed by `?` or `{m,n}`.
 *
 * The item kinds these rows give take precedence over the sentence kinds' reading of an ask (./items `kindOf`): a task
 * for someone is an action item however much it reads like an ask. Rows are general forms of speech, never a phrase of
 * a meeting.
 */
import type { Sentence, Token } from "./analyse";
import type { CoverageKind as ItemKind } from "../../schema/api/quality";
import * as lexicon from "./lexicon";
import { isFiller, isRoleNoun, speech } from "./words";

export interface CueRow {
  name: string;
  /** The item kind the row gives, or null: the clause is none of the meeting's items (a heading, a reference). */
  kind: ItemKind | null;
  /** How sure the row is (0–1): the confidence of the items it finds (./items). */
  weight: number;
  pattern: string;
  /** Only in a question ("could you …?"), or only in a statement. */
  mood?: "question" | "statement";
  /** One sentence the row must match: its test. */
  example: string;
}

export const ITEM_CUES: readonly CueRow[] = [
  {
    name: "a change log line (a conventional commit)",
    kind: null,
    weight: 0.9,
    pattern: "^ NUM? feat|fix|chore|docs|refactor|perf",
    example: "#812 fix: round the totals on the invoice page",
  },
  {
    name: "a thing put off for now",
    kind: "postponed",
    weight: 0.8,
    pattern: "^ *{1,6} is|are out for now $",
    mood: "statement",
    example: "Bulk import is out for now.",
  },
  {
    name: "a thing declared out",
    kind: "rejected",
    weight: 0.8,
    pattern: "^ *{1,6} is|are out $",
    mood: "statement",
    example: "Editing past invoices is out.",
  },
  {
    name: "a thing not for this stretch of work",
    kind: "postponed",
    weight: 0.8,
    pattern: "not for? this|the @LATER_NOUNS",
    mood: "statement",
    example: "Route sharing with customers, not this sprint.",
  },
  {
    name: "a thing that waits for a later time",
    kind: "postponed",
    weight: 0.7,
    pattern: "^ *{1,6} can? wait|waits for|until *{1,4} $",
    mood: "statement",
    example: "The map view waits for phase two.",
  },
  {
    name: "a delivery date (when a stage is due, not what the product does)",
    kind: null,
    weight: 0.8,
    pattern: "NOUN|ADJ@MILESTONES *{0,8} by|before DET? NUM? @DATES",
    mood: "statement",
    example: "The partners want a pilot in two depots by June.",
  },
  {
    name: "a want supposed in a condition, with nothing asked after it",
    kind: null,
    weight: 0.7,
    pattern: "if|case *{0,3} VERB@DESIRE_VERBS to? *{0,10} $",
    mood: "statement",
    example: "If the depots wanted to print their own labels, say.",
  },
  {
    name: "the speaker's own next step",
    kind: "action",
    weight: 0.8,
    pattern: "^ i will|shall",
    mood: "statement",
    example: "I'll forward the signed contract to the legal team.",
  },
  {
    name: "the speaker's own plan",
    kind: "action",
    weight: 0.8,
    pattern: "^ i|i'm am|'m? going to",
    mood: "statement",
    example: "I'm going to set up a call with the vendor next week.",
  },
  {
    name: "the speaker offering to do it",
    kind: "action",
    weight: 0.8,
    pattern: "^ let me",
    mood: "statement",
    example: "Let me check the numbers with finance first.",
  },
  {
    name: "a task handed to a named person",
    kind: "action",
    weight: 0.9,
    pattern: "^ NAME{1,3} to VERB",
    mood: "statement",
    example: "Omar to draft the data migration plan by Thursday.",
  },
  {
    name: "a task handed to a team",
    kind: "action",
    weight: 0.9,
    pattern: "^ DET? NOUN|PROPN{0,2} team|squad|group to VERB",
    mood: "statement",
    example: "Payments team to send us the webhook specification.",
  },
  {
    name: "work on the meeting's own papers (an issue, a proposal, a document)",
    kind: "action",
    weight: 0.8,
    pattern: "^ @PAPER_VERBS *{0,5} @MEETING_PAPERS",
    mood: "statement",
    example: "Update the RFC with the agreed naming before the next call.",
  },
  {
    name: "work on the backlog itself (its tickets, criteria, estimates)",
    kind: "action",
    weight: 0.7,
    pattern: "^ VERB *{0,8} @BACKLOG_PAPERS",
    mood: "statement",
    example: "Add the two carriers to the acceptance criteria of the label story.",
  },
  {
    name: "a follow-up for the team, given as an order",
    kind: "action",
    weight: 0.7,
    pattern: "^ @FOLLOW_UP_VERBS",
    mood: "statement",
    example: "Compile a list of the open audit checks before the next call.",
  },
  {
    name: "reaching out to someone",
    kind: "action",
    weight: 0.7,
    pattern: "^ reach|circle out|back to",
    mood: "statement",
    example: "Reach out to the payments team if the webhook spec is unclear.",
  },
  {
    name: "a request put to someone present",
    kind: "action",
    weight: 0.7,
    pattern: "@SOFT_MODALS you ADV{0,2} VERB!@NEED_VERBS",
    mood: "question",
    example: "Could you send me the latest invoice template before Friday?",
  },
];

const POS_TAGS = /^[A-Z]+(?:\|[A-Z]+)*$/;

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function setWords(name: string): string[] {
  const found = (lexicon as Record<string, unknown>)[name];
  if (!(found instanceof Set)) throw new Error(`No word set ${name} in the lexicon`);
  return [...(found as Set<string>)];
}

const anyOf = (words: readonly string[]) => `(?:${words.map(escape).join("|")})`;

/** One element of a pattern as a regular expression over `<POS|normal|lemma|person>` tokens. */
function element(atom: string): string {
  if (atom === "*") return "<[^>]*>";
  if (atom === "NAME") return "<PROPN\\|[^|>]*\\|[^|>]*\\|->";
  const inSet = /^([A-Z|]+)@(\w+)$/.exec(atom);
  if (inSet) {
    const words = anyOf(setWords(inSet[2]!));
    return `<(?:${inSet[1]})\\|(?:${words}\\|[^|>]*|[^|>]*\\|${words})\\|[^>]*>`;
  }
  const negated = /^([A-Z|]+)!@(\w+)$/.exec(atom);
  if (negated) return `<(?:${negated[1]})\\|[^|>]*\\|(?!${anyOf(setWords(negated[2]!))}\\|)[^>]*>`;
  if (POS_TAGS.test(atom)) return `<(?:${atom})\\|[^>]*>`;
  const words = atom.startsWith("@") ? setWords(atom.slice(1)) : atom.split("|");
  return `<[A-Z]+\\|${anyOf(words)}\\|[^>]*>`;
}

/** A pattern compiled to a regular expression; thrown on a malformed pattern, which the table's test catches. */
export function compile(pattern: string): RegExp {
  let source = "";
  for (const part of pattern.trim().split(/\s+/)) {
    if (part === "^" || part === "$") {
      source += part;
      continue;
    }
    const quantified = /^(.+?)(\?|\{\d+,\d+\})?$/.exec(part)!;
    source += `(?:${element(quantified[1]!)})${quantified[2] ?? ""}`;
  }
  return new RegExp(source);
}

const COMPILED = ITEM_CUES.map((row) => ({ row, re: compile(row.pattern) }));

const clean = (word: string) => word.replace(/[<>|]/g, "_");

/** The clause's words as `<POS|normal|lemma>`, from its start: fillers, punctuation, conjunctions and openers off. */
function encode(sentence: Sentence): string {
  const words: Token[] = speech(sentence).filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM" && !isFiller(t));
  let i = 0;
  while (
    i < words.length &&
    (words[i]!.pos === "CCONJ" || words[i]!.pos === "INTJ" || lexicon.SPOKEN_OPENERS.has(words[i]!.normal))
  )
    i++;
  return words
    .slice(i)
    .map((t) => `<${t.pos}|${clean(t.normal)}|${clean(t.lemma.toLowerCase())}|${isRoleNoun(t) ? "role" : "-"}>`)
    .join("");
}

/** The first row of the table the sentence matches, or null. */
export function matchCue(sentence: Sentence): CueRow | null {
  const text = encode(sentence);
  const mood = sentence.isQuestion ? "question" : "statement";
  for (const { row, re } of COMPILED) if ((!row.mood || row.mood === mood) && re.test(text)) return row;
  return null;
}
