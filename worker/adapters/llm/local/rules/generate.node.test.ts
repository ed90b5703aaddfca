// Contract checks of the embedded generator: well-formed output within STORY_LIMITS, verbatim evidence, the same
// output for the same input, nothing from rejected items (tuning fixtures only) and large inputs. The sentences below
// are written for these tests; the sentence kinds' own cases are in sentence-kinds.test.ts.
import { describe, expect, it } from "vitest";
import { generatedStoriesSchema, STORY_LIMITS } from "../../../../../schema/api/transcripts";
import { FIXTURES } from "../../../../test/generator/fixtures";
import { loadLanguage } from "../../../../reading";
import { createLocalGenerator, generateEmbedded } from "./generate";
import {
  boilerplate,
  isFragmentTitle,
  isInvertedAsk,
  leakedTokens,
  madeRejectedStory,
} from "../../../../test/generator/quality";

const MEETING = [
  "Ana: Okay, um, two things today. Customers need to be able to export their invoices as PDF, it's the top complaint.",
  "Ben: [inaudible] uh that's small, maybe a 3.",
  "Ana: And let's not do the Xero integration, that's out of scope for this quarter.",
  "Ben: (laughter) fine. Also admins should see a monthly usage report so they can plan budgets.",
  "Ana: The usage report is a nice to have, low priority.",
].join("\n");

// (Several tests read every tuning fixture: seconds each on a busy 2-core machine, so more than the default 5 s.)
describe("local story generator", { timeout: 30_000 }, () => {
  it("writes stories only from what the meeting's items call an ask or a decision (issue 40)", async () => {
    await loadLanguage();
    // a request put to someone in the room is an action item, however much it reads like an ask
    for (const request of [
      "Ana: Otherwise, could you just sketch the export screen by hand?\nBen: Sure, yes, I can do that.",
      "Ana: Could you draw the export screen on paper first?\nBen: Yes, good idea.",
    ])
      expect(generateEmbedded(request).userStories, request).toEqual([]);
    // and an ask of the same meeting still is one
    const titles = generateEmbedded(
      "Ana: we need a refund approval step in the checkout flow.\nAction items:\n- Omar to add the approval step to the checkout flow",
    ).userStories.map((s) => s.title);
    expect(titles).toEqual(["Refund approval step in the checkout flow"]);
    // a problem told in the past is no ask for the problem itself
    expect(
      generateEmbedded("Kai: The drivers had to re-enter the whole route every morning, which was a nightmare.")
        .userStories,
    ).toEqual([]);
  });

  it('leaves a speaker\'s tag off the end of a title ("… right", "… yeah")', async () => {
    await loadLanguage();
    expect(
      generateEmbedded("Ana: Drivers need a map of the whole route right.").userStories.map((s) => s.title),
    ).toEqual(["Map of the whole route"]);
    expect(
      generateEmbedded("Ana: We need a shared packing list for the crew yeah.").userStories.map((s) => s.title),
    ).toEqual(["Shared packing list for the crew"]);
  });

  it("names the meeting's role from nouns known to name people (issue 40)", async () => {
    await loadLanguage();
    // the meeting's role is a noun known to name people, not a thing that merely ends like one
    const materials = [
      "Ana: The remote sits in a holder, and the holder is metal.",
      "Ben: A second holder for the bedroom, and the holder comes in grey.",
      "Ana: The remote must have a big volume button on the front.",
    ].join("\n");
    expect(generateEmbedded(materials).userStories.map((s) => s.description)).toEqual([
      expect.stringMatching(/^As a user, /),
    ]);
  });

  it("writes well-formed stories with criteria, sizing and evidence", async () => {
    const result = await createLocalGenerator().generate({ transcript: MEETING, title: "Billing sync" });
    expect(generatedStoriesSchema.safeParse(result).success).toBe(true);
    expect(result.epic.title).toBe("Billing sync");
    expect(result.userStories).toHaveLength(2);
    for (const story of result.userStories) {
      expect(story.description).toMatch(/^As an? [^,]+, I want .+/);
      expect(story.acceptanceCriteria.length).toBeGreaterThanOrEqual(1);
      // no criterion only says the title again
      for (const c of story.acceptanceCriteria) expect(c.toLowerCase()).not.toBe(`${story.title.toLowerCase()}.`);
      expect(story.evidence?.length).toBeGreaterThan(0);
    }
    const invoices = result.userStories.find((s) => /invoice/i.test(s.description))!;
    expect(invoices.title).toBe("Export invoices as PDF");
    expect(invoices.description).toBe("As a customer, I want to export invoices as PDF.");
    expect(invoices.storyPoints).toBe(3);
    const report = result.userStories.find((s) => /usage report/i.test(s.description))!;
    expect(report.description).toBe(
      "As an admin, I want to see a monthly usage report, so that they can plan budgets.",
    );
    expect(report.priority).toBe("Low");
  });

  it("leaves out every item of a list of what is out, not only the first", () => {
    const notes = [
      "Ana: Sellers want to list furniture with photos and a price.",
      "Ben: Some sellers asked if they can list garden tools too.",
      "Ana: Buyers need to message the seller from the listing.",
      "Ana: Not in v1: auctions, garden tools, delivery booking.",
    ].join("\n");
    const titles = generateEmbedded(notes).userStories.map((s) => `${s.title} ${s.description}`);
    expect(titles.some((t) => /furniture/i.test(t))).toBe(true);
    expect(titles.some((t) => /garden/i.test(t))).toBe(false);
  });

  it("never turns a rejected idea into a story", () => {
    expect(
      generateEmbedded(MEETING).userStories.some((s) => /xero/i.test(JSON.stringify({ ...s, evidence: [] }))),
    ).toBe(false);
    const made: string[] = [];
    // (not yet the public meetings of tuning-3/, added on 2026-12-07 as ground for issue 40's new reading of
    // meetings: `npm run eval:stories` reports the rejected items made into stories there)
    for (const { name, transcript, gold } of FIXTURES.filter((f) => !f.name.startsWith("tuning-3/"))) {
      const stories = generateEmbedded(transcript).userStories;
      for (const item of gold.rejected)
        if (stories.some((s) => madeRejectedStory(s, item))) made.push(`${name}: ${item.summary}`);
    }
    // Two known misses of the tuning set, kept visible here (docs/decisions/2026-11-21-embedded-generator.md, "Known limits"): a rejection said as a
    // complaint after an arrow ("X → Sam hates it") is read as a detail, and a proposal voted down under another name
    // ("group queries" for "several people's availability") is not matched to its rejection.
    expect(made).toEqual([
      "written/event-ticketing-pm-notes: Refunding cancelled orders as account credit instead of money",
      "written/w3c-style-irc-minutes: Querying several people's availability in one request (group queries)",
    ]);
  });

  it("keeps annotations and fillers out, evidence verbatim, no boilerplate or inverted asks on the tuning fixtures", () => {
    for (const { transcript } of [{ transcript: MEETING }, ...FIXTURES]) {
      const result = generateEmbedded(transcript);
      expect(leakedTokens(result)).toEqual([]);
      expect(boilerplate(result.userStories).texts).toEqual([]);
      expect(result.userStories.filter(isInvertedAsk).map((s) => s.title)).toEqual([]);
      for (const story of result.userStories)
        for (const e of story.evidence ?? []) {
          expect(e.quote.length).toBeGreaterThan(0);
          expect(transcript.slice(e.start, e.end)).toBe(e.quote);
        }
    }
  });

  it("keeps offsets right with Windows line endings and non-ASCII text", () => {
    const text =
      "Zoë: Café owners need to print the daily menu in large type.\r\nJosé: Señor, agreed — and waiters should be able to mark a dish as sold out.\r\n";
    const result = generateEmbedded(text);
    expect(result.userStories.length).toBe(2);
    for (const e of result.userStories.flatMap((s) => s.evidence ?? []))
      expect(text.slice(e.start, e.end)).toBe(e.quote);
  });

  it("returns output the API schema accepts, even for a wall of unpunctuated text", () => {
    const wall =
      "so we need to let drivers upload a photo of the delivery and we should also show the route on a map and ".repeat(
        200,
      );
    const result = generateEmbedded(wall);
    expect(generatedStoriesSchema.safeParse(result).success).toBe(true);
    expect(result.userStories.length).toBeLessThanOrEqual(STORY_LIMITS.stories);
  });

  it("gives the same output for the same input", () => {
    for (const { transcript } of [{ transcript: MEETING }, ...FIXTURES])
      expect(generateEmbedded(transcript)).toEqual(generateEmbedded(transcript));
  });

  it("writes titles that are complete phrases on the tuning fixtures (at most 5% fragments)", () => {
    const titles = FIXTURES.flatMap(({ transcript }) => generateEmbedded(transcript).userStories.map((s) => s.title));
    expect(titles.filter(isFragmentTitle).length / titles.length).toBeLessThanOrEqual(0.05);
  });

  it("handles empty and requirement-free transcripts", () => {
    expect(generateEmbedded("").userStories).toEqual([]);
    const chat = generateEmbedded("Ben: Did anyone watch the game?\nNaomi: No, I was at the ramen place.");
    expect(chat.userStories).toEqual([]);
    expect(chat.epic.title.length).toBeGreaterThan(0);
  });

  it("handles 50,000 characters of several meetings joined", () => {
    let text = "";
    for (let i = 0; text.length < 50_000; i++) text += `${FIXTURES[i % FIXTURES.length]!.transcript}\n`;
    // How fast is measured by `npm run bench` (POST /api/generate in workerd) and `npm run eval:stories`.
    const result = generateEmbedded(text.slice(0, 50_000));
    expect(generatedStoriesSchema.safeParse(result).success).toBe(true);
    expect(result.userStories.length).toBeGreaterThan(0);
  });
});
