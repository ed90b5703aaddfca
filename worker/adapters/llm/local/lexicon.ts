/** Word lists and light stemming shared by the extraction, grouping and composition steps. */

export const STOPWORDS = new Set(
  (
    "a an the and or but if then so than that this these those there here it its it's is are was were be been being am " +
    "i me my mine we us our ours you your yours he him his she her hers they them their theirs one ones " +
    "to of in on at by for from with without about into onto over under up down out off as also too very really just " +
    "do does did doing done don't doesn't didn't have has had having can could can't cannot would wouldn't should shouldn't " +
    "will won't shall may might must need needs needed want wants wanted like likes liked get gets got getting go goes going gonna " +
    "make makes made let let's lets say says said think thought know knew mean means see saw look looks looked yeah yes no not " +
    "okay ok right well oh sure maybe probably actually basically honestly literally anyway though because since while when what " +
    "which who whom whose where why how all any some every each both either neither more most much many few lot lots other another " +
    "such same own only even still already again now today then thing things stuff kind sort bit way something anything everything " +
    "nothing someone anyone everyone nobody somebody i'm i'd i'll i've we're we'd we'll we've you're you'd you'll you've they're " +
    "they'd they'll they've he's she's that's there's what's who's it'll isn't aren't wasn't weren't haven't hasn't hadn't " +
    "great good fine cool yep nope hey hi thanks thank please pls guess put take took give gave come came use used using able " +
    "two three four five six seven eight nine ten first second last next new old big small little whole part point points " +
    "try tried trying work works working talk talking talked wait call called ask asked tell told feel felt keep kept " +
    "yet else whatever etcetera etc via per ppl gonna wanna gotta dunno alright 'kay kay mm hmm um uh " +
    "add adds added set sets show shows allow allows " +
    "before after until during between through against within around instead rather"
  ).split(/\s+/),
);

/** Words naming who a story is for; the transcript's own wording wins when it uses one of them. */
export const ROLE_NOUNS = new Set(
  (
    "user users customer customers admin admins administrator administrators owner owners member members agent agents " +
    "auditor auditors manager managers developer developers viewer viewers buyer buyers shopper shoppers player players " +
    "student students teacher teachers patient patients doctor doctors nurse nurses driver drivers rider riders " +
    "guest guests visitor visitors subscriber subscribers seller sellers vendor vendors operator operators editor editors " +
    "author authors reader readers cook cooks parent parents employee employees clinician clinicians reviewer reviewers " +
    "moderator moderators analyst analysts traveller travellers " +
    "traveler travelers athlete athletes learner learners consumer consumers people"
  ).split(/\s+/),
);

export function stem(word: string): string {
  let w = word.toLowerCase().replace(/’/g, "'").replace(/'s$/, "");
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(?:ss|us|is|ys)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

export function isContentWord(lower: string): boolean {
  return lower.length > 1 && !STOPWORDS.has(lower) && /\p{L}/u.test(lower);
}

/** Words of a priority call ("..., medium."): how much, never what. */
export const PRIORITY_WORDS = new Set(["high", "medium", "low", "priority", "highest", "lowest"]);
