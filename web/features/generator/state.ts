import { atom } from "jotai";
import type { GenerateResponse } from "../../../schema/api/transcripts";

// The draft and the last result survive a visit to another page and back (UI state; the server keeps the saved copy).
export const transcriptDraftAtom = atom("");
export const titleDraftAtom = atom("");
export const generatedResultAtom = atom<GenerateResponse | null>(null);
