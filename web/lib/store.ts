import { createStore } from "jotai";

/** The app's jotai store (UI-only state). Exported so non-React code such as `toast()` can write to it. */
export const appStore = createStore();
