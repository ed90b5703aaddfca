import { atom } from "jotai";
import type { Project } from "../../../schema/api/projects";

/**
 * The create/edit dialog: closed (null), creating, or editing a project. One dialog per screen reads this.
 * `returnFocus` is the control that opened it (a menu's trigger, a button): focus goes back there on close.
 */
export type ProjectDialogState =
  (({ mode: "create" } | { mode: "edit"; project: Project }) & { returnFocus?: HTMLElement | null }) | null;
export const projectDialogAtom = atom<ProjectDialogState>(null);

export type ProjectSort = "name" | "created" | "activity";
export type ProjectView = "grid" | "list";

// The Projects tab's controls survive a visit to a project and back.
export const projectSearchAtom = atom("");
export const projectSortAtom = atom<ProjectSort>("name");
export const projectViewAtom = atom<ProjectView>("grid");
