import MiniSearch from "minisearch";
import { stemmer } from "stemmer";
import { PLAN_LIMITS, type Tier } from "../../../schema/api/subscription";
import accountAndPrivacy from "./knowledge/account-and-privacy.md";
import apiAndAgents from "./knowledge/api-and-agents.md";
import audioTranscription from "./knowledge/audio-transcription.md";
import billingAndSubscription from "./knowledge/billing-and-subscription.md";
import coverage from "./knowledge/coverage.md";
import editingStories from "./knowledge/editing-stories.md";
import exporting from "./knowledge/exporting.md";
import generatingStories from "./knowledge/generating-stories.md";
import gettingStarted from "./knowledge/getting-started.md";
import helpAssistant from "./knowledge/help-assistant.md";
import issueTrackers from "./knowledge/issue-trackers.md";
import jiraIntegration from "./knowledge/jira-integration.md";
import longMeetings from "./knowledge/long-meetings.md";
import notionIntegration from "./knowledge/notion-integration.md";
import plansAndPricing from "./knowledge/plans-and-pricing.md";
import projectsAndHistory from "./knowledge/projects-and-history.md";
import qualityChecks from "./knowledge/quality-checks.md";
import signInAndSecurity from "./knowledge/sign-in-and-security.md";
import storyBasics from "./knowledge/story-basics.md";
import teams from "./knowledge/teams.md";
import troubleshooting from "./knowledge/troubleshooting.md";
import whatStoryloomDoesNotDo from "./knowledge/what-storyloom-does-not-do.md";

// The help knowledge base (issue 18): Markdown articles in ./knowledge, written for this product. Prices and limits
// are never written in them: `{{price.pro}}`-style tokens are filled from PLAN_LIMITS here, so an answer can never
// contradict the plans module.

/** The articles by file name (the question set names its expected article so). */
const ARTICLES: [string, string][] = [
  ["getting-started", gettingStarted],
  ["plans-and-pricing", plansAndPricing],
  ["generating-stories", generatingStories],
  ["editing-stories", editingStories],
  ["exporting", exporting],
  ["jira-integration", jiraIntegration],
  ["notion-integration", notionIntegration],
  ["issue-trackers", issueTrackers],
  ["projects-and-history", projectsAndHistory],
  ["teams", teams],
  ["billing-and-subscription", billingAndSubscription],
  ["audio-transcription", audioTranscription],
  ["account-and-privacy", accountAndPrivacy],
  ["sign-in-and-security", signInAndSecurity],
  ["troubleshooting", troubleshooting],
  ["what-storyloom-does-not-do", whatStoryloomDoesNotDo],
  ["help-assistant", helpAssistant],
  ["story-basics", storyBasics],
  ["quality-checks", qualityChecks],
  ["coverage", coverage],
  ["long-meetings", longMeetings],
  ["api-and-agents", apiAndAgents],
];

export interface Passage {
  id: number;
  /** The article's file name under knowledge/, without ".md". */
  article: string;
  /** The article's title. */
  title: string;
  /** The section's heading ("" for the article's opening). */
  heading: string;
  text: string;
  /** The screen the section describes (its `<!-- path: … -->` line, else the article's), or null. */
  path: string | null;
  keywords: string;
}

const TIERS: Tier[] = ["free", "pro", "enterprise"];

/** The values the knowledge base's tokens stand for, from the plans module. */
export function planTokens(): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const tier of TIERS) {
    const plan = PLAN_LIMITS[tier];
    tokens[`price.${tier}`] = `£${plan.priceGbpPerMonth}`;
    tokens[`projects.${tier}`] = plan.projects === null ? "unlimited" : String(plan.projects);
    tokens[`transcripts.${tier}`] = plan.transcriptsPerMonth === null ? "unlimited" : String(plan.transcriptsPerMonth);
    tokens[`team.${tier}`] = String(plan.teamMembers);
    tokens[`audio.${tier}`] = plan.audioTranscription ? "included" : "not included";
    tokens[`integrations.${tier}`] = plan.integrations ? "included" : "not included";
  }
  return tokens;
}

export function fillTokens(text: string, tokens = planTokens()): string {
  return text.replace(/\{\{\s*([a-z]+\.[a-z]+)\s*\}\}/g, (whole, key: string) => {
    const value = tokens[key];
    if (value === undefined) throw new Error(`Unknown knowledge-base token ${whole}`);
    return value;
  });
}

function frontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split("\n")) {
    const at = line.indexOf(":");
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: source.slice(match[0].length) };
}

/** The articles cut into sections (one per `##` heading), tokens filled. */
export function passages(): Passage[] {
  const tokens = planTokens();
  const out: Passage[] = [];
  for (const [article, source] of ARTICLES) {
    const { meta, body } = frontMatter(source.replace(/\r\n/g, "\n"));
    const title = meta.title ?? "Help";
    const path = meta.path && meta.path !== "none" ? meta.path : null;
    const keywords = fillTokens(meta.keywords ?? "", tokens);
    const [opening, ...sections] = fillTokens(body, tokens).split(/^## /m);
    const parts = [
      { heading: "", text: opening! },
      ...sections.map((section) => ({
        heading: section.slice(0, section.indexOf("\n")).trim(),
        text: section.slice(section.indexOf("\n") + 1),
      })),
    ];
    for (const part of parts) {
      // (a top-level "# Title" line repeats the title)
      let text = part.text.replace(/^# .*$/m, "").trim();
      // a section about another screen than its article's says so in a comment line under its heading
      const own = /^<!-- path: (\S+) -->\n?/.exec(text);
      if (own) text = text.slice(own[0].length).trim();
      if (text)
        out.push({ id: out.length, article, title, heading: part.heading, text, path: own ? own[1]! : path, keywords });
    }
  }
  return out;
}

let index: { search: MiniSearch<Passage>; byId: Map<number, Passage> } | null = null;

/** Terms as the index keeps them: lower case, stemmed ("exporting" and "exports" meet at "export"). */
function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length < 2 || STOP.has(lower)) return null;
  return stemmer(lower);
}

const STOP = new Set(
  // function words and the filler of a question ("I just want to…", "can I get…"): they match every passage alike
  (
    "a an the and or but if of to in on for with by at from is are was were be been it its this that these those i me " +
    "my we our you your can could how do does did what which who when where why will would should there here about " +
    "into as so than then not no yes them they their theirs us he she his her him just only also really very still " +
    "even some any all want wants wanted get gets got getting go goes going went have has had having am im please " +
    "thanks ok okay like"
  ).split(" "),
);

/** The BM25-ranked search over the passages (MiniSearch: BM25+, prefix and fuzzy matching), built on first use. */
export function knowledgeIndex() {
  if (!index) {
    const all = passages();
    const search = new MiniSearch<Passage>({
      fields: ["title", "heading", "text", "keywords"],
      storeFields: [],
      processTerm,
      searchOptions: {
        boost: { keywords: 2, heading: 4, title: 1.5 },
        prefix: (term) => term.length > 4,
        fuzzy: (term) => (term.length > 4 ? 0.2 : false),
        combineWith: "OR",
      },
    });
    search.addAll(all);
    index = { search, byId: new Map(all.map((p) => [p.id, p])) };
  }
  return index;
}

export interface Hit {
  passage: Passage;
  score: number;
  /** Query terms (stemmed) the passage matched. */
  terms: string[];
}

/**
 * Names in the question (capitalised words after its first): a product or tool named is what the question is about.
 * StoryLoom's own name is not: every question is about StoryLoom.
 */
function namedTerms(question: string): Set<string> {
  const words = question.match(/\b[A-Z][a-zA-Z0-9]+\b/g) ?? [];
  return new Set(
    words
      .filter((w) => !question.startsWith(w) && w.toLowerCase() !== "storyloom")
      .map((w) => processTerm(w))
      .filter((t): t is string => t !== null),
  );
}

/**
 * The product's vocabulary as people say it, each group with the words the help articles use for it. Matching a
 * group adds the articles' words to the search, so a question in other words finds the same passages; the
 * question's own words are kept. General words of the domain only, never a question's phrasing.
 */
const SYNONYMS: [RegExp, string][] = [
  [/\b(log(ged)? ?in|log ?on|logon)\b/i, "sign in"],
  [/\b(log(ged)? ?out|log ?off|logoff)\b/i, "sign out"],
  [/\b(colleagues?|co-?workers?|teammates?|team ?mates?|someone|somebody|people)\b/i, "member teammate"],
  [/\b(kick|boot|get rid of|take off|remove)\b/i, "remove delete"],
  [/\b(add|make|set up|start)\b/i, "create"],
  [/\b(yearly|annual(ly)?|per year|a year)\b/i, "annual"],
  [/\b(how much(?! (longer|more time))|costs?|pricing|prices?|fees?)\b/i, "price cost"],
  [/\b(how much (longer|more time)|still (going|running|working)|done yet)\b/i, "progress processing"],
  [/\b(undo|revert|roll ?back|go back|messed up|mistakes?)\b/i, "undo reset original"],
  [/\b(lost|disappeared|gone|old|past|earlier|previous)\b/i, "history saved"],
  [/\b(recordings?|audio|mp3|voice|sound|recorded)\b/i, "audio recording"],
  [/\b(quota|allowance|cap|credits?(?! cards?))\b/i, "allowance limit"],
  [/\b(dark|night|themes?|colou?r scheme)\b/i, "dark mode theme"],
  [/\b(e-?mail address|e-mail)\b/i, "email"],
  [/\b(on-?prem(ise|ises)?|self-?hosted|data ?cent(er|re)|own server)\b/i, "self-hosted server"],
  [/\b(trial|try (it )?(out|before))\b/i, "free trial"],
  [/\b(money back|refund(ed|s)?)\b/i, "refund"],
  [/\b(modify|update|alter|tweak|rename)\b/i, "edit change"],
  [/\bchang(es|ed|ing)\b/i, "edit"],
  [/\b(points?|estimat(e|es|ion|ing)|sizing)\b/i, "story points estimate"],
  [/\b(chats?|chatbot|bot|assistant|conversations?)\b/i, "help assistant chat"],
  [/\b(docs?|word|excel|spreadsheet|csv)\b/i, "docx csv excel"],
  [/\b(phone|iphone|android|ios|tablet|mobile)\b/i, "mobile app"],
  [/\b(locked|lock(ed)? out|too many (tries|attempts))\b/i, "sign-in attempts blocked"],
  [/\b(close|terminate|remove) (my |the )?account\b/i, "delete account"],
  [/\b(stop(ped|ping)?|abort(ed)?|halt(ed)?|kill(ed)?|quit)\b/i, "cancel"],
  [/\b(restart(ed)?|re-?run|retry|start (it )?(again|over)|run (it )?again)\b/i, "try again"],
  [
    /\b(re-?sync(ed|ing)?|sync(ed|ing)?|synchroni[sz]e[ds]?|propagate[ds]?|push(es|ed|ing)? (my |the |our )?(changes|edits))\b/i,
    "update",
  ],
  [/\bpush(es|ed|ing)?\b(?! (my |the |our )?(changes|edits))/i, "export"],
  [/\b(tickets?|work items?)\b/i, "issues"],
  [/\b(scores?|scored|rating|grade[sd]?|percent(age)?)\b/i, "quality score badge"],
  [/\b(requests?|requirements?|asked for|asking for)\b/i, "asks"],
  [/\b(topics?|subjects?)\b/i, "theme"],
  [/\b(calls?|stand-?ups?|workshops?|huddles?)\b/i, "meeting"],
  [/\b(miss(ed)?|overlooked|left out|skipped)\b/i, "coverage uncovered asks"],
  [
    /\b(less|fewer) stor(y|ys|ies)\b|\bstor(y|ys|ies) (are |were |went )?(missing|gone|disappeared|dropped)\b|\bwhere (did|do|are|have) (the )?(other|rest|missing)\b|\bonly \d+ (stor|show|got|were|came)/i,
    "fewer stories disappear",
  ],
  [/\b(turn|make|convert)\b.{0,40}\binto (a |an )?(new )?stor(y|ies)\b/i, "add as story"],
  [/\b(frozen|freez\w*|hang(ing|s)?|forever|ages|taking (so |a |too )?long( time)?)\b/i, "stuck progress"],
  [/\b(decided?|agreed|agreements?)\b/i, "decisions"],
  [/\b(action items?|to-?dos?|follow-?ups?|next steps|open questions?|risks?)\b/i, "coverage"],
  [
    /\b(clos(e|ed|ing)|leav(e|ing)|left|shut(ting)? down|navigat\w*|refresh(ed)?) (away|(the |this |my )?(tab|page|browser|window|laptop|computer))\b/i,
    "leave the page background generation",
  ],
];

/**
 * "How long" asks for a length or for a time: a verb of keeping or lasting makes it a time ("how long do you keep
 * recordings"), otherwise the question is about a size ("how long can a transcript be").
 */
function howLong(question: string): string {
  if (!/\bhow (long|big|large)\b/i.test(question)) return "";
  // (and "how long does it take" asks for a duration: how long the work runs)
  if (/\b(take|takes|taking|took)\b/i.test(question)) return "slow longer progress";
  return /\b(keep|kept|store[sd]?|stay|last|valid|expire|retain(ed)?|held|hold)\b/i.test(question)
    ? "kept days expires"
    : "length maximum characters size";
}

/** The question with the articles' words for what it says added (SYNONYMS, howLong). */
export function expandQuery(question: string): string {
  const extra = SYNONYMS.filter(([re]) => re.test(question)).map(([, words]) => words);
  const long = howLong(question);
  return [question, ...extra, long].filter(Boolean).join(" ");
}

/** A text's terms as the index keeps them. */
function terms(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map(processTerm).filter((t): t is string => t !== null);
}

/** What form a question takes: it decides which kind of passage answers it. */
export type QuestionForm = "definition" | "availability" | "howto" | "amount" | "other";

export function questionForm(question: string): QuestionForm {
  const q = question.trim().toLowerCase();
  // "what is X" / "what are X" / "what does X mean", but not "what happens", "what do I get" or "what is in the plan"
  if (
    /^(so |and |ok,? )?(what(?:'s| is| are|s)|define|explain|meaning of)\b/.test(q) &&
    !/\b(happens?|included?|in (the|my)|difference|best|cost|price|limit|max)\b/.test(q)
  )
    return "definition";
  if (/\bwhat does .{1,40} mean\b/.test(q)) return "definition";
  if (/\bhow (much|many)\b|\b(price|cost|limit|maximum|max)\b/.test(q)) return "amount";
  if (
    /^(is there|are there|do (you|u|they) (have|offer|support|take|accept|do)|does (it|storyloom|the app) (have|support|offer|work|integrate|do|come)|can (it|storyloom|you)|will (it|storyloom)|is it possible|is storyloom available)\b/.test(
      q,
    )
  )
    return "availability";
  if (/\b(how (do|can|to|should|would|does)|how i\b|where (do|can|is|are)|steps?\b|way to)\b/.test(q)) return "howto";
  if (/^can (i|we)\b/.test(q)) return "availability";
  return "other";
}

/** Screens a question may name, with the path they are at. */
const SCREENS: [RegExp, string][] = [
  [/\bhistory\b/i, "/history"],
  [/\bdashboard\b/i, "/dashboard"],
  [/\b(account settings|settings page)\b/i, "/account"],
  [/\bsubscription (page|screen)\b/i, "/subscription"],
  [/\bteam (page|screen)\b/i, "/team"],
  [/\b(generate|generator) (page|screen)\b/i, "/generate"],
  [/\b(sign[- ]in|login) (page|screen)\b/i, "/auth"],
];

/** A heading that names a task ("Create a project", "Invite a teammate"): what a how-to question wants. */
const TASK_HEADING =
  /^(create|invite|connect|export|download|delete|cancel|upgrade|switch|upload|generate|open|edit|save|undo|restore|sign|forgot|change|verify|remove|share|accept|assign|find|copy|turn|send|prepare)\b/i;

/** The task a question asks about: the verb after "how do I" / "how to" / "can I", with its synonyms' words. */
function actionOf(question: string): Set<string> | null {
  const m =
    /\b(?:how (?:do|can|should|would|could) (?:i|we|you|u|one)|^can (?:i|we|u))\s+(?:\w+ly\s+)?([a-z-]+(?: (?:up|out|in|off|rid of))?)|\bhow to\s+([a-z-]+(?: (?:up|out|in|off|rid of))?)/i.exec(
      question.trim(),
    );
  const verb = m?.[1] ?? m?.[2];
  if (!verb) return null;
  return new Set(terms(expandQuery(verb)));
}

let labels: string[] | null = null;

/**
 * The product's labels and messages the help quotes ("Needs work", "Export as new", "Invalid Invitation"): two words
 * or more in double quotes in an article, lower case.
 */
function productLabels(): string[] {
  labels ??= [
    ...new Set(
      passages().flatMap((p) =>
        // (a quote opens after a space or bracket and starts with its word, so `"A" and "B"` gives no " and ")
        [...p.text.matchAll(/(?<![\p{L}\p{N}])"([^"\s][^"\n]{3,38}[^"\s])"/gu)]
          .map((m) => m[1]!.toLowerCase())
          .filter((l) => /^[\p{L}][\p{L}' -]*[\p{L}]$/u.test(l) && l.includes(" ")),
      ),
    ),
  ];
  return labels;
}

/** The product's labels a question names, quoted or not ("what does needs work mean"). */
export function labelsNamed(question: string): string[] {
  const q = ` ${question
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/\s+/g, " ")} `;
  return productLabels().filter((label) => q.includes(` ${label} `));
}

/**
 * Messages the product shows that a question quotes: text in quotes, two or more capitalised words in a row, or a
 * label of the product named as it is written.
 */
function messagesQuoted(question: string): string[] {
  const quotes = [...question.matchAll(/["“']([^"”']{4,60})["”']/g)].map((m) => m[1]!);
  const titled = question.match(/\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b/g) ?? [];
  return [...new Set([...quotes, ...titled, ...labelsNamed(question)].map((t) => t.toLowerCase()))];
}

/** The product's name as the index keeps it. */
const PRODUCT = processTerm("StoryLoom");

export function retrieve(question: string, limit = 3): Hit[] {
  const { search, byId } = knowledgeIndex();
  const named = namedTerms(question);
  const form = questionForm(question);
  const screen = SCREENS.find(([re]) => re.test(question))?.[1];
  const asked = new Set(terms(expandQuery(question)));
  const action = form === "howto" || form === "availability" ? actionOf(question) : null;
  const quoted = messagesQuoted(question);
  const hits = search
    // (the product's own name says little of what is asked: "does StoryLoom delete it in JIRA" is about JIRA)
    .search(expandQuery(question), { boostTerm: (term) => (named.has(term) ? 4 : term === PRODUCT ? 0.3 : 1) })
    .slice(0, 12)
    .map((r) => {
      const passage = byId.get(r.id as number)!;
      let score = r.score;
      // the question's form decides between passages that share its words
      // (the glossary answers a definition when its entry is the thing asked about: "what does Needs work mean on a
      // story" asks about a badge's word, not about user stories)
      if (
        form === "definition" &&
        passage.article === "story-basics" &&
        terms(passage.heading).every((t) => asked.has(t))
      )
        score *= 2.5;
      if (form === "howto" && TASK_HEADING.test(passage.heading)) score *= 1.3;
      // "how do I edit the stories it generated": the task is the verb after "how do I", not any verb of the question
      // (and the thing it is done to must be the heading's too: "delete a project" is not "Delete your account")
      const [verb, ...object] = terms(passage.heading);
      if (action && action.has(verb ?? "") && object.some((t) => asked.has(t) && !action.has(t))) score *= 1.5;
      // a message the product shows, quoted by the visitor, is explained where the help names it
      if (quoted.some((m) => passage.text.toLowerCase().includes(m))) score *= 2;
      if (form === "availability" && passage.article === "what-storyloom-does-not-do") score *= 1.3;
      if (form === "amount" && /\d/.test(passage.text)) score *= 1.15;
      if (screen && passage.path === screen) score *= 1.3;
      // a section whose heading the question says in full ("sign in") is about it; keywords are the article's, so
      // they cannot tell its sections apart
      const heading = terms(passage.heading);
      if (heading.length) score *= 1 + (0.4 * heading.filter((t) => asked.has(t)).length) / heading.length;
      return { passage, score, terms: r.terms };
    });
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}
