// Fault grid: Linear, GitHub Issues and Azure DevOps × the seven faults (faults.ts), at each step a user's click
// reaches: the wizard's credential check (POST /api/validate/{linear,github,azure-devops}-auth), the epic create and
// the first story create of an export (POST /api/transcripts/{id}/export/{type}), and GitHub's sub-issue link, the
// one tracker where linking is a request of its own (tracker-steps.ts says why Linear and Azure DevOps have none).
// Every other request is answered by the tracker's contract-checked fake, so the real adapter and the exactly-once
// export machinery (services/integrations/tracker-export.ts over exports.ts) run unchanged. Modelled on jira.test.ts.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { TrackerType } from "../../../schema/api/integrations";
import { call, json } from "../../test/client";
import type { RecordedRequest } from "../outbound";
import {
  createProject,
  createTrackerIntegration,
  createTranscriptWithStories,
  createUser,
  setTier,
} from "../factories";
import {
  captureLogs,
  compressTime,
  expectClearError,
  expectLogsWithout,
  FAULT_ROWS,
  RETRY_AFTER_SECONDS,
  type Fault,
  type FaultName,
} from "./faults";
import {
  EPIC_TITLE,
  REVIEW_STEPS,
  STORIES,
  STORY_TITLES,
  trackerGrid,
  TRACKER_STEPS,
  type TrackerGrid,
  type TrackerStep,
} from "./tracker-steps";

const isRateLimit = (fault: FaultName) => fault === "429 with Retry-After";
const isUnusable = (fault: FaultName) => fault === "garbage body" || fault === "wrong shape";

/**
 * Calls to the broken request, from the three adapters' one policy (adapters/{linear,github,azure-devops}/http.ts,
 * `send`): a 429 is waited out (Retry-After, 2 s) RATE_LIMIT_RETRIES times within the 20 s budget, so it is sent
 * once more than that; an answer that is not JSON or not in the expected shape is not retried; a read is retried
 * once after a timeout, a network error or a 5xx (retryRead / retryOnce); a write (a create, GitHub's sub-issue
 * POST) never is.
 */
function expectedCalls(grid: TrackerGrid, fault: FaultName, step: TrackerStep): number {
  if (isRateLimit(fault)) return grid.rateLimitCalls;
  if (isUnusable(fault)) return 1;
  return step.isWrite ? 1 : 2;
}

/**
 * "In doubt" exactly when a write may have been applied. A create: every fault but the 429 (a definite "not now"),
 * since a timeout, a dropped connection, a 5xx and an unreadable 200 all leave the outcome unknown
 * (TrackerError.mayHaveApplied from each http.ts `send`; Linear's also for a 200 without `success`). GitHub's link:
 * every fault, the 429 included, because the story it would link was created just before (github/http.ts
 * createStory wraps any link failure with mayHaveApplied).
 */
function mayHaveApplied(fault: FaultName, step: TrackerStep): boolean {
  if (step.kind === "link") return true;
  return step.isWrite && !isRateLimit(fault);
}

interface ExportRecord {
  completed_at: number | null;
  claim_token: string | null;
  in_doubt: number;
  target_key: string | null;
  story_keys: string;
}

async function exportRecord(integrationId: number, transcriptId: number) {
  return env.DB.prepare(
    "SELECT completed_at, claim_token, in_doubt, target_key, story_keys FROM integration_exports WHERE integration_id = ? AND transcript_id = ?",
  )
    .bind(integrationId, transcriptId)
    .first<ExportRecord>();
}

async function setUp(type: TrackerType) {
  compressTime();
  const logs = captureLogs();
  const user = await createUser();
  await setTier(user, "pro");
  const project = await createProject(user, { name: "Payments" });
  return { logs, user, project, grid: trackerGrid(type) };
}

/** The answer a fault must give: 429 with the fault's own wait, or 502; never the upstream's words or the secret. */
async function expectFaultAnswer(response: Response, fault: FaultName, grid: TrackerGrid) {
  const retryAfter = response.headers.get("Retry-After");
  const body = await expectClearError(response, isRateLimit(fault) ? [429] : [502], grid.secrets);
  if (isRateLimit(fault)) {
    expect(body.code).toBe("rate_limited");
    // trackerFailure (upstream-errors.ts) passes on what the tracker asked for: RETRY_AFTER_SECONDS.
    expect(retryAfter).toBe(String(RETRY_AFTER_SECONDS));
  } else {
    expect(body.code).toBe("upstream_error");
  }
}

const faultyCalls = (calls: RecordedRequest[], step: TrackerStep) => calls.filter(step.matches).length;

async function validateWith(type: TrackerType, step: TrackerStep, fault: Fault) {
  const { logs, user, grid } = await setUp(type);
  const { calls, holdings } = grid.mock({ step, fault });
  const response = await call("POST", grid.validate.path, { cookie: user.session, body: grid.validate.body });
  return { response, logs, grid, faulty: faultyCalls(calls, step), holdings };
}

async function exportWith(type: TrackerType, step: TrackerStep, fault: Fault) {
  const { logs, user, project, grid } = await setUp(type);
  const integration = await createTrackerIntegration(user, project.id, type);
  const transcriptId = await createTranscriptWithStories(user, project.id, { count: STORIES });
  const { calls, holdings } = grid.mock({ step, fault });
  const exportNow = () =>
    call("POST", `/api/transcripts/${transcriptId}/export/${type}`, {
      cookie: user.session,
      body: { integrationId: integration.id },
    });
  const response = await exportNow();
  const record = await exportRecord(integration.id, transcriptId);
  const faulty = faultyCalls(calls, step);
  /** The tracker is healthy again: the same click exports. */
  const resume = async () => {
    vi.restoreAllMocks();
    compressTime();
    grid.mock();
    const resumed = await exportNow();
    return { resumed, record: await exportRecord(integration.id, transcriptId) };
  };
  return { response, record, faulty, logs, grid, holdings, resume };
}

describe.each(TRACKER_STEPS.filter(([, step]) => step.kind === "validate"))(
  "fault grid: %s × the wizard's credential check",
  (type, step) => {
    it.each(FAULT_ROWS)("%s: a clear 4xx/5xx, nothing leaked, calls bounded", async (name, fault) => {
      const { response, logs, grid, faulty, holdings } = await validateWith(type, step, fault);
      await expectFaultAnswer(response, name, grid);
      expectLogsWithout(logs, grid.secrets);
      expect(faulty).toBe(expectedCalls(grid, name, step));
      expect(holdings()).toEqual({ epics: [], stories: [] });
    });
  },
);

describe.each(
  TRACKER_STEPS.filter(([, step]) => step.kind !== "validate").map(([type, step]) => [type, step.name, step] as const),
)("fault grid: %s × export, at %s", (type, _name, step) => {
  it.each(FAULT_ROWS)(
    "%s: a clear 4xx/5xx, the export record consistent and resumable, calls bounded",
    async (name, fault) => {
      const { response, record, faulty, logs, grid, holdings, resume } = await exportWith(type, step, fault);
      await expectFaultAnswer(response, name, grid);
      expectLogsWithout(logs, grid.secrets);
      expect(faulty).toBe(expectedCalls(grid, name, step));

      // Nothing half-written: not complete, the claim released, "in doubt" exactly when a write went unanswered,
      // and the record holds what the tracker holds. The mock answered the broken request without the fake seeing
      // it, so the broken create made nothing (and the broken link linked nothing).
      const held = holdings();
      expect(record).toMatchObject({
        completed_at: null,
        claim_token: null,
        in_doubt: mayHaveApplied(name, step) ? 1 : 0,
      });
      expect((JSON.parse(record!.story_keys) as unknown[]).every((key) => key === null)).toBe(true);
      if (step.kind === "parent") {
        expect(held).toEqual({ epics: [], stories: [] });
        expect(record!.target_key).toBeNull();
      } else {
        // The epic was created and recorded before the story's turn.
        expect(held.epics).toHaveLength(1);
        expect(record!.target_key).toBe(held.epics[0]!.key);
        // At the link: the first story exists, not yet a sub-issue of the epic.
        expect(held.stories).toEqual(
          step.kind === "link" ? [{ key: expect.any(String), title: STORY_TITLES[0], parentKey: null }] : [],
        );
      }

      // Resumable: with the tracker answering, the same export finishes with one epic and its stories, each once
      // and each the epic's child (a story found unlinked is linked, not created again).
      const { resumed, record: after } = await resume();
      expect(resumed.status).toBe(200);
      const { summary } = (
        await json<{ data: { data: { summary: { storiesCreated: number; epicCreated: boolean } } } }>(resumed)
      ).data.data;
      const adopted = step.kind === "link" ? 1 : 0;
      expect(summary).toEqual({ storiesCreated: STORIES - adopted, epicCreated: step.kind === "parent" });
      const final = holdings();
      expect(final.epics).toEqual([{ key: expect.any(String), title: EPIC_TITLE }]);
      const epicKey = final.epics[0]!.key;
      expect(final.stories.map((s) => s.title).sort()).toEqual([...STORY_TITLES].sort());
      expect(final.stories.every((s) => s.parentKey === epicKey)).toBe(true);
      expect(after).toMatchObject({ claim_token: null, in_doubt: 0, target_key: epicKey });
      expect(after!.completed_at).not.toBeNull();
      const byTitle = new Map(final.stories.map((s) => [s.title, s.key]));
      expect(JSON.parse(after!.story_keys)).toEqual(STORY_TITLES.map((title) => byTitle.get(title)));
    },
  );
});

// The review before an export (issue 41) under the same seven faults: its search of the open items (a read: retried
// once, nothing written anywhere), and "Add to", the one write of the review to an item StoryLoom did not make (sent
// once; it reads the item first, so the export clicked again finds what is there and appends exactly once).
describe.each(REVIEW_STEPS.map(([type, step]) => [type, step.name, step] as const))(
  "fault grid: %s × review before export, at %s",
  (type, _name, step) => {
    it.each(FAULT_ROWS)("%s: a clear 4xx/5xx, nothing written, resumable, calls bounded", async (name, fault) => {
      const { logs, user, project, grid } = await setUp(type);
      const integration = await createTrackerIntegration(user, project.id, type);
      const transcriptId = await createTranscriptWithStories(user, project.id, { count: STORIES });
      const item = grid.review.seed();
      const { calls, holdings } = grid.mock({ step, fault });
      const seeded = holdings(); // the item someone wrote
      const made = () => holdings().stories.length - seeded.stories.length;
      const review = () =>
        call("POST", `/api/transcripts/${transcriptId}/export/${type}/review`, {
          cookie: user.session,
          body: { integrationId: integration.id },
        });
      const exportNow = () =>
        call("POST", `/api/transcripts/${transcriptId}/export/${type}`, {
          cookie: user.session,
          body: { integrationId: integration.id, placements: [{ position: 0, action: "add", key: item }] },
        });

      const response = step.kind === "search" ? await review() : await exportNow();
      await expectFaultAnswer(response, name, grid);
      expectLogsWithout(logs, grid.secrets);
      expect(calls.filter(step.matches).length).toBe(expectedCalls(grid, name, step));
      // The broken write was answered by the fault, never by the fake: nothing was added, no epic or story made.
      expect(grid.review.notes(item)).toBe(0);
      expect(holdings()).toEqual(seeded);
      const record = await exportRecord(integration.id, transcriptId);
      if (step.kind === "search") expect(record).toBeNull();
      else expect(record).toMatchObject({ completed_at: null, claim_token: null, in_doubt: 0 });

      // The tracker answers again: the review answers, and the export adds to the item once and creates the rest.
      vi.restoreAllMocks();
      compressTime();
      grid.mock();
      if (step.kind === "search") expect((await review()).status).toBe(200);
      const resumed = await exportNow();
      expect(resumed.status).toBe(200);
      expect(grid.review.notes(item)).toBe(1);
      expect(made()).toBe(STORIES - 1);
    });
  },
);
