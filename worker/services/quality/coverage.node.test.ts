import { describe, expect, it } from "vitest";
import type { Coverage } from "../../../schema/api/quality-body";
import type { GeneratedStories, UserStory } from "../../../schema/api/transcripts";
import { analyse, loadLanguage, read, stem } from "../../reading";
import { coverageReport } from "./coverage";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

// Every sentence here is written for these tests; none comes from a fixture.

function story(title: string, extra: Partial<UserStory> = {}): UserStory {
  return {
    title,
    description: `As a user, I want to ${title.toLowerCase()}.`,
    acceptanceCriteria: [],
    priority: "Medium",
    storyPoints: 3,
    estimatedHours: 12,
    ...extra,
  };
}

function stories(...userStories: UserStory[]): GeneratedStories {
  return { epic: { title: "Epic", description: "Epic.", team: "Team", priority: "Medium" }, userStories };
}

function expectVerbatim(transcript: string, coverage: Coverage): void {
  for (const item of coverage.items) {
    expect(transcript.slice(item.start, item.end)).toBe(item.quote);
    expect(item.quote.trim()).toBe(item.quote);
    expect(item.quote.length).toBeGreaterThan(0);
  }
}

function find(coverage: Coverage, words: string) {
  return coverage.items.find((i) => i.quote.includes(words));
}

const MEETING = [
  "Rosa: Dispatchers need to reassign an open job from the map view.",
  "Tariq: The invoice PDF must show the VAT number of the customer.",
  "Rosa: We decided not to build an in-app chat for drivers.",
  "Tariq: Let's postpone the loyalty points scheme until next year.",
  "Rosa: What happens to the route if a driver calls in sick?",
  "Tariq: I'll draft the pricing table for the depot managers by Friday.",
  "Rosa: The main risk is that the mapping provider throttles our geocoding requests.",
].join("\n");

describe("coverageReport: quotes", () => {
  it("quotes the transcript verbatim at the right offsets, with the speaker", () => {
    const coverage = coverageReport(MEETING, stories());
    expect(coverage.items.length).toBeGreaterThanOrEqual(5);
    expectVerbatim(MEETING, coverage);
    const ask = find(coverage, "reassign an open job")!;
    expect(ask.speaker).toBe("Rosa");
    // the speaker label is not part of the quote
    expect(ask.quote.startsWith("Dispatchers")).toBe(true);
  });

  it("stays verbatim with timestamps, speaker labels, Markdown and CRLF line breaks", () => {
    const texts = [
      "[00:00:05] Maya: The scheduler should send a reminder text to patients a day before.\n[00:00:12] Omar: Sure, and the reminder must include the clinic address.",
      "00:01:02 - Maya: Nurses need to see the ward occupancy on one screen.\r\n00:01:09 - Omar: Agreed.\r\n00:01:15 - Maya: We decided not to support paper rota printouts.\r\n",
      "# Planning notes\r\n\r\n## Decisions\r\n\r\n- **Refund requests** must be approved by a store manager within two days.\r\n- No gift wrapping in the first release.\r\n\r\n## Open questions\r\n\r\n- Do we keep receipts for seven years?\r\n",
      "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Lena>Warehouse staff need to scan a parcel barcode with the phone camera.</v>\n\n00:00:05.000 --> 00:00:08.000\n<v Kofi>The scan must work offline in the loading bay.</v>\n",
      "Maya (PM): Customers want to export their order history as a spreadsheet {laughs} for tax season.",
    ];
    for (const text of texts) {
      const coverage = coverageReport(text, stories());
      expect(coverage.items.length, text).toBeGreaterThan(0);
      expectVerbatim(text, coverage);
      for (const item of coverage.items) {
        expect(item.quote).not.toMatch(/^(?:\[|\d{2}:|#|-|\*\*|<v)/);
        expect(item.quote).not.toContain("\n");
      }
    }
    const crlf = coverageReport(texts[1]!, stories());
    expect(find(crlf, "ward occupancy")?.speaker).toBe("Maya");
    const vtt = coverageReport(texts[3]!, stories());
    expect(find(vtt, "offline")?.speaker).toBe("Kofi");
  });
});

describe("coverageReport: kinds", () => {
  const coverage = coverageReport(MEETING, stories());
  const kind = (words: string) => find(coverage, words)?.kind;

  it("finds asks, decisions, questions, risks and actions", () => {
    expect(kind("reassign an open job")).toBe("ask");
    expect(kind("VAT number")).toBe("ask");
    expect(kind("calls in sick")).toBe("question");
    expect(kind("draft the pricing table")).toBe("action");
    expect(kind("throttles our geocoding")).toBe("risk");
    const decision = coverageReport(
      "Ines: After the demo we agreed on weekly invoices for fleet customers.",
      stories(),
    );
    expect(decision.items.map((i) => i.kind)).toEqual(["decision"]);
  });

  it("lists what was rejected and postponed apart, and does not count them as asks", () => {
    expect(kind("in-app chat")).toBe("rejected");
    expect(kind("loyalty points")).toBe("postponed");
    expect(coverage.asks.total).toBe(coverage.items.filter((i) => i.kind === "ask").length);
    expect(coverage.asks.total).toBe(2);
  });

  it("reads the sections of notes", () => {
    const notes =
      "## Decisions\n- Refund requests must be approved by a store manager.\n- No gift wrapping in the first release.\n\n## Open questions\n- Receipt retention for seven years or ten\n\n## Action items\n- Priya: compare the card terminal vendors\n\n## Parked\n- Loyalty stamps for repeat customers\n";
    const c = coverageReport(notes, stories());
    expectVerbatim(notes, c);
    expect(find(c, "store manager")?.kind).toBe("ask");
    expect(find(c, "gift wrapping")?.kind).toBe("rejected");
    expect(find(c, "Receipt retention")?.kind).toBe("question");
    expect(find(c, "card terminal")?.kind).toBe("action");
    expect(find(c, "Loyalty stamps")?.kind).toBe("postponed");
    // headings are no items
    expect(c.items.some((i) => /^(?:Decisions|Open questions|Action items|Parked)$/.test(i.quote))).toBe(false);
  });

  it("finds weaker asks than the embedded generator writes stories from", () => {
    const text = [
      "Ana: it should just lock the account after five failed attempts",
      "Ben: max ten saved addresses per customer",
      "Ana: a printable packing slip would be really handy",
      "Ben: so when a courier marks a parcel as lost the customer gets a refund automatically",
    ].join("\n");
    const c = coverageReport(text, stories());
    expectVerbatim(text, c);
    expect(find(c, "lock the account")?.kind).toBe("ask");
    expect(find(c, "ten saved addresses")?.kind).toBe("ask");
    expect(find(c, "packing slip")?.kind).toBe("ask");
    expect(find(c, "refund automatically")?.kind).toBe("ask");
  });

  it("lists no small talk and no meeting talk", () => {
    const text =
      "Ana: Morning all, how was the weekend?\nBen: Great, thanks.\nAna: Let's go through the agenda.\nBen: I think we should discuss this later.\nAna: Okay.";
    expect(coverageReport(text, stories()).items.filter((i) => i.kind === "ask")).toEqual([]);
  });

  it("does not take what is impossible, unneeded or told of the past for an ask or a rejection", () => {
    const text = [
      "Ana: Nothing is decided yet, so you can't break the booking calendar.",
      "Ben: A second reminder email is not really needed for weekly lessons.",
      "Ana: Last week they cancelled, I forgot the refund and dropped the invoice.",
      "Ben: We decided not to offer gift cards this year.",
    ].join("\n");
    const c = coverageReport(text, stories());
    expect(find(c, "booking calendar")?.kind).not.toBe("ask");
    expect(find(c, "second reminder")?.kind).not.toBe("ask");
    expect(find(c, "forgot the refund")).toBeUndefined();
    expect(find(c, "gift cards")?.kind).toBe("rejected");
  });
});

describe("coverageReport: coveredBy", () => {
  it("counts a story whose evidence overlaps the item", () => {
    const quote = "Dispatchers need to reassign an open job from the map view.";
    const start = MEETING.indexOf(quote);
    const withEvidence = story("Move a job to another driver", {
      description: "As a dispatcher, I want to reassign a job.",
      evidence: [{ quote, start, end: start + quote.length }],
    });
    const c = coverageReport(MEETING, stories(story("Print delivery labels"), withEvidence));
    expect(find(c, "reassign an open job")?.coveredBy).toEqual([1]);
    expect(find(c, "VAT number")?.coveredBy).toEqual([]);
  });

  it("finds evidence by its quote when an LLM got the offsets wrong", () => {
    const quote = "The invoice PDF must show the VAT number of the customer.";
    const c = coverageReport(
      MEETING,
      stories(story("Tax details on invoices", { evidence: [{ quote, start: 3, end: 9 }] })),
    );
    expect(find(c, "VAT number")?.coveredBy).toEqual([0]);
  });

  it("counts a story whose text carries the item's content words, in any inflection", () => {
    const c = coverageReport(
      MEETING,
      stories(story("Show customers' VAT numbers on invoice PDFs"), story("Reassigning open jobs from the map")),
    );
    expect(find(c, "VAT number")?.coveredBy).toEqual([0]);
    expect(find(c, "reassign an open job")?.coveredBy).toEqual([1]);
    expect(c.asks).toEqual({ covered: 2, total: 2 });
  });

  it("works for LLM-style stories without evidence, and shows what they leave out", () => {
    const llm = stories(
      story("Reassign jobs on the map", {
        description: "As a dispatcher, I want to reassign an open job from the map so that routes stay balanced.",
        acceptanceCriteria: [
          "Given an open job, when I drag it to another driver on the map, then the job is reassigned.",
        ],
      }),
    );
    const c = coverageReport(MEETING, llm);
    expect(find(c, "reassign an open job")?.coveredBy).toEqual([0]);
    expect(find(c, "VAT number")?.coveredBy).toEqual([]);
    expect(c.asks).toEqual({ covered: 1, total: 2 });
  });

  it("does not count a story that shares one common word", () => {
    const c = coverageReport(MEETING, stories(story("Customer login page")));
    expect(find(c, "VAT number")?.coveredBy).toEqual([]);
  });

  it("does not count evidence of a whole sentence for a second ask the story does not mention", () => {
    const text = "Ana: Buyers need to save a card for later, and we need a receipt emailed after every refund.";
    const quote = text.slice(5);
    const c = coverageReport(
      text,
      stories(story("Save a card for later", { evidence: [{ quote, start: 5, end: text.length }] })),
    );
    expectVerbatim(text, c);
    expect(find(c, "save a card")?.coveredBy).toEqual([0]);
    expect(find(c, "receipt emailed")?.coveredBy).toEqual([]);
  });
});

describe("coverageReport: edges", () => {
  it("answers an empty report for an empty transcript", () => {
    expect(coverageReport("", stories())).toEqual({ items: [], asks: { covered: 0, total: 0 } });
    expect(coverageReport("   \n\n ", stories(story("Export orders")))).toEqual({
      items: [],
      asks: { covered: 0, total: 0 },
    });
  });

  it("gives the same report with the reading passed in, and ignores a reading of another text", () => {
    const s = stories(story("Show VAT numbers on invoices"));
    const alone = coverageReport(MEETING, s);
    expect(coverageReport(MEETING, s, read(analyse(MEETING)))).toEqual(alone);
    expect(coverageReport(MEETING, s, read(analyse("Something else entirely.")))).toEqual(alone);
  });

  it("reads the largest stories the schema allows within a bounded budget, evidence still counting", () => {
    const long = "Drivers see the parcel weight and the route on one screen before they leave the depot. "
      .repeat(22)
      .slice(0, 2000);
    const quote = "The invoice PDF must show the VAT number of the customer.";
    const start = MEETING.indexOf(quote);
    const huge = Array.from({ length: 100 }, (_, i) =>
      story(`Story ${i} about depot routes`, {
        description: long.repeat(3).slice(0, 5000),
        acceptanceCriteria: Array.from({ length: 30 }, () => long),
        evidence: i === 99 ? [{ quote, start, end: start + quote.length }] : [],
      }),
    );
    const c = coverageReport(MEETING, stories(...huge));
    expect(find(c, "VAT number")?.coveredBy).toEqual([99]);
  });

  it("reads a 200,000-character transcript with 30 stories", () => {
    const lines = MEETING.split("\n");
    let text = "";
    for (let i = 0; text.length < 200_000; i++) text += `${lines[i % lines.length]!.replace(/\.$/, ` (${i}).`)}\n`;
    const many = stories(
      ...Array.from({ length: 30 }, (_, i) =>
        story(`Reassign open jobs from the map ${i}`, { acceptanceCriteria: ["The invoice shows the VAT number."] }),
      ),
    );
    const c = coverageReport(text, many);
    expect(c.items.length).toBeGreaterThan(1000);
    expectVerbatim(text, c);
    expect(c.asks.covered).toBeLessThanOrEqual(c.asks.total);
  });
});

describe("stem", () => {
  it("brings word forms of one word together", () => {
    expect(stem("notification")).toBe(stem("notify"));
    expect(stem("approval")).toBe(stem("approve"));
    expect(stem("expiry")).toBe(stem("expire"));
    expect(stem("scanning")).toBe(stem("scan"));
    expect(stem("exports")).toBe(stem("export"));
  });
});
