// The quality report (schema/api/quality.ts) as the screens show it, kept pure so it can be tested without a browser:
// score bands, issue order, which fields an issue points at, the coverage report's groups, and the draft story an
// uncovered ask becomes.
import type { Criterion, IssueField } from "../../../schema/api/quality";
import type { Coverage, CoverageItem, SetIssue, StoryIssue } from "../../../schema/api/quality-body";
import { STORY_LIMITS, type UserStory } from "../../../schema/api/transcripts";

export type ScoreBand = "good" | "fair" | "poor";

/** Green from 80, amber from 50, red below: the word is shown beside the colour, so colour never carries it alone. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return "good";
  if (score >= 50) return "fair";
  return "poor";
}

export const BAND_LABEL: Record<ScoreBand, string> = { good: "Good", fair: "Needs work", poor: "Poor" };

/**
 * What each criterion is about, in a product manager's words (the QUS framework's names, "atomic", "minimal",
 * "conceptually sound", "estimable"…, are the rules' and the API's, not the screen's).
 */
export const CRITERION_LABEL: Record<Criterion, string> = {
  well_formed: "Story form",
  atomic: "One thing per story",
  minimal: "Short description",
  conceptually_sound: "Who and what",
  problem_oriented: "Problem, not solution",
  unambiguous: "Clear wording",
  full_sentence: "Whole title",
  estimable: "Size",
  unique: "Duplicates",
  uniform: "Same form",
  independent: "Stands alone",
  complete: "Missing steps",
  conflict_free: "Contradictions",
  testable_criteria: "Testable criteria",
  evidence: "Evidence",
  rejected: "Rejected in the meeting",
  asked: "Not asked for",
};

export const FIELD_LABEL: Record<IssueField, string> = {
  title: "Title",
  description: "Description",
  acceptanceCriteria: "Acceptance criteria",
  storyPoints: "Story points",
  estimatedHours: "Estimated hours",
  evidence: "Evidence",
};

/** Errors before warnings, otherwise in the order the gate gave them. */
export function sortIssues(issues: readonly StoryIssue[]): StoryIssue[] {
  return [...issues].sort((a, b) => Number(a.severity === "warning") - Number(b.severity === "warning"));
}

export type FieldIssues = Partial<Record<IssueField, StoryIssue[]>>;

/** The issues that name a field, per field (errors first), so each field can be marked. */
export function issuesByField(issues: readonly StoryIssue[] | undefined): FieldIssues {
  const byField: FieldIssues = {};
  for (const issue of sortIssues(issues ?? [])) {
    if (!issue.field) continue;
    (byField[issue.field] ??= []).push(issue);
  }
  return byField;
}

/** The worst severity among issues, or null when there are none. */
export function worstSeverity(issues: readonly StoryIssue[] | undefined): StoryIssue["severity"] | null {
  if (!issues?.length) return null;
  return issues.some((i) => i.severity === "error") ? "error" : "warning";
}

/** "Story 3", "Stories 2 and 5", "Stories 1, 4 and 6" from 0-based positions. */
export function storiesLabel(positions: readonly number[]): string {
  const numbers = [...new Set(positions)].sort((a, b) => a - b).map((p) => String(p + 1));
  if (numbers.length === 0) return "";
  if (numbers.length === 1) return `Story ${numbers[0]}`;
  return `Stories ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
}

/** Whether a set issue's message already names its stories ("Stories 2 and 5 ask for…"), so no label is added. */
export function namesStories(issue: SetIssue): boolean {
  return /\bstor(?:y|ies) \d/i.test(issue.message);
}

export interface CoverageGroups {
  uncoveredAsks: CoverageItem[];
  coveredAsks: CoverageItem[];
  decisions: CoverageItem[];
  questions: CoverageItem[];
  risks: CoverageItem[];
  actions: CoverageItem[];
  /** Rejected and postponed: what the meeting left out on purpose. */
  leftOut: CoverageItem[];
}

/** The coverage report's items by what the panel lists them under, each in transcript order. */
export function coverageGroups(coverage: Coverage): CoverageGroups {
  const items = [...coverage.items].sort((a, b) => a.start - b.start);
  const of = (...kinds: CoverageItem["kind"][]) => items.filter((item) => kinds.includes(item.kind));
  const asks = of("ask");
  return {
    // the likeliest asks first (the reading's confidence), in transcript order among equals
    uncoveredAsks: asks
      .filter((item) => item.coveredBy.length === 0)
      .sort((a, b) => (b.confidence ?? 0.5) - (a.confidence ?? 0.5)),
    coveredAsks: asks.filter((item) => item.coveredBy.length > 0),
    decisions: of("decision"),
    questions: of("question"),
    risks: of("risk"),
    actions: of("action"),
    leftOut: of("rejected", "postponed"),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// "Add as story": a draft built from an uncovered ask's quote, for the user to finish in the editor. It is sized at
// 0 points and 0 hours on purpose, so the gate flags it for sizing instead of it passing with made-up numbers.
// ---------------------------------------------------------------------------------------------------------------

const TITLE_WORDS = 8;
/** Left in a draft where the quote does not say (the role, what is wanted): the user writes it. */
export const DRAFT_GAP = "…";

/** Role nouns a quote may name ("our support agents need…"). */
const ROLE_NOUNS =
  "admins?|administrators?|managers?|customers?|agents?|owners?|editors?|reviewers?|approvers?|drivers?|technicians?|nurses?|doctors?|teachers?|students?|members?|operators?|accountants?|buyers?|sellers?|vendors?|guests?|visitors?|patients?|clients?|developers?|designers?|analysts?|auditors?|users?|staff|employees?|volunteers?|parents?|tutors?|coordinators?|dispatchers?|planners?|engineers?|mechanics?|attendants?|applicants?|candidates?|recruiters?|patrons?|riders?|residents?|tenants?|inspectors?|clerks?|cashiers?|supervisors?|leads?|subscribers?|moderators?|hosts?";

/** Filler before the point ("So, um, I think…"). */
const FILLER =
  /^(?:(?:so|and|but|ok(?:ay)?|well|um+|uh+|yeah|right|also|honestly|basically|look|i think|i guess|i mean|to be honest)[,\s]+)+/i;

/**
 * "<someone> [really] needs to / wants / should be able to / 'd like to …": the someone (a role unless it is a
 * pronoun), the modal, and whether an infinitive follows ("to …", or a bare verb after "should").
 */
const WISH = new RegExp(
  String.raw`^((?:(?:our|the|all|every|some|most)\s+)?[a-z]+(?:\s+(?!(?:really|also|just|definitely|all|still|both|only)\b)[a-z]+)?)\s+(?:really\s+|also\s+|just\s+|definitely\s+|all\s+)?` +
    String.raw`(need to|needs to|want to|wants to|would like to|'d like to|would love to|'d love to|have to|has to|must|should|need|needs|want|wants|would like|'d like|would love|'d love)\s+(be able to\s+)?`,
  "i",
);
/** Subjects that name no role. */
const PRONOUNS = /^(?:we|i|they|you|he|she|it|people|everyone|everybody|someone|somebody|the team|this|that|there)$/i;
/** Other openers that carry a wish but no role ("It'd be great if we could…", "Let's…"). */
const OTHER_WISHES = [
  /^(?:what i'd love is|what we need is|the ask is|my ask is)\s+(?:to\s+)?/i,
  /^(?:it would be (?:great|nice|good) if|it'd be (?:great|nice|good) if|can we|could we|can you|could you)\s+(?:we\s+|you\s+|i\s+|they\s+)?(?:could\s+|can\s+)?(?:be able to\s+)?/i,
  /^(?:let's|let us)\s+/i,
];

export interface AskPhrase {
  /** What is asked for, in the quote's words. */
  text: string;
  /** True when the quote says it is wished for ("we need to …"), so `text` reads after "I want". */
  wish: boolean;
  /** True when `text` starts with a verb ("send …"), so it reads after "I want to". */
  verb: boolean;
  /** Who needs it, when the quote's subject names someone ("Receptionists need to…" → "receptionist"). */
  role: string | null;
  /** The thing the wish is about, when the subject names a thing, not a person ("The timeline should show…"). */
  thing: string | null;
}

/**
 * A subject that names people: its last word is a role noun ("clinic managers", "our support agents") or names a
 * person by its ending ("receptionists", "pharmacist"; not "checklist").
 */
const PERSON_SUBJECT = new RegExp(`(?:^|\\s)(?:${ROLE_NOUNS}|[a-z]*[^l\\s]ists?)$`, "i");

function singular(word: string): string {
  return /[^s]s$/i.test(word) ? word.slice(0, -1) : word;
}

/** The words of a quote that say what is asked for, without the speaker's label, filler or "we need to" around them. */
export function askPhrase(quote: string, speaker?: string): AskPhrase {
  let text = quote.replace(/\s+/g, " ").trim();
  if (speaker && text.startsWith(`${speaker}:`)) text = text.slice(speaker.length + 1).trim();
  // A short lead-in before a colon ("I'll be blunt: SSO is blocking…").
  text = text.replace(/^[^:]{1,30}:\s+(?=\S+ \S+ \S)/, "");
  text = text.replace(FILLER, "");
  let wish = false;
  let verb = false;
  let role: string | null = null;
  let thing: string | null = null;
  const match = WISH.exec(text);
  if (match && match[0].length < text.length) {
    const subject = match[1]!.replace(/^(?:our|the|all|every|some|most)\s+/i, "");
    wish = true;
    verb = /to$|must|should|have to|has to/i.test(match[2]!) || !!match[3];
    if (PERSON_SUBJECT.test(subject)) role = subject.split(" ").map(singular).join(" ").toLowerCase();
    else if (!PRONOUNS.test(subject)) thing = subject.toLowerCase();
    text = text.slice(match[0].length);
  } else {
    for (const opener of OTHER_WISHES) {
      const next = text.replace(opener, "");
      if (next !== text && next.length > 0) {
        text = next;
        wish = verb = true;
        break;
      }
    }
  }
  // One clause: up to the first sentence end, then no trailing punctuation.
  text = text.split(/(?<=[.!?])\s/)[0] ?? text;
  return { text: text.replace(/[\s.,;:!?…-]+$/u, "").trim(), wish, verb, role, thing };
}

/** A short title from the ask: its first words, capitalised, without a dangling "and"/"the" at the cut. */
export function draftTitle(quote: string, speaker?: string): string {
  const words = askPhrase(quote, speaker).text.split(" ").filter(Boolean);
  let cut = words.slice(0, TITLE_WORDS);
  while (
    cut.length > 3 &&
    /^(?:and|or|but|the|a|an|to|of|for|with|in|on|at|by|so|that|if|we|i)$/i.test(cut.at(-1) ?? "")
  )
    cut = cut.slice(0, -1);
  const title = cut.join(" ").replace(/[,;:]+$/, "") || "New story from the meeting";
  return (title.charAt(0).toUpperCase() + title.slice(1)).slice(0, STORY_LIMITS.title);
}

/** "as an auditor", or a role noun anywhere. */
const ROLE = new RegExp(
  `\\b(?:as an? (?!(?:result|rule|whole|minimum|matter|start|default|first|team|group|fallback|baseline|bonus|test|side|way)\\b)([a-z][a-z-]+)\\b|(${ROLE_NOUNS})\\b)`,
  "i",
);

/** The role the quote names, singular, or null when none can be read. */
export function roleOf(quote: string): string | null {
  const match = ROLE.exec(quote);
  const role = (match?.[1] ?? match?.[2])?.toLowerCase();
  if (!role) return null;
  return role.endsWith("s") && !role.endsWith("ss") && !match?.[1] ? role.slice(0, -1) : role;
}

/** "Export the report" → "export the report", but "SSO" and "I" stay as they are. */
function lowerFirst(text: string): string {
  const first = text.split(" ")[0] ?? "";
  return first.length > 1 && first.slice(1) === first.slice(1).toLowerCase()
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

function article(word: string): string {
  // ("a user", "a unit manager": a "u" said as "you" takes "a")
  return /^(?:[aeio]|u(?!s|ni))/i.test(word) ? "an" : "a";
}

/** "clinic manager" → "Clinic managers": the role as the subject of a criterion. */
function rolePlural(role: string): string {
  const plural = /(?:s|sh|ch|x)$/.test(role) ? `${role}es` : `${role}s`;
  return plural.charAt(0).toUpperCase() + plural.slice(1);
}

/** One criterion in the ask's own terms, for the user to sharpen: who can do what, or what the thing does. */
function draftCriterion(phrase: AskPhrase, role: string, quote: string): string {
  const text = lowerFirst(phrase.text);
  if (phrase.wish && text && phrase.thing && phrase.verb) return `The ${phrase.thing} can ${text}`;
  if (phrase.wish && text && phrase.verb) return `${rolePlural(role)} can ${text}`;
  if (phrase.wish && text) return `${rolePlural(role)} have ${text}`;
  return `Does what the meeting asked: “${quote.replace(/\s+/g, " ").trim().slice(0, 160)}”`;
}

/**
 * The draft story for an ask no story covers: the quote as its evidence, to be finished and sized by the user. The
 * role is the person the quote names, else the product's users (a thing the quote is about, "the timeline", is what
 * the story asks of, never its role); the description says what is wished for when the quote says so, else leaves
 * "…" for the user rather than guessing; one criterion restates the ask for the user to sharpen.
 */
export function draftStoryFromItem(item: CoverageItem): UserStory {
  const phrase = askPhrase(item.quote, item.speaker);
  const role = phrase.role ?? roleOf(item.quote) ?? "user";
  const who = `${article(role)} ${role}`;
  const wanted =
    phrase.wish && phrase.text
      ? phrase.thing && phrase.verb
        ? `the ${phrase.thing} to ${lowerFirst(phrase.text)}`
        : `${phrase.verb ? "to " : ""}${lowerFirst(phrase.text)}`
      : DRAFT_GAP;
  const quote = item.quote.slice(0, STORY_LIMITS.quote);
  return {
    title: draftTitle(item.quote, item.speaker),
    description: `As ${who}, I want ${wanted}`.slice(0, STORY_LIMITS.description),
    acceptanceCriteria: [draftCriterion(phrase, role, item.quote).slice(0, STORY_LIMITS.criterion)],
    priority: "Medium",
    storyPoints: 0,
    estimatedHours: 0,
    evidence: [{ quote, start: item.start, end: item.start + quote.length }],
  };
}
