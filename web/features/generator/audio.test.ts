import { describe, expect, it } from "vitest";
import { isAudioFile, isTextFile, looksBinary } from "./audio";

describe("what an upload is", () => {
  it("reads text files by extension or type, and refuses documents and images", () => {
    expect(isTextFile({ name: "retro.md", type: "" })).toBe(true);
    expect(isTextFile({ name: "call.vtt", type: "text/vtt" })).toBe(true);
    expect(isTextFile({ name: "notes", type: "text/plain" })).toBe(true);
    expect(isTextFile({ name: "minutes.pdf", type: "application/pdf" })).toBe(false);
    expect(
      isTextFile({
        name: "minutes.docx",
        type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      }),
    ).toBe(false);
    expect(isTextFile({ name: "photo.png", type: "image/png" })).toBe(false);
    expect(isAudioFile({ name: "standup.mp3", type: "audio/mpeg" })).toBe(true);
  });

  it("spots binary content behind a text name", () => {
    expect(looksBinary("%PDF-1.7\u0000\u0001stream")).toBe(true);
    expect(looksBinary("Ana: nurses need to swap shifts.")).toBe(false);
  });
});
