/** Writes the stories and the epic from grouped statements: wording, criteria, priority, size and evidence. */
import type { Epic, GeneratedStories, StoryEvidence, StoryPriority, UserStory } from "../../../../schema/api/transcripts";
import { META, isDomainTerm, type Extraction, type Statement } from "./extract";
import type { Cluster } from "./group";
import { PRIORITY_WORDS, ROLE_NOUNS, STOPWORDS, isContentWord, stem } from "./lexicon";
import type { ParsedTranscript, Token } from "./normalize";

const HOURS_PER_POINT: Record<number, number> = { 1: 4, 2: 8, 3: 12, 5: 20, 8: 32, 13: 52 };
const FIBONACCI = [1, 2, 3, 5, 8, 13];
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, five: 5, eight: 8, thirteen: 13 };

// A person or role noun phrase at the end of the words before a modal: "... so the core of it [a customer] can ...".
const PERSON_SUBJECT =
  /(?:^|\s)(?:(?:the|a|an|our|their|every|each|all|some|power|end|new)\s+)?(?:[\w-]+\s+)?(users?|customers?|people|ppl|admins?|administrators?|members?|owners?|agents?|viewers?|buyers?|shoppers?|auditors?|they|you|managers?|players?|students?|teachers?|patients?|drivers?|guests?|visitors?|subscribers?|clients?|employees?)$/i;
const MODAL = /(?<!\b(?:don't|doesn't|not|never))\s(need to|needs to|have to|has to|should|must|want to|wants to|would like to|can|could|will|got to|are able to|is able to)\s+(?:be able to\s+)?/i;
const LEAD_IN =
  /^(?:(?:nice to have|must[- ]have|no rush|low priority|high priority|top priority|btw|fyi|quick thing from \w+|one more(?: thing)?|oh)[\s,:;.-]+|(?:so|and|or|okay|ok|yeah|yes|well|then|right|but|also|honestly|just|now|alright|great|good|basically|actually|plus|cool|fair|sure|like|finally|firstly|secondly|thirdly|lastly)[\s,:]+|(?:it (?:should|must|has to) be|it's) (?:clear|important|essential|crucial) that\s+|(?:i think|i guess|i'd say|i mean|this is important|that's important|importantly|let's say|let's be explicit|slice one is|the core of it|one more from [\w\s]+? side|that's a hard requirement|the thing is|(?:maybe |so )?(?:like|as|what) \w+ (?:said|says|mentioned|suggested)(?: before| earlier)?|\w+ (?:said|mentioned|suggested)(?: before| earlier)?(?=,))[\s,:]+)+/i;

// Plain code-unit order: locale-aware comparison could differ between runtimes and break "same input, same output".
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function capitalize(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

function lowerFirst(s: string): string {
  // Keep acronyms and names ("SSO", "Okta") as written.
  return s && !/^[A-Z]{2,}|^[A-Z][a-z]+[A-Z]|^[A-Z][a-z]+ [A-Z]/.test(s) && !/^I\b/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function firstPerson(s: string): string {
  return s
    .replace(/\bthey're\b/gi, "I'm")
    .replace(/\bthey've\b/gi, "I've")
    .replace(/\bthey'll\b/gi, "I'll")
    .replace(/\bthey'd\b/gi, "I'd")
    .replace(/\bthey are\b/gi, "I am")
    .replace(/\bthey\b/gi, "I")
    .replace(/\bthemselves\b/gi, "myself")
    .replace(/\bthem\b/gi, "me")
    .replace(/\btheirs\b/gi, "mine")
    .replace(/\btheir\b/gi, "my");
}

const UNITS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const TEENS: Record<string, number> = { ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

const UNIT_WORDS = Object.keys(UNITS).join("|");
const TEEN_WORDS = Object.keys(TEENS).join("|");
const TEN_WORDS = Object.keys(TENS).join("|");
const HUNDREDS = new RegExp(`\\b(?:a|one) hundred(?: and)?(?: (?:(${TEEN_WORDS})|(${TEN_WORDS})(?:[ -](${UNIT_WORDS}))?|(${UNIT_WORDS})))?\\b`, "gi");
const TENS_UNITS = new RegExp(`\\b(${TEN_WORDS})(?:[ -](${UNIT_WORDS}))?\\b`, "gi");
const TEEN = new RegExp(`\\b(${TEEN_WORDS})\\b`, "gi");
const UNIT_PERCENT = new RegExp(`\\b(${UNIT_WORDS})(?= (?:percent|per cent)\\b)`, "gi");

function below100(tens?: string, unit?: string, teen?: string): number {
  if (teen) return TEENS[teen.toLowerCase()]!;
  return (tens ? TENS[tens.toLowerCase()]! : 0) + (unit ? UNITS[unit.toLowerCase()]! : 0);
}

/**
 * Spoken numbers as digits, the way a story is written: "twenty five" → 25, "a hundred percent" → 100%. Small
 * numbers stay words ("one off", "two options") unless they are a percentage.
 */
export function digitsFor(s: string): string {
  return s
    .replace(HUNDREDS, (_, teen?: string, tens?: string, unit?: string, single?: string) => String(100 + below100(tens, unit ?? single, teen)))
    .replace(TENS_UNITS, (_, tens: string, unit?: string) => String(below100(tens, unit)))
    .replace(TEEN, (_, teen: string) => String(TEENS[teen.toLowerCase()]))
    .replace(UNIT_PERCENT, (_, unit: string) => String(UNITS[unit.toLowerCase()]))
    .replace(/\b(\d+) ?(?:percent|per cent)\b/gi, "$1%");
}

function tidy(s: string): string {
  return digitsFor(s)
    .replace(/\bppl\b/gi, "people")
    .replace(/\bpls\b/gi, "please")
    .replace(/\bw\/?\s(?=a\b|the\b|an\b)/gi, "with ")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/[,;:\s]+$/, "")
    .trim();
}

// A sentence broken off mid-phrase ends on a word that needs more after it ("... when they broke their", "... to, to").
const DANGLING_END = /(?:[,\s]+(?:and|but|or|so|because|cause|if|when|where|which|than|the|a|an|their|our|your|my|his|her)|,\s*that|\s(\w+)(?:,\s*\1)+)+$/i;

/** Drops trailing remarks that are about the discussion rather than the feature ("... that's the must have"). */
function cutTail(s: string): { core: string; reason: string | null } {
  let core = s.replace(/[.!?]+$/, "").replace(/,\s*(?:high|medium|low)(?:\s+priority)?\b(?=,|$)/gi, "").replace(/\b(?:is|are)\s+(?:a\s+)?(?:must[- ]haves?|nice to have|hard requirement|top priority)\b/gi, "").replace(/\s+/g, " ");
  let reason: string | null = null;
  const because = /\s(so that|so|because|since|otherwise|to make sure)\s(.{12,})$/i.exec(core);
  if (because && because.index > 15) {
    const word = because[1]!.toLowerCase();
    const rest = because[2]!;
    // "so (that) X" states a benefit; "because X" a reason, kept as one ("because support will get calls").
    if (word === "so that" || (word === "so" && /^(?:you|they|we|i|people|users|customers|both|it|he|she|the)\b/i.test(rest))) reason = rest;
    else if (word === "because" && /^(?:it|they|we|people|users|customers|support|the|our|otherwise)\b/i.test(rest)) reason = `because ${rest}`;
    core = core.slice(0, because.index);
  }
  const priorityNote = /\s(?:must[- ]have|nice to have|high priority|low priority|top priority)\b/i.exec(core);
  if (priorityNote && priorityNote.index > 10) core = core.slice(0, priorityNote.index);
  core = core.replace(/\s+and call it (?:good|done|a day)$/i, "");
  // "which is" / "that is" without a comma describe the thing ("a remote which is easy to hold"); after one they
  // comment on it (", which is a must have").
  const tail = /,\s(?:which is|that is)\b|\s(?:that's|it's|this is|though|right|I mean|I'd say|I think|honestly|we'll|I'll|you'll|we're|I'm|please)\b/i.exec(core);
  if (tail && tail.index > 20) core = core.slice(0, tail.index);
  const words = core.split(/\s+/);
  if (words.length > 28) core = words.slice(0, 28).join(" ");
  if (reason && /^(?:I|we|you)\s(?:think|guess|mean)\b|^(?:then|what|how|do|of|I'll|we'll|your)\b/i.test(reason)) reason = null;
  core = core.replace(DANGLING_END, "");
  return { core: tidy(core), reason: reason ? tidy(reason) : null };
}

interface Capability {
  /** Completes "I want ...". */
  want: string;
  /** Completes "when I ..." when the capability is an action of the role, else null. */
  action: string | null;
  benefit: string | null;
  role: string | null;
}

const FINITE_VERB =
  /\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|could|will|would|should|must|gets?|goes|go|need|needs|want|wants|says?|said|think|makes?|takes?|shows?|lets?|we're|it's|that's|there's|i'm|they're|you're|won't|can't|don't|doesn't)\b/i;

// Words that start a spoken clause but not a requirement ("because most channels ...", "as we have ...").
const CLAUSE_START = /^(?:(?:because|cause|'cause|as|so|and|but|while|then|also|well|like|just|very|really|personally|briefly|obviously|no|yes|yeah|okay)[\s,]+)+/i;

function capabilityOf(statement: Statement): Capability {
  const text = tidy(statement.text.replace(LEAD_IN, "")).replace(LEAD_IN, "").replace(CLAUSE_START, "");
  const { core, reason } = cutTail(text);
  const benefit = reason ? firstPerson(reason) : null;
  // "X asked whether we can stream audit events into Splunk" asks for the thing after "can".
  const asked = /\b(?:asked|asking|asks|wondered|wants to know)(?:\s+\S+){0,5}?\s+(?:if|whether)\s+(?:we|they|I|you|it)\s+(?:can|could)\s+(.{8,})$/i.exec(core);
  if (asked) {
    const action = firstPerson(asked[1]!);
    return { want: `to ${action}`, action, benefit, role: null };
  }
  const modal = MODAL.exec(` ${core}`);
  if (modal) {
    const fullSubject = core.slice(0, Math.max(0, modal.index - 1)).trim();
    // "A button on the TV you can press": the modal belongs to a clause describing the thing, which is the ask.
    if (/^(?:a|an|some)\s/i.test(fullSubject) && /\s(?:you|we|they|I|people)$/i.test(fullSubject) && core.split(" ").length <= 16)
      return { want: lowerFirst(core), action: null, benefit, role: null };
    const shortSubject = fullSubject
      .replace(/\b(?:really|just|also|actually|basically|probably|definitely|still|only|certainly|obviously|all|kind of|sort of|in some sense)\s*/gi, "")
      .replace(/\b(?:we're gonna|we are going to|we're going to|we'll|we will|we'd|we would)$/i, "we")
      .trim()
      .replace(/^.*\b(?:so|and|but|then|okay|because|if)\s+(?=\S+(?:\s+\S+){0,3}$)/i, "");
    const subject = PERSON_SUBJECT.test(shortSubject) || /^(?:I|we)$/i.test(shortSubject) ? shortSubject : fullSubject;
    const rest = core.slice(modal.index - 1 + modal[0].length).trim();
    const person = PERSON_SUBJECT.exec(subject);
    // "You have to The whole remote ..." is a restart, not an action: the rest must read as a verb phrase.
    if (rest.split(" ").length >= 2 && !/^(?:(?:the|a|an|this|that|these|those|it's)\b|\p{Lu})/u.test(rest)) {
      if (person || subject === "" || /^(?:I|we)$/i.test(subject)) {
        const action = firstPerson(rest);
        const role = person && !/^(?:they|you|people|ppl)$/i.test(person[1] ?? "") ? (person[1] ?? null) : null;
        if (/^we$/i.test(subject)) {
          const noun = /^(?:have|get|add|build|include|support|offer|provide|use|aim for|go for|go with|opt for|stick with|settle on)\s+(.*)$/i.exec(rest);
          return { want: noun ? noun[1]! : `the product to ${rest}`, action: null, benefit, role };
        }
        return { want: `to ${action}`, action, benefit, role };
      }
      // "... I just got an email from the coach and it should be a TV remote only": the last clause is the rule, about
      // the thing being built.
      if (/^it$/i.test(shortSubject)) return { want: `the product to ${rest}`, action: null, benefit, role: null };
      if (subject.split(" ").length <= 7 && !/\b(?:if|when|because|and|that|is|are|was|were|be|we'd|I'd|it)\b/i.test(subject)) {
        return { want: `${lowerFirst(subject)} to ${rest}`, action: null, benefit, role: null };
      }
    }
  }
  // "Let's do before and after for settings changes" settles on the thing named after it.
  const settled = /^let'?s (?:do|have|go with|go for)\s+(?!it\b|that\b|this\b)(.{8,})$/i.exec(core);
  if (settled) return { want: firstPerson(settled[1]!), action: null, benefit, role: null };
  const want = /\b(?:want|need|needs|would like|asked for|asking for)\s+(?!to\b)(.{8,})$/i.exec(core);
  if (want && want.index < 40) return { want: firstPerson(want[1]!), action: null, benefit, role: null };
  // Spoken asks often come after a preamble: "Personal preferences, besides the fact that I can't spell, we need a
  // long-lasting energy source, people don't wanna be changing it a lot" asks for the thing after "we need", up to the
  // next clause.
  const clause = /(?:^|,\s*)(?:so\s+|and\s+|but\s+)?(?:we|i|they|people|users|customers)\s+(?:really\s+|just\s+|also\s+|definitely\s+)?(?:want|need)\s+(?!to\b)([^,]{8,})/i.exec(core);
  if (clause) return { want: firstPerson(clause[1]!), action: null, benefit, role: null };
  const imperative =
    /^(?:let'?s\s+(?:do|have|use|go with)?\s*|let (?:people|ppl|users?|customers?|them|admins?)\s+|please\s+|pls\s+)?((?:add|merge|show|filter|export|allow|make|put|keep|display|enable|notify|share|store|use|give|build|create|limit|cap|stream|sync|prevent|remove|hide|highlight|remind|save|tick|check|record|send|push|set|change|split|restrict|focus)\b.*)$/i.exec(
      core,
    );
  if (imperative) {
    const action = firstPerson(lowerFirst(imperative[1]!));
    return { want: `to ${action}`, action, benefit, role: null };
  }
  if (statement.kind === "problem") return { want: `this fixed: ${lowerFirst(core)}`, action: null, benefit, role: null };
  // A bare noun phrase ("SAML SSO with Okta and Azure AD") is already the thing wanted.
  if (!FINITE_VERB.test(core) && core.split(" ").length <= 14) return { want: lowerFirst(core), action: null, benefit, role: null };
  // A thing described by what it does ("a button on a TV you can press") is the thing wanted too.
  if (/^(?:a|an|some)\s/i.test(core) && core.split(" ").length <= 14) return { want: lowerFirst(core), action: null, benefit, role: null };
  return { want: `the product to make sure ${lowerFirst(core)}`, action: null, benefit, role: null };
}

const TITLE_STOP = /^(?:before|after|until|into|than|about|over|via|per|while|during|and|but|so|because|which|that|if|when|while|where|whether|so|then|i|we|they|you|it|is|are|was|were|be|to|for|of|in|on|at|by|with|from|the|a|an|my|our|their|your|this|these|those|like|as|or|me|us|them|just|also|really|please)$/i;

function titleOf(cap: Capability, statement: Statement): string {
  let words = cap.want
    .replace(/^(?:to|the product to make sure|this fixed:|the product to)\s+/i, "")
    .replace(CLAUSE_START, "")
    .replace(/^(?:there(?:'re|'s| are| is)|it's|that's|we|you|they|I)\s+/i, "")
    // "I want us to restrict the remote to TV" is titled by what is to be done.
    .replace(/^(?:us|them|everyone) to\s+/i, "")
    // "on the home station, a button ..." is titled by what it is about.
    .replace(/^(?:on|in|at|under|for)\s+(?=(?:the|a|an|our|your)\s)/i, "")
    .split(/\s+/);
  words = words.filter((w, i) => i === 0 || !/^(?:the|a|an|my|our|their|your)$/i.test(w) || i < 1);
  const out: string[] = [];
  for (const w of words) {
    const bare = w.replace(/[,.;:]+$/, "");
    if (out.length >= 3 && (TITLE_STOP.test(bare) && !/^(?:to|for|of|in|on|with|by|from)$/i.test(bare))) break;
    if (/^(?:the|a|an)$/i.test(bare)) continue;
    out.push(bare);
    if (out.length >= 7 || w !== bare) break;
  }
  while (out.length > 2 && TITLE_STOP.test(out[out.length - 1]!)) out.pop();
  if (out.length < 2) {
    const fallback = statement.tokens.filter((t) => t.kind === "word" && isContentWord(t.lower)).slice(0, 4).map((t) => t.text);
    return capitalize(fallback.join(" "));
  }
  return capitalize(out.join(" ").replace(/^be\s+/i, ""));
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) && !/^(?:user|uni|eu)/i.test(word) ? "an" : "a";
}

function singular(role: string): string {
  const r = role.toLowerCase();
  if (r === "people" || r === "ppl") return "user";
  return r.endsWith("ies") ? `${r.slice(0, -3)}y` : r.endsWith("s") && !r.endsWith("ss") ? r.slice(0, -1) : r;
}

/** The role a story is written for: named in its statements, else the one the meeting mentions most. */
function roleFor(cluster: Cluster, cap: Capability, fallback: string): string {
  if (cap.role) return qualifiedRole(cluster, singular(cap.role));
  const counts = new Map<string, number>();
  for (const s of cluster.statements)
    for (const t of s.tokens) if (t.kind === "word" && ROLE_NOUNS.has(t.lower) && t.lower !== "people" && t.lower !== "partner" && t.lower !== "partners") counts.set(singular(t.lower), (counts.get(singular(t.lower)) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))[0];
  return best ? qualifiedRole(cluster, best[0]) : fallback;
}

/** "agent" reads better as "support agent" when the transcript says so. */
function qualifiedRole(cluster: Cluster, role: string): string {
  for (const s of cluster.statements) {
    const m = new RegExp(`\\b([a-z]+)\\s+${role}s?\\b`, "i").exec(s.text);
    if (m && isContentWord(m[1]!.toLowerCase()) && !/^(?:power|new|end|every|each|our|their|the|only)$/i.test(m[1]!) && /^(?:support|workspace|account|system|team|store|project|site|billing|compliance|sales|tv|app|end)$/i.test(m[1]!))
      return `${m[1]!.toLowerCase()} ${role}`;
  }
  return role;
}

function mostCommonRole(x: Extraction): string {
  const counts = new Map<string, number>();
  for (const u of x.units)
    for (const t of u.tokens) if (t.kind === "word" && ROLE_NOUNS.has(t.lower) && !/^(?:partners?|people|members?|owners?)$/.test(t.lower)) counts.set(singular(t.lower), (counts.get(singular(t.lower)) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))[0];
  return best && best[1] >= 2 ? best[0] : "user";
}

function asRequirement(text: string): string {
  let s = tidy(text.replace(LEAD_IN, "").replace(LEAD_IN, ""));
  // A proposal put as a question and agreed to reads as the statement it became: "do we need a long-life battery?"
  // → "We need a long-life battery".
  if (/\?$/.test(s))
    s = s
      .replace(/^(?:do|does|did)\s+(we|you|they|it|people|users|customers|(?:the|this|our)\s+\w+)\s+/i, "$1 ")
      .replace(/^(should|shall|can|could|will|would|must)\s+(we|you|they|it|(?:the|this|our)\s+\w+)\s+/i, (_, modal: string, subject: string) => `${subject} ${modal.toLowerCase()} `)
      .replace(/^(is|are)\s+(it|they|there|this|that)\s+/i, (_, verb: string, subject: string) => `${subject} ${verb.toLowerCase()} `);
  s = s
    .replace(/\b(?:need|needs|have|has|got) to be able to\b/gi, "can")
    .replace(/\bshould be able to\b/gi, "can")
    .replace(/[.!?]+$/, "")
    .replace(DANGLING_END, "");
  return `${capitalize(s)}.`;
}

/** Given/When/Then when the statement carries its own condition ("once SSO is enforced, ..."). */
function criterionFor(s: Statement, role: string, cap: Capability | null): string {
  const text = tidy(s.text.replace(LEAD_IN, "").replace(LEAD_IN, "")).replace(/[.!?]+$/, "");
  const cond = /^(?:(.*?)\s)?\b(if|when|once|whenever|before|after)\s+([^,]{4,80}?),\s*(?:then\s+)?(.{8,})$/i.exec(text);
  const bare = /^(?:(.*?)\s)?\b(if|when|once|whenever)\s+(.{6,90}?)\s+((?:we|it|they|the app|the system)\s+.{4,})$/i.exec(text);
  if (!(cond && cond[4]) && bare && bare[4] && !/,/.test(bare[3]!)) {
    const given = bare[1] && bare[1].split(" ").length >= 3 ? `Given ${lowerFirst(bare[1])}` : `Given I am ${article(role)} ${role}`;
    return `${given}, when ${lowerFirst(bare[3]!)}, then ${lowerFirst(asRequirement(bare[4]).replace(/\.$/, ""))}.`;
  }
  if (cond && cond[4]) {
    const lead = (cond[1] ?? "").replace(/[,;:\s]+$/, "");
    const given = lead.split(" ").length >= 3 ? `Given ${lowerFirst(lead)}` : `Given I am ${article(role)} ${role}`;
    if (cond[3]!.split(" ").length >= 2 && cond[4].split(" ").length >= 3)
      return `${given}, when ${lowerFirst(cond[3]!)}, then ${lowerFirst(asRequirement(cond[4]).replace(/\.$/, ""))}.`;
  }
  // Given/When/Then only when the action has an outcome worth checking; otherwise the statement itself says more.
  const outcome = cap?.action ? outcomeOf(cap.action) : null;
  if (cap?.action && outcome) return `Given I am ${article(role)} ${role}, when I ${cap.action.replace(/[.!?]+$/, "")}, then ${outcome}.`;
  return asRequirement(s.text);
}

// The observable result of an action, by its verb, so the first criterion is checkable rather than a restatement.
const OUTCOMES: [RegExp, (object: string) => string][] = [
  [/^(?:create|add|set|configure|upload|enter|pick|choose|name|save|define|schedule)$/, (o) => `${o} is saved and shown back to me`],
  [/^(?:edit|change|update|rename)$/, (o) => `the changes to ${o} are saved and shown straight away`],
  [/^(?:delete|remove)$/, (o) => `${o} is gone and I am told what happened to anything attached to it`],
  [/^(?:export|download)$/, (o) => `I get a file with ${o} that opens in a spreadsheet or viewer`],
  [/^(?:see|view|show|display|open|find|check|review|read)$/, (o) => `${o} is shown with up-to-date values`],
  [/^(?:filter|search|sort)$/, () => "only the matching entries are listed and clearing it shows everything again"],
  [/^(?:share|invite|send)$/, (o) => `the people I chose can open ${o}`],
  [/^(?:turn|switch|disable|enable|stop|pause)$/, () => "the setting takes effect straight away and stays that way until I change it"],
  [/^(?:log|sign)$/, () => "I am signed in and land where I expected"],
  [/^(?:test|try|preview)$/, () => "I see whether it worked and, if not, what failed, before anything is switched on"],
  [/^(?:take|withdraw|move|transfer|pay)$/, () => "the money moves at once and both balances show the new amounts"],
  [/^(?:merge|combine|group)$/, () => "duplicates appear once, with their quantities combined"],
  [/^(?:tick|mark|complete)$/, () => "the item is marked and moves out of the way of the remaining ones"],
];

function outcomeOf(action: string): string | null {
  const words = action.replace(/[.!?]+$/, "").split(/\s+/);
  const verb = (words[0] ?? "").toLowerCase();
  let object = words.slice(1).join(" ").split(/\s(?:in|at|from|to|into|for|with|while|when|if|so|and|before|after|by|on|as)\s/i)[0] ?? "";
  object = object.replace(/^(?:up|out|off|on|in)\s+/i, "").trim() || "it";
  if (/^off$/i.test(words[1] ?? "") || /^(?:it|me)\b/i.test(object)) object = "it";
  for (const [re, make] of OUTCOMES) if (re.test(verb)) return make(object);
  return null;
}

const PRIORITY_CUES: [RegExp, StoryPriority, number][] = [
  [/\b(?:nice to have|no rush|low priority|backlog|someday|polish|if we (?:somehow )?have (?:time|capacity)|slides? to next|later|low)\b/, "Low", 2],
  [/\b(?:medium|not the end of the world|could live with|if it slips)\b/, "Medium", 2],
  [/\b(?:must[- ]haves?|must ship|must|hard requirement|blocking|blocker|top of the list|number one|critical|urgent|asap|day one|next release|next sprint|no slipping|important|high|essential|have to|has to|deal|furious)\b/, "High", 1.5],
];

function priorityOf(cluster: Cluster): StoryPriority {
  const score: Record<string, number> = { High: 0, Medium: 0.5, Low: 0 };
  const weigh = (text: string, w: number) => {
    for (const [re, p, cw] of PRIORITY_CUES) if (re.test(text)) score[p] = (score[p] ?? 0) + cw * w;
  };
  for (const s of cluster.statements) weigh(s.lower, 1);
  if ([...cluster.statements, ...cluster.context].some((s) => /#1\b|\bnumber one\b/.test(s.lower))) score.High = (score.High ?? 0) + 1.5;
  for (const c of cluster.context) weigh(c.lower, 0.6);
  const ranked = (["High", "Medium", "Low"] as const).map((p) => [p, score[p] ?? 0] as const).sort((a, b) => b[1] - a[1]);
  return ranked[0]![0];
}

const ESTIMATE = /\b(?:an?|like an?|maybe an?|call it an?|say an?|it's an?|be an?|'d say an?|probably an?)\s+(13|8|5|3|2|1|one|two|three|five|eight|thirteen)\b(?!\s*(?:percent|per cent|%|minutes|hours|days|weeks|months|people|of|or|and|more|times|seconds|dollars|thousand|hundred))|\b(13|8|5|3|2|1|one|two|three|five|eight|thirteen)\s+points?\b/i;

function pointsOf(cluster: Cluster): number {
  for (const s of [...cluster.statements, ...cluster.context.sort((a, b) => a.id - b.id)]) {
    const m = ESTIMATE.exec(s.text);
    const raw = m ? (m[1] ?? m[2] ?? "") : "";
    const value = NUMBER_WORDS[raw.toLowerCase()] ?? Number(raw);
    if (FIBONACCI.includes(value)) return value;
  }
  const all = [...cluster.statements, ...cluster.context].map((s) => s.lower).join(" ");
  if (/\b(?:weeks|whole project|huge|complex|big one|lot of work|months|risk)\b/.test(all)) return 8;
  if (/\b(?:tiny|trivial|quick|a day|easy|small one|should be small|basically free)\b/.test(all)) return 2;
  if (/\b(?:a week|not huge|medium|moderate)\b/.test(all)) return 5;
  return cluster.statements.length >= 3 ? 5 : 3;
}

// Sizing and scheduling remarks qualify a story but are not acceptance criteria.
const SIZING = /\b(?:points?|sprint|estimate|days|weeks|hours|small|big|huge|tiny|easy|hard|harder|priority|backlog|nice to have|must[- ]have|sounds good|agreed|noted|fair|thank)\b|\ban? (?:1|2|3|5|8|13|one|two|three|five|eight|thirteen)\b/;

const SIZING_REMARK = /\b(?:an?|maybe an?|probably an?|call it an?|that's an?) (?:1|2|3|5|8|13|one|two|three|five|eight|thirteen)\b(?! (?:percent|per cent|minutes|hours|days|weeks|months|people|of|or|and|more|times|seconds|dollars|thousand|hundred))|\bstory points?\b|\b\d+ points\b/;

const MAX_QUOTE = 600;

function evidenceOf(source: string, cluster: Cluster): StoryEvidence[] {
  return [...cluster.statements]
    .sort((a, b) => a.start - b.start)
    .slice(0, 3)
    .map((s) => {
      // Dropped stutters and annotations can make a short statement span a long stretch; quote its opening instead.
      let end = s.end;
      if (end - s.start > MAX_QUOTE) end = s.tokens.filter((t) => t.end - s.start <= MAX_QUOTE).pop()?.end ?? s.start + MAX_QUOTE;
      return { quote: source.slice(s.start, end), start: s.start, end };
    });
}

// Questions and replies ("what about edit?", "that's medium") make poor story sentences when a plain statement exists.
const WEAK_ANCHOR = /\?$|\b(?:is|are) (?:a )?(?:must[- ]haves?|nice to have)\b|^(?:(?:so|and|but|okay|yeah|yes|no)[,\s]+)*(?:what|how|why|do|does|did|is|are|can|could|should|that's|it's|this is|i like)\b/i;

function composeStory(source: string, cluster: Cluster, fallbackRole: string): UserStory {
  const anchor = cluster.statements.find((s) => !WEAK_ANCHOR.test(s.text)) ?? cluster.statements[0]!;
  const cap = capabilityOf(anchor);
  const role = roleFor(cluster, cap, fallbackRole);
  let benefit = cap.benefit;
  if (!benefit) {
    for (const s of cluster.statements) {
      if (s === anchor) continue;
      const c = capabilityOf(s);
      if (c.benefit) {
        benefit = c.benefit;
        break;
      }
    }
  }
  if (!benefit) {
    // A reason given right after the ask ("... so you can see it in the dark") is the benefit in the meeting's words.
    for (const c of cluster.context) {
      const m = /\bso (?:that )?((?:you|they|we|i|people|users|customers|both|it)\b(?: can| could| don't| won't| never| see| know| have| are| get)\b.{6,90})$/i.exec(c.text.replace(/[.!?]+$/, ""));
      if (m) {
        benefit = tidy(firstPerson(m[1]!.replace(/^you\b/i, "I").replace(/\byour\b/gi, "my")));
        break;
      }
    }
  }
  const title = titleOf(cap, anchor);
  const so = benefit
    ? /^because\b/i.test(benefit)
      ? benefit
      : `so that ${lowerFirst(benefit)}`
    : anchor.kind === "problem"
      ? "so that this stops getting in my way"
      : "so that the product does what the team agreed";
  const description = `As ${article(role)} ${role}, I want ${cap.want.replace(/[.!?]+$/, "")}, ${so}.`;

  const criteria: string[] = [];
  const seen = new Set<string>();
  const add = (c: string, minWords = 4) => {
    const key = c.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
    if (criteria.length < 5 && key.split(" ").length >= minWords && !seen.has(key)) {
      seen.add(key);
      criteria.push(c);
    }
  };
  add(criterionFor(anchor, role, cap));
  // When the description had to shorten the statement, the full one keeps the details testable.
  const anchorWords = tidy(anchor.text.replace(LEAD_IN, "")).split(/\s+/).length;
  if (anchorWords > cap.want.split(/\s+/).length + 4 && anchorWords <= 45) add(asRequirement(anchor.text));
  // Sizing remarks ("maybe a 5 with the role setting") inform points, not what to test.
  // A question among the story's statements only checks what was asked for, so the details the room agreed to come
  // first. A statement with a tag ("..., so you can see the other buttons, okay?") is still a statement.
  const asked = (s: Statement) => s.text.endsWith("?") && !/,\s*(?:okay|ok|right|yeah|yes|no|isn't it|don't you think)\?$/i.test(s.text);
  for (const s of cluster.statements) if (s !== anchor && !asked(s) && !SIZING_REMARK.test(s.lower)) add(criterionFor(s, role, null));
  // Details the room agreed to later in the discussion say how the feature is to work.
  for (const s of cluster.agreed.sort((a, b) => a.id - b.id)) if (!SIZING.test(s.lower)) add(criterionFor(s, role, null));
  for (const s of cluster.statements) if (s !== anchor && asked(s) && !SIZING_REMARK.test(s.lower)) add(criterionFor(s, role, null));
  for (const s of cluster.continued.sort((a, b) => a.id - b.id)) if (!SIZING_REMARK.test(s.lower)) add(criterionFor(s, role, null));
  // Details the meeting pinned down right after (limits, numbers, answers) are checkable facts.
  const speakers = new Set(cluster.statements.map((s) => s.sentence.speaker));
  for (const c of cluster.context.sort((a, b) => a.id - b.id)) {
    if (criteria.length >= 4) break;
    if (c.terms.length < 3 || c.text.endsWith("?") || SIZING.test(c.lower) || /^(?:i|we)\b/i.test(c.text)) continue;
    // The rest of a sentence that was cut in two (automatic transcripts) belongs with it.
    const related = c.terms.some((t) => cluster.terms.has(t)) || cluster.statements.some((s) => s.sentence.index === c.sentence.index);
    if (!related && !(speakers.has(c.sentence.speaker) && /\d|\b(?:every|each|only|at least|max|minimum|maximum|per|all|except|default)\b/i.test(c.text))) continue;
    add(asRequirement(c.text));
  }
  if (criteria.length < 2 && cap.action)
    add(`Given I am ${article(role)} ${role} and something goes wrong, when I ${cap.action.replace(/[.!?]+$/, "")}, then I see a clear message and nothing I already had is lost.`);
  if (criteria.length < 2) add(asRequirement(anchor.text), 2);
  if (criteria.length < 2) add(`Given the change is released, when ${article(role)} ${role} uses it, then every point in this story's evidence quotes holds.`);
  if (criteria.length < 2) add(`Given the change is released, when it is demonstrated to the people in this meeting, then they confirm it matches what was agreed.`);
  const storyPoints = pointsOf(cluster);
  return {
    title,
    description,
    acceptanceCriteria: criteria,
    priority: priorityOf(cluster),
    storyPoints,
    estimatedHours: HOURS_PER_POINT[storyPoints] ?? storyPoints * 4,
    evidence: evidenceOf(source, cluster),
  };
}

/**
 * The meeting's dominant themes: the words most stories are about, each named the way the meeting names it. A word
 * is shown with the word before it when the two form a name ("audit log", "savings goals"), or with the word after
 * it when that is how it is nearly always said ("remote control").
 */
// Adjectives that qualify a word without naming a kind of it ("left hand", "main button").
const PLAIN_MODIFIER = /^(?:left|right|top|bottom|front|back|side|main|whole|same|different|other|certain|particular|general|normal|usual|current|real|nice)$/;

function themeOf(clusters: Cluster[], x: Extraction): string[] {
  const usable = (t: Token | undefined): t is Token =>
    !!t && t.kind === "word" && isContentWord(t.lower) && !ROLE_NOUNS.has(t.lower) && !PRIORITY_WORDS.has(t.lower) && !/^\d/.test(t.lower) && t.lower.length > 2;
  // How the whole transcript says each word and each two-word name, in its own spelling.
  const words = new Map<string, number>();
  const pairs = new Map<string, { count: number; forms: Map<string, number> }>();
  const forms = new Map<string, Map<string, number>>();
  const note = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const u of x.units)
    u.tokens.forEach((t, i) => {
      if (!usable(t)) return;
      const st = stem(t.lower);
      note(words, st);
      note(forms.get(st) ?? forms.set(st, new Map()).get(st)!, t.text);
      const next = u.tokens[i + 1];
      if (!usable(next)) return;
      const key = `${st} ${stem(next.lower)}`;
      const pair = pairs.get(key) ?? pairs.set(key, { count: 0, forms: new Map() }).get(key)!;
      pair.count++;
      note(pair.forms, `${t.text} ${next.text}`);
    });
  // A theme runs through many stories: a word counts once per story whose statements use it.
  // Between words in as many stories, the one the stories' statements repeat most (not the meeting's chatter) wins.
  const stories = new Map<string, number>();
  const statements = new Map<string, number>();
  for (const c of clusters) {
    const seen = new Set<string>();
    for (const s of c.statements) {
      const inStatement = new Set<string>();
      for (const t of s.tokens) if (usable(t)) inStatement.add(stem(t.lower));
      for (const st of inStatement) {
        seen.add(st);
        note(statements, st);
      }
    }
    for (const st of seen) if (!x.rejectedTerms.has(st)) note(stories, st);
  }
  const commonest = (m: Map<string, number> | undefined) => [...(m?.entries() ?? [])].sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))[0]?.[0];
  const nameOf = (st: string): { text: string; parts: string[] } => {
    const total = words.get(st) ?? 0;
    let best: { key: string; count: number } | null = null;
    for (const [key, pair] of pairs) {
      const [first, second] = key.split(" ") as [string, string];
      if (first === second || x.rejectedTerms.has(first) || x.rejectedTerms.has(second)) continue;
      // "Functional design" names a meeting, not what it is about.
      if (META.test(key) || [...pair.forms.keys()].some((f) => META.test(f.toLowerCase()))) continue;
      // "savings goals", "audit log": the pair is said more than once, not as a rare aside ("menu button" among a
      // hundred buttons), and its first word is mostly said with this one rather than everywhere.
      const asHead =
        second === st &&
        !PLAIN_MODIFIER.test(first) &&
        ((pair.count >= 2 && pair.count >= total * 0.05 && (words.get(first) ?? 0) <= pair.count * 4) || (pair.count >= 1 && total <= 3));
      const asModifier = first === st && pair.count >= Math.max(2, total * 0.4);
      if ((asHead || asModifier) && (!best || pair.count > best.count || (pair.count === best.count && byText(key, best.key) < 0))) best = { key, count: pair.count };
    }
    if (best) return { text: commonest(pairs.get(best.key)!.forms) ?? best.key, parts: best.key.split(" ") };
    return { text: commonest(forms.get(st)) ?? st, parts: [st] };
  };
  const ranked = [...stories.entries()].sort(
    (a, b) => b[1] - a[1] || (statements.get(b[0]) ?? 0) - (statements.get(a[0]) ?? 0) || (words.get(b[0]) ?? 0) - (words.get(a[0]) ?? 0) || byText(a[0], b[0]),
  );
  const chosen: string[] = [];
  const used = new Set<string>();
  for (const [st, count] of ranked) {
    if (used.has(st)) continue;
    // A second theme must run through more than one story, or it is just that story's subject.
    if (chosen.length === 1 && (count < 2 || clusters.length < 2)) break;
    const name = nameOf(st);
    if (name.parts.some((p) => used.has(p))) continue;
    chosen.push(name.text);
    for (const p of name.parts) used.add(p);
    if (chosen.length === 2) break;
  }
  return chosen;
}

const DELIVERY = /\b(?:ship|ships|shipping|release|released|launch|launches|deliver|delivered|ready|live|due|deadline|must[- ]haves?|want it|need it|have it)\b/;
const TIMELINE =
  /\b(?:by|before|in|for|until|ship(?:ping)? in)\s+(?:the\s+)?((?:january|february|march|april|may|june|july|august|september|october|november|december)(?:\s+(?:first|\d{1,2}(?:st|nd|rd|th)?|\d{4}|release))?|q[1-4](?:\s+\d{4})?|next (?:sprint|release|quarter))\b/i;

/** "As a user, I want X, so that Y." → "X": the part that says what the story is. */
function capabilityText(description: string): string {
  return description
    .replace(/^As an? [^,]+, I want (?:the product to (?:make sure )?)?/, "")
    .replace(/,\s+(?:so that|because)\b.*$/, "");
}

function wordsOf(s: string): Set<string> {
  return new Set(
    s
      .toLowerCase()
      .replace(/^as an? [^,]+, i want /, "")
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1 && !STOPWORDS.has(w))
      .map(stem),
  );
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const union = a.size + b.size - shared;
  return union ? shared / union : 0;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function compose(parsed: ParsedTranscript, x: Extraction, clusters: Cluster[], title?: string): GeneratedStories {
  const fallbackRole = mostCommonRole(x);
  const userStories: UserStory[] = [];
  const kept: Cluster[] = [];
  const seen: Set<string>[] = [];
  for (const c of clusters) {
    const story = composeStory(parsed.source, c, fallbackRole);
    // The meeting's domain words ("remote control") are in every story; they do not make two stories the same.
    const words = new Set([...wordsOf(`${story.title} ${capabilityText(story.description)}`)].filter((w) => !isDomainTerm(x, w)));
    // Two clusters that still read as the same story become one, written from both.
    const twin = seen.findIndex((w) => overlap(w, words) >= 0.45);
    if (twin >= 0) {
      const target = kept[twin]!;
      target.statements.push(...c.statements.filter((s) => !target.statements.some((t) => t.id === s.id)).slice(0, Math.max(0, 5 - target.statements.length)));
      target.context.push(...c.context.filter((s) => !target.context.some((t) => t.id === s.id)));
      target.continued.push(...c.continued.filter((s) => !target.continued.some((t) => t.id === s.id)));
      target.agreed.push(...c.agreed.filter((s) => !target.agreed.some((t) => t.id === s.id)));
      for (const t of c.terms) target.terms.add(t);
      userStories[twin] = composeStory(parsed.source, target, fallbackRole);
      continue;
    }
    kept.push(c);
    seen.push(words);
    userStories.push(story);
  }
  const theme = themeOf(clusters, x);
  const themeText = theme.length ? listOf(theme.map((t, i) => (i === 0 ? capitalize(t) : lowerFirst(t)))) : "Meeting requirements";
  const order: StoryPriority[] = ["Highest", "High", "Medium", "Low", "Lowest"];
  const priority = userStories.reduce<StoryPriority>((best, s) => (order.indexOf(s.priority) < order.indexOf(best) ? s.priority : best), "Low");
  let timeline: string | undefined;
  const recap = [...x.recap].map((id) => x.units[id]!);
  for (const s of [...clusters.flatMap((c) => [...c.statements, ...c.continued, ...c.context]), ...recap]) {
    const m = TIMELINE.exec(s.text);
    // "by March" is a date; "in June" is one only when something is to be delivered then ("did in June" is not).
    if (m && !timeline && (!/^in\b/i.test(m[0]) || DELIVERY.test(s.lower))) timeline = capitalize(m[1]!);
  }
  const cleanTitle = title?.trim();
  const epic: Epic = {
    title: themeText,
    description:
      userStories.length > 0
        ? `${cleanTitle ? `From "${cleanTitle}": ` : ""}${userStories.length} ${userStories.length === 1 ? "story" : "stories"} centred on ${listOf(theme.map(lowerFirst))}: ${listOf(userStories.slice(0, 4).map((s) => lowerFirst(s.title)))}${userStories.length > 4 ? " and more" : ""}.`
        : `${cleanTitle ? `From "${cleanTitle}": ` : ""}no product requirements were found in this transcript.`,
    team: parsed.speakers.length ? parsed.speakers.slice(0, 6).join(", ").slice(0, 200) : "Product team",
    priority: userStories.length ? priority : "Medium",
  };
  if (timeline) epic.timeline = timeline;
  return { epic, userStories };
}
