/**
 * Groups requirement statements that talk about the same thing into one story, so a feature discussed over several
 * turns (and recapped at the end) becomes one story rather than five.
 */
import { isDomainTerm, type Extraction, type Statement } from "./extract";
import { isContentWord } from "./lexicon";
import { joinTokens, type Token } from "./normalize";

export interface Cluster {
  statements: Statement[];
  /** Units said right after a statement (answers, sizing, priority calls) that qualify it. */
  context: Statement[];
  /** The speaker of a statement carrying on describing it, past other people's "yeah"s. */
  continued: Statement[];
  /** Details proposed or checked later in the same exchange and agreed to by someone else. */
  agreed: Statement[];
  score: number;
  terms: Set<string>;
}

const MAX_STATEMENTS = 4;
const REPLY_START = /^(?:yes|yeah|yep|yup|sure|okay|ok|right|agreed|exactly|definitely|absolutely|true|no|nope|i like|that's|that is|sounds|good|great|fine)\b/;
// Short replies that are not topic names.
const HEADER_NOT = /\b(?:high|medium|low|priority|points?|yes|yeah|no|okay|ok|sure|fine|agreed|noted|thanks?|right)\b|\?$/;
// Roughly as many stories as a long meeting has requirements; more would bury them.
const MAX_STORIES = 12;

function weightOf(x: Extraction, t: string): number {
  // Domain words count half, so they do not pull two different features into one story.
  return Math.log((x.units.length + 1) / ((x.df.get(t) ?? 0) + 0.5)) * (isDomainTerm(x, t) ? 0.5 : 1);
}

function similarity(a: Set<string>, b: Set<string>, x: Extraction): number {
  let shared = 0;
  let wa = 0;
  let wb = 0;
  for (const t of a) {
    const w = weightOf(x, t);
    wa += w;
    if (b.has(t)) shared += w;
  }
  for (const t of b) wb += weightOf(x, t);
  return wa && wb ? shared / Math.sqrt(wa * wb) : 0;
}

/**
 * Cuts a statement down to the clauses that do not mention a rejected idea ("we'll do JIT now and revisit SCIM
 * later" keeps the first half). Returns null when nothing useful is left.
 */
function withoutRejected(s: Statement, rejected: Set<string>, stemOf: (w: string) => string): Statement | null {
  const hit = (t: Token) => t.kind === "word" && rejected.has(stemOf(t.lower));
  if (!s.tokens.some(hit)) return s;
  const clauses: Token[][] = [];
  let cur: Token[] = [];
  for (const t of s.tokens) {
    const breaks = (t.kind === "punct" && /[,;:—–]/.test(t.text)) || (t.kind === "word" && /^(?:and|but|or|because|so|if)$/.test(t.lower) && cur.length > 2);
    if (breaks && cur.length) {
      clauses.push(cur);
      cur = [];
    }
    if (t.kind === "punct" && /[,;:—–]/.test(t.text)) continue;
    cur.push(t);
  }
  if (cur.length) clauses.push(cur);
  let best: Token[] = [];
  let run: Token[] = [];
  for (const c of clauses) {
    if (c.some(hit)) {
      run = [];
      continue;
    }
    run = run.length ? [...run, ...c] : [...c];
    if (run.length > best.length) best = run;
  }
  while (best.length && (best[0]!.kind === "punct" || /^(?:and|but|or|so)$/.test(best[0]!.lower))) best.shift();
  const words = best.filter((t) => t.kind === "word");
  if (words.filter((t) => isContentWord(t.lower)).length < 2) return null;
  const first = best[0]!;
  const last = best[best.length - 1]!;
  const text = joinTokens(best);
  return {
    ...s,
    tokens: best,
    start: first.start,
    end: last.end,
    text,
    lower: text.toLowerCase().replace(/’/g, "'"),
    terms: s.terms.filter((t) => !rejected.has(t)),
  };
}

const CONTINUATION = /^(?:like|and|or|so|then|but|because|cause|which|where|with|plus|that)\b/;

/**
 * True when `b` carries on `a`'s sentence: the same speaker, at most three units later with only short interjections
 * by others in between ("do we want something to find it if it's lost? / Like a button on the TV you can press /
 * [yeah] / and it'll ring or beep").
 */
function continues(x: Extraction, a: Statement, b: Statement): boolean {
  if (b.id - a.id > 3 || !sameSpeakerCarriesOn(x, a, b)) return false;
  for (let j = a.id + 1; j < b.id; j++) if (x.units[j]!.sentence.speaker === a.sentence.speaker) return false;
  return CONTINUATION.test(b.lower) || !/[.!?]$/.test(a.text);
}

/** `b` is said by `a`'s speaker after `a`, and nobody else said more than a "yeah" (three words) in between. */
function sameSpeakerCarriesOn(x: Extraction, a: Statement, b: Statement): boolean {
  if (b.id <= a.id || a.sentence.speaker === null || a.sentence.speaker !== b.sentence.speaker) return false;
  for (let j = a.id + 1; j < b.id; j++) {
    const u = x.units[j]!;
    if (u.sentence.speaker !== a.sentence.speaker && u.tokens.filter((t) => t.kind === "word").length > 3) return false;
  }
  return true;
}

// An answer that accepts what was just put forward: "yeah, that's possible", "yes", "sure".
const YES = /^(?:yeah|yes|yep|yup|sure|okay|ok|right|exactly|definitely|absolutely|agreed|true|that's (?:possible|right|true|good|a good idea)|good idea)\b/;
// How far (in units) a discussion may wander from a story's own words before it counts as having moved on.
const EXCHANGE_GAP = 10;
const MAX_AGREED = 2;
// How near the story's words must be said for a proposal that does not name them to count as about it.
const PROPOSAL_REACH = 5;
// Wording that puts a way of doing something on the table.
const PROPOSAL = /\b(?:could|maybe|what about|how about|why not)\b/;
// "If you push something, it all lights up": how the feature behaves.
const BEHAVIOUR = /\b(?:if|when|whenever|once)\s.{3,60}?\b(?:it|they|you)\s+(?:\w+\s+)?(?!is\b|are\b|was\b|were\b)\w+/;

/** Someone other than `u`'s speaker says yes to it straight away (within the next two units). */
function saidYesTo(x: Extraction, u: Statement): boolean {
  for (let j = u.id + 1; j <= u.id + 2 && j < x.units.length; j++) {
    const v = x.units[j]!;
    if (v.sentence.speaker === null || v.sentence.speaker === u.sentence.speaker) continue;
    return YES.test(v.lower);
  }
  return false;
}

/**
 * The discussion of a feature runs on after the statement that asked for it: someone proposes how to do it ("but you
 * could maybe have it in a little charging station") or checks a detail ("so it lights up when it's dark?") and
 * another person says yes. An agreed detail like that is part of what was decided, as long as the exchange is still
 * on the story: no other story's statement came in between and the story's own (non-domain) words came up again no
 * more than EXCHANGE_GAP units before it.
 */
function agreedDetails(x: Extraction, c: Cluster, others: Set<number>, rejectionIds: Set<number>, asks: Set<number>): Statement[] {
  const n = x.units.length;
  // A detail said right after may already be context; that only qualifies the story, this makes it a criterion.
  const seen = new Set([...c.statements, ...c.continued].map((s) => s.id));
  const own = new Set([...c.terms].filter((t) => !isDomainTerm(x, t)));
  const onStory = (j: number) => !!x.units[j] && x.units[j]!.terms.some((t) => own.has(t));
  // The story's words said just around `j` (but not before the statement `from`).
  const nearStory = (j: number, from: number) => {
    for (let d = 1; d <= PROPOSAL_REACH; d++) if ((j - d > from && onStory(j - d)) || onStory(j + d)) return true;
    return false;
  };
  const out: Statement[] = [];
  for (const s of [...c.statements].sort((a, b) => a.id - b.id)) {
    let last = s.id;
    for (let j = s.id + 1; j < n && j - last <= EXCHANGE_GAP && out.length < MAX_AGREED; j++) {
      const u = x.units[j]!;
      if (others.has(j)) break;
      const shares = onStory(j);
      if (shares) last = j;
      if (seen.has(j) || rejectionIds.has(j) || !asks.has(j) || u.terms.length < 2 || u.terms.some((t) => x.rejectedTerms.has(t))) continue;
      if (!saidYesTo(x, u)) continue;
      // Only something put forward counts (a proposal, a rule for how it behaves, a yes/no check), not a remark about
      // how things are ("on most remotes it's red") or an answer that itself starts with yes or no.
      const proposal = PROPOSAL.test(u.lower);
      // A piece cut off mid-sentence ("so unless you're targeting single people you're gonna maybe") says too little.
      if (/^(?:yes|no|nope|not)\b/.test(u.lower) || !/[.!?]$/.test(u.text) || !(proposal || BEHAVIOUR.test(u.lower) || u.text.endsWith("?"))) continue;
      // It names the story's words, or it is a proposal the talk right around it ties to the story.
      if (!shares && !(proposal && nearStory(j, s.id))) continue;
      seen.add(j);
      out.push(u);
    }
  }
  return out;
}

export function group(x: Extraction, stemOf: (w: string) => string): Cluster[] {
  const n = x.units.length;
  const top = x.candidates[0]?.score ?? 0;
  const minScore = Math.max(1.5, top * 0.05);
  const clusters: Cluster[] = [];
  for (const raw of x.candidates) {
    if (raw.score < minScore * 0.5) break;
    const s = withoutRejected(raw, x.rejectedTerms, stemOf);
    if (!s) continue;
    const terms = new Set(s.terms);
    // A short fragment just before, in the same turn, names the topic the statement is about ("And export. The
    // auditor asked for a CSV ..."), so later remarks on that topic find this story.
    // Only at the start of a turn: mid-turn fragments are list items ("Test connection, medium.") or asides.
    const header = x.units[s.id - 1];
    const opensTurn = header && x.units[header.id - 2]?.sentence.turn !== header.sentence.turn;
    if (header && opensTurn && header.sentence.turn === s.sentence.turn && header.tokens.filter((t) => t.kind === "word").length <= 3 && !HEADER_NOT.test(header.lower))
      for (const t of header.terms) if (!x.rejectedTerms.has(t)) terms.add(t);
    let best: Cluster | null = null;
    let bestSim = 0;
    for (const c of clusters) {
      let sim = similarity(terms, c.terms, x);
      // Statements a few units apart in the same exchange usually continue one topic.
      // Nearness only helps a weaker follow-up join a stronger statement; two firm asks side by side stay two stories.
      // "Let's cap it at 100k rows" points back at what came just before it.
      const anaphoric = /^(?:\S+\s+){0,3}(?:it|them|those|that one|this one)\b(?!')/.test(s.lower);
      const follows = s.score < (c.statements[0]?.score ?? 0) * 0.6 || s.cue < 4 || anaphoric;
      // An immediate reply by someone else ("yes, that's medium, we want it for launch") is about what was just said.
      const reply = c.statements.some(
        // A statement said just before the story's must read as an answer to it ("yes I like that, that's medium") or
        // share a word, and a new question is never an answer: "let's do X" followed by "customers also want Y", or
        // "do we need a battery?" after an ask, change the subject.
        (o) =>
          Math.abs(s.id - o.id) === 1 &&
          Math.abs(s.sentence.turn - o.sentence.turn) === 1 &&
          (sim > 0 || REPLY_START.test((s.id > o.id ? s : o).lower) || (s.id > o.id && !s.text.endsWith("?"))) &&
          o.sentence.speaker !== null &&
          o.sentence.speaker !== s.sentence.speaker,
      );
      if (c.statements.some((o) => continues(x, o, s) || continues(x, s, o))) sim += 0.4;
      else if (reply) sim += 0.3;
      else if (follows && sim > 0 && c.statements.some((o) => Math.abs(o.id - s.id) <= 4 && Math.abs(o.sentence.turn - s.sentence.turn) <= 3)) sim += 0.15;
      if (sim > bestSim) {
        bestSim = sim;
        best = c;
      }
    }
    // A recap restates what was discussed: its items join the matching story even in fewer words.
    if (best && bestSim >= (x.recap.has(s.id) ? 0.15 : 0.3)) {
      if (best.statements.length < MAX_STATEMENTS) {
        best.statements.push(s);
        for (const t of terms) best.terms.add(t);
      }
      best.score += s.score * 0.3;
    } else if (s.score >= minScore) {
      clusters.push({ statements: [s], context: [], continued: [], agreed: [], score: s.score, terms });
    }
  }
  clusters.sort((a, b) => b.score - a.score);
  const kept = clusters.filter((c) => c.score >= Math.max(minScore, top * 0.08)).slice(0, MAX_STORIES);
  const asks = new Set(x.candidates.map((u) => u.id));
  const rejectionIds = new Set(x.rejections.map((r) => r.id));
  for (const c of kept) {
    const seen = new Set(c.statements.map((s) => s.id));
    const others = new Set(kept.filter((o) => o !== c).flatMap((o) => o.statements.map((s) => s.id)));
    for (const s of c.statements) {
      for (let j = s.id + 1; j <= s.id + 4 && j < n; j++) {
        const u = x.units[j];
        // The next story's statement starts another topic: what follows it qualifies that one, not this.
        if (!u || others.has(j)) break;
        if (seen.has(j) || rejectionIds.has(j) || u.terms.some((t) => x.rejectedTerms.has(t))) continue;
        // The speaker carrying on past a "yeah" from someone else ("like a button on the TV you can press ... and it'll
        // ring or beep") is still describing the same thing.
        if (u.terms.length >= 2 && asks.has(j) && sameSpeakerCarriesOn(x, s, u)) {
          seen.add(j);
          c.continued.push(u);
          continue;
        }
        if (Math.abs(u.sentence.turn - s.sentence.turn) > 2) continue;
        seen.add(j);
        c.context.push(u);
      }
    }
    c.agreed.push(...agreedDetails(x, c, others, rejectionIds, asks));
    c.statements.sort((a, b) => b.score - a.score);
  }
  // Stories follow the order the meeting raised them in.
  return kept.sort((a, b) => Math.min(...a.statements.map((s) => s.id)) - Math.min(...b.statements.map((s) => s.id)));
}
