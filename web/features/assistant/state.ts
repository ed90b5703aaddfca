import { atom } from "jotai";

/** docs/product-spec.md §4 Chat panel: closed, open, minimised. UI state only (docs/architecture.md: jotai for UI state). */
export type ChatPanelState = "closed" | "open" | "minimised";
export const chatPanelAtom = atom<ChatPanelState>("closed");

/**
 * Where the corner's occupant sits (web/features/assistant/tuck.ts): the button, or the minimised panel's pill, whose
 * size the pill reports here so the same rule keeps it off the page's controls.
 */
export const cornerPlaceAtom = atom<{ shown: boolean; lift: number }>({ shown: true, lift: 0 });
export const pillSizeAtom = atom<{ width: number; height: number } | null>(null);
