/**
 * The one lexicon of the embedded generator (issue 15): cue words by what they signal, and the one table of scoring
 * weights. Everything here is a lemma or a closed-class word; there is no phrase of any meeting in it. The grammar
 * (./grammar) combines these with part-of-speech patterns from the language layer.
 */

const set = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

/** Verbs that state a need or wish; their object or `to`-verb is the thing asked for. */
export const NEED_VERBS = set("need want require like love prefer expect");

/** Need verbs that state a wish: "I want / I'd love …" is the speaker's wish for the product, never their own to-do. */
export const DESIRE_VERBS = set("want like love prefer wish");

/** Nouns that stand for a thing not named yet: "I need something where I can …" asks for what the clause says. */
export const PLACEHOLDERS = set("something somewhere anything way place tool option button screen spot");

/** Modals that make the following base verb an ask ("Admins should …", "We must …"). */
export const ASK_MODALS = set("should must shall ought");

/** Modals that ask only in a question with "we/you" ("Can we …?") or in a hedged frame ("It would help if X could …"). */
export const SOFT_MODALS = set("can could would will might may");

/** Adjectives and verbs of a hedged ask frame: "it would be <ADJ> if …", "it would <VERB> if …". */
export const FRAME_WORDS = set("great nice good helpful useful handy ideal cool awesome better best help");

/** Verbs whose object is a feature, not an action ("we need to have a …", "give X a …"). */
export const LIGHT_VERBS = set("have get include provide offer give");

/** General-purpose verbs: with "we/I/you" as subject ("we have to make/find/bring …") they state the team's own work. */
export const GENERIC_VERBS = set("make find bring give put take get do build create sell buy aim");

/** Nouns naming parts of a product's interface: "<thing> is a <…part…>" describes what to build. */
export const PRODUCT_PARTS = set(
  "button card screen page tab field form list menu toggle switch bar chart graph dialog popup banner link icon badge widget panel " +
    "view table column dropdown checkbox slider footer header sidebar modal alert dashboard calendar map timeline feed tile wizard",
);

/** Verbs about the meeting itself, not the product: an ask to talk about something is not a requirement. */
export const MEETING_VERBS = set(
  "talk discuss meet decide think consider figure look check see go move start finish wrap say tell ask mention remember know " +
    "work deliver spend investigate research prepare summarise summarize review " +
    "agree keep try wait come leave stop continue follow sort present explain understand guess hear write note focus " +
    "be do",
);

/** Words of a resolution that closes a topic's issue or proposal ("RESOLVED: close the issue", "proposal declined"). Not
 * "reject", which resolutions also use for what the product does ("longer ranges reject with an error"). */
export const CLOSING_WORDS = set("close closed closing decline declined wontfix");

/** Words saying a closed thing was done, so closing it turned nothing down ("closed as fixed", "merged, closing"). */
export const DONE_WORDS = set("fixed done implemented merged completed shipped landed resolved duplicate");

/** Verbs of the team's own follow-up work that open a line of notes as an order ("Compile a list …", "Investigate why
 * …"); verbs a product also does ("sync", "schedule", "contact") are not here. */
export const FOLLOW_UP_VERBS = set("compile investigate research discuss brainstorm explore ping coordinate");

/** What a meeting writes and tracks about itself: work on these is an action item, not a product ask. (Not "document",
 * "spec" or "ticket", which a product may hold: "share the document with reviewers" is an ask of an editing tool.) */
export const MEETING_PAPERS = set("issue issues proposal proposals rfc rfcs pr prs agenda minutes");

/** Verbs of work on a meeting's papers ("close the issue", "reflect it in the proposal", "compile a list for the RFC"). */
export const PAPER_VERBS = set(
  "compile draft write update reflect review close reopen open file share circulate forward raise summarise summarize",
);

/** Content verbs that stay meeting talk even with an object ("make sure", "take a look", "send the notes"). */
export const MEETING_OBJECTS = set(
  "meeting call sync minute notes note agenda slide slides presentation question idea thing stuff point time sure look chance word " +
    "decision spec specs requirement weakness improvement lunch break coffee deadline thought thread feedback input comment",
);

/** Single-word answers and short phrases that accept what the previous speaker proposed. */
export const AGREEMENT = set(
  "yes yeah yep yup sure agreed agree ok okay fine definitely absolutely exactly right correct perfect good great sounds deal",
);

/** Lemmas that reject or drop the thing they govern. */
export const REJECTION = set("reject drop scrap cut kill remove skip abandon forget veto decline exclude");

/**
 * Verbs of knowing and thinking: negated by a speaker ("I don't remember", "we don't know", "I don't think that's hard")
 * they say what the speaker knows or believes, not what the product will not do.
 */
export const COGNITION_VERBS = set("know remember recall think understand believe guess suppose see mind care figure");

/** Nouns of information a speaker has or lacks ("I don't have costing information"): not a product's feature. */
export const KNOWLEDGE_NOUNS = set(
  "information info idea clue figure figures number numbers data detail details answer",
);

/** Words a speaker tags onto the end of a phrase ("a remote control, right", "the export, yeah"): not part of it. */
export const TAG_WORDS = set("right yeah yes okay ok anyway though");

/** The team's own backlog papers ("put it in the acceptance criteria", "raise a ticket"): work on them is no feature. */
export const BACKLOG_PAPERS = set("ticket tickets criteria criterion epic epics backlog jira estimate estimates");

/** Stages of delivery a date is put on ("a beta by March", "live by then"): a schedule, not a capability. */
export const MILESTONES = set("beta pilot launch release live rollout go-live deadline milestone demo decision");

/** Words that name a day or a time a thing is due by ("by Friday", "by the end of June", "by then"). */
export const DATES = set(
  "monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec then tomorrow tonight end eod eow spring summer autumn fall winter christmas easter q1 q2 q3 q4 week month quarter",
);

/** Words of a decision not to do something ("decided not to", "agreed not to"). */
export const DECISION_VERBS = set("decide agree choose opt plan");

/** Adjectives that, negated after "be", reject the subject ("X is not necessary"). */
export const NEEDED = set("necessary needed required essential important worth needful");

/** Role nouns too general to name a role; a story for them is written for the meeting's role or "user". */
export const GENERIC_ROLES = set("people person individual team everyone someone folk");

/** Lemmas that postpone the thing they govern. */
export const POSTPONEMENT = set("postpone defer park delay later wait shelve backlog");

/** Nouns of a later time ("next quarter", "phase two", "v2"). */
export const LATER_NOUNS = set(
  "quarter year phase release version v2 roadmap future summer winter spring autumn fall month cycle sprint iteration",
);

// What a heading or a line's label says about the lines under it (`Sentence.section` and `Sentence.label` from the
// language layer): notes and minutes file what a meeting settled, left open, put off or handed out as tasks under
// headings and labels, whatever grammar each line has. Checked in the order later, open, task, decided, proposed.

/** Headings of what was put off: parked, deferred, for later. ("Backlog" is not one: a backlog holds agreed work.) */
export const SECTION_LATER = set("later parked parking deferred defer postponed future excluded icebox v2");
/** Headings of what stays open: questions, unknowns. */
export const SECTION_OPEN = set("question questions open unresolved unknown unknowns tbd undecided");
/** Headings of tasks handed out to people: actions, to-dos, next steps. */
export const SECTION_TASKS = set(
  "action actions todo to-do todos task tasks step steps follow-up follow-ups followup followups owner owners",
);
/** Headings of what was settled: decisions, resolutions, agreed requirements. */
export const SECTION_DECIDED = set(
  "decision decisions decided agreed agreement resolution resolutions resolved requirement requirements must-have must-haves musts scope committed approved confirmed",
);
/** Headings of what was proposed but not yet agreed: ideas, options. */
export const SECTION_PROPOSED = set(
  "proposal proposals proposed propose idea ideas option options suggestion suggestions",
);
/** Words that, with "scope" or a verb of doing, turn a heading into "not doing" ("out of scope", "won't do"). */
export const SECTION_NOT = set("out not won't wont non no");

/** Words that raise a story's priority. */
export const PRIORITY_HIGH = set(
  "critical essential crucial urgent urgently asap blocker blocking vital important top key priority must mandatory required highest non-negotiable nonnegotiable dealbreaker deal-breaker",
);
/** Words that lower a story's priority. */
export const PRIORITY_LOW = set("nice optional eventually someday minor low later bonus");

/** Words that put a time on something rather than size the work: "within 60 days", "every week", "48 hours before". */
export const TIME_BOUNDS = set(
  "within after before every per in for by ago until than each next last old older later notice early earlier",
);

/** Verbs and nouns of another system the story touches (more systems, more work): "sync with the CRM", "an API". */
export const INTEGRATION_WORDS = set(
  "integrate integration sync synchronise synchronize import export api webhook connect connector migrate migration",
);

/** Words that make a number of days or hours an effort estimate: "that's two days of work", "it'll take a week". */
export const EFFORT_CUES = set(
  "take takes took effort work dev development build estimate estimated roughly about maybe probably around sprint job cost",
);

/** Sizing words: how big the work is, and the story points each means. */
export const SIZES: ReadonlyMap<string, number> = new Map([
  ["trivial", 1],
  ["tiny", 1],
  ["quick", 2],
  ["easy", 2],
  ["small", 2],
  ["simple", 2],
  ["straightforward", 2],
  ["medium", 5],
  ["moderate", 5],
  ["big", 8],
  ["large", 8],
  ["hard", 8],
  ["complex", 8],
  ["tricky", 8],
  ["huge", 13],
  ["massive", 13],
]);

/** Units of an effort estimate ("two days", "a week") and their hours. */
export const EFFORT_UNITS: ReadonlyMap<string, number> = new Map([
  ["hour", 1],
  ["day", 6],
  ["week", 30],
  ["sprint", 60],
]);

/** Nouns naming who a story is for (singular lemmas). Other people nouns are found by their ending (./grammar). */
export const ROLE_NOUNS = set(
  "user customer admin administrator owner member agent staff manager developer viewer buyer shopper player student teacher patron resident citizen donor " +
    "patient doctor nurse driver rider guest visitor subscriber seller vendor operator editor author reader cook parent " +
    "employee clinician reviewer moderator analyst traveller traveler athlete learner consumer client tenant landlord rep " +
    "representative coach pupil tutor volunteer pilot cashier courier mechanic receptionist vet technician engineer designer " +
    "accountant auditor clerk officer lawyer coordinator organiser organizer planner dispatcher supervisor lead approver " +
    "requester submitter recipient sender attendee participant host chef waiter server passenger resident homeowner " +
    "applicant candidate recruiter hr finance support ops team colleague person people individual family kid child adult " +
    "beginner expert professional freelancer contractor partner inspector bookkeeper shopkeeper gardener farmer singer " +
    "interpreter journalist librarian borrower pharmacist radiologist physiotherapist beekeeper commuter cyclist listener " +
    "consultant researcher translator picker technician",
);

/** Words ending like people nouns (-er, -or, -ist, -ian, -ant) that name things, not people. */
export const NOT_ROLES = set(
  "number order reorder ledger receiver scheduler folder filter computer printer scanner browser server container controller paper letter water power center " +
    "centre matter layer marker timer trigger banner header footer register counter monitor sensor indicator calculator " +
    "error color colour sticker poster flyer reminder trailer corner border chapter quarter meter metre parameter character " +
    "factor sector vector mirror floor door manner answer dinner summer winter river weather feather leather tower button " +
    "plant restaurant variant constant assistant tenant instant want percent account amount component payment content " +
    "list artist history adapter player speaker charger cover menu elevator generator simulator translator editor calendar " +
    "coffee fee committee degree tree agree guarantee jubilee transfer offer user-friendly folder cluster chapter answer other another either neither whether together however rather further never ever over under after later earlier " +
    "dollar behavior behaviour error interior exterior superior major minor",
);
// "tenant", "assistant", "translator", "editor" and "player" are in ROLE_NOUNS, which is checked first.

/** Possessive determiners, replaced in titles ("in their calendar" → "in the calendar"). */
export const POSSESSIVES = set("my our your their his her its");

/** Fillers and hedges dropped from titles and criteria. */
export const FILLERS = set(
  "basically actually really just kinda sorta probably maybe perhaps literally honestly obviously definitely also even yeah okay ok oh fwiw btw imo imho afaik tbh lol pls",
);

/** Hesitation sounds: never words of a story. */
export const HESITATIONS = set("um umm uh uhh erm er ah ahh hmm hmmm mm mmm mhm uh-huh mm-hmm");

/** Subordinators that open a condition ("if/when X, Y"). */
export const CONDITIONS = set("if when whenever once unless");
/** Subordinators that open a reason ("so that", "because"). */
export const REASONS = set("because since so");

/**
 * The one table of scoring weights. An ask's score is the sum of the weights of what it has; a sentence is an ask
 * when its score reaches ASK_THRESHOLD.
 */
export const WEIGHTS = {
  /** "need to", "want to", "need a …", "must", "should": a direct ask. */
  needVerb: 3,
  modal: 3,
  /** "be able to" after a modal or need verb. */
  ableTo: 1,
  /** A sentence-initial base verb (an imperative) or "let's VERB". */
  imperative: 3,
  /** "Can we …?" / "Could you …?": an ask in question form. */
  questionAsk: 2,
  /** "It would be great if X could …". */
  frame: 3,
  /** "We could …" / "maybe a …": a suggestion, an ask only when someone agrees. */
  suggestion: 1,
  /** "<thing> is a must-have / nice to have / high priority". */
  verdict: 4,
  /** The line sits under a heading or label of what the meeting settled ("Decisions", "RESOLUTION:"). */
  decided: 4,
  /** Another speaker agrees right after. */
  agreed: 2,
  /** A role noun names who needs it. */
  role: 1,
  /** The capability has a content noun (a thing to build) rather than only a verb. */
  object: 1,
  /** The subject is "it", "that" or "this": a property of something named elsewhere. */
  vagueSubject: -2,
  /** "We need to …" with no role named and no imperative: maybe the team's own task. */
  teamTask: -1,
  /** A question that is not an ask form. */
  question: -3,
  ASK_THRESHOLD: 4,
} as const;

/**
 * Issue 28 (asks said indirectly). Adjectives that judge a wished-for outcome good: "if X …, that'd be lovely",
 * "it'd be brilliant if X …" (with FRAME_WORDS); comparatives of ease judge it better than today ("it'd make life easier if …").
 */
export const WISH_WORDS = set(
  "lovely brilliant amazing fantastic wonderful perfect ideal superb fab fabulous marvellous marvelous excellent dreamy handy dream godsend lifesaver life-saver game-changer gamechanger relief easier simpler quicker smoother",
);

/** Verbs of a wished-for outcome's effect: "it'd save ROLE hours if …", "it would really help if …". */
export const WISH_VERBS = set("save help love like");

/** Nouns of a problem: "the problem is (that) nobody can X" states the need to X. */
export const PROBLEM_NOUNS = set("problem issue trouble headache pain frustration nightmare bit thing");

/** Superlatives that make a noun a problem or a value ("the worst bit", "the biggest headache"). */
export const PROBLEM_ADJECTIVES = set("worst biggest hardest main");

/** Nouns a value statement ranks a thing as ("the single most important thing", "our top priority"). */
export const VALUE_NOUNS = set("thing feature requirement priority part bit aspect one");

/** Nouns of an objection: "any objections to X?" proposes X to the room. */
export const OBJECTION_NOUNS = set("objection objections concern concerns");

/** Words of a reply that raises no objection ("none", "no objection", "nobody objected"). */
export const NO_OBJECTION = set("none no nope nobody nothing");

/** Adjectives and nouns of support for a proposal: "supportive of X", "in favour of X", "all for X". */
export const SUPPORT_WORDS = set("supportive favour favor support");

/** Words placing a statement in how things are today, not how the product will behave. */
export const TODAY_WORDS = set(
  "currently moment now today nowadays usually normally typically already still present presently anymore",
);

/** Labels before a colon that sum up what was asked ("So: A, B and C", "Recap: …"). */
export const RECAP_LABELS = set("so recap summary sum summing overall tldr tl;dr up short confirm summarise summarize");

/** Words that open a proposal put to the room: "how about …", "I propose / suggest we …". */
export const PROPOSAL_VERBS = set("propose suggest");

/** Adjectives of the room's consent asked for: "everyone happy with X?", "are we all OK with X?". */
export const CONSENT_WORDS = set("happy ok okay fine good comfortable board");

/** General nouns of summing up: "so the list / the plan is A, B and C" is a recap of what was asked. */
export const SUMMARY_NOUNS = set("list plan summary recap scope shortlist outcome upshot");

/** Verbs only a person does (perceiving, knowing, caring): their subject names people ("deckhands could see …"). */
export const PERSON_VERBS = set(
  "see know notice hear care wish remember forget understand realise realize worry complain prefer",
);

// The quality gate's and the coverage report's words (issue 40: one lexicon for the generator, the gate and coverage).

/** Roles that are not people: software parts and pronouns ("As a dashboard, I want…", "As it…"). */
export const THING_ROLES: ReadonlySet<string> = new Set([
  "system",
  "app",
  "application",
  "software",
  "platform",
  "website",
  "site",
  "page",
  "screen",
  "dashboard",
  "database",
  "server",
  "api",
  "module",
  "feature",
  "tool",
  "product",
  "service",
  "program",
  "form",
  "widget",
  "component",
  "report",
  "it",
  "this",
  "that",
  "device",
  "machine",
  "bot",
]);

/** Words naming a solution rather than a need: widgets, storage and wire formats (a warning: sometimes they are the need). */
export const SOLUTION_WORDS: ReadonlySet<string> = new Set([
  "button",
  "dropdown",
  "drop-down",
  "checkbox",
  "popup",
  "pop-up",
  "modal",
  "radio",
  "database",
  "sql",
  "table",
  "column",
  "api",
  "endpoint",
  "json",
  "xml",
  "cookie",
  "cache",
  "javascript",
  "html",
  "css",
  "react",
  "algorithm",
  "cron",
  "webhook",
  "regex",
  "iframe",
  "tab",
  "click",
  "textbox",
  "textfield",
  "sidebar",
  "navbar",
]);

/** Words no tester can check without asking what was meant. */
export const VAGUE_WORDS: ReadonlySet<string> = new Set([
  "user-friendly",
  "friendly",
  "easy",
  "easily",
  "fast",
  "quick",
  "quickly",
  "simple",
  "simply",
  "intuitive",
  "intuitively",
  "appropriate",
  "appropriately",
  "efficient",
  "efficiently",
  "flexible",
  "seamless",
  "seamlessly",
  "robust",
  "etc",
  "etc.",
  "various",
  "several",
  "some",
  "properly",
  "correctly",
  "nice",
  "better",
  "best",
  "optimal",
  "adequate",
  "sufficient",
  "reasonable",
  "user friendly",
  "certain",
  "stuff",
  "things",
]);

/** Simple past forms that are not also participles: "the credentials came through" tells, "the list sorted" may ask. */
export const SIMPLE_PAST: ReadonlySet<string> = new Set([
  "came",
  "went",
  "took",
  "gave",
  "saw",
  "did",
  "was",
  "were",
  "began",
  "ran",
  "wrote",
  "spoke",
  "broke",
  "chose",
  "drove",
  "ate",
  "fell",
  "flew",
  "grew",
  "knew",
  "rode",
  "rose",
  "sang",
  "swam",
  "threw",
  "wore",
  "forgot",
]);

/** Finite verbs that tell (the past, "does not", "has no"); "are returned", "must show", "loads" may be a rule badly put. */
export const TOLD_AUX: ReadonlySet<string> = new Set(["had", "was", "were", "did", "does", "do"]);

/** Lemmas that name a risk or a worry ("the risk is …", "I'm worried that …", "that could break …"). */
export const RISK_WORDS: ReadonlySet<string> = new Set([
  "risk",
  "risky",
  "concern",
  "concerned",
  "worry",
  "worried",
  "worrying",
  "danger",
  "dangerous",
  "blocker",
  "fail",
  "failure",
  "break",
  "breach",
  "outage",
  "vulnerability",
  "threat",
  "afraid",
  "fear",
  "downside",
  "problem",
  "issue",
]);

/** Words that bound a quantity: with a number, a limit the product must keep ("at most 3", "within 2 days"). */
export const LIMIT_WORDS: ReadonlySet<string> = new Set([
  "max",
  "maximum",
  "min",
  "minimum",
  "most",
  "least",
  "limit",
  "cap",
  "within",
  "under",
  "per",
  "only",
  "exactly",
  "every",
  "each",
]);

/** Words besides the lexicon's priority words that make a thing a condition of done ("a deal-breaker", "necessary"). */
export const ESSENTIAL: ReadonlySet<string> = new Set([
  "necessary",
  "needed",
  "non-negotiable",
  "dealbreaker",
  "deal-breaker",
  "must-have",
  "requirement",
]);

/** Spoken forms of a need verb the tagger reads as nouns ("we wanna …", "it's gotta …"). */
export const SPOKEN_NEED: ReadonlySet<string> = new Set(["wanna", "gotta"]);

/** Past-tense auxiliaries: a sentence in the past narrates what happened, it asks for nothing. */
export const PAST_AUX: ReadonlySet<string> = new Set(["was", "were", "did", "had"]);

/** Words that negate the verb after them ("do not", "never"): the tagger's own flag runs to the end of the sentence. */
export const NEGATORS: ReadonlySet<string> = new Set(["not", "n't", "never", "no"]);

/** Personal pronouns that open a clause as its subject ("we need …", "it has to …"). */
export const SUBJECTS: ReadonlySet<string> = new Set(["i", "we", "you", "they", "it", "he", "she"]);

/** Words that open a spoken clause without being part of it ("and", "so", "okay", "yeah"). */
export const SPOKEN_OPENERS: ReadonlySet<string> = new Set([
  "so",
  "okay",
  "ok",
  "right",
  "then",
  "well",
  "now",
  "alright",
  "perfect",
  "great",
  "cool",
  "thanks",
  "yep",
  "yes",
  "sure",
]);

/** Verbs that change or remove a thing someone must first have made. */
export const CHANGE_VERBS: ReadonlySet<string> = new Set([
  "edit",
  "update",
  "change",
  "modify",
  "delete",
  "remove",
  "cancel",
  "rename",
  "archive",
]);

/** Verbs that make a thing someone may later change or remove (see CHANGE_VERBS). */
export const MAKE_VERBS: ReadonlySet<string> = new Set([
  "create",
  "add",
  "make",
  "register",
  "upload",
  "import",
  "submit",
  "write",
  "post",
  "book",
  "enter",
  "record",
  "set",
  "open",
  "start",
  "invite",
  "generate",
  "build",
  "define",
  "save",
]);

/** Words and contractions that turn a story's ask into its opposite ("without", "can't", "won't"). */
export const NEGATION_WORDS: ReadonlySet<string> = new Set([
  "not",
  "never",
  "no",
  "without",
  "cannot",
  "can't",
  "don't",
  "won't",
  "shouldn't",
  "mustn't",
]);

/** Verbs that only frame an ask ("want", "be able"), not what is asked for. */
export const FRAME_LEMMAS: ReadonlySet<string> = new Set([
  "want",
  "need",
  "be",
  "have",
  "able",
  "can",
  "would",
  "like",
  "should",
  "must",
  "will",
  "get",
  "let",
  "allow",
  "make",
  "do",
]);
