import { INTEGRATION_LABELS } from "../../../schema/api/integration-types";
import type { ExportProgress, ExportResponse, ExportSummary, IntegrationType } from "../../../schema/api/integrations";
import { plural } from "../../lib/format";

// The export's logic without UI, so it can be tested in Node: the progress poll, and the texts (docs/product-spec.md §8).

/** How often the progress dialog asks the server how far the export has got. */
export const PROGRESS_POLL_MS = 500;

const OPEN_LINKS: Record<IntegrationType, string> = {
  jira: "Open the epic in JIRA",
  notion: "Open the page in Notion",
  linear: "Open the epic in Linear",
  github: "Open the epic on GitHub",
  "azure-devops": "Open the epic in Azure DevOps",
};

/** docs/product-spec.md §8 names the JIRA texts; the other integrations follow the same pattern. */
export function exportWording(type: IntegrationType) {
  const name = INTEGRATION_LABELS[type];
  return {
    name,
    dialogTitle: `Exporting to ${name}`,
    failedTitle: `${name} Export Failed`,
    failedFallback: `Failed to export to ${name}`,
    existsTitle: `${name} Export Already Exists`,
    openLink: OPEN_LINKS[type],
  };
}

/** 'Created the epic and 5 stories' (or only the stories, when the epic existed from an earlier, partial run). */
export function exportResultText(summary: ExportSummary["summary"]): string {
  const stories = plural(summary.storiesCreated, "story", "stories");
  return summary.epicCreated ? `Created the epic and ${stories}` : `Created ${stories}`;
}

/**
 * After a review: what went to existing items and what stayed out, as its own sentence ("Linked 1 to an existing
 * item, added 2 stories to existing items, skipped 1."), or "" when the export had no review.
 */
export function placementText(summary: ExportSummary["summary"]): string {
  const parts = [
    summary.storiesLinked
      ? `linked ${summary.storiesLinked} to ${summary.storiesLinked === 1 ? "an existing item" : "existing items"}`
      : "",
    summary.storiesAddedTo
      ? `added ${plural(summary.storiesAddedTo, "story", "stories")} to ${summary.storiesAddedTo === 1 ? "an existing item" : "existing items"}`
      : "",
    summary.storiesSkipped ? `skipped ${summary.storiesSkipped}` : "",
  ].filter(Boolean);
  if (!parts.length) return "";
  const sentence = parts.join(", ");
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/**
 * After "Update in …": 'Updated 2 stories and created 1', with the epic when it changed, and what stays behind:
 * '1 story deleted in StoryLoom is still there.'
 */
export function updateResultText(summary: ExportSummary["summary"], epicEdited: boolean): string {
  const parts: string[] = [];
  if (epicEdited) parts.push("the epic");
  if (summary.storiesUpdated) parts.push(plural(summary.storiesUpdated, "story", "stories"));
  const updated = parts.length ? `Updated ${parts.join(" and ")}` : "";
  const created = summary.storiesCreated ? `created ${plural(summary.storiesCreated, "story", "stories")}` : "";
  const done = [updated, created].filter(Boolean).join(" and ") || "Nothing needed sending";
  const sentence = done.charAt(0).toUpperCase() + done.slice(1);
  const left = summary.storiesLeft
    ? ` ${plural(summary.storiesLeft, "story", "stories")} deleted in StoryLoom ${summary.storiesLeft === 1 ? "is" : "are"} still there.`
    : "";
  return `${sentence}.${left}`;
}

/** docs/product-spec.md §4: the bar counts the epic and each story, so its total is the story count plus one. */
export function exportTotal(storyCount: number): number {
  return Math.max(0, storyCount) + 1;
}

/**
 * What the bar shows for a progress answer: the server's counts when it has a record (its total wins, it knows
 * what it is creating), otherwise nothing done yet of `total`. Never goes backwards from `previous`.
 */
export function nextProgress(
  previous: { done: number; total: number },
  answer: ExportProgress | null,
): { done: number; total: number } {
  if (!answer || answer.status === "none" || answer.total <= 0) return previous;
  const total = answer.total;
  const done = previous.total === total ? Math.max(previous.done, answer.done) : answer.done;
  return { done: Math.min(total, Math.max(0, done)), total };
}

export interface ExportRun {
  /** Starts the export (the POST); resolves when the server has finished it. */
  start(): Promise<ExportResponse>;
  /** Reads the export's progress (the GET); failures are ignored, the next poll tries again. */
  progress(): Promise<ExportProgress>;
  onProgress(progress: ExportProgress): void;
  intervalMs?: number;
  /** Waits `ms`; tests pass their own clock. */
  sleep?(ms: number): Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs an export and, while its request is in flight, polls its real progress every `intervalMs`, one request at
 * a time; no poll result is reported once the export has answered. Resolves or rejects with the export's answer.
 */
export async function exportWithProgress(run: ExportRun): Promise<ExportResponse> {
  const sleep = run.sleep ?? defaultSleep;
  const interval = run.intervalMs ?? PROGRESS_POLL_MS;
  let finished = false;
  const request = run.start();
  const settled = request.then(
    () => undefined,
    () => undefined,
  );
  void settled.then(() => {
    finished = true;
  });
  void (async () => {
    while (!finished) {
      await Promise.race([sleep(interval), settled]);
      if (finished) return;
      try {
        const progress = await run.progress();
        if (!finished) run.onProgress(progress);
      } catch {
        // A failed poll is not the export failing: the next one tries again.
      }
    }
  })();
  try {
    return await request;
  } finally {
    finished = true;
  }
}
