/**
 * The probe set of issues 15 and 28: one-sentence asks, each with the role a story about it should be written for and
 * the form it is phrased in, and sentences that are not asks, each with its kind. Written for this set (not taken from
 * any transcript fixture, and in domains other than the fixtures'); a test checks that no probe shares a run of six
 * words with a fixture.
 */

/**
 * How an ask is phrased, so the set covers the forms people use. The first fifteen are the plain forms of issue 15; the
 * last eight (issue 28) are the indirect ones meetings are full of: a wish or condition, a recap of agreed items as
 * noun phrases, a statement of agreed behaviour, a bare imperative, a modal whose subject is a thing, a proposal or
 * consensus formula, a requirement put as a negative or a problem, and a statement of what matters most.
 */
export const ASK_FORMS = [
  "need to",
  "need (noun)",
  "should be able to",
  "have to be able to",
  "we have to support",
  "we need to give",
  "can we let",
  "it would be great if",
  "it would help if",
  "must",
  "want",
  "would like",
  "imperative",
  "please make",
  "passive",
  "conditional or wish",
  "recap",
  "agreed behaviour",
  "bare imperative",
  "thing modal",
  "proposal",
  "negative or problem",
  "value statement",
] as const;
export type AskForm = (typeof ASK_FORMS)[number];

export interface AskProbe {
  text: string;
  /** The role the story should name ("As a <role>"), as a lemma: singular, lower case. */
  role: string;
  form: AskForm;
}

/** What a non-ask is: talk a meeting is full of that asks the product for nothing. */
export const NON_ASK_KINDS = [
  "status",
  "anecdote",
  "rejection",
  "postponement",
  "question",
  "complaint",
  "small talk",
  "interviewer question",
  "process",
  "action item",
] as const;
export type NonAskKind = (typeof NON_ASK_KINDS)[number];

export interface NonAskProbe {
  text: string;
  kind: NonAskKind;
}

export const ASKS: readonly AskProbe[] = [
  // "X need(s) to …"
  {
    text: "Pharmacists need to see every drug interaction flagged before they approve a prescription.",
    role: "pharmacist",
    form: "need to",
  },
  {
    text: "Teachers need to attach a rubric to each assignment so students know how they will be graded.",
    role: "teacher",
    form: "need to",
  },
  {
    text: "Landlords need to collect rent by direct debit on the first of every month.",
    role: "landlord",
    form: "need to",
  },
  { text: "Each volunteer needs to sign up for a shift from their phone.", role: "volunteer", form: "need to" },
  { text: "Choir singers need to download the sheet music for the next rehearsal.", role: "singer", form: "need to" },
  // "X need(s) <thing>"
  {
    text: "Warehouse pickers need a scanner screen that shows the next shelf location in large print.",
    role: "picker",
    form: "need (noun)",
  },
  {
    text: "Truck drivers need turn-by-turn directions that still work without a mobile signal.",
    role: "driver",
    form: "need (noun)",
  },
  {
    text: "Mechanics need a checklist for each type of service on the tablet in the garage.",
    role: "mechanic",
    form: "need (noun)",
  },
  {
    text: "Radiologists need the previous scan shown side by side with the new one.",
    role: "radiologist",
    form: "need (noun)",
  },
  {
    text: "Couriers need proof of delivery with a signature captured on the screen.",
    role: "courier",
    form: "need (noun)",
  },
  { text: "Sales reps need a weekly summary of which leads went cold.", role: "sales rep", form: "need (noun)" },
  // "X should be able to …" / "X have to be able to …"
  {
    text: "Admins should be able to deactivate an account without deleting its history.",
    role: "admin",
    form: "should be able to",
  },
  {
    text: "Librarians should be able to renew a loan on behalf of a borrower.",
    role: "librarian",
    form: "should be able to",
  },
  {
    text: "Hotel guests should be able to check in online and skip the front desk.",
    role: "guest",
    form: "should be able to",
  },
  {
    text: "Coaches should be able to message every parent on the team roster at once.",
    role: "coach",
    form: "should be able to",
  },
  {
    text: "Interpreters should be able to mark themselves unavailable for a whole week.",
    role: "interpreter",
    form: "should be able to",
  },
  {
    text: "Journalists should be able to lock an article while an editor is checking it.",
    role: "journalist",
    form: "should be able to",
  },
  {
    text: "Recruiters have to be able to schedule interviews across time zones.",
    role: "recruiter",
    form: "have to be able to",
  },
  // "We have to support …" / "We need to give …"
  {
    text: "We have to support screen readers so blind listeners can browse the podcast catalogue.",
    role: "listener",
    form: "we have to support",
  },
  {
    text: "We have to support two-factor login for every consultant who works remotely.",
    role: "consultant",
    form: "we have to support",
  },
  {
    text: "We have to support refunds to the original card for shoppers who return an item.",
    role: "shopper",
    form: "we have to support",
  },
  {
    text: "We need to give property inspectors an offline checklist they can fill in on site.",
    role: "inspector",
    form: "we need to give",
  },
  // "Can we let X …?"
  { text: "Can we let tenants report a broken boiler with a photo from the app?", role: "tenant", form: "can we let" },
  {
    text: "Can we let reviewers leave comments directly on a paragraph of the draft?",
    role: "reviewer",
    form: "can we let",
  },
  { text: "Can we let cyclists save a route and share it with their club?", role: "cyclist", form: "can we let" },
  // "It would be great if X could …" / "It would help if …"
  {
    text: "It would be great if students could download their certificate as a PDF once they pass.",
    role: "student",
    form: "it would be great if",
  },
  {
    text: "It would be great if gardeners could get a frost warning the night before it hits.",
    role: "gardener",
    form: "it would be great if",
  },
  {
    text: "It would be great if museum visitors could book a timed entry slot online.",
    role: "visitor",
    form: "it would be great if",
  },
  {
    text: "It would help a lot if tutors could see which homework each pupil has not opened yet.",
    role: "tutor",
    form: "it would help if",
  },
  // "X must …"
  { text: "Auditors must see an unchangeable record of every payment approval.", role: "auditor", form: "must" },
  { text: "Pilots must confirm the fuel figures before the flight plan is filed.", role: "pilot", form: "must" },
  { text: "Every cashier must close their till with a count of notes and coins.", role: "cashier", form: "must" },
  { text: "Moderators must be able to hide a post until it has been reviewed.", role: "moderator", form: "must" },
  // "X want(s) …" / "X would like …"
  { text: "Researchers want to filter the survey answers by region and age group.", role: "researcher", form: "want" },
  { text: "Farmers want a daily forecast of soil moisture for each field.", role: "farmer", form: "want" },
  {
    text: "Our subscribers want to pause their plan for a month instead of cancelling.",
    role: "subscriber",
    form: "want",
  },
  {
    text: "Event organisers would like to sell tickets in tiers with an early-bird price.",
    role: "organiser",
    form: "would like",
  },
  {
    text: "Translators would like a glossary that suggests the approved term as they type.",
    role: "translator",
    form: "would like",
  },
  // Imperatives
  {
    text: "Add a search box to the help centre so call centre agents can find an answer during a call.",
    role: "agent",
    form: "imperative",
  },
  { text: "Add a low-stock alert for buyers when a product drops below ten units.", role: "buyer", form: "imperative" },
  { text: "Add bulk price editing for shopkeepers.", role: "shopkeeper", form: "imperative" },
  {
    text: "Make it possible for beekeepers to log each hive inspection with a photo.",
    role: "beekeeper",
    form: "imperative",
  },
  {
    text: "Let physiotherapists share an exercise plan with a short video for each movement.",
    role: "physiotherapist",
    form: "imperative",
  },
  // "Please make …"
  {
    text: "Please make the sign-up form usable on small phones for parents registering their children.",
    role: "parent",
    form: "please make",
  },
  { text: "Please make the bus timetable printable for commuters.", role: "commuter", form: "please make" },
  // Passive
  { text: "Monthly statements should be exportable to CSV for bookkeepers.", role: "bookkeeper", form: "passive" },
  {
    text: "Lab results should be visible to the patient as soon as the doctor signs them off.",
    role: "patient",
    form: "passive",
  },
  {
    text: "Invoices should be downloadable by freelancers in their own currency.",
    role: "freelancer",
    form: "passive",
  },
  // A condition or a wish ("If …, that'd be …", "I wish …", "Ideally …")
  {
    text: "If the ferry deckhands could scan boarding passes without unlocking the handheld, that would be brilliant.",
    role: "deckhand",
    form: "conditional or wish",
  },
  {
    text: "I wish dental hygienists got a nudge when a patient's X-rays are more than a year old.",
    role: "hygienist",
    form: "conditional or wish",
  },
  {
    text: "Ideally, wedding planners would see every supplier's deposit deadline on one timeline.",
    role: "wedding planner",
    form: "conditional or wish",
  },
  {
    text: "It'd be lovely if bell ringers could swap practice nights without phoning the tower captain.",
    role: "bell ringer",
    form: "conditional or wish",
  },
  {
    text: "If only ski instructors could see tomorrow's group sizes the evening before.",
    role: "ski instructor",
    form: "conditional or wish",
  },
  {
    text: "Would be a dream if claims handlers never had to retype a policy number from an email.",
    role: "claims handler",
    form: "conditional or wish",
  },
  // A recap of agreed items as noun phrases
  {
    text: "So, for the stage managers: a cue sheet they can edit live, and a countdown per scene.",
    role: "stage manager",
    form: "recap",
  },
  {
    text: "Recap for the lifeguards, then: one tap to log an incident, plus the pool temperature on the home screen.",
    role: "lifeguard",
    form: "recap",
  },
  {
    text: "To sum up, a shared packing list for scout leaders and a reminder the night before camp.",
    role: "scout leader",
    form: "recap",
  },
  {
    text: "Right, so: signallers get a single view of every level crossing, and alerts for any stuck open.",
    role: "signaller",
    form: "recap",
  },
  {
    text: "Grant writers, then: a word counter per section and the funder's deadline at the top.",
    role: "grant writer",
    form: "recap",
  },
  // A statement of agreed behaviour, passive or declarative
  {
    text: "The harbour master's berth list is ordered by arrival time.",
    role: "harbour master",
    form: "agreed behaviour",
  },
  {
    text: "Every caseworker is shown the family's last three visits before a new one is booked.",
    role: "caseworker",
    form: "agreed behaviour",
  },
  {
    text: "Expense claims from tour guides are settled within five working days.",
    role: "tour guide",
    form: "agreed behaviour",
  },
  {
    text: "Florists see the expiry date of a customer's loyalty points on the order screen.",
    role: "florist",
    form: "agreed behaviour",
  },
  {
    text: "The night porter's handover note goes out by email automatically at seven.",
    role: "porter",
    form: "agreed behaviour",
  },
  // A bare imperative, short
  {
    text: "Text the groundskeepers when a sprinkler zone reports a leak.",
    role: "groundskeeper",
    form: "bare imperative",
  },
  { text: "Give the jockeys their weigh-in times in race order.", role: "jockey", form: "bare imperative" },
  {
    text: "Give the charity fundraisers a monthly list of lapsed donors.",
    role: "fundraiser",
    form: "bare imperative",
  },
  { text: "Show the ushers which seats are still empty.", role: "usher", form: "bare imperative" },
  { text: "Send the surveyors a PDF of the site plan, nothing fancy.", role: "surveyor", form: "bare imperative" },
  // A modal ask whose subject is a thing
  {
    text: "The booth should flash amber when a toll collector's cash float runs low.",
    role: "toll collector",
    form: "thing modal",
  },
  {
    text: "The departure board has to show platform changes to conductors the moment they happen.",
    role: "conductor",
    form: "thing modal",
  },
  {
    text: "The court calendar must stop club members holding a court for more than two hours.",
    role: "club member",
    form: "thing modal",
  },
  {
    text: "Each quote ought to list labour and materials separately for the roofers.",
    role: "roofer",
    form: "thing modal",
  },
  {
    text: "The rental app needs to remind campervan renters to photograph the fuel gauge at drop-off.",
    role: "renter",
    form: "thing modal",
  },
  // A proposal or consensus formula
  { text: "Does anyone object to referees swapping matches between themselves?", role: "referee", form: "proposal" },
  { text: "Are we all happy for archivists to mark a box as fragile?", role: "archivist", form: "proposal" },
  { text: "I propose the hairdressers get a daily list of no-shows.", role: "hairdresser", form: "proposal" },
  { text: "Supportive of letting carers record each medication round on the tablet.", role: "carer", form: "proposal" },
  {
    text: "How about we give crossing guards a way to log near misses at the school gate?",
    role: "crossing guard",
    form: "proposal",
  },
  {
    text: "Everyone agreed, then: lab technicians can flag a sample as contaminated.",
    role: "lab technician",
    form: "proposal",
  },
  // A requirement said as a negative or a problem
  {
    text: "Right now paramedics can't see a patient's allergies until they reach the hospital.",
    role: "paramedic",
    form: "negative or problem",
  },
  {
    text: "The problem is that removal crews never know which flat has booked the lift.",
    role: "removal crew",
    form: "negative or problem",
  },
  {
    text: "Photographers should never lose a shoot because an upload timed out.",
    role: "photographer",
    form: "negative or problem",
  },
  {
    text: "Tailors keep losing track of which alterations are due back on Saturday.",
    role: "tailor",
    form: "negative or problem",
  },
  {
    text: "Election officials can never have a running tally on screen before the polls close.",
    role: "election official",
    form: "negative or problem",
  },
  // A value statement: what matters most
  {
    text: "Working without a signal is top of the list for our baggage handlers.",
    role: "baggage handler",
    form: "value statement",
  },
  {
    text: "Speed matters more than anything else to the dispatchers at the taxi desk.",
    role: "dispatcher",
    form: "value statement",
  },
  {
    text: "An accurate record of every feed is what night-shift midwives value most.",
    role: "midwife",
    form: "value statement",
  },
  {
    text: "Logging each crate with gloves on beats every other feature for vineyard workers.",
    role: "vineyard worker",
    form: "value statement",
  },
  {
    text: "Large print is the one thing our bingo callers won't compromise on.",
    role: "bingo caller",
    form: "value statement",
  },
];

export const NON_ASKS: readonly NonAskProbe[] = [
  // Status updates
  { text: "The payment service was upgraded on Monday and the error rate has been flat since.", kind: "status" },
  { text: "We closed forty tickets this sprint, which is about our usual pace.", kind: "status" },
  { text: "The new welcome emails have been live for two weeks now.", kind: "status" },
  { text: "Marta finished moving the database to the new cluster last night.", kind: "status" },
  // Anecdotes
  { text: "My neighbour spent an hour on hold with her bank yesterday.", kind: "anecdote" },
  { text: "Back when I worked for a ferry company we printed every schedule by hand.", kind: "anecdote" },
  { text: "I tried a rival app on the train and it logged me out twice.", kind: "anecdote" },
  { text: "Funny story, the office printer jammed in the middle of the board demo.", kind: "anecdote" },
  // Rejections
  { text: "We agreed not to add a chat feature to the ordering app.", kind: "rejection" },
  { text: "Offline mode for the tablet version is off the table because the cost is too high.", kind: "rejection" },
  { text: "We're not going to translate the admin screens into Spanish.", kind: "rejection" },
  { text: "The board turned down the idea of a loyalty card.", kind: "rejection" },
  // Postponements
  { text: "Let's leave the calendar sync for next quarter.", kind: "postponement" },
  { text: "Dark mode can wait until after the summer release.", kind: "postponement" },
  { text: "We'll come back to the referral programme once the budget is approved.", kind: "postponement" },
  { text: "Push notifications are parked until the legal review is done.", kind: "postponement" },
  // Questions without an ask
  { text: "Did anyone look at the crash reports from the weekend?", kind: "question" },
  { text: "How many schools signed up after the webinar?", kind: "question" },
  { text: "Who owns the contract with the hosting provider?", kind: "question" },
  { text: "What time does the Saturday shift at the depot start?", kind: "question" },
  // Complaints without an ask
  { text: "The staging server is painfully slow again today.", kind: "complaint" },
  { text: "Honestly the last three vendor calls were a waste of everyone's time.", kind: "complaint" },
  { text: "The conference wifi kept dropping all morning.", kind: "complaint" },
  { text: "Nobody reads the release notes anyway.", kind: "complaint" },
  // Small talk
  { text: "Good morning everyone, let's get started.", kind: "small talk" },
  { text: "Thanks, that was a useful session.", kind: "small talk" },
  { text: "Did everyone have a decent weekend?", kind: "small talk" },
  { text: "Sorry I'm late, the tram broke down outside the station.", kind: "small talk" },
  { text: "Can you all hear me okay?", kind: "small talk" },
  { text: "Let's wrap up there, thanks everyone.", kind: "small talk" },
  // An interviewer's questions
  { text: "Talk me through an ordinary Monday at the marina office.", kind: "interviewer question" },
  { text: "What's the most annoying part of closing up at night?", kind: "interviewer question" },
  { text: "When did a booking last go wrong for you, and what happened next?", kind: "interviewer question" },
  { text: "How do you keep track of who has borrowed the climbing ropes at the moment?", kind: "interviewer question" },
  { text: "Can you show me where you'd normally look up the tide times?", kind: "interviewer question" },
  { text: "What did you try before you started using spreadsheets?", kind: "interviewer question" },
  // Lines that run the meeting
  { text: "Let's forward that to legal and see what they think.", kind: "process" },
  { text: "I'll put it in the minutes and circulate them by Friday.", kind: "process" },
  { text: "We can take the rest of this offline.", kind: "process" },
  { text: "Let's park the budget talk and move on to item four.", kind: "process" },
  { text: "Could someone share their screen so we can all see the draft?", kind: "process" },
  // More status updates
  { text: "The ferry timetable import ran cleanly overnight.", kind: "status" },
  { text: "Design signed off the new onboarding screens yesterday afternoon.", kind: "status" },
  { text: "We're still waiting on the vendor for the sandbox keys.", kind: "status" },
  // Action items for the team
  { text: "Priya will send the pricing sheet to the orchestra board by Thursday.", kind: "action item" },
  { text: "Action for Tom: book a room for the retro.", kind: "action item" },
  { text: "I'll follow up with the harbour authority about the mooring permit.", kind: "action item" },
  { text: "Sam to chase the sign-off from finance before the break.", kind: "action item" },
];
