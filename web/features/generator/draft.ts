// The generator's draft (transcript, title, project) kept across a reload of the page, for the account that typed
// it, in this tab only (sessionStorage: a meeting transcript is not left on the device after the tab closes). It is
// dropped after a successful generation, on Clear and on sign-out (state.ts).

const KEY = "storyloom.generator.draft";

export interface GeneratorDraft {
  /** The account the draft belongs to: another account signing in on this tab never sees it. */
  owner: number;
  transcript: string;
  title: string;
  /** The project select's value (a project id, or the "no project" value). */
  project: string;
}

export function loadDraft(owner: number): GeneratorDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<GeneratorDraft>;
    if (
      draft.owner !== owner ||
      typeof draft.transcript !== "string" ||
      typeof draft.title !== "string" ||
      typeof draft.project !== "string"
    )
      return null;
    return draft as GeneratorDraft;
  } catch {
    return null;
  }
}

/** Keeps the draft, or forgets it when there is nothing typed. */
export function saveDraft(draft: GeneratorDraft): void {
  try {
    if (!draft.transcript.trim() && !draft.title.trim()) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the draft lives as long as the page, as before
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked
  }
}
