/**
 * Finds requirement statements (needs, wants, problems, decisions) in the parsed transcript and what the meeting
 * explicitly turned down, so rejected ideas never become stories.
 */
import { PRIORITY_WORDS, isContentWord, stem } from "./lexicon";
import { joinTokens, type ParsedTranscript, type Sentence, type Token } from "./normalize";

export interface Statement {
  id: number;
  sentence: Sentence;
  tokens: Token[];
  text: string;
  lower: string;
  start: number;
  end: number;
  terms: string[];
  /** How strongly this reads as a requirement; 0 means not one. */
  score: number;
  /** Strength of the requirement wording alone (modals, decisions, priority calls), before weighting. */
  cue: number;
  kind: "need" | "problem" | "decision" | "context";
}

export interface Extraction {
  units: Statement[];
  candidates: Statement[];
  /** Stems naming what the meeting decided against ("photo", "scim"). */
  rejectedTerms: Set<string>;
  /** Units that state a rejection, kept so nothing near them is mistaken for a need. */
  rejections: Statement[];
  /** Units of a turn that sums the meeting up ("let me recap: ..."): each restates an agreed requirement. */
  recap: Set<number>;
  df: Map<string, number>;
}

/** Words said all through the meeting ("remote", "button") name its domain, not a topic or a feature. */
export function isDomainTerm(x: Pick<Extraction, "df" | "units">, term: string): boolean {
  return (x.df.get(term) ?? 0) >= Math.max(8, x.units.length * 0.02);
}

const NEED_CUES: [RegExp, number][] = [
  [/\b(?:need|needs|needed) to (?:be|have|use|show|support|work|stay|fit|match|include)\b/, 3],
  [/\b(?:need|needs|needed) to\b/, 1.5],
  [/\b(?:need|needs|want|wants) (?:a|an|some|large|small|big|more|less|fewer|the|our|it|them|something|one)\b/, 2],
  [/\b(?:need|needs)\b/, 1.5],
  [/\b(?:have|has|had) to\b/, 2.5],
  [/\bmust\b/, 3],
  [/\bmust[- ]haves?\b/, 2],
  [/\bshould(?:n't| not)?\b/, 2.5],
  [/\b(?:want|wants)\b/, 2],
  [/\bwould like\b/, 2],
  [/\bwould (?:be willing|pay|prefer|rather|love)\b/, 2],
  [/\bbe able to\b/, 2.5],
  [/\brequire(?:d|ment|ments|s)?\b/, 2],
  [/\bnice to have\b/, 2.5],
  [/\b(?:users?|customers?|admins?|people|members?|agents?|owners?|ppl|they|viewers?|buyers?) (?:can|could|will|should|need|want|have to|must)\b/, 2],
  [/\blet'?s (?:do|add|make|keep|have|use|go with|put|say|build|include|cap|call|split|support|show|give|get|focus|stick)\b/, 2.5],
  [/\bwe(?:'ll| will| are going to|'re going to| gonna) (?:do|need|add|build|use|have|keep|support|show|make|include|go with|give|put)\b/, 2],
  [/\b(?:decided|decision|agreed|we agree|settled)\b/, 2],
  [/\b(?:important|essential|crucial|critical|key|necessary|priority|hard requirement)\b/, 1.5],
  [/\bfocus(?:ed)? on\b/, 1.5],
  [/\b(?:go for|going for|go with|going with|gonna have|will have|should have|it'll have|we'll have)\b/, 1.5],
  [/\b(?:able to|allow|allows|lets? (?:ppl|people|users?|them|customers?))\b/, 1.5],
  [/\b(?:goes back|show|shows|display|displays|notify|notification|export|filter|merge|share|sync|track|recharg\w*|beep|light up|lights up)\b/, 0.5],
];

const PROBLEM_CUES =
  /\b(?:problem|issues?|frustrat\w*|complain\w*|complaints?|annoy\w*|furious|lose|loses|losing|lost|broken|bug|confus\w*|difficult\w*|hard to|can't|cannot|too many|ugly|blocking|blocked|fail\w*)\b/;

// Imperatives at the start of a unit read as instructions for the product ("merge duplicate ingredients ...").
const IMPERATIVE =
  /^(?:(?:so|and|then|also|just|pls|please|okay|ok)[,:]?\s+)*(?:add|let|merge|show|filter|export|allow|make|put|keep|display|enable|notify|share|store|use|give|build|create|limit|stream|sync|prevent|remove|hide|highlight|remind|save)\b/;

const QUESTION_START =
  /^(?:so |and |but |okay |ok )?(?:do|does|did|is|are|was|were|can|could|would|will|what|how|why|where|when|who|which|shall|have|has|any|anything)\b/;

// Statements about the meeting itself, not the product.
export const META =
  /\b(?:meeting|agenda|minutes|objectives|functional design|working design|presentations?|powerpoint|slides?|laptop|recording|camera|lunch|coffee|microphones? on|hear me|catch (?:him|her|you) up|next time|see you|thanks everyone|bye|same page)\b/;

// Someone taking an action item ("I'll send the copy by Friday") is a task, not a product need.
const PERSONAL_TASK =
  /^(?:(?:so|and|okay|yeah|ok|but|well)[,\s]+)*(?:i'll|i will|i'm going to|i can have|i'm gonna|i had|i was|i went|i have to|i need to|i'd say|i prepare|i prepared|i found|i looked|i thought|i just|i did|i tried|i've)\b/;

// Talk about the work of the meeting itself ("we must consider practicalities", "we need to decide on the target group").
const PROCESS =
  /\b(?:must|need to|needs to|have to|has to|should|want to|wanna|gonna|going to|let's|we'll)\s+(?:\w+\s+)?(?:consider|discuss|talk|decide|figure|keep in mind|look|start|think|prepare|present|go through|write|finish|know|remember|ask|agree|find out|investigate|define|be careful|review|meet|come back|catch|make a decision|make decisions|cover|go over)\b/;

const REJECTION_PATTERNS: RegExp[] = [
  /\blet'?s not\b/,
  /\bnot (?:do|doing|build|building|restore|restoring|add|adding|include|including|support|supporting|going to|gonna|happening|necessary|needed|useful|worth|now|for now|in (?:this|the) (?:release|round|sprint|quarter|version|v1))\b/,
  /\b(?:we're|we are|we'll|we will|i'm|we) not (?:\w+ing|going|gonna|do|build)\b/,
  /\bout of (?:scope|the question)\b/,
  /\bnot this (?:quarter|release|sprint|round|time|year)\b/,
  /\b(?:don't|do not|won't|will not|never) (?:go for|do|build|add|support|include|bother)\b/,
  /\bit'?s a no\b/,
  /\b(?:is|are) (?:a )?no\b/,
  /\b(?:can|let's|just|we'll|should) (?:skip|drop|scrap|ditch) (?:the|that|this)\b/,
  /\bno (?:\w+ )?(?:for now|this (?:release|quarter|sprint|round))\b/,
  /\b(?:not|no) (?:in|for) (?:this|v1|the first)\b/,
  /\b(?:is|are|was|were) not (?:happening|necessary|needed|possible|an option|going)\b/,
];

// Verbs and fillers between a rejection cue and the thing rejected ("not do the on track thing").
const OBJECT_SKIP = new Set(
  "do doing build building add adding go for with work working gonna going to happening the a an any this that these those our their it some".split(
    " ",
  ),
);
const OBJECT_STOP = new Set(
  "in for on at because since so but and or as until this round release sprint quarter now v1 that's it's is are was were be then thing stuff either yet".split(" "),
);

// Sizing or prioritising right after a statement means the room accepted it as work ("nice to have, put it in the backlog").
const CONFIRMATION =
  /\b(?:nice to have|backlog|must[- ]have|high|medium|low priority|next (?:release|sprint)|good call|that's tiny|that's small|points?|an? (?:1|2|3|5|8|13|one|two|three|five|eight|thirteen)\b)|#1\b/;

function confirmed(units: readonly Statement[], u: Statement): boolean {
  for (let j = u.id + 1; j < units.length && j <= u.id + 2; j++) {
    const v = units[j]!;
    if (v.sentence.turn > u.sentence.turn + 1) break;
    if (CONFIRMATION.test(v.lower)) return true;
  }
  return false;
}

const AGREEMENT =
  /^(?:(?:yeah|yes|yep|yup|okay|ok|sure|right|agreed|exactly|definitely|absolutely|true|totally|great|good|cool|perfect|alright|(?:i|we) agree|sounds (?:good|great|fine)|(?:that's|that is|it's|maybe it's|that'd be|that would be) (?:(?:that's|quite|a|really|very) )*(?:good|possible|true|right|fine|a good idea|good idea|great|cool|nice|important|the idea|a plus|useful|handy))[\s,.!]*){1,4}$/;

/** Other people answering "yeah", "yep", "that's possible" right after a statement: the room agrees with it. */
function agreement(units: readonly Statement[], u: Statement): number {
  let count = 0;
  for (let j = u.id + 1; j < units.length && j <= u.id + 4; j++) {
    const v = units[j]!;
    if (v.sentence.turn > u.sentence.turn + 3) break;
    if (v.sentence.speaker !== u.sentence.speaker && v.sentence.speaker !== null && AGREEMENT.test(v.lower)) count++;
  }
  return Math.min(count, 2);
}

// Priority calls ("..., medium.") say how much, not what: they must not make two topics look alike.
function termsOf(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (const t of tokens) if (t.kind === "word" && isContentWord(t.lower) && !PRIORITY_WORDS.has(t.lower)) out.push(stem(t.lower));
  return out;
}

function makeUnit(id: number, sentence: Sentence, tokens: Token[]): Statement {
  const text = joinTokens(tokens);
  return {
    id,
    sentence,
    tokens,
    text,
    lower: text.toLowerCase().replace(/’/g, "'"),
    start: tokens[0]!.start,
    end: tokens[tokens.length - 1]!.end,
    terms: termsOf(tokens),
    score: 0,
    cue: 0,
    kind: "context",
  };
}

const SOFT_BREAK = /^(?:okay|ok|so|but|anyway|alright|because|otherwise)$/;

/** Long unpunctuated utterances (automatic transcripts) are cut where the speaker paused or changed tack. */
function splitUnits(sentence: Sentence): Token[][] {
  const words = sentence.tokens.filter((t) => t.kind === "word").length;
  if (words <= 24) return [sentence.tokens];
  const pieces: Token[][] = [];
  let cur: Token[] = [];
  let curWords = 0;
  for (const t of sentence.tokens) {
    // Speech with no punctuation and no pauses still gets cut, so no unit (or quote) runs on for a page.
    const boundary =
      curWords >= 120 || (curWords >= 5 && (t.gap || (t.kind === "word" && SOFT_BREAK.test(t.lower)) || (t.kind === "punct" && /[,:—–]/.test(t.text) && curWords >= 10)));
    if (boundary) {
      pieces.push(cur);
      cur = [];
      curWords = 0;
    }
    if (t.kind === "punct" && cur.length === 0) continue;
    cur.push(t);
    if (t.kind === "word") curWords++;
  }
  if (cur.length) {
    if (curWords < 4 && pieces.length) pieces[pieces.length - 1]!.push(...cur);
    else pieces.push(cur);
  }
  // Trailing punctuation is not part of a quote.
  return pieces.map((p) => {
    while (p.length > 1 && p[p.length - 1]!.kind === "punct" && /[,:—–]/.test(p[p.length - 1]!.text)) p.pop();
    return p;
  });
}

/** The noun phrase a rejection is about: "let's not do [shared goals] in v1", "[SCIM] is out of scope". */
function rejectedObject(unit: Statement): Token[] {
  const toks = unit.tokens;
  const found: Token[] = [];
  // Walks words from `from` in one direction and stops at punctuation, so the phrase stays inside its clause.
  const take = (from: number, dir: 1 | -1) => {
    const got: Token[] = [];
    let i = from;
    while (i >= 0 && i < toks.length && got.length < 4) {
      const t = toks[i]!;
      if (t.kind === "punct") break;
      const w = t.lower;
      if (got.length === 0 && OBJECT_SKIP.has(w)) {
        i += dir;
        continue;
      }
      if (OBJECT_STOP.has(w) || /^(?:is|are|was|isn't|it's|let's|be)$/.test(w)) break;
      got.push(t);
      i += dir;
    }
    return got;
  };
  const at = (i: number) => (toks[i]?.kind === "word" ? toks[i]!.lower : "");
  for (let i = 0; i < toks.length; i++) {
    const w = at(i);
    const next = at(i + 1);
    if ((w === "not" || w === "don't" || w === "won't" || w === "never") && !/^(?:sure|really|that|just|only|too|very)$/.test(next)) {
      found.push(...take(i + 1, 1));
      if (/^(?:is|are|was|were|'s)$/.test(at(i - 1))) found.push(...take(i - 2, -1));
    } else if (w === "no" && next && !/^(?:no|problem|worries|pressure|way|idea|i|we|it|one|rush)$/.test(next)) {
      found.push(...take(i + 1, 1));
    } else if (w === "out" && next === "of") {
      found.push(...take(i - 2, -1));
    } else if (w === "skip" || w === "drop" || w === "scrap") {
      found.push(...take(i + 1, 1));
    }
  }
  return found.filter((t) => isContentWord(t.lower) && !GENERIC_REJECTED.test(t.lower));
}

const GENERIC_REJECTED = /^(?:happening|necessary|scope|question|sure|now|build|building|do|doing|make|use|add|go|get|have|want|need|v\d)$/;

const RECAP_CUE = /\b(?:let me (?:just )?(?:recap|sum (?:it )?up|summari[sz]e)|to (?:recap|sum up|summari[sz]e)|(?:so )?in summary|if i (?:kind of )?summari[sz]e|recap(?:ping)?:)/;

/** The rest of the turn in which someone sums the meeting up, from the cue on. */
function recapUnits(units: readonly Statement[]): Set<number> {
  const ids = new Set<number>();
  for (const u of units) {
    if (!RECAP_CUE.test(u.lower)) continue;
    for (let j = u.id + 1; j < units.length && units[j]!.sentence.turn === u.sentence.turn; j++) ids.add(j);
  }
  return ids;
}

// Someone saying they have (new) requirements ("we had the new requirements from head office", "we have a couple of new
// requirements I was just e-mailed") is about to read them out.
const ANNOUNCE_CUE = /\b(?:we|i)(?:'ve| have| had| got|'ve got| received| just got)\s+(?:\w+\s+){0,3}requirements?\b/;
// A read-out list runs for a dozen or so of the announcer's sentences, with questions from the room in between.
const ANNOUNCED_SPAN = 15;

/** What the announcer says next, in their own units: each item of the requirements they were handed. */
function announcedUnits(units: readonly Statement[]): Set<number> {
  const ids = new Set<number>();
  for (const u of units) {
    if (!ANNOUNCE_CUE.test(u.lower)) continue;
    let own = 0;
    for (let j = u.id + 1; j < units.length && j <= u.id + 4 * ANNOUNCED_SPAN && own < ANNOUNCED_SPAN; j++) {
      if (units[j]!.sentence.speaker !== u.sentence.speaker) continue;
      own++;
      ids.add(j);
    }
  }
  return ids;
}

export function extract(parsed: ParsedTranscript): Extraction {
  const units: Statement[] = [];
  for (const s of parsed.sentences) for (const toks of splitUnits(s)) if (toks.some((t) => t.kind === "word")) units.push(makeUnit(units.length, s, toks));

  const df = new Map<string, number>();
  for (const u of units) for (const t of new Set(u.terms)) df.set(t, (df.get(t) ?? 0) + 1);

  const rejections: Statement[] = [];
  const rejectedTerms = new Set<string>();
  const common = Math.max(4, units.length * 0.03);
  for (const u of units) {
    if (!REJECTION_PATTERNS.some((re) => re.test(u.lower))) continue;
    rejections.push(u);
    const objectTerms = termsOf(rejectedObject(u));
    // Theme words ("goals" in "shared goals") are mentioned everywhere; only the distinctive ones mark the rejection.
    const distinctive = objectTerms.filter((t) => t.length > 2 && (df.get(t) ?? 0) <= common);
    for (const t of distinctive) rejectedTerms.add(t);
  }

  const rejectionIds = new Set(rejections.map((r) => r.id));
  const recap = recapUnits(units);
  const announced = announcedUnits(units);
  const candidates: Statement[] = [];
  for (const u of units) {
    if (rejectionIds.has(u.id)) continue;
    const words = u.tokens.filter((t) => t.kind === "word").length;
    if (u.terms.length < 2 || words < 4) continue;
    let cue = 0;
    // Constraints ("nobody can delete entries") and proposals ("I'm thinking a table...") are requirements too.
    if (/\b(?:nobody|no one) (?:can|should|may|needs)\b|\b(?:should|must|can|will) never\b/.test(u.lower)) cue += 1.5;
    // Behaviour rules: "if a transfer would overdraw the account we skip it and notify them".
    if (/\b(?:if|when|once|whenever)\b.{3,80}\b(?:we|it|the app|the system)\s+(?:skip|show|send|block|notify|stop|warn|cancel|retry|hide|move|return|refund)/.test(u.lower)) cue += 2;
    if (/\b(?:maybe we (?:can|could|should)|we could|you could (?:maybe )?have|could maybe|what about|how about|you can (?:choose|press|pick|see|use|set|find)|it (?:lights|beeps|shows|turns))\b/.test(u.lower)) cue += 1.5;
    // "Maybe just a button on the home station": a tentative noun phrase is how speakers float a feature without a verb.
    if (/^(?:(?:so|and|or|but|yeah|okay)[,\s]+)*maybe (?:just |even |also )?(?:a|an|some|the|what|something)\b/.test(u.lower)) cue += 1.5;
    if (/\b(?:i'm thinking|i was thinking|what if we|how about|i'd suggest|i propose|my idea|i had this idea)\b/.test(u.lower)) cue += 1.5;
    for (const [re, w] of NEED_CUES) if (re.test(u.lower)) cue += w;
    const problem = PROBLEM_CUES.test(u.lower);
    if (problem) cue += 1.5;
    if (IMPERATIVE.test(u.lower)) cue += 2;
    if (/\b(?:per ?cent|percent|%)\b.*\b(?:said|want|would|prefer|like)\b/.test(u.lower)) cue += 1.5;
    if (confirmed(units, u)) cue += 1.5;
    if (recap.has(u.id)) cue += 2;
    // An item of a requirements list someone was handed counts like a recap item.
    if (announced.has(u.id)) cue += 2;
    const agreed = agreement(units, u) * 1.25;
    // The room saying "yeah" to a description or a fact shows it is following; with no wording of its own that asks for
    // anything ("what he's doing when he configures the chip is ..."), that alone is a weak sign of a requirement.
    const onlyAgreed = cue === 0 && agreed > 0;
    cue += agreed;
    if (cue === 0) continue;
    // Stacked cues ("need to be able to") say the same thing twice; cap them so one phrasing can't dwarf the rest.
    cue = Math.min(cue, 6);
    let factor = 1;
    const question = u.text.endsWith("?") || QUESTION_START.test(u.lower);
    // "Do we want X?" and "should we have X?" put a proposal on the table; other questions rarely do.
    // One the room answers "yeah" to is a proposal accepted.
    if (question) factor *= agreement(units, u) > 0 ? 1 : /\b(?:do we want|should we|shall we|could we|can we|do we need|what about|how about)\b/.test(u.lower) ? 0.8 : 0.45;
    // "Let me recap" announces a summary; a "weekly recap email" would be a feature.
    if (META.test(u.lower) || RECAP_CUE.test(u.lower)) factor *= 0.3;
    if (PERSONAL_TASK.test(u.lower)) factor *= 0.35;
    if (PROCESS.test(u.lower)) factor *= 0.3;
    // Fallback plans ("they could live with bulk invites if we had to") qualify a priority; they are not asks.
    if (/\b(?:could live with|if we had to|if we really run out)\b/.test(u.lower)) factor *= 0.3;
    // Effort remarks ("we'd have to do a full round trip") and own to-dos ("so I'll put those in the migration").
    if (/\b(?:we'd|we would) (?:have|need) to\b/.test(u.lower)) factor *= 0.5;
    if (/\b(?:i'll|i will)\b/.test(u.lower)) factor *= 0.6;
    // Someone else's errand ("facilities says they need an electrician") is not a product need.
    if (/\b(?:says|said) (?:they|he|she) (?:need|want)/.test(u.lower)) factor *= 0.5;
    if (/\b(?:want|need|like) (?:it|that|this)\b(?!')/.test(u.lower)) factor *= 0.5;
    if (/^(?:(?:so|and|okay|yeah|ok|quick thing from \w+)[,:\s]+)*i need\b/.test(u.lower)) factor *= 0.3;
    if (/^(?:(?:so|and|yeah|okay|right)[,\s]+)*(?:that's|that is|it's|this is|that was|that one's|which is)\b/.test(u.lower)) factor *= 0.35;
    if (u.terms.some((t) => rejectedTerms.has(t))) factor *= 0.5;
    if (onlyAgreed) factor *= 0.5;
    // A unit that opens with "because" gives the reason for something already said ("because most channels are two digit
    // numbers"); the ask is the thing it explains.
    if (/^(?:(?:so|and|but|yeah|well|okay|ok)[,\s]+)*(?:because|cause|'cause|cos)\b/.test(u.lower)) factor *= 0.5;
    // Recurring subjects are what the meeting is about; one-off chatter rarely is.
    // Words in nearly every unit ("remote", "goal") name the domain, not a feature, so they count for little.
    const weights = [...new Set(u.terms)]
      .map((t) => {
        const d = df.get(t) ?? 0;
        return d > units.length * 0.06 ? 0.3 : Math.log2(1 + Math.min(d, 12)) - 1;
      })
      .sort((a, b) => b - a);
    const centrality = weights.slice(0, 4).reduce((a, b) => a + Math.max(0, b), 0);
    const substance = Math.min(1, u.terms.length / 5);
    // Meetings settle things towards the end; opening presentations float ideas.
    const position = u.id / Math.max(1, units.length);
    const late = position > 0.6 ? 1.25 : 1;
    u.score = cue * factor * substance * late * (0.6 + centrality / 4);
    u.cue = cue;
    u.kind = problem && cue < 3 ? "problem" : /\b(?:let'?s|decided|agreed|we'll|we will)\b/.test(u.lower) ? "decision" : "need";
    candidates.push(u);
  }
  candidates.sort((a, b) => b.score - a.score || a.id - b.id);
  return { units, candidates, rejectedTerms, rejections, recap, df };
}
