/**
 * The per-story checks of the quality gate (issue 27): the QUS criteria a rule can decide on one story (Lucassen et
 * al. 2016, as AQUSA checks them: role and means indicators, conjunctions for atomicity, brackets and extra sentences
 * for minimality) and StoryLoom's own (testable criteria, estimable sizes, verbatim evidence). Errors are what a
 * product manager would have to change before the story goes into a backlog; warnings are worth a look. Each message
 * says what to change.
 */
import {
  HOURS_PER_POINT_BOUNDS,
  hoursRangeFor,
  isOnScale,
  LARGEST_STORY_POINTS,
  STORY_POINT_SCALE,
} from "../../../schema/api/sizing";
import {
  type Token,
  GENERIC_ROLES,
  NEED_VERBS,
  isRoleNoun,
  NOT_ROLES,
  PRODUCT_PARTS,
  SIMPLE_PAST,
  SOLUTION_WORDS,
  THING_ROLES,
  TOLD_AUX,
  VAGUE_WORDS,
} from "../../reading";
import type { StoryIssue } from "../../../schema/api/quality-body";
import type { UserStory } from "../../../schema/api/transcripts";
import {
  contentLemmas,
  lemmaOf,
  meansTokens,
  overlap,
  quoteOf,
  storyParts,
  titleTokens,
  tokensOf,
  wordsOf,
  type StoryParts,
} from "./story-text";

/** Criteria that only say the thing works. */
const WORKS_ONLY =
  /^(?:it|this|the (?:feature|story|functionality|system|app))\s+(?:works?|functions?|is (?:working|implemented|done|available))(?:\s+(?:well|correctly|properly|as expected|fine))?\.?$/i;
/** A title may not end on these word classes: it stopped mid-phrase ("Turn them off per", "Export the"). */
const BROKEN_END = new Set(["DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART"]);
/** A title may not open on these: it is the tail of a sentence ("and send it", "that the report…"). */
const BROKEN_START = new Set(["CCONJ", "SCONJ"]);

/** "1 hour", "3 hours": a number with its noun. */
function count(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

function issue(
  criterion: StoryIssue["criterion"],
  severity: StoryIssue["severity"],
  field: StoryIssue["field"],
  message: string,
): StoryIssue {
  return field ? { criterion, severity, message, field } : { criterion, severity, message };
}

/** The head noun of a role phrase: its last noun ("call centre agent" → "agent"), or its last word. */
function roleHead(role: string): Token | undefined {
  const words = wordsOf(role);
  const nouns = words.filter((t) => t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "PRON");
  return nouns[nouns.length - 1] ?? words[words.length - 1];
}

function checkTemplate(description: string, parts: StoryParts, issues: StoryIssue[]): void {
  if (parts.role === null) {
    issues.push(
      issue(
        "well_formed",
        "error",
        "description",
        "Start the description with who needs this and what they want to do, for example “As a finance manager, I want to export the monthly report, so that I can share it.”",
      ),
    );
    return;
  }
  if (parts.means === null) {
    issues.push(
      issue(
        "well_formed",
        "error",
        "description",
        `The description says who (“${parts.role}”) but not what they want: continue with “I want to” and the action, for example “I want to export the monthly report”.`,
      ),
    );
    return;
  }
  const head = roleHead(parts.role);
  const headLemma = head ? lemmaOf(head) : "";
  if (
    head &&
    (THING_ROLES.has(headLemma) ||
      head.pos === "PRON" ||
      PRODUCT_PARTS.has(headLemma) ||
      (NOT_ROLES.has(headLemma) && !isRoleNoun(head)))
  ) {
    issues.push(
      issue(
        "conceptually_sound",
        "error",
        "description",
        `“${parts.role}” is not a person: say which person or team needs this, for example “As a support agent, …”.`,
      ),
    );
  } else if (head && GENERIC_ROLES.has(headLemma)) {
    issues.push(
      issue(
        "conceptually_sound",
        "warning",
        "description",
        `“${parts.role}” does not say who needs this: name their job instead, for example “finance manager” or “support agent”.`,
      ),
    );
  }
  const means = meansTokens(description, parts);
  if (!means.some((t) => t.pos === "VERB")) {
    issues.push(
      issue(
        "conceptually_sound",
        "warning",
        "description",
        "Say what the person wants to do: put an action after “I want to”, for example “I want to export the report”.",
      ),
    );
  }
  const garbled = garbledInfinitive(description, parts, means);
  if (garbled) {
    issues.push(
      issue(
        "well_formed",
        "error",
        "description",
        `“I want to ${garbled} …” does not say what the person wants to do: rewrite it as “I want to” and an action, for example “I want to export the report”, or remove the story if nobody asked for it.`,
      ),
    );
  }
  const told = toldClause(means);
  if (told) {
    issues.push(
      issue(
        "conceptually_sound",
        "error",
        "description",
        `“${quoteOf(parts.means ?? "")}” describes how things are or were, not what someone needs: say what they want to do (“I want to …”), or remove the story.`,
      ),
    );
  }
}

/**
 * "I want to <word> …" where the word after "to" is no verb (a noun that is the subject of the next verb, "I want to
 * menubar be …", "I want to people go …"; a greeting or a number), or is itself a verb of needing with its own "to" ("I
 * want to need to create …"): a phrase cut from the meeting at the wrong place, which a product manager throws away
 * (issue 40: garbled stories). Returns the word, or null.
 */
function garbledInfinitive(description: string, parts: StoryParts, means: readonly Token[]): string | null {
  if (!parts.meansAt || !/\bto\s*$/i.test(description.slice(0, parts.meansAt[0]))) return null;
  const first = means[0];
  if (!first) return null;
  // (a noun right before a verb is a clause's subject, "to menubar be …"; a noun alone may be a verb the tagger does
  // not know, "to onboard centres")
  const next = means[1];
  const subject =
    (first.pos === "NOUN" || first.pos === "PROPN") &&
    (next?.pos === "VERB" || next?.pos === "AUX") &&
    // (a gerund after it is a compound's first word: "to onboard recycling centres")
    !next.normal.endsWith("ing");
  if (subject || first.pos === "INTJ" || first.pos === "NUM") return first.text;
  const needsTo = NEED_VERBS.has(first.lemma.toLowerCase()) || first.lemma.toLowerCase() === "have";
  return needsTo && means[1]?.normal === "to" ? first.text : null;
}

/**
 * A capability that is a clause telling what was or what is lacking ("I want the credentials came through", "I want
 * the system has no concept of X", "I want the switchboard doesn't know"): a noun phrase right after "I want" and a
 * past or negated finite verb after it. Such a story asks for nothing: a status line or a remark made into a story.
 * (A present rule badly put, "I want the times are returned in UTC", is a story to word again, not to drop.)
 */
function toldClause(means: readonly Token[]): boolean {
  // the capability opens on a noun phrase (not on a verb: "see the item we're estimating" asks to see)
  for (let i = 0; i < means.length; i++) {
    const t = means[i]!;
    if (
      t.pos === "DET" ||
      t.pos === "ADJ" ||
      t.pos === "NUM" ||
      t.pos === "NOUN" ||
      t.pos === "PROPN" ||
      (t.pos === "PUNCT" && t.text === "-")
    )
      continue;
    if (i === 0 || (t.pos !== "VERB" && t.pos !== "AUX") || t.normal === "to") return false;
    const before = means[i - 1]!;
    if (before.pos !== "NOUN" && before.pos !== "PROPN") return false;
    const lacks = (t.normal === "has" || t.normal === "have") && /^(?:no|never|not)$/.test(means[i + 1]?.normal ?? "");
    return SIMPLE_PAST.has(t.normal) || TOLD_AUX.has(t.normal) || lacks;
  }
  return false;
}

/**
 * Two capabilities joined by "and"/"or": a verb on each side of the conjunction ("create and delete", "search or
 * filter the list"). Nouns joined under one verb ("name and address") stay one capability, which is why this rule
 * asks for a verb after the conjunction (AQUSA flags every conjunction and loses precision there).
 */
function joinedCapabilities(tokens: readonly Token[]): [string, string] | null {
  const found = joinedAt(tokens);
  return found ? [found.left.text, found.right.text] : null;
}

/** Where two capabilities are joined: the conjunction and the verb on each side of it. */
function joinedAt(tokens: readonly Token[]): { left: Token; conjunction: Token; right: Token } | null {
  for (let i = 1; i < tokens.length - 1; i++) {
    const t = tokens[i]!;
    const isJoin = t.pos === "CCONJ" && /^(?:and|or|&|and\/or)$/i.test(t.text);
    if (!isJoin) continue;
    // only the main clause's verbs are capabilities: a conjunction after "when", "if", "that"… joins parts of a
    // condition or a detail
    if (
      tokens
        .slice(0, i)
        .some(
          (x) =>
            x.pos === "SCONJ" || /^(?:that|which|who|when|whenever|while|if|once|unless|after|before)$/i.test(x.text),
        )
    )
      break;
    const before = tokens.slice(0, i).filter((x) => x.pos !== "PUNCT");
    const after = tokens.slice(i + 1).filter((x) => x.pos !== "PUNCT");
    // the verb right after the conjunction (an adverb or "also" may come first); the library may read a bare verb
    // there as a noun ("… or browse new arrivals"), so the rest is read again as what someone wants to do
    const next = after.find((x) => x.pos !== "ADV" && x.pos !== "PART");
    if (!next) continue;
    // "estimate or re-estimate X" is one capability done again
    const previous = before[before.length - 1];
    const again = (a: string, b: string) => a.replace(/^re-?/, "") === b;
    if (
      previous?.pos === "VERB" &&
      (again(next.lemma.toLowerCase(), previous.lemma.toLowerCase()) || again(next.normal, previous.normal))
    )
      continue;
    const objectFollows = ["DET", "ADJ", "NOUN", "PROPN", "PRON", "NUM"].includes(
      after[after.indexOf(next) + 1]?.pos ?? "",
    );
    if (
      next.pos !== "VERB" &&
      !(next.pos === "NOUN" && objectFollows && titleTokens(joinText(after))[0]?.pos === "VERB")
    )
      continue;
    if (!before.some((x) => x.pos === "VERB")) continue;
    // "so that … and …" and "to make sure … and …" belong to the end, not the means: the means stops at its verb's object
    const leftVerb = [...before].reverse().find((x) => x.pos === "VERB")!;
    return { left: leftVerb, conjunction: t, right: next };
  }
  return null;
}

/** "turn on/off", "enable/disable": two opposite capabilities written as one with a slash. */
function slashedPair(tokens: readonly Token[]): [string, string] | null {
  for (let i = 1; i < tokens.length - 1; i++) {
    if (tokens[i]!.text !== "/") continue;
    const a = tokens[i - 1]!;
    const b = tokens[i + 1]!;
    const verbs = a.pos === "VERB" && b.pos === "VERB";
    const particles = /^(?:on|off|in|out|up|down)$/i.test(a.text) && /^(?:on|off|in|out|up|down)$/i.test(b.text);
    if (verbs || particles) return [a.text, b.text];
  }
  return null;
}

function joinText(tokens: readonly Token[]): string {
  return tokens.map((t) => t.text).join(" ");
}

function checkAtomic(description: string, parts: StoryParts, title: string, issues: StoryIssue[]): void {
  if (parts.means) {
    const tokens = meansTokens(description, parts);
    const joined = joinedCapabilities(tokens) ?? slashedPair(tokens);
    if (joined) {
      issues.push(
        issue(
          "atomic",
          "error",
          "description",
          `This asks for two things (“${joined[0]}” and “${joined[1]}”): keep one of them here and write a separate story for the other.`,
        ),
      );
      return;
    }
  } else {
    const joined = joinedCapabilities(titleTokens(title));
    if (joined)
      issues.push(
        issue(
          "atomic",
          "error",
          "title",
          `The title names two things (“${joined[0]}” and “${joined[1]}”): keep one of them here and write a separate story for the other.`,
        ),
      );
  }
}

/** A second first-person clause joined to the means ("… and I expect it to fail"): content beyond the story. */
function secondClause(description: string, parts: StoryParts): boolean {
  const tokens = meansTokens(description, parts);
  return tokens.some(
    (t, k) => t.pos === "CCONJ" && /^(?:i|we)$/i.test(tokens[k + 1]?.text ?? "") && tokens[k + 2]?.pos === "VERB",
  );
}

function checkMinimal(description: string, parts: StoryParts, issues: StoryIssue[]): void {
  if (/[([{][^)\]}]*[)\]}]/.test(description)) {
    issues.push(
      issue(
        "minimal",
        "error",
        "description",
        "Take the text in brackets out of the description: put such details in the acceptance criteria.",
      ),
    );
  } else if (parts.rest) {
    issues.push(
      issue(
        "minimal",
        "error",
        "description",
        `Keep the description to one sentence (“As a …, I want …”): move “${quoteOf(parts.rest, 50)}” into the acceptance criteria.`,
      ),
    );
  } else if (/\b(?:e\.g\.|i\.e\.|for example|for instance|such as)/i.test(description)) {
    issues.push(
      issue(
        "minimal",
        "error",
        "description",
        "Move the example out of the description and into an acceptance criterion.",
      ),
    );
  } else if (secondClause(description, parts)) {
    issues.push(
      issue(
        "minimal",
        "error",
        "description",
        "The description goes on with a second statement (“… and I …”): end it after what the person wants and move the rest into the acceptance criteria.",
      ),
    );
  }
}

function checkWording(parts: StoryParts, title: string, issues: StoryIssue[]): void {
  const text = `${title} ${parts.means ?? ""}`;
  const tokens = tokensOf(text);
  const solution = tokens.find((t) => SOLUTION_WORDS.has(t.normal) || SOLUTION_WORDS.has(lemmaOf(t)));
  if (solution) {
    issues.push(
      issue(
        "problem_oriented",
        "warning",
        parts.means ? "description" : "title",
        `“${solution.text}” says how to build it: say what the person needs to do and leave the design to the team.`,
      ),
    );
  }
  // "See it freed up", "Turn them off": the thing is named somewhere else, not in the story
  const titleWords = titleTokens(title);
  const pronoun = titleWords.find(
    (t, k) => k > 0 && t.pos === "PRON" && /^(?:it|them|this|that|these|those)$/i.test(t.text),
  );
  if (pronoun) {
    issues.push(
      issue(
        "unambiguous",
        "warning",
        "title",
        `The title says “${pronoun.text}” without saying what that is: name the thing, for example “the invoice”.`,
      ),
    );
  }
  const vague = /user[- ]friendly/i.exec(text)?.[0] ?? tokens.find((t) => VAGUE_WORDS.has(t.normal))?.text;
  if (vague) {
    issues.push(
      issue(
        "unambiguous",
        "warning",
        parts.means ? "description" : "title",
        `“${vague}” means different things to different people: say it in a way someone can check (a number, a limit or an example).`,
      ),
    );
  }
}

/** A title that is a whole phrase: it has a verb or a noun, and neither opens nor ends on a word that needs more. */
function checkTitle(title: string, issues: StoryIssue[]): void {
  const words = titleTokens(title).filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM");
  if (words.length === 0) return;
  const last = words[words.length - 1]!;
  const first = words[0]!;
  const hasHead = words.some((t) => t.pos === "VERB" || t.pos === "NOUN" || t.pos === "PROPN");
  const brokenEnd =
    BROKEN_END.has(last.pos) && !/^(?:in|on|off|up|out|down|over|back|away|through|together)$/i.test(last.text);
  // (a full stop inside, then a new sentence: "Open an issue, sign-on forms etc. Location is in London")
  const twoSentences = /[.!?]\s+[A-Z]/.test(title.replace(/\b(?:e\.g|i\.e|vs)\.\s/gi, ""));
  if (!hasHead || brokenEnd || twoSentences || BROKEN_START.has(first.pos) || /[,;:–-]$/.test(title.trim())) {
    const why = twoSentences
      ? "it runs on into a second sentence"
      : !hasHead
        ? "it names no action and no thing"
        : brokenEnd
          ? `it ends on “${last.text}”`
          : BROKEN_START.has(first.pos)
            ? `it opens on “${first.text}”`
            : "it ends mid-sentence";
    issues.push(
      issue(
        "full_sentence",
        "error",
        "title",
        `The title is not a whole phrase (${why}): write it as what the person does, for example “Export the monthly report”.`,
      ),
    );
  }
}

/** Each criterion's problem, by its 0-based position. */
function criteriaFindings(story: UserStory): Array<{ at: number; issue: StoryIssue }> {
  const titleWords = contentLemmas(wordsOf(story.title));
  const findings: Array<{ at: number; issue: StoryIssue }> = [];
  story.acceptanceCriteria.forEach((criterion, at) => {
    const n = at + 1;
    // who does it is not what is checked: "Receptionists can see X" repeats a title "See X"
    const words = contentLemmas(wordsOf(criterion).filter((t) => !isRoleNoun(t)));
    if (titleWords.size > 0 && words.size > 0 && overlap(words, titleWords) === words.size) {
      findings.push({
        at,
        issue: issue(
          "testable_criteria",
          "error",
          "acceptanceCriteria",
          `Criterion ${n} only repeats the title: say what someone can see when it works (who does what, and what happens).`,
        ),
      });
    } else if (/\?\s*$/.test(criterion)) {
      findings.push({
        at,
        issue: issue(
          "testable_criteria",
          "error",
          "acceptanceCriteria",
          `Criterion ${n} is a question: settle it with the team, then write the outcome to check.`,
        ),
      });
    } else if (WORKS_ONLY.test(criterion.trim())) {
      findings.push({
        at,
        issue: issue(
          "testable_criteria",
          "warning",
          "acceptanceCriteria",
          `Criterion ${n} only says it works: name what a tester should see happen.`,
        ),
      });
    }
  });
  return findings;
}

/** The 0-based positions of the criteria in error: what a repair can take out without inventing anything. */
export function faultyCriteria(story: UserStory): number[] {
  return criteriaFindings(story)
    .filter((f) => f.issue.severity === "error")
    .map((f) => f.at);
}

/** How many words in a row make a criterion "a sentence from the meeting". */
const COPIED_RUN = 6;

/** Lower case, words between single spaces: the form criteria and the transcript are compared in. */
function spokenWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * A criterion of six or more words said word for word in the meeting: something said, not an outcome to check. Each
 * of its runs of six words must be a run of the transcript (w-shingling), so the test costs the criterion's length,
 * not the transcript's: one check holds up to 3,000 criteria against up to 200,000 characters (issue 39).
 */
function copiedFromMeeting(criterion: string, spoken: ReadonlySet<string>): boolean {
  const words = spokenWords(criterion);
  if (words.length < COPIED_RUN) return false;
  for (let i = 0; i + COPIED_RUN <= words.length; i++) {
    if (!spoken.has(words.slice(i, i + COPIED_RUN).join(" "))) return false;
  }
  return true;
}

/**
 * The transcript's runs of six words, for the last transcript read: one check reads the same transcript for each of
 * up to 100 stories, and the editor re-checks the same transcript as the person types.
 */
let spokenOf: { transcript: string; runs: Set<string> } | null = null;

function spokenRuns(transcript: string): Set<string> {
  if (spokenOf?.transcript !== transcript) {
    const words = spokenWords(transcript);
    const runs = new Set<string>();
    for (let i = 0; i + COPIED_RUN <= words.length; i++) runs.add(words.slice(i, i + COPIED_RUN).join(" "));
    spokenOf = { transcript, runs };
  }
  return spokenOf.runs;
}

function checkCriteria(story: UserStory, transcript: string | undefined, issues: StoryIssue[]): void {
  if (story.acceptanceCriteria.length === 0) {
    issues.push(
      issue(
        "testable_criteria",
        "warning",
        "acceptanceCriteria",
        "Add acceptance criteria: what someone can see or do when this works.",
      ),
    );
    return;
  }
  const findings = criteriaFindings(story);
  issues.push(...findings.map((f) => f.issue));
  if (transcript === undefined) return;
  const spoken = spokenRuns(transcript);
  const flagged = new Set(findings.map((f) => f.at));
  story.acceptanceCriteria.forEach((criterion, at) => {
    if (!flagged.has(at) && copiedFromMeeting(criterion, spoken)) {
      issues.push(
        issue(
          "testable_criteria",
          "warning",
          "acceptanceCriteria",
          `Criterion ${at + 1} is copied from the meeting: rewrite it as an outcome someone can check.`,
        ),
      );
    }
  });
}

function checkSizes(story: UserStory, issues: StoryIssue[]): void {
  const points = story.storyPoints;
  if (points === 0) {
    issues.push(issue("estimable", "warning", "storyPoints", "This story has no size yet: give it story points."));
  } else if (points > LARGEST_STORY_POINTS) {
    issues.push(
      issue(
        "estimable",
        "error",
        "storyPoints",
        `${points} points is too big to plan in one sprint: split the story into smaller ones (the largest size is ${LARGEST_STORY_POINTS} points).`,
      ),
    );
  } else if (!isOnScale(points)) {
    issues.push(
      issue(
        "estimable",
        "error",
        "storyPoints",
        `${points} points is not one of the sizes: use ${STORY_POINT_SCALE.slice(0, -1).join(", ")} or ${LARGEST_STORY_POINTS} points.`,
      ),
    );
  }
  const hours = story.estimatedHours;
  if (points > 0 && hours > 0) {
    const perPoint = hours / points;
    if (perPoint > HOURS_PER_POINT_BOUNDS.max || perPoint < HOURS_PER_POINT_BOUNDS.min) {
      const [low, high] = hoursRangeFor(points);
      issues.push(
        issue(
          "estimable",
          "error",
          "estimatedHours",
          `${count(hours, "hour")} does not fit ${count(points, "point")}: change the hours (${points === 1 ? "a point" : `${points} points`} is about ${low}–${high} hours) or the points.`,
        ),
      );
    }
  }
}

function checkEvidence(story: UserStory, transcript: string | undefined, issues: StoryIssue[]): void {
  if (transcript === undefined || !story.evidence?.length) return;
  const storyWords = contentLemmas(wordsOf(`${story.title} ${story.description}`));
  story.evidence.forEach((e, i) => {
    const n = i + 1;
    if (transcript.slice(e.start, e.end) !== e.quote) {
      issues.push(
        issue(
          "evidence",
          "error",
          "evidence",
          `Evidence ${n} is not word for word what the transcript says: copy the quote exactly as it was said.`,
        ),
      );
    } else if (overlap(contentLemmas(wordsOf(e.quote)), storyWords) === 0) {
      issues.push(
        issue(
          "evidence",
          "warning",
          "evidence",
          `Evidence ${n} does not mention what the story asks for: quote the part of the meeting where it was asked for.`,
        ),
      );
    }
  });
}

/** The checks of one story on its own (set checks and the rejected check are in ./set and ./index). */
export function checkStory(story: UserStory, transcript?: string): StoryIssue[] {
  const issues: StoryIssue[] = [];
  const parts = storyParts(story.description);
  checkTemplate(story.description, parts, issues);
  checkAtomic(story.description, parts, story.title, issues);
  checkMinimal(story.description, parts, issues);
  checkWording(parts, story.title, issues);
  checkTitle(story.title, issues);
  checkCriteria(story, transcript, issues);
  checkSizes(story, issues);
  checkEvidence(story, transcript, issues);
  return issues;
}
