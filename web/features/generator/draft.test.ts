import { beforeEach, describe, expect, it } from "vitest";
import { installSessionStorage } from "../../test/session-storage";
import { clearDraft, loadDraft, saveDraft } from "./draft";

beforeEach(installSessionStorage);

describe("the generator's draft", () => {
  const draft = { owner: 7, transcript: "Ana: nurses need to swap shifts.", title: "Rota", project: "12" };

  it("comes back for the account that typed it, and for no other", () => {
    saveDraft(draft);
    expect(loadDraft(7)).toEqual(draft);
    expect(loadDraft(8)).toBeNull();
  });

  it("is forgotten when nothing is typed, and on clear", () => {
    saveDraft(draft);
    saveDraft({ ...draft, transcript: "  ", title: "" });
    expect(loadDraft(7)).toBeNull();
    saveDraft(draft);
    clearDraft();
    expect(loadDraft(7)).toBeNull();
  });

  it("ignores what it cannot read", () => {
    sessionStorage.setItem("storyloom.generator.draft", "{not json");
    expect(loadDraft(7)).toBeNull();
    sessionStorage.setItem("storyloom.generator.draft", JSON.stringify({ owner: 7, transcript: 3 }));
    expect(loadDraft(7)).toBeNull();
  });
});
