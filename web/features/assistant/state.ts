import { atom } from "jotai";

/** Spec §4 Chat panel: closed, open, minimised. UI state only (architecture.md: jotai for UI state). */
export type ChatPanelState = "closed" | "open" | "minimised";
export const chatPanelAtom = atom<ChatPanelState>("closed");
