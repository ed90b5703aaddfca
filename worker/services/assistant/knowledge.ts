import MiniSearch from "minisearch";
import { stemmer } from "stemmer";
import { PLAN_LIMITS, type Tier } from "../../../schema/api/subscription";
import accountAndPrivacy from "./knowledge/account-and-privacy.md";
import audioTranscription from "./knowledge/audio-transcription.md";
import billingAndSubscription from "./knowledge/billing-and-subscription.md";
import editingStories from "./knowledge/editing-stories.md";
import exporting from "./knowledge/exporting.md";
import generatingStories from "./knowledge/generating-stories.md";
import gettingStarted from "./knowledge/getting-started.md";
import helpAssistant from "./knowledge/help-assistant.md";
import jiraIntegration from "./knowledge/jira-integration.md";
import notionIntegration from "./knowledge/notion-integration.md";
import plansAndPricing from "./knowledge/plans-and-pricing.md";
import projectsAndHistory from "./knowledge/projects-and-history.md";
import signInAndSecurity from "./knowledge/sign-in-and-security.md";
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
  ["projects-and-history", projectsAndHistory],
  ["teams", teams],
  ["billing-and-subscription", billingAndSubscription],
  ["audio-transcription", audioTranscription],
  ["account-and-privacy", accountAndPrivacy],
  ["sign-in-and-security", signInAndSecurity],
  ["troubleshooting", troubleshooting],
  ["what-storyloom-does-not-do", whatStoryloomDoesNotDo],
  ["help-assistant", helpAssistant],
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
  /** The screen the article describes, or null. */
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
    const parts = [{ heading: "", text: opening! }, ...sections.map((section) => ({ heading: section.slice(0, section.indexOf("\n")).trim(), text: section.slice(section.indexOf("\n") + 1) }))];
    for (const part of parts) {
      // (a top-level "# Title" line repeats the title)
      const text = part.text.replace(/^# .*$/m, "").trim();
      if (text) out.push({ id: out.length, article, title, heading: part.heading, text, path, keywords });
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
  "a an the and or but if of to in on for with by at from is are was were be been it its this that these those i me my we our you your can could how do does did what which who when where why will would should there here about into as so than then not no yes".split(
    " ",
  ),
);

/** The BM25-ranked search over the passages (MiniSearch: BM25+, prefix and fuzzy matching), built on first use. */
export function knowledgeIndex() {
  if (!index) {
    const all = passages();
    const search = new MiniSearch<Passage>({
      fields: ["title", "heading", "text", "keywords"],
      storeFields: [],
      processTerm,
      searchOptions: { boost: { keywords: 2, heading: 4, title: 1.5 }, prefix: (term) => term.length > 3, fuzzy: (term) => (term.length > 4 ? 0.2 : false), combineWith: "OR" },
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

/** Names in the question (capitalised words after its first): a product or tool named is what the question is about. */
function namedTerms(question: string): Set<string> {
  const words = question.match(/\b[A-Z][a-zA-Z0-9]+\b/g) ?? [];
  return new Set(words.filter((w) => !question.startsWith(w)).map((w) => processTerm(w)).filter((t): t is string => t !== null));
}

export function retrieve(question: string, limit = 3): Hit[] {
  const { search, byId } = knowledgeIndex();
  const named = namedTerms(question);
  return search
    .search(question, { boostTerm: (term) => (named.has(term) ? 4 : 1) })
    .slice(0, limit)
    .map((r) => ({ passage: byId.get(r.id as number)!, score: r.score, terms: r.terms }));
}
