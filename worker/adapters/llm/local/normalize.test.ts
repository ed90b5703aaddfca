import { describe, expect, it } from "vitest";
import { parseTranscript } from "./normalize";

const texts = (source: string) => parseTranscript(source).sentences.map((s) => s.text);

describe("parseTranscript", () => {
  it("reads plain prose", () => {
    expect(texts("Users need to export reports as CSV. Admins want audit logs.")).toEqual([
      "Users need to export reports as CSV.",
      "Admins want audit logs.",
    ]);
  });

  it("reads 'Name: text' lines and keeps the speaker", () => {
    const parsed = parseTranscript("Dana: We need SSO for the admin console.\nTomás: Agreed, it's blocking the deal.");
    expect(parsed.speakers).toEqual(["Dana", "Tomás"]);
    expect(parsed.sentences.map((s) => [s.speaker, s.text])).toEqual([
      ["Dana", "We need SSO for the admin console."],
      ["Tomás", "Agreed, it's blocking the deal."],
    ]);
  });

  it("strips timestamps from automatic transcripts", () => {
    const parsed = parseTranscript("[00:00:03] Priya Shah: um customers can create a goal\n00:12 Mei Lin: uh and edit it");
    expect(parsed.speakers).toEqual(["Priya Shah", "Mei Lin"]);
    expect(parsed.sentences.map((s) => s.text)).toEqual(["customers can create a goal", "and edit it"]);
  });

  it("reads WebVTT with cue ids, settings, notes and voice tags", () => {
    const vtt = [
      "WEBVTT",
      "",
      "NOTE recorded in room 4",
      "",
      "1",
      "00:00:01.000 --> 00:00:04.000 align:start",
      "<v Ana>We should add dark mode.</v>",
      "",
      "00:00:05.000 --> 00:00:07.500",
      "<v Ben>Users keep asking for it.",
    ].join("\n");
    const parsed = parseTranscript(vtt);
    expect(parsed.sentences.map((s) => [s.speaker, s.text])).toEqual([
      ["Ana", "We should add dark mode."],
      ["Ben", "Users keep asking for it."],
    ]);
  });

  it("reads SRT", () => {
    const srt = "1\n00:00:01,000 --> 00:00:03,000\nWe must ship the export.\n\n2\n00:00:03,500 --> 00:00:05,000\nIt needs a CSV option.\n";
    expect(texts(srt)).toEqual(["We must ship the export.", "It needs a CSV option."]);
  });

  it("reads Markdown notes", () => {
    const md = "# Planning notes\n\n- **Users** need to [reset passwords](https://example.com/x) by email\n* Admins want `audit` logs\n1. Ship before *March*";
    expect(texts(md)).toEqual(["Planning notes", "Users need to reset passwords by email", "Admins want audit logs", "Ship before March"]);
  });

  it("drops annotations, fillers and stutters but maps every token back to the original text", () => {
    const source = "Marketing: {vocalsound} Um we we need [inaudible] a (laughter) bigger T_V_ button {disfmarker} you know .";
    const [sentence] = parseTranscript(source).sentences;
    expect(sentence?.text).toBe("we need a bigger TV button.");
    // A laugh written out ("or {vocalsound} ha maybe ...") is not a word of the statement.
    expect(texts("Yeah , or {vocalsound} ha maybe some buttons could be yellow .")).toEqual(["Yeah, or maybe some buttons could be yellow."]);
    for (const t of sentence!.tokens) expect(source.slice(t.start, t.end).replace(/_/g, "").toUpperCase()).toBe(t.text.toUpperCase());
  });

  it("drops words broken off and restarted, but not short words that begin the next one", () => {
    expect(texts("the univ universal remote has a bu button and I didn didn't fanc fancy it")).toEqual(["the universal remote has a button and I didn't fancy it"]);
    expect(texts("put it on one level and go in into the menu")).toEqual(["put it on one level and go in into the menu"]);
    expect(texts("a button under the on the home station and a the remote")).toEqual(["a button on the home station and the remote"]);
  });

  it("joins spelled-out acronyms from automatic transcripts", () => {
    expect(texts("the F D I C footer goes on every screen")).toEqual(["the FDIC footer goes on every screen"]);
  });
});
