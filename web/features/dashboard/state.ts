import { atom } from "jotai";

export type DashboardTab = "overview" | "projects" | "activity";

/** The open tab survives a visit to a project or its settings and back. */
export const dashboardTabAtom = atom<DashboardTab>("overview");
