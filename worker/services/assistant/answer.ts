import { stemmer } from "stemmer";
import { expandQuery, knowledgeIndex, labelsNamed, passages, questionForm, retrieve, type Hit } from "./knowledge";

// The embedded help assistant (no keys): answers only from the knowledge base's passages, retrieved by MiniSearch.
// What the visitor writes is only ever a search query here; it never becomes instructions, so a prompt-injection
// attempt has nothing to take over. It still gets a plain refusal rather than an unrelated passage.

export interface AssistantAnswer {
  response: string;
  sources: { title: string; path: string | null }[];
  /** "answered" from passages; "declined" (nothing relevant), "refused" (an injection attempt) or "small talk". */
  kind: "answered" | "declined" | "refused" | "small talk";
  /** The passages the answer rests on. */
  passages: Hit["passage"][];
}

/** Attempts to make an assistant drop its rules or reveal them. */
const INJECTION = [
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|rules?|prompts?|guidelines?|above|previous)\b/i,
  /\b(system|hidden|initial|original)\s+(prompt|instructions?|message)\b/i,
  /\b(you are now|act as|pretend (to be|you are)|roleplay as|developer mode|jailbreak|dan\b)/i,
  /\b(repeat|print|show|reveal|output)\b.{0,30}\b(text|words|everything)\b.{0,20}\b(above|before|earlier)\b/i,
  /\b(admin|root|database)\s+(password|credentials?|secrets?|keys?)\b/i,
];

/** Verbs and words too general to show a question is about the product ("write me a poem"). */
const GENERIC = new Set(
  "write make get tell give help need want use work know like go see find show say think do let put take try mean time way thing good best new one day please thank thanks".split(
    " ",
  ),
);

/**
 * Words that show a question is about the product (its things, screens, plans, account and the tools it works
 * with, or lacks), as people say them. A question with none of them ("who won the world cup", "fix my car's brakes")
 * is declined even when some passage shares a word with it.
 */
const DOMAIN = new Set(
  (
    "storyloom app website site product tool service feature features stori story user epic transcript transcription transcribe meeting meetings " +
    "record recording audio mp3 wav file files upload download import export exports copy clipboard markdown pdf text txt wiki " +
    "project projects folder history dashboard generate generation generator generated ai evidence editor edit edits criteria criterion acceptance " +
    "priority priorities point points estimate estimated hours timeline backlog sprint jira atlassian notion integration integrations integrate " +
    "team teams teammate member members invite invitation seat seats owner ownership admin role roles plan plans pro enterprise free tier price " +
    "pricing cost pay paid payment card billing bill subscription subscribe upgrade downgrade cancel refund trial invoice paypal annual yearly " +
    "monthly month allowance quota limit account accounts email mail username password sign login logout log verify verification google github apple " +
    "sso data privacy gdpr delete cookie cookies train training secure security locked support help assistant chat chatbot api zapier webhook " +
    "mobile iphone android ios desktop offline dark theme mode slack trello asana linear azure devops tracker clickup zoom word docx csv excel " +
    "start started begin " +
    "quality badge score coverage decisions progress processing stuck stop " +
    "error errors warning warnings ask asks cover covered uncovered risks rejected postponed duplicate duplicates " +
    "ticket tickets issue issues update sync resync cancelled " +
    "onboarding vat pound pounds £"
  ).split(" "),
);

/** The domain's words as the index keeps them, so any form of one counts ("exported", "cancelling", "covered"). */
const DOMAIN_STEMS = new Set([...DOMAIN].map((w) => stemmer(w)));

/** Whether one word of the question is the product's (a typo of one counts: "pasword", "subscribtion"). */
function aboutProduct(question: string): boolean {
  const words = question.toLowerCase().match(/[a-z£]+/g) ?? [];
  return words.some(
    (w) =>
      DOMAIN.has(w) ||
      DOMAIN.has(w.replace(/(es|s)$/, "")) ||
      (w.length >= 4 && DOMAIN_STEMS.has(stemmer(w))) ||
      (w.length >= 6 && [...DOMAIN].some((d) => d.length >= 5 && nearlyEqual(w, d))),
  );
}

let helpText: string | null = null;

/**
 * Whether the question quotes words the help itself uses ("what does 'needs work' mean"): a label or message of the
 * product, quoted, makes the question the product's even without one of its nouns.
 */
function quotesTheProduct(question: string): boolean {
  if (labelsNamed(question).length > 0) return true;
  const quotes = [...question.matchAll(/["“'‘]([^"”'’]{4,60})["”'’]/g)].map((m) => m[1]!.trim().toLowerCase());
  if (quotes.length === 0) return false;
  helpText ??= passages()
    .map((p) => `${p.heading}\n${p.text}`)
    .join("\n")
    .toLowerCase();
  return quotes.some((quote) => quote.length >= 4 && helpText!.includes(quote));
}

/** One letter added, dropped or changed, or two neighbours swapped. */
function nearlyEqual(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    a.slice(i) === b.slice(i + 1) ||
    // two letters swapped ("cancle", "exprot")
    (a.length === b.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}

const GREETING =
  /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|thanks?( you)?|thank you|cheers|ok(ay)?|great)[!. ]*$/i;

/** The support address the site shows (web/lib/site.ts). */
const SUPPORT = "support@storyloom.app";

/**
 * Sentences of a passage, up to about `max` characters, never cut mid-sentence. A passage longer than that keeps its
 * first sentence (what the section is about), then the sentences that share the most words with the question (a word
 * in fewer of the passage's sentences weighing more), in the passage's order: the fact asked for is often not in the
 * opening lines of a long section.
 */
function excerpt(text: string, max = 650, question = ""): string {
  const plain = text
    .replace(/\n{2,}/g, "\n")
    .replace(/^[-*] /gm, "• ")
    .trim();
  if (plain.length <= max) return plain;
  const sentences = plain.match(/[^.!?\n]+[.!?]+["')\]]*\s*|[^\n]+\n/g) ?? [plain];
  const asked = stemsOf(question);
  // a question word most of the passage's sentences share ("story") tells them apart less than a rarer one
  const stems = sentences.map(stemsOf);
  const spread = new Map<string, number>();
  for (const set of stems) for (const stem of set) if (asked.has(stem)) spread.set(stem, (spread.get(stem) ?? 0) + 1);
  const overlap = stems.map((set) =>
    [...set].reduce((sum, stem) => sum + (asked.has(stem) ? 1 / spread.get(stem)! : 0), 0),
  );
  const order = sentences
    .map((_, i) => i)
    .sort((a, b) => (a === 0 ? -1 : b === 0 ? 1 : overlap[b]! - overlap[a]! || a - b));
  const kept = new Set<number>();
  let length = 0;
  for (const i of order) {
    if (length + sentences[i]!.length > max && kept.size > 0) {
      if (asked.size === 0) break; // no question: the opening sentences, as before
      continue;
    }
    kept.add(i);
    length += sentences[i]!.length;
  }
  return sentences
    .filter((_, i) => kept.has(i))
    .join("")
    .trim();
}

/** The stems of a text's words of three letters or more, without the commonest words. */
function stemsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return new Set(words.filter((w) => !STOP_WORDS.has(w)).map((w) => stemmer(w)));
}

/**
 * Query words the knowledge base never uses: a product name it does not mention, or, when the question asks whether
 * something exists ("is there a calendar view?"), any word of it the help does not know (with the synonyms'
 * words counted as known).
 */
function unknownWords(question: string, askingForFeature: boolean): string[] {
  const { search } = knowledgeIndex();
  const known = (w: string) =>
    search.search(w, { prefix: false, fuzzy: false }).length > 0 ||
    search.search(expandQuery(w), { prefix: false, fuzzy: false }).length > 0;
  const names = (question.match(/\b[A-Z][a-zA-Z0-9]{2,}\b/g) ?? []).filter(
    (n, i) => !(i === 0 && question.startsWith(n)),
  );
  // what is asked for ends the question ("is there a calendar VIEW", "can I use it in FRENCH"); the verbs before it
  // ("hand over", "use") are not features
  const tail = (question.toLowerCase().match(/\b[a-z]+\b/g) ?? []).slice(-3);
  const words = askingForFeature ? tail.filter((w) => w.length >= 4 && !GENERIC.has(w) && !STOP_WORDS.has(w)) : [];
  return [...new Set([...names, ...words].filter((w) => !known(w)))];
}

/** Words that say nothing of what is asked for ("is there a way to …", "does it have …"). */
const STOP_WORDS = new Set(
  "there have does able possible would could should option feature anyway somehow thing things some any with your their".split(
    " ",
  ),
);

function relevant(hits: Hit[], quoted = false): Hit[] {
  const top = hits[0];
  if (!top) return [];
  // the match must rest on a word about the product, not on "write" or "help" (or on the product's words, quoted)
  const specific = top.terms.filter((t) => !GENERIC.has(t));
  if ((specific.length === 0 && !quoted) || top.score < 2) return [];
  // a second passage: another topic close to the first, or another section of the same article closer still (a
  // question about cancelling that also asks whether it counts is answered by two sections of one article)
  return hits
    .filter(
      (h, i) =>
        i === 0 || (h.passage.title !== top.passage.title ? h.score >= top.score * 0.6 : h.score >= top.score * 0.7),
    )
    .slice(0, 2);
}

export function answerFromKnowledge(question: string): AssistantAnswer {
  const q = question.trim();
  if (INJECTION.some((re) => re.test(q))) {
    return {
      response:
        "I can only help with questions about using StoryLoom, and I don't share or change my instructions. What would you like to know about StoryLoom?",
      sources: [],
      kind: "refused",
      passages: [],
    };
  }
  if (GREETING.test(q)) {
    return {
      response:
        "Happy to help! Ask me anything about StoryLoom: generating stories, editing, exports, JIRA and Notion, teams, plans or your account.",
      sources: [],
      kind: "small talk",
      passages: [],
    };
  }
  const form = questionForm(q);
  const quoted = quotesTheProduct(q);
  // (a word people use for one of the product's, "abort" for cancel, counts as the product's)
  const hits = aboutProduct(expandQuery(q)) || quoted ? relevant(retrieve(q, 4), quoted) : [];
  const unknown = unknownWords(q, form === "availability");
  if (hits.length === 0) {
    return {
      response:
        `I'm sorry, I don't know that one: I can only answer questions about StoryLoom. ` +
        `Try asking about generating user stories, exporting to JIRA or Notion, teams, plans and pricing, or your account — or email ${SUPPORT}.`,
      sources: [],
      kind: "declined",
      passages: [],
    };
  }
  const [main, extra] = hits;
  const parts: string[] = [];
  // the passage that says StoryLoom lacks something answers for itself; elsewhere, a thing nothing covers is said to be missing
  if (unknown.length && main!.passage.article !== "what-storyloom-does-not-do") {
    parts.push(
      `I couldn't find anything about ${unknown.join(" or ")} in StoryLoom's help, so StoryLoom does not offer it as far as I know. Here is what it does:`,
    );
  }
  parts.push(excerpt(main!.passage.text, 650, q));
  // a definition is one passage; other answers add a close second (see relevant)
  if (extra && form !== "definition")
    parts.push(`See also "${extra.passage.heading || extra.passage.title}": ${excerpt(extra.passage.text, 240, q)}`);
  if (main!.passage.path) parts.push(`You'll find this at ${main!.passage.path}.`);
  const shown = form === "definition" ? hits.slice(0, 1) : hits;
  const sources = shown.map((h) => ({
    title: h.passage.heading ? `${h.passage.title}: ${h.passage.heading}` : h.passage.title,
    path: h.passage.path,
  }));
  return { response: parts.join("\n\n"), sources, kind: "answered", passages: shown.map((h) => h.passage) };
}
