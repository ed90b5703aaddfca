import { atom } from "jotai";

/** docs/product-spec.md §4 Chat panel: closed, open, minimised. UI state only (docs/architecture.md: jotai for UI state). */
export type ChatPanelState = "closed" | "open" | "minimised";
export const chatPanelAtom = atom<ChatPanelState>("closed");
