import { knowledgeIndex, retrieve, type Hit } from "./knowledge";

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
  "write make get tell give help need want use work know like go see find show say think do let put take try mean time way thing good best new one day please thank thanks".split(" "),
);

const GREETING = /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|thanks?( you)?|thank you|cheers|ok(ay)?|great)[!. ]*$/i;

/** The support address the site shows (web/lib/site.ts). */
const SUPPORT = "support@storyloom.app";

/** Sentences of a passage, up to about `max` characters, never cut mid-sentence. */
function excerpt(text: string, max = 650): string {
  const plain = text.replace(/\n{2,}/g, "\n").replace(/^[-*] /gm, "• ").trim();
  if (plain.length <= max) return plain;
  const sentences = plain.match(/[^.!?\n]+[.!?]+["')\]]*\s*|[^\n]+\n/g) ?? [plain];
  let out = "";
  for (const s of sentences) {
    if ((out + s).length > max && out) break;
    out += s;
  }
  return out.trim();
}

/** Query words the knowledge base never uses (a product name it does not mention, say). */
function unknownNames(question: string): string[] {
  const { search } = knowledgeIndex();
  const names = question.match(/\b[A-Z][a-zA-Z0-9]{2,}\b/g) ?? [];
  return [...new Set(names.filter((n, i) => !(i === 0 && question.startsWith(n)) && search.search(n, { prefix: false, fuzzy: false }).length === 0))];
}

function relevant(hits: Hit[]): Hit[] {
  const top = hits[0];
  if (!top) return [];
  // the match must rest on a word about the product, not on "write" or "help"
  const specific = top.terms.filter((t) => !GENERIC.has(t));
  if (specific.length === 0 || top.score < 2) return [];
  return hits.filter((h, i) => i === 0 || (h.score >= top.score * 0.6 && h.passage.title !== top.passage.title)).slice(0, 2);
}

export function answerFromKnowledge(question: string): AssistantAnswer {
  const q = question.trim();
  if (INJECTION.some((re) => re.test(q))) {
    return {
      response: "I can only help with questions about using StoryLoom, and I don't share or change my instructions. What would you like to know about StoryLoom?",
      sources: [],
      kind: "refused",
      passages: [],
    };
  }
  if (GREETING.test(q)) {
    return {
      response: "Happy to help! Ask me anything about StoryLoom: generating stories, editing, exports, JIRA and Notion, teams, plans or your account.",
      sources: [],
      kind: "small talk",
      passages: [],
    };
  }
  const hits = relevant(retrieve(q, 4));
  const unknown = unknownNames(q);
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
  if (unknown.length) {
    parts.push(`I couldn't find anything about ${unknown.join(" or ")} in StoryLoom's help, so StoryLoom does not offer it as far as I know. Here is what it does:`);
  }
  parts.push(excerpt(main!.passage.text));
  if (extra) parts.push(`See also "${extra.passage.heading || extra.passage.title}": ${excerpt(extra.passage.text, 240)}`);
  if (main!.passage.path) parts.push(`You'll find this at ${main!.passage.path}.`);
  const sources = hits.map((h) => ({ title: h.passage.heading ? `${h.passage.title}: ${h.passage.heading}` : h.passage.title, path: h.passage.path }));
  return { response: parts.join("\n\n"), sources, kind: "answered", passages: hits.map((h) => h.passage) };
}
