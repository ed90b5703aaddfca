// Every text here is written for these tests; none is taken from the transcript fixtures.
import { describe, expect, it } from "vitest";
import { loadLanguage, analyse, speechText, type Analysis, type Sentence, type Token } from "./index";

// The language layer is imported on first use (worker/reading/analyse.ts); these tests call it directly.
await loadLanguage();

const tok = (s: Sentence, text: string): Token => {
  const t = s.tokens.find((x) => x.text === text);
  if (!t) throw new Error(`no token "${text}" in "${s.text}"`);
  return t;
};

/** Offsets are the contract: every token and sentence is an exact slice of the source, in order, never overlapping. */
function expectTrueOffsets(a: Analysis) {
  for (const t of a.tokens) expect(a.source.slice(t.start, t.end)).toBe(t.text);
  for (let i = 1; i < a.tokens.length; i++) expect(a.tokens[i]!.start).toBeGreaterThanOrEqual(a.tokens[i - 1]!.end);
  for (const s of a.sentences) {
    expect(a.source.slice(s.start, s.end)).toBe(s.text);
    for (const t of s.tokens) expect(t.start >= s.start && t.end <= s.end).toBe(true);
  }
}

describe("sentences and offsets", () => {
  it("splits prose into sentences whose spans are exact slices", () => {
    const src =
      "Nurses need to see the ward list before rounds. Can pharmacists edit a dose? We have to support offline mode!";
    const a = analyse(src);
    expect(a.sentences.map((s) => s.text)).toEqual([
      "Nurses need to see the ward list before rounds.",
      "Can pharmacists edit a dose?",
      "We have to support offline mode!",
    ]);
    expect(a.sentences.map((s) => s.isQuestion)).toEqual([false, true, false]);
    expect(a.sentences[1]!.start).toBe(src.indexOf("Can"));
    expectTrueOffsets(a);
  });

  it("keeps offsets true through odd spacing, tabs, CRLF, accents, emoji and contractions", () => {
    const src = "  Café owners  want\ta printable menu 👩‍🍳 export…\r\n\r\nThey can't wait — it's   urgent.";
    const a = analyse(src);
    expectTrueOffsets(a);
    expect(a.sentences.length).toBeGreaterThanOrEqual(2);
    const last = a.sentences[a.sentences.length - 1]!;
    expect(last.text).toBe("They can't wait — it's   urgent.");
    expect(tok(last, "n't").normal).toBe("not");
    expect(a.sentences[0]!.words.map((t) => t.text)).toContain("Café");
  });

  it("keeps a code name whole: its dots end no sentence and split no token (issue 40)", () => {
    const a = analyse("Ana: We must add invoices.getTotal and call orders.list() first. That is the end.then we go.");
    expectTrueOffsets(a);
    expect(a.sentences.map((s) => s.text)).toEqual([
      "We must add invoices.getTotal and call orders.list() first.",
      "That is the end.",
      "then we go.",
    ]);
    const names = a.tokens.filter((t) => t.text.includes(".") && t.text.length > 1).map((t) => [t.text, t.normal]);
    expect(names).toEqual([
      ["invoices.getTotal", "invoices.gettotal"],
      ["orders.list", "orders.list"],
    ]);
  });

  it("spots unpunctuated questions in speech and leaves statements alone", () => {
    const [q, wh, s] = analyse(
      "Courier: did the driver get a signature\n\nCourier: what is the cut-off time\n\nCourier: we should add a photo of the parcel",
    ).sentences;
    expect([q!.isQuestion, wh!.isQuestion, s!.isQuestion]).toEqual([true, true, false]);
  });
});

describe("negation", () => {
  it("flags the negated verb phrase, not the subject or the negator", () => {
    const [s] = analyse("We don't want Maria on the phone all afternoon.").sentences;
    for (const w of ["want", "Maria", "phone"]) expect(tok(s!, w).negated).toBe(true);
    for (const w of ["We", "do", "n't"]) expect(tok(s!, w).negated).toBe(false);
  });

  it("flags what a decision rules out", () => {
    const [s] = analyse("The board decided not to build a kiosk app this year.").sentences;
    expect(tok(s!, "decided").negated).toBe(false);
    expect(tok(s!, "build").negated).toBe(true);
    expect(tok(s!, "kiosk").negated).toBe(true);
  });

  it("does not carry a negation into the next sentence or the next speaker's turn", () => {
    const a = analyse("Omar: I won't use the old form\nLucia: tenants need a photo upload");
    expect(tok(a.sentences[0]!, "use").negated).toBe(true);
    expect(a.sentences[1]!.tokens.some((t) => t.negated)).toBe(false);
    const b = analyse("Nobody reads the PDF. Teachers need a CSV export.");
    expect(b.sentences[1]!.tokens.some((t) => t.negated)).toBe(false);
  });
});

describe("parts of speech and lemmas", () => {
  it("tags a modal + verb + object ask", () => {
    const [s] = analyse("Admins should be able to reset passwords.").sentences;
    expect(tok(s!, "should").pos).toBe("AUX");
    expect(tok(s!, "reset").pos).toBe("VERB");
    expect(tok(s!, "passwords").pos).toBe("NOUN");
    expect(tok(s!, "passwords").lemma).toBe("password");
  });

  it("tags a need verb with its object and lemmatises inflected verbs", () => {
    const [s] = analyse("Dispatchers needed to assign jobs to the nearest van.").sentences;
    expect(tok(s!, "needed").pos).toBe("VERB");
    expect(tok(s!, "needed").lemma).toBe("need");
    expect(tok(s!, "assign").pos).toBe("VERB");
    expect(tok(s!, "jobs").lemma).toBe("job");
    expect(tok(s!, "the").pos).toBe("DET");
  });
});

describe("numbers", () => {
  it("marks figures and number words with their values", () => {
    const [a, b, c] = analyse(
      "Refunds must be processed within 24 hours. Retry 3 times, then wait twenty minutes. Imports stop at 100,000 rows on the 3rd try.",
    ).sentences;
    expect(tok(a!, "24")).toMatchObject({ isNumber: true, value: 24, pos: "NUM" });
    expect(tok(a!, "hours").isNumber).toBe(false);
    expect(tok(b!, "3")).toMatchObject({ isNumber: true, value: 3 });
    expect(tok(b!, "twenty")).toMatchObject({ isNumber: true, value: 20 });
    expect(tok(c!, "100,000")).toMatchObject({ isNumber: true, value: 100000 });
    expect(tok(c!, "3rd")).toMatchObject({ isNumber: true, value: 3 });
  });
});

describe("transcript noise", () => {
  it("reads speaker labels and leading timestamps without taking them into sentences", () => {
    const src =
      "Ana: We need a waiting list.\nBen Okoro (Ops): Agreed.\n[00:01:02] Chidi Obi: ship it on friday\n00:05 - Lena: sounds good";
    const a = analyse(src);
    expectTrueOffsets(a);
    expect(a.speakers).toEqual(["Ana", "Ben Okoro", "Chidi Obi", "Lena"]);
    expect(a.sentences.map((s) => [s.speaker, s.text])).toEqual([
      ["Ana", "We need a waiting list."],
      ["Ben Okoro", "Agreed."],
      ["Chidi Obi", "ship it on friday"],
      ["Lena", "sounds good"],
    ]);
    const kinds = a.noise.map((n) => `${n.kind}:${src.slice(n.start, n.end)}`);
    expect(kinds).toEqual([
      "speaker:Ana:",
      "speaker:Ben Okoro (Ops):",
      "timestamp:[00:01:02]",
      "speaker:Chidi Obi:",
      "timestamp:00:05 -",
      "speaker:Lena:",
    ]);
    const label = a.tokens.find((t) => t.text === "Chidi")!;
    expect(label.noise).toBe("speaker");
  });

  it("does not take a note heading for a speaker", () => {
    const a = analyse("Decision: the clinic keeps paper forms until March.\nAction items: Tom books the trainer.");
    const src = (x: typeof a, n: { start: number; end: number }) => x.source.slice(n.start, n.end);
    expect(a.speakers).toEqual([]);
    expect(a.sentences[0]!.speaker).toBeNull();
    expect(a.sentences[0]!.words[0]!.text).toBe("the");
    expect(a.sentences.map((s) => s.label)).toEqual(["decision", "action items"]);
    expect(a.noise.filter((n) => n.kind === "label").map((n) => src(a, n))).toEqual(["Decision:", "Action items:"]);
  });

  it("tells each line which heading it sits under", () => {
    const a = analyse(
      [
        "## Ferry timetable app",
        "- Riders see the next three sailings",
        "",
        "**Open questions**",
        "- do we show the car deck capacity?",
        "",
        "Prose after a blank line leaves a label's section.",
        "Things we agreed:",
        "* Tickets go in the wallet",
        "Ines: and that is all from me",
      ].join("\n"),
    );
    expect(a.sentences.map((s) => [s.section, speechText(s)])).toEqual([
      ["ferry timetable app", "Ferry timetable app"],
      ["ferry timetable app", "Riders see the next three sailings"],
      ["open questions", "do we show the car deck capacity?"],
      [null, "Prose after a blank line leaves a label's section."],
      ["things we agreed", "Tickets go in the wallet"],
      [null, "and that is all from me"],
    ]);
  });

  const src = (x: { source: string }, n: { start: number; end: number }) => x.source.slice(n.start, n.end);

  it("reads IRC minutes: nicks, scribed nicks, continuations, resolutions and queue commands", () => {
    const text = [
      "Topic: Booking window",
      "<marta> bookings should open ninety days ahead",
      "q+",
      "ack rui",
      "rui: ninety is long for small venues",
      "... maybe sixty by default",
      "rui: but configurable",
      "RESOLUTION: The booking window defaults to sixty days and venues may change it.",
      "ACTION: marta to draft the wording",
    ].join("\n");
    const a = analyse(text);
    expectTrueOffsets(a);
    expect(a.speakers).toEqual(["marta", "rui"]);
    expect(a.sentences.map((s) => [s.speaker, s.label, s.section, speechText(s)])).toEqual([
      [null, "topic", "booking window", "Booking window"],
      ["marta", null, "booking window", "bookings should open ninety days ahead"],
      ["rui", null, "booking window", "ninety is long for small venues"],
      ["rui", null, "booking window", "maybe sixty by default"],
      ["rui", null, "booking window", "but configurable"],
      ["rui", "resolution", "booking window", "The booking window defaults to sixty days and venues may change it."],
      ["rui", "action", "booking window", "marta to draft the wording"],
    ]);
    expect(a.noise.filter((n) => n.kind === "command").map((n) => src(a, n))).toEqual(["q+", "ack rui"]);
  });

  it("marks annotations as noise inside the sentence and keeps them away from the library", () => {
    const src =
      "Lead Designer: {vocalsound} So the kiosk needs {disfmarker} a bigger screen (laughs) [inaudible] for menus .";
    const a = analyse(src);
    expectTrueOffsets(a);
    const [s] = a.sentences;
    expect(s!.speaker).toBe("Lead Designer");
    expect(s!.text).toBe("So the kiosk needs {disfmarker} a bigger screen (laughs) [inaudible] for menus .");
    expect(tok(s!, "disfmarker").noise).toBe("annotation");
    expect(tok(s!, "laughs").noise).toBe("annotation");
    expect(s!.words.map((t) => t.text)).toEqual([
      "So",
      "the",
      "kiosk",
      "needs",
      "a",
      "bigger",
      "screen",
      "for",
      "menus",
    ]);
    expect(tok(s!, "screen").pos).toBe("NOUN");
    expect(speechText(s!)).toBe("So the kiosk needs a bigger screen for menus.");
  });

  it("reads WebVTT: header, cue ids and timings as noise, voice tags as speakers, a sentence across cues as one", () => {
    const src = [
      "WEBVTT",
      "Kind: captions",
      "",
      "a1b2-0",
      "00:00:01.000 --> 00:00:03.500 align:start",
      "<v Farah Khan>Drivers should be able</v>",
      "",
      "a1b2-1",
      "00:00:03.500 --> 00:00:06.000",
      "<v Farah Khan>to reorder their stops.</v>",
      "",
      "00:00:06.000 --> 00:00:07.000",
      "<v Leo>Makes sense.</v>",
    ].join("\n");
    const a = analyse(src);
    expectTrueOffsets(a);
    expect(a.speakers).toEqual(["Farah Khan", "Leo"]);
    expect(a.sentences.map((s) => [s.speaker, speechText(s)])).toEqual([
      ["Farah Khan", "Drivers should be able to reorder their stops."],
      ["Leo", "Makes sense."],
    ]);
    expect(tok(a.sentences[0]!, "reorder").pos).toBe("VERB");
    expect(new Set(a.noise.map((n) => n.kind))).toEqual(new Set(["cue", "tag"]));
  });

  it("reads a subtitle cue's wrapped lines as one run of speech, punctuated or not", () => {
    const punctuated =
      "1\n00:00:01,000 --> 00:00:04,000\nMARA: Couriers need to see the\ndelivery window on the map.\n\n2\n00:00:04,500 --> 00:00:06,000\nTEO: Agreed.\n";
    expect(analyse(punctuated).sentences.map((s) => [s.speaker, speechText(s)])).toEqual([
      ["MARA", "Couriers need to see the delivery window on the map."],
      ["TEO", "Agreed."],
    ]);
    const captions = [
      "1",
      "00:00:01,000 --> 00:00:03,000",
      "couriers need to see the",
      "delivery window on the map",
      "",
      "2",
      "00:00:03,500 --> 00:00:05,000",
      "and the driver photo",
      "",
      "3",
      "00:00:05,500 --> 00:00:07,000",
      "yes agreed",
      "",
    ].join("\n");
    expect(analyse(captions).sentences.map(speechText)).toEqual([
      "couriers need to see the delivery window on the map",
      "and the driver photo",
      "yes agreed",
    ]);
  });

  it("reads SRT cues without speakers", () => {
    const src =
      "1\n00:00:01,000 --> 00:00:04,000\nWe have to print labels\n\n2\n00:00:04,500 --> 00:00:06,000\nfor every parcel.\n\n3\n00:00:07,000 --> 00:00:08,000\nOkay.\n";
    const a = analyse(src);
    expectTrueOffsets(a);
    expect(a.sentences.map(speechText)).toEqual(["We have to print labels for every parcel.", "Okay."]);
    expect(a.sentences[0]!.speaker).toBeNull();
    expect(a.tokens.find((t) => t.text === "00:00:04,500")!.noise).toBe("cue");
  });

  it("reads a Slack export: message headers give the speaker of the lines below them", () => {
    const src =
      "#support · Rosa Diaz · 9:15 AM\nhey team :wave: can we add bulk delete?\n• also an undo button\n\nKenji Sato  9:20 AM\nsure, next sprint";
    const a = analyse(src);
    expectTrueOffsets(a);
    expect(a.speakers).toEqual(["Rosa Diaz", "Kenji Sato"]);
    expect(a.sentences.map((s) => [s.speaker, speechText(s)])).toEqual([
      ["Rosa Diaz", "hey team can we add bulk delete?"],
      ["Rosa Diaz", "also an undo button"],
      ["Kenji Sato", "sure, next sprint"],
    ]);
    expect(a.noise.map((n) => n.kind)).toEqual(["header", "annotation", "markup", "header"]);
  });

  it("reads a Slack reply's header: its echo of the message answered is not speech, and it names the speaker", () => {
    const src = [
      "Rosa Diaz  9:15 AM",
      "can we add bulk delete to the inbox?",
      "Kenji Sato  replied to a thread: can we add bulk delete to the inbox?…",
      "yes, and an undo button",
    ].join("\n");
    const a = analyse(src);
    expectTrueOffsets(a);
    expect(a.sentences.map((s) => [s.speaker, speechText(s)])).toEqual([
      ["Rosa Diaz", "can we add bulk delete to the inbox?"],
      ["Kenji Sato", "yes, and an undo button"],
    ]);
  });

  it("reads minutes whose bullets open on a bracketed nick, but not one bracketed aside or an annotation", () => {
    const minutes = [
      "Issue 12: export formats",
      " * [rob] We need a CSV export for every report.",
      " * [oliver] Agreed, and a JSON one.",
      " * [rob] Fine.",
      "[laughs] ok",
    ].join("\n");
    const a = analyse(minutes);
    expectTrueOffsets(a);
    expect(a.speakers).toEqual(["rob", "oliver"]);
    expect(a.sentences.filter((s) => s.speaker === "oliver").map((s) => speechText(s))).toEqual([
      "Agreed, and a JSON one.",
    ]);
    expect(analyse("[sam] said the export was slow yesterday.").speakers).toEqual([]);
  });

  it("reads chat copies: a time after the name, and a date before the time (issue 40)", () => {
    const src = [
      "Tom Baker [10:42 AM]: we need the export to include VAT numbers",
      "Ana Lopez [10:43 AM]: agreed",
      "[02/03/2026, 10:44:13] Ravi Shah: and the totals per month",
      "02/03/2026, 10:45 - Mia Wong: fine by me",
      "[2026-03-02 10:46] Tom Baker: On 02/03/2026 we ship it.",
    ].join("\n");
    const a = analyse(src);
    expectTrueOffsets(a);
    expect(a.speakers).toEqual(["Tom Baker", "Ana Lopez", "Ravi Shah", "Mia Wong"]);
    expect(a.sentences.map((s) => [s.speaker, speechText(s)])).toEqual([
      ["Tom Baker", "we need the export to include VAT numbers"],
      ["Ana Lopez", "agreed"],
      ["Ravi Shah", "and the totals per month"],
      ["Mia Wong", "fine by me"],
      ["Tom Baker", "On 02/03/2026 we ship it."],
    ]);
  });

  it("reads Markdown notes: bullets, headings, emphasis and links are markup, the words are speech", () => {
    const src =
      "## Decisions\n- **Owners** can archive projects\n- Export follows the [style guide](https://example.com/guide)\n1. Bob: keep the old URL";
    const a = analyse(src);
    expectTrueOffsets(a);
    expect(a.sentences.map((s) => [s.speaker, speechText(s)])).toEqual([
      [null, "Decisions"],
      [null, "Owners can archive projects"],
      [null, "Export follows the style guide"],
      ["Bob", "keep the old URL"],
    ]);
    expect(a.sentences.map((s) => s.block)).toEqual([0, 1, 2, 3]);
    expect(a.noise.filter((n) => n.kind === "url").map((n) => src.slice(n.start, n.end))).toEqual([
      "https://example.com/guide",
    ]);
    expect(tok(a.sentences[1]!, "Owners").pos).not.toBe("X");
  });

  it("joins a hard-wrapped line to the next but keeps short chat lines apart", () => {
    const wrapped = analyse(
      "Mira: the warehouse team wants the picking list sorted by aisle and then by shelf\nso that nobody walks back and forth.",
    );
    expect(wrapped.sentences).toHaveLength(1);
    expect(wrapped.sentences[0]!.speaker).toBe("Mira");
    const chat = analyse("Mira: add a dark mode\nexport to PDF too");
    expect(chat.sentences.map((s) => [s.speaker, s.text])).toEqual([
      ["Mira", "add a dark mode"],
      ["Mira", "export to PDF too"],
    ]);
  });
});

describe("edge cases", () => {
  it("returns nothing for empty text, and no sentence for a line that is only noise", () => {
    expect(analyse("").sentences).toEqual([]);
    expect(analyse("  \n\t\n").tokens).toEqual([]);
    const a = analyse("Sound Engineer: {vocalsound}\nSound Engineer: (laughs)");
    expect(a.sentences).toEqual([]);
    expect(a.speakers).toEqual(["Sound Engineer"]);
    expect(a.tokens.every((t) => t.noise !== null)).toBe(true);
  });
});

describe("determinism", () => {
  it("gives the same analysis for the same text, call after call", () => {
    const src = "Ana: We can't ship before the audit. {vocalsound}\n[00:02] Ben: fine, but guests need 2 reminders?";
    const first = JSON.stringify(analyse(src));
    for (let i = 0; i < 3; i++) expect(JSON.stringify(analyse(src))).toBe(first);
  });
});
