import { describe, expect, it } from "vitest";
import type { UserStory } from "../../../schema/api/transcripts";
import { ALL_FIXTURES, FIXTURES, SPLIT, TEST_FIXTURES } from "./fixtures";
import { generateEmbedded } from "../../adapters/llm/local/index";
import {
  benefitOf,
  boilerplate,
  copiedCriteria,
  coversRequirement,
  criteriaRepeatingTitle,
  evaluate,
  formatTable,
  fragmentReason,
  isFragmentTitle,
  isInvertedAsk,
  isQuestionEvidence,
  madeFromQuestion,
  madeRejectedStory,
  mentionsOutsideNegation,
  missedTargets,
  negatedWishWords,
  TARGETS,
  total,
  wantClause,
  wordsOnly,
  type GoldRequirement,
} from "./quality";
import { loadLanguage } from "../../reading";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

const story = (text: string, extra: Partial<UserStory> = {}): UserStory => ({
  title: "T",
  description: text,
  acceptanceCriteria: [],
  priority: "Medium",
  storyPoints: 3,
  estimatedHours: 12,
  ...extra,
});
/** A story whose evidence is the quote (offsets are not checked by the inverted-ask rule). */
const quoted = (description: string, quote: string) =>
  story(description, { evidence: [{ quote, start: 0, end: quote.length }] });

describe("quality metrics", () => {
  it("counts a requirement as covered with half of its keywords, at least two", () => {
    const req: GoldRequirement = {
      id: "R1",
      summary: "",
      keywords: ["export", "csv", "workout history"],
      priority: "Low",
      evidence: "",
    };
    expect(coversRequirement(story("As a user, I want to export my workout history"), req)).toBe(true);
    expect(coversRequirement(story("As a user, I want to export data"), req)).toBe(false);
  });

  it("ignores keywords under a negation when checking rejected items", () => {
    expect(mentionsOutsideNegation("TV only, no teletext", "teletext")).toBe(false);
    expect(mentionsOutsideNegation("Teletext buttons stay on the remote", "teletext")).toBe(true);
    expect(
      madeRejectedStory(story("As a viewer, I want a TV-only remote, no teletext"), {
        summary: "",
        keywords: ["teletext"],
        evidence: "",
      }),
    ).toBe(false);
  });
});

describe("boilerplate", () => {
  const withBenefit = (benefit: string, criteria: string[] = []) =>
    story(`As a rider, I want something, so that ${benefit}.`, { acceptanceCriteria: criteria });

  it("finds a benefit or criterion repeated in three or more stories, however cased and spaced", () => {
    const stories = [
      withBenefit("the app behaves as we said"),
      withBenefit("The app  behaves as we said"),
      withBenefit("the app behaves as WE said", ["Every change is logged."]),
      withBenefit("riders can plan the trip home", ["every change is logged"]),
      story("As a rider, I want a fare estimate", { acceptanceCriteria: ["Every change   is logged."] }),
    ];
    const found = boilerplate(stories);
    expect(found.texts.sort()).toEqual(["every change is logged", "the app behaves as we said"]);
    expect(found.stories).toBe(5);
  });

  it("does not count a text shared by only two stories, or repeated inside one story", () => {
    const stories = [
      withBenefit("fares are clear", [
        "Fare shown before booking",
        "Fare shown before booking",
        "Fare shown before booking",
      ]),
      withBenefit("fares are clear"),
      withBenefit("the driver knows where to stop"),
    ];
    expect(boilerplate(stories)).toEqual({ texts: [], stories: 0 });
  });

  it("reads the benefit from the 'so that' clause only", () => {
    expect(benefitOf("As a rider, I want a fare estimate, so that I can budget.")).toBe("I can budget.");
    expect(benefitOf("As a rider, I want a fare estimate.")).toBeUndefined();
  });
});

describe("fragment titles", () => {
  it.each([
    "Reply to a reminder to confirm or reschedule",
    "Monthly usage report",
    "Export invoices as PDF",
    "Log out of every device",
    "Filter orders by delivery status",
    "Pause a subscription for a month",
    "If offline, queue photo uploads",
    "When a parcel is late, then notify the buyer",
    "Restrict search to open tickets only",
    "Set up two-factor login",
    "Large print mode for the seat map",
  ])("accepts the phrase %j", (title) => {
    expect(fragmentReason(title)).toBeUndefined();
  });

  it.each([
    ["Refunds", "fewer than two content words"],
    ["Sort it out", "fewer than two content words"],
    ["It really should", "fewer than two content words"],
    ["They want faster checkout", "starts with a subject"],
    ["We'd rather keep paper tickets", "starts with a subject"],
    ["Is there a way to merge accounts", "starts with an auxiliary"],
    ["Can riders split fares", "starts with an auxiliary"],
    ["If the parcel arrives damaged", "subordinate clause"],
    ["That was on the old booking screen", "subordinate clause"],
    ["Because the queue is long", "subordinate clause"],
    ["Weekly rota we'd to publish", "dangling contraction"],
    ["Send the weekly report to", "ends with a function word"],
    ["Export orders and", "ends with a function word"],
    ["Booking page for the", "ends with a function word"],
    ["Customers at the counter can", "ends with a function word"],
    ["Weekly digest emails they", "ends with a function word"],
    ["Invoice totals really need", "ends with a function word"],
    ["Track parcels without even", "ends with a function word"],
    ["Audit trail showing who", "ends with a function word"],
  ])("flags %j (%s)", (title, reason) => {
    expect(isFragmentTitle(title)).toBe(true);
    expect(fragmentReason(title)).toContain(reason);
  });
});

describe("inverted asks", () => {
  it("flags an ask for what the evidence says is not wanted", () => {
    const quote = "I honestly don't want the courier ringing the doorbell after ten at night.";
    expect(
      isInvertedAsk(quoted("As a resident, I want the courier ringing the doorbell after ten at night.", quote)),
    ).toBe(true);
    expect(
      isInvertedAsk(quoted("As a resident, I want couriers not to ring the doorbell after ten at night.", quote)),
    ).toBe(false);
  });

  it.each([
    ["We decided not to send paper invoices by post.", "As a customer, I want paper invoices sent by post."],
    [
      "The app shouldn't ask for the password on every launch.",
      "As a member, I want the app to ask for the password on every launch.",
    ],
    ["No pop-ups on the checkout page, please.", "As a shopper, I want pop-ups on the checkout page."],
    [
      "Don't email the whole class when one grade changes.",
      "As a teacher, I want to email the whole class when one grade changes.",
    ],
    [
      "I don't think we need a printed receipt for every top-up.",
      "As a commuter, I want a printed receipt for every top-up.",
    ],
    [
      "Let's not show the leaderboard to new players.",
      "As a new player, I want the leaderboard to show me among the new players.",
    ],
    ["Guests will never see the staff rota.", "As a guest, I want to see the staff rota."],
    ["We'll never keep card numbers on our servers.", "As a shopper, I want my card numbers kept on your servers."],
  ])("flags %j made into %j", (quote, description) => {
    expect(isInvertedAsk(quoted(description, quote))).toBe(true);
  });

  it.each([
    // a state of affairs negated: the ask for the opposite is the point
    ["Right now the reps can't see which leads went cold.", "As a sales rep, I want to see which leads went cold."],
    ["There's no way to undo a refund.", "As a cashier, I want to undo a refund."],
    ["The map doesn't show closed roads.", "As a driver, I want the map to show closed roads."],
    // additive "not only"
    ["Not only invoices but also receipts should be searchable.", "As a bookkeeper, I want invoices to be searchable."],
    // the negation is about something else in the quote
    ["We don't want a chatbot, but a callback button would help.", "As a caller, I want a callback button."],
    // the story keeps the negation
    ["No pop-ups on the checkout page, please.", "As a shopper, I want no pop-ups on the checkout page."],
    // an interjection "no" governs nothing
    ["No, the parents need a reminder the evening before.", "As a parent, I want a reminder the evening before."],
  ])("does not flag %j made into %j", (quote, description) => {
    expect(isInvertedAsk(quoted(description, quote))).toBe(false);
  });

  it("misses a paraphrase that repeats only one of several governed words (a known limit of the heuristic)", () => {
    expect(
      isInvertedAsk(
        quoted("As a new player, I want to see the leaderboard.", "Let's not show the leaderboard to new players."),
      ),
    ).toBe(false);
  });

  it("reads the governed words and the want clause", () => {
    expect(negatedWishWords("We don't really need a dark theme, the light one is fine.")).toEqual([["dark", "theme"]]);
    expect(negatedWishWords("It can't load {disfmarker} the map.")).toEqual([]);
    expect(wantClause("As a driver, I want to see closed roads, so that I can plan around them.")).toBe(
      "to see closed roads",
    );
    expect(wantClause("A driver sees closed roads.")).toBeUndefined();
  });
});

describe("criteria repeating the title", () => {
  const withCriteria = (title: string, criteria: string[]) =>
    story("As a tenant, I want it", { title, acceptanceCriteria: criteria });

  it("flags a criterion with half or more of its content words in the title, however inflected", () => {
    expect(
      criteriaRepeatingTitle(withCriteria("Export invoices as PDF", ["Invoices can be exported as a PDF"])),
    ).toEqual(["Invoices can be exported as a PDF"]);
    // two of its four content words (boiler, repair; not reaches, landlord) are in the title
    expect(
      criteriaRepeatingTitle(withCriteria("Report a boiler repair", ["The boiler repair reaches the landlord"])),
    ).toHaveLength(1);
    // "It works" has no content word left after the closed classes, so it repeats nothing
    expect(criteriaRepeatingTitle(withCriteria("Report a boiler repair", ["It works"]))).toEqual([]);
  });

  it("leaves a criterion that adds a condition of its own", () => {
    expect(
      criteriaRepeatingTitle(
        withCriteria("Report a boiler repair", [
          "A photo can be attached from the phone camera",
          "The landlord is told within an hour",
        ]),
      ),
    ).toEqual([]);
    // one of three content words (repair) is shared: less than half
    expect(criteriaRepeatingTitle(withCriteria("Report a boiler repair", ["Repair status visible later"]))).toEqual([]);
  });

  it("counts stories, not criteria, in the metrics", () => {
    const result = {
      epic: { title: "E", description: "", team: "", priority: "High" as const },
      userStories: [
        withCriteria("Export invoices as PDF", ["Invoice exported as PDF", "PDF invoices exported"]),
        withCriteria("Pay rent online", ["Card and bank transfer accepted"]),
      ],
    };
    expect(evaluate("f", "", result).titleEcho).toEqual(["Export invoices as PDF"]);
  });
});

describe("criteria copied from the transcript", () => {
  const transcript =
    "Ana: Right, so the rota has to show who is on call, by ward.\nBen: And it's printed every Friday.";

  it("normalises case, punctuation and spaces on both sides", () => {
    expect(wordsOnly("  The Rota -- has to SHOW: who's on call!  ")).toBe("the rota has to show who s on call");
  });

  it("flags a criterion of six or more words found word for word", () => {
    expect(
      copiedCriteria(["The rota has to show who is on call", "Rota has to show who is on call, by ward."], transcript),
    ).toHaveLength(2);
  });

  it("leaves short criteria, reworded ones and runs that cross a word boundary", () => {
    expect(
      copiedCriteria(
        ["Printed every Friday", "The rota shows who is on call for each ward", "rota has to show who is on cal"],
        transcript,
      ),
    ).toEqual([]);
    // six words, but "ota" starts inside a word of the transcript
    expect(copiedCriteria(["ota has to show who is"], transcript)).toEqual([]);
  });

  it("counts copied criteria among all criteria", () => {
    const s = story("As a nurse, I want the rota", {
      acceptanceCriteria: ["The rota has to show who is on call", "Shown per ward"],
    });
    const m = evaluate("f", transcript, {
      epic: { title: "E", description: "", team: "", priority: "High" },
      userStories: [s],
    });
    expect([m.copiedCriteria.length, m.criteria]).toEqual([1, 2]);
  });
});

describe("stories made from questions", () => {
  const transcript =
    "Cy: Could the app remind me before the class starts? Dee: Sure. Cy: It should email the coach, right?\nDee: Members pay at the door.";
  const at = (quote: string) => ({
    quote,
    start: transcript.indexOf(quote),
    end: transcript.indexOf(quote) + quote.length,
  });

  it("takes a quote ending with a question mark as a question", () => {
    expect(isQuestionEvidence(transcript, at("Could the app remind me before the class starts?"))).toBe(true);
    expect(isQuestionEvidence("", { quote: "Is that the plan?\u201d", start: 0, end: 18 })).toBe(true);
  });

  it("takes a quote stopping inside a sentence that ends with a question mark as a question", () => {
    expect(isQuestionEvidence(transcript, at("Could the app remind me"))).toBe(true);
    expect(isQuestionEvidence(transcript, at("It should email the coach"))).toBe(true);
  });

  it("does not take a statement, or a quote whose sentence ends at a full stop or a line break, as one", () => {
    expect(isQuestionEvidence(transcript, at("Members pay at the door."))).toBe(false);
    expect(isQuestionEvidence(transcript, at("Members pay"))).toBe(false);
    expect(
      isQuestionEvidence("Ana: the coach gets an email\nBen: why?", {
        quote: "the coach gets an email",
        start: 5,
        end: 28,
      }),
    ).toBe(false);
  });

  it("judges a story by its first evidence quote", () => {
    const s = (...quotes: string[]) => story("As a member, I want a reminder", { evidence: quotes.map(at) });
    expect(
      madeFromQuestion(s("Could the app remind me before the class starts?", "Members pay at the door."), transcript),
    ).toBe(true);
    expect(
      madeFromQuestion(s("Members pay at the door.", "Could the app remind me before the class starts?"), transcript),
    ).toBe(false);
    expect(madeFromQuestion(s(), transcript)).toBe(false);
  });
});

describe("priority spread and estimates", () => {
  it("counts stories per priority and those estimated at exactly 4 hours a point", () => {
    const stories = [
      story("As a cook, I want a", { priority: "Highest", storyPoints: 2, estimatedHours: 8 }),
      story("As a cook, I want b", { priority: "Medium", storyPoints: 3, estimatedHours: 12 }),
      story("As a cook, I want c", { priority: "Medium", storyPoints: 3, estimatedHours: 10 }),
      story("As a cook, I want d", { priority: "Low", storyPoints: 5, estimatedHours: 16 }),
    ];
    const m = evaluate("kitchen", "", {
      epic: { title: "E", description: "", team: "", priority: "High" },
      userStories: stories,
    });
    expect(m.priorities).toEqual({ Highest: 1, High: 0, Medium: 2, Low: 1, Lowest: 0 });
    expect(m.hoursFourTimesPoints).toBe(2);
    const second = formatTable([m]).split("\n\n")[1]!;
    expect(second).toContain("priority H/M/L");
    expect(second).toMatch(/kitchen .* 25\/50\/25% +- +2 \(50%\)$/m);
  });

  it("counts the covered gold requirements whose story has the gold's priority, the top two levels as one", () => {
    const gold = {
      epic: "",
      requirements: [
        { id: "R1", summary: "", keywords: ["fryer timer"], priority: "High", evidence: "" },
        { id: "R2", summary: "", keywords: ["allergen label"], priority: "Low", evidence: "" },
        { id: "R3", summary: "", keywords: ["walk-in fridge"], priority: "Medium", evidence: "" },
      ],
      rejected: [],
      roles: ["cook"],
    };
    const stories = [
      story("As a cook, I want a fryer timer", { priority: "Highest" }),
      story("As a cook, I want an allergen label", { priority: "Medium" }),
    ];
    const m = evaluate(
      "kitchen",
      "",
      { epic: { title: "E", description: "", team: "", priority: "High" }, userStories: stories },
      gold,
    );
    expect(m.priorityAgrees).toBe(1);
    expect(formatTable([m]).split("\n\n")[1]).toMatch(/kitchen .* 1\/2 \(50%\)/);
  });
});

describe("targets", () => {
  it("reports each missed target of the table as counts, and nothing when all are met", () => {
    const good = story("As a rider, I want a fare estimate before booking", {
      title: "Fare estimate before booking",
      priority: "High",
      estimatedHours: 10,
      acceptanceCriteria: ["Shown in the local currency", "Updated when the route changes"],
      evidence: [{ quote: "fare", start: 0, end: 4 }],
    });
    const gold = {
      epic: "",
      requirements: [{ id: "R1", summary: "", keywords: ["fare", "estimate"], priority: "High", evidence: "" }],
      rejected: [],
      roles: [],
    };
    expect(
      missedTargets(
        total([
          evaluate(
            "f",
            "fare",
            { epic: { title: "E", description: "", team: "", priority: "High" }, userStories: [good] },
            gold,
          ),
        ]),
      ),
    ).toEqual([]);

    const bad = [0, 1, 2].map((i) =>
      story(`As a rider, I want thing ${i}, so that the app works.`, {
        title: "If it",
        evidence: [{ quote: "nope", start: 0, end: 4 }],
      }),
    );
    const missed = missedTargets(
      total([
        evaluate(
          "f",
          "fare",
          { epic: { title: "E", description: "", team: "", priority: "High" }, userStories: bad },
          gold,
        ),
      ]),
    );
    expect(missed.join("\n")).toMatch(/criteria per story/);
    expect(missed.join("\n")).toMatch(/verbatim evidence 0\/3/);
    expect(missed.join("\n")).toMatch(/3 stories with boilerplate/);
    expect(missed.join("\n")).toMatch(/fragment titles 3\/3/);
    expect(missed.join("\n")).toMatch(/gold coverage 0\/1/);
    expect(missed.join("\n")).toMatch(/precision 0\/3/);
    expect(TARGETS.coverage).toBe(0.6);
  });

  it("reports the criteria, question, priority and estimate targets", () => {
    const transcript = "Can riders see the fare before they book the trip?";
    const evidence = [{ quote: transcript, start: 0, end: transcript.length }];
    // every story: a criterion repeating the title, one copied from the transcript, made from a question, Medium, 4 h a point
    const stories = [0, 1, 2].map((i) =>
      story(`As a rider, I want fare ${i}`, {
        title: `Fare estimate ${i}`,
        acceptanceCriteria: [`Fare estimate ${i} shown`, "riders see the fare before they book"],
        evidence,
      }),
    );
    const missed = missedTargets(
      total([
        evaluate("f", transcript, {
          epic: { title: "E", description: "", team: "", priority: "High" },
          userStories: stories,
        }),
      ]),
    ).join("\n");
    expect(missed).toMatch(/stories with a criterion repeating the title 3\/3 \(100%\) > 10%/);
    expect(missed).toMatch(/criteria copied from the transcript 3\/6 \(50%\) > 20%/);
    expect(missed).toMatch(/3 stories made from questions/);
    expect(missed).toMatch(/Medium priority 3\/3 \(100%\) > 70%/);
    expect(missed).toMatch(/hours = 4 × points 3\/3 \(100%\) > 50%/);
  });
});

describe("fixture split", () => {
  it("marks each fixture with the set split.json gives it", () => {
    for (const set of ["tuning", "test"] as const)
      expect(
        ALL_FIXTURES.filter((f) => f.set === set)
          .map((f) => f.name)
          .sort(),
      ).toEqual([...SPLIT[set]].sort());
    expect(FIXTURES.every((f) => f.set === "tuning")).toBe(true);
    expect(TEST_FIXTURES).toHaveLength(5);
  });
});

describe("generator quality over the tuning set", () => {
  // Regression floors for the form of the stories on the fixtures rules are written against. The targets
  // (boilerplate, fragment titles, inverted asks included) are judged on the test set by `npm run eval:stories`.
  // (the six of tuning-2/ were written on 2026-11-27 in the forms the generator misses, to tune on: `npm run
  // eval:stories` reports them; they are not held to these floors, nor are the public meetings of tuning-3/, added on
  // 2026-12-07 for issue 40's reading of meetings)
  const rows = FIXTURES.filter((f) => !/^tuning-[23]\//.test(f.name)).map((f) =>
    evaluate(f.name, f.transcript, generateEmbedded(f.transcript), f.gold),
  );
  const t = total(rows);

  it("meets the form targets: well-formed, criteria, verbatim evidence, no leaks, duplicates or rejected items", () => {
    expect(t.wellFormed).toBe(t.stories);
    expect(t.criteria / t.stories).toBeGreaterThanOrEqual(TARGETS.criteriaPerStory);
    expect(t.evidenceVerbatim).toBe(t.evidence);
    expect(t.leaked).toEqual([]);
    // (known misses on the tuning set: two near-duplicate pairs in one long AMI meeting, and the two rejected items
    // listed in rules/generate.node.test.ts; the test set has none of either)
    expect(t.nearDuplicates.length).toBeLessThanOrEqual(2);
    expect(t.rejectedMade).toHaveLength(2);
  });

  it("covers the gold requirements without drowning them in stories", () => {
    expect(t.coveredCount / t.gold).toBeGreaterThanOrEqual(TARGETS.coverage);
    expect(t.precise / t.goldStories).toBeGreaterThanOrEqual(TARGETS.precision);
    for (const r of rows) expect(r.stories).toBeLessThanOrEqual(Math.max(3, Math.ceil(r.gold * 1.5)));
  });
});
