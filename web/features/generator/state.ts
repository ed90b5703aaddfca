import { atom } from "jotai";
import { atomWithStorage, createJSONStorage, RESET } from "jotai/utils";
import { appStore } from "../../lib/store";
import { clearDraft } from "./draft";

// The draft survives a visit to another page and back (UI state only).
export const transcriptDraftAtom = atom("");
export const titleDraftAtom = atom("");

/** While the entry pages are prerendered at build time (web/prerender.tsx) there is no window and nothing to keep. */
const NO_STORAGE = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

/**
 * The saved transcript whose stories the panel shows. Kept in sessionStorage so a reload shows them again, edits
 * included (the stories themselves are loaded from the server, which holds the only copy).
 */
export const generatedTranscriptIdAtom = atomWithStorage<number | null>(
  "storyloom.generator.transcriptId",
  null,
  createJSONStorage(() => (typeof sessionStorage === "undefined" ? NO_STORAGE : sessionStorage)),
  { getOnInit: true },
);

/** The generator as a fresh session finds it: the app runs this on sign-out (site-header). */
export function resetGeneratorState(): void {
  clearDraft();
  appStore.set(transcriptDraftAtom, "");
  appStore.set(titleDraftAtom, "");
  appStore.set(generatedTranscriptIdAtom, RESET);
}
