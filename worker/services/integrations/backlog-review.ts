import type {
  EpicChoices,
  Integration,
  ExportReview,
  IntegrationType,
  StoryPlacementRequest,
} from "../../../schema/api/integrations";
import type { UserStory } from "../../../schema/api/transcripts";
import type { AppendNote, TrackerSession } from "../../adapters/tracker";
import { findExport, setIntegrationEpic, type IntegrationRow } from "../../data/integrations";
import type { Deps } from "../../deps";
import { randomBytes, toHex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { causeMessage, logEvent } from "../../lib/log";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { matchBacklog, type MatchResult } from "./backlog-match";
import { prepareExport, type ExportJob, type ExportSetup } from "./exports";
import { openSecret, requireIntegration, requireIntegrationsPlan, toIntegration } from "./index";
import { placementsOf } from "./placements";
import { openSession } from "./tracker-sessions";

// Review before export (issue 41): before anything is written, each story is compared with the destination's open
// items, read in at most three requests whatever the number of stories (BACKLOG_LIMIT in adapters/tracker), and
// matched here (backlog-match.ts). The person then creates, skips, links or adds each story, and may put the
// stories under an existing epic, which the project can remember. A review writes nothing, to the tracker or D1.

/** What a destination's session offers the review. */
export type BacklogSession = Pick<TrackerSession, "openItems" | "openEpics" | "relate" | "appendTo">;

/** The review's choices sent with an export. */
export interface ReviewRequest {
  placements?: StoryPlacementRequest[];
  /** An existing epic's key; null: a new epic. */
  epic?: string | null;
  /** true: remember `epic` for the project's next exports (null: none); false: forget the remembered one. */
  rememberEpic?: boolean;
}

/** A Notion export is a page under a page (docs/product-decisions.md): no items to review, link or put under an epic. */
function noBacklog(): AppError {
  return new AppError("bad_request", "Notion pages have no backlog to compare stories with: export them as they are.", {
    details: { field: "integrationId" },
  });
}

/** The destination's review session, each failure said in the shared error shape; Notion pages have no backlog (400). */
export function backlogSession(deps: Deps, integration: IntegrationRow, secret: string): BacklogSession {
  if (integration.type === "notion") throw noBacklog();
  // Reads and the review's writes use no marker of their own: the ones a write needs come in its note.
  const { session, failure } = openSession(deps, integration, secret, toHex(randomBytes(6)));
  const failing =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        throw failure(error);
      }
    };
  return {
    openItems: failing(() => session.openItems()),
    openEpics: failing(() => session.openEpics()),
    relate: failing((storyKey: string, itemKey: string) => session.relate(storyKey, itemKey)),
    appendTo: failing((itemKey: string, note: AppendNote) => session.appendTo(itemKey, note)),
  };
}

export async function reviewExport(
  deps: Deps,
  userId: number,
  transcriptId: number,
  integrationId: number,
  type: IntegrationType,
  epic?: string,
): Promise<ExportReview> {
  const job = await prepareExport(deps, userId, transcriptId, integrationId, type);
  // Exported already: the export will only say so (its spec'd answer), so there is nothing to review.
  const record = await findExport(deps.db, job.integration.id, job.transcript.id);
  if (record?.completedAt)
    return { alreadyExported: true, searched: 0, truncated: false, judged: false, stories: [], unmentioned: [] };
  await limitReviews(deps, userId);
  const session = backlogSession(deps, job.integration, await openSecret(deps, job.integration));
  const backlog = await session.openItems();
  // the chosen epic is where the stories go, not something a story could be
  const items = backlog.items.filter((item) => item.key !== epic);
  const { results, judged } = await judgeCloseCalls(
    deps,
    job.stories.userStories,
    await matchBacklog(job.stories.userStories, items),
  );
  // Under the chosen epic: an item there is most likely this story from an earlier meeting, so its new criteria are
  // offered as an addition; and the epic's items no story matched are what this meeting did not mention.
  const underEpic = (item: { parentKey: string | null }) => epic !== undefined && item.parentKey === epic;
  const matched = new Set(results.flatMap((r) => r.matches.map((m) => m.item.key)));
  return {
    alreadyExported: false,
    searched: backlog.items.length,
    truncated: backlog.truncated,
    judged,
    stories: results.map((result, position) => ({
      position,
      matches: result.matches.map(({ item, score, shared }) => ({
        key: item.key,
        title: item.title,
        status: item.status,
        url: item.url,
        score,
        shared,
      })),
      suggested: result.suggested
        ? { key: result.suggested.item.key, action: underEpic(result.suggested.item) ? "add" : "link" }
        : null,
    })),
    unmentioned: items
      .filter((item) => underEpic(item) && !matched.has(item.key))
      .map(({ key, title, status, url }) => ({ key, title, status, url })),
  };
}

/** Stories one judgement reads at most; a longer list (rare) keeps the word matcher's suggestions past it. */
const JUDGED_STORIES = 40;

/**
 * With an LLM provider, a model judges which of each story's shown matches, if any, asks for the same change (one
 * call for the review): its answer replaces the word matcher's suggestion, including "none". Without one, or when it
 * fails or answers late, the word matcher's suggestions stand and the review says so (`judged: false`).
 */
async function judgeCloseCalls(
  deps: Deps,
  stories: readonly UserStory[],
  results: MatchResult[],
): Promise<{ results: MatchResult[]; judged: boolean }> {
  const judge = deps.backlogJudge();
  const asked = results.flatMap((result, position) => (result.matches.length > 0 ? [position] : []));
  if (!judge || asked.length === 0) return { results, judged: false };
  const cases = asked.slice(0, JUDGED_STORIES);
  try {
    const answers = await judge.judge(
      cases.map((position) => ({
        story: stories[position]!,
        candidates: results[position]!.matches.map(({ item }) => ({
          key: item.key,
          title: item.title,
          description: item.description,
        })),
      })),
    );
    const judged = [...results];
    cases.forEach((position, i) => {
      const result = results[position]!;
      judged[position] = { ...result, suggested: result.matches.find((m) => m.item.key === answers[i]) ?? null };
    });
    return { results: judged, judged: true };
  } catch (error) {
    logEvent("warn", "backlog_judge_failed", { model: judge.name, cause: causeMessage(error) });
    return { results, judged: false };
  }
}

/** GET /api/integrations/{id}/epics: the destination's open epics, and the one the project remembers. */
export async function listEpics(deps: Deps, userId: number, integrationId: number): Promise<EpicChoices> {
  const integration = await requireIntegration(deps, userId, integrationId);
  await requireIntegrationsPlan(deps, integration.ownerId);
  await limitReviews(deps, userId);
  const session = backlogSession(deps, integration, await openSecret(deps, integration));
  return { epics: await session.openEpics(), remembered: integration.epic ?? null };
}

/** The review's choices as the export record keeps them; an epic named by key is looked up there (openEpicNamed). */
export async function exportSetup(
  deps: Deps,
  userId: number,
  job: ExportJob,
  review: ReviewRequest | undefined,
): Promise<ExportSetup | undefined> {
  if (!review) return undefined;
  const placements = placementsOf(review.placements ?? [], job.stories.userStories.length);
  const wantsWrites = review.epic || placements.some(Boolean);
  if (wantsWrites && job.integration.type === "notion") {
    throw new AppError("bad_request", "A Notion export has no review: export the stories as they are.", {
      details: { field: "placements" },
    });
  }
  // a read of the tracker before the export's own limit is taken: counted as a review's
  const epic = review.epic ? await openEpicNamed(deps, userId, job.integration, review.epic) : null;
  // true: this epic (or, null, none) is the project's from now on; false: the project forgets the one it had
  if (review.rememberEpic !== undefined) {
    await setIntegrationEpic(deps.db, job.integration.id, review.rememberEpic ? epic : null, deps.now());
  }
  return { placements, epic };
}

/**
 * PUT /api/integrations/{id}/epic: the existing epic the project's exports to this integration go under from now on
 * (null: a new epic for each export). Anyone who may export there may choose it, as the export dialog's "Remember for
 * this project" does.
 */
export async function chooseEpic(
  deps: Deps,
  userId: number,
  integrationId: number,
  key: string | null,
): Promise<Integration> {
  const integration = await requireIntegration(deps, userId, integrationId);
  await requireIntegrationsPlan(deps, integration.ownerId);
  if (integration.type === "notion") throw noBacklog();
  const epic = key === null ? null : await openEpicNamed(deps, userId, integration, key);
  const now = deps.now();
  await setIntegrationEpic(deps.db, integration.id, epic, now);
  return toIntegration({ ...integration, epic, updatedAt: now });
}

/**
 * The destination's open epic `key`, looked up there (one read, under the review's limit), so a key typed by hand
 * or an epic closed since it was listed is refused before anything is written; its link and title come from the
 * tracker, never from the request.
 */
async function openEpicNamed(deps: Deps, userId: number, integration: IntegrationRow, key: string) {
  await limitReviews(deps, userId);
  const session = backlogSession(deps, integration, await openSecret(deps, integration));
  const found = (await session.openEpics()).find((choice) => choice.key === key);
  if (!found) {
    throw new AppError("bad_request", `${key} is not an open epic there any more. Choose another one.`, {
      details: { field: "epic" },
    });
  }
  return found;
}

async function limitReviews(deps: Deps, userId: number) {
  await enforceLimit(
    deps.limits,
    `backlog-review:user:${userId}`,
    RATE_RULES.backlogReviews,
    "Too many reviews. Please wait a minute and try again.",
  );
}
