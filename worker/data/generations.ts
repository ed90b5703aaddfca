import { and, eq, exists, gte, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { GeneratedStories } from "../../schema/api/transcripts";
import { generationCharsDaily, generations, transcripts } from "../../schema/db";
import { activityStatement } from "./activity";
import { insertWhere, LAST_INSERTED_ID, PREVIOUS_CHANGED, type Database } from "./db";

export interface AllowanceCheck {
  userId: number;
  provider: string;
  now: number;
  /** Generations counted from this instant (the start of the calendar month, UTC). */
  since: number;
  /** null: unlimited. */
  limit: number | null;
  /** The daily ceiling on transcript characters, charged to the person who starts the run. */
  daily: DailyCharsCheck;
  /**
   * The run's model work starts in the request that claims it (the embedded generator, a provider without durable
   * runs): it is marked started at once. A durable run marks it when its first part is sent (markModelStarted).
   */
  modelStartsNow: boolean;
}

/** A day's characters: whose (the person starting the run), which UTC day, how many this run adds, and the ceiling. */
export interface DailyCharsCheck {
  userId: number;
  /** 00:00 UTC of the day, in ms. */
  day: number;
  chars: number;
  limit: number;
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** True while the user's generations this month are under the limit. */
function withinAllowance(check: AllowanceCheck) {
  const used = sql`(SELECT count(*) FROM ${generations} WHERE ${generations.userId} = ${check.userId} AND ${generations.createdAt} >= ${check.since})`;
  return sql`${used} < ${check.limit ?? UNLIMITED}`;
}

/** True while the person's characters today, with this run's, stay within the daily ceiling. */
function withinDailyChars(daily: DailyCharsCheck) {
  const used = sql`coalesce((SELECT ${generationCharsDaily.chars} FROM ${generationCharsDaily} WHERE ${generationCharsDaily.userId} = ${daily.userId} AND ${generationCharsDaily.day} = ${daily.day}), 0)`;
  return sql`${used} + ${daily.chars} <= ${daily.limit}`;
}

/** Adds the run's characters to the person's day, only when the statement before changed a row (the run was counted). */
function chargeDailyChars(db: Database, daily: DailyCharsCheck) {
  return insertWhere(
    db,
    generationCharsDaily,
    { userId: daily.userId, day: daily.day, chars: daily.chars },
    PREVIOUS_CHANGED,
  ).onConflictDoUpdate({
    target: [generationCharsDaily.userId, generationCharsDaily.day],
    set: { chars: sql`${generationCharsDaily.chars} + excluded.chars` },
  });
}

/** The characters the person has handed to generation on `day` (0 when none). */
export async function dailyCharsUsed(db: Database, userId: number, day: number): Promise<number> {
  const [row] = await db
    .select({ chars: generationCharsDaily.chars })
    .from(generationCharsDaily)
    .where(and(eq(generationCharsDaily.userId, userId), eq(generationCharsDaily.day, day)));
  return row?.chars ?? 0;
}

/** How many generations the account counted since `since`: the figure the allowance above compares. */
export function countGenerationsSince(db: Database, userId: number, since: number) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(generations)
    .where(and(eq(generations.userId, userId), gte(generations.createdAt, since)));
}

/**
 * A running generation: its transcript, its counted generation, and when it started. The start doubles as the
 * run's claim on the transcript: it ends (stories saved or failure recorded) only while `generation_started_at`
 * still holds it, so a run the sweep already failed cannot write afterwards.
 */
export interface GenerationRun {
  transcriptId: number;
  generationId: number;
  startedAt: number;
}

/**
 * Counts a generation, charges its characters to the day of the person starting it, and saves the new transcript
 * ("Processing", its generation running) with its activity entry, all or nothing. Returns undefined when the monthly
 * allowance is used up or the day's characters would pass the ceiling.
 */
export async function startGeneration(
  db: Database,
  check: AllowanceCheck,
  transcript: {
    projectId: number | null;
    projectName: string | null;
    title: string;
    content: string;
    createdBy: number;
  },
): Promise<GenerationRun | undefined> {
  // Each statement runs only if the one before it changed a row: no counted generation, no characters charged, no
  // transcript, no event.
  const [generation, , inserted] = await db.batch([
    insertWhere(
      db,
      generations,
      {
        userId: check.userId,
        transcriptId: null,
        provider: check.provider,
        modelStartedAt: check.modelStartsNow ? check.now : null,
        createdAt: check.now,
      },
      and(withinAllowance(check), withinDailyChars(check.daily))!,
    ).returning({ id: generations.id }),
    chargeDailyChars(db, check.daily),
    insertWhere(
      db,
      transcripts,
      {
        // The allowance's account owns it (a team member's generation in the owner's project is the owner's).
        ownerId: check.userId,
        createdBy: transcript.createdBy,
        projectId: transcript.projectId,
        title: transcript.title,
        content: transcript.content,
        contentLength: transcript.content.length,
        generationStartedAt: check.now,
        generationStartedBy: transcript.createdBy,
        createdAt: check.now,
        updatedAt: check.now,
      },
      PREVIOUS_CHANGED,
    ).returning({ id: transcripts.id }),
    // Linked in the same batch, so a refund (a failure, or the sweep after a stopped Worker) always finds the
    // generation. Within the batch the user's newest generation is the one counted above.
    db
      .update(generations)
      .set({ transcriptId: LAST_INSERTED_ID })
      .where(
        and(
          eq(
            generations.id,
            sql`(SELECT max(${generations.id}) FROM ${generations} WHERE ${generations.userId} = ${check.userId})`,
          ),
          PREVIOUS_CHANGED,
        ),
      ),
    // An UPDATE leaves last_insert_rowid() alone: it is still the transcript's id.
    activityStatement(db, {
      ownerId: check.userId,
      kind: "transcript_created",
      subject: transcript.title,
      projectId: transcript.projectId,
      projectName: transcript.projectName,
      transcriptId: LAST_INSERTED_ID,
      createdAt: check.now,
    }),
  ]);
  const generationId = generation[0]?.id;
  const transcriptId = inserted[0]?.id;
  if (generationId === undefined || transcriptId === undefined) return undefined;
  return { generationId, transcriptId, startedAt: check.now };
}

/**
 * Starts a generation for an existing transcript: claims it for `startedBy` (only when no generation runs for it, the
 * allowance has room and the day's characters stay within the ceiling), counts the generation and charges the
 * characters, in one batch. Undefined when a condition failed.
 */
export async function startRegeneration(
  db: Database,
  check: AllowanceCheck,
  transcriptId: number,
  startedBy: number,
): Promise<GenerationRun | undefined> {
  const [, counted] = await db.batch([
    db
      .update(transcripts)
      .set({ generationStartedAt: check.now, generationStartedBy: startedBy, ...NO_PARTS })
      .where(
        and(
          eq(transcripts.id, transcriptId),
          isNull(transcripts.generationStartedAt),
          withinAllowance(check),
          withinDailyChars(check.daily),
        ),
      ),
    insertWhere(
      db,
      generations,
      {
        userId: check.userId,
        transcriptId,
        provider: check.provider,
        modelStartedAt: check.modelStartsNow ? check.now : null,
        createdAt: check.now,
      },
      PREVIOUS_CHANGED,
    ).returning({ id: generations.id }),
    chargeDailyChars(db, check.daily),
  ]);
  const generationId = counted[0]?.id;
  return generationId === undefined ? undefined : { transcriptId, generationId, startedAt: check.now };
}

/** A run read in parts records them on its transcript (schema/db/projects.ts); any other has none. */
const NO_PARTS = { generationParts: null, generationPartsDone: 0 };

/** Records that the run reads its transcript in `parts` parts, none done yet. False when the run lost its hold. */
export async function recordGenerationParts(db: Database, run: GenerationRun, parts: number): Promise<boolean> {
  const held = await db
    .update(transcripts)
    .set({ generationParts: parts, generationPartsDone: 0 })
    .where(holds(run))
    .returning({ id: transcripts.id });
  return held.length > 0;
}

/**
 * Marks part `index` of the run done: one bit each, so a part recorded twice (a retried step) counts once and parts
 * finishing together never overwrite each other. False when the run lost its hold.
 */
export async function recordPartDone(db: Database, run: GenerationRun, index: number): Promise<boolean> {
  const held = await db
    .update(transcripts)
    .set({ generationPartsDone: sql`${transcripts.generationPartsDone} | ${2 ** index}` })
    .where(holds(run))
    .returning({ id: transcripts.id });
  return held.length > 0;
}

/**
 * Marks the run's model work started (a durable run, before it sends its first part): from here a cancel keeps the
 * generation counted. One statement, only while the run holds its transcript, so it and a cancel never both win:
 * false when the run was cancelled or failed first, and then nothing may be sent.
 */
export async function markModelStarted(db: Database, run: GenerationRun, now: number): Promise<boolean> {
  const [row] = await db
    .update(generations)
    .set({ modelStartedAt: sql`coalesce(${generations.modelStartedAt}, ${now})` })
    .where(
      and(
        eq(generations.id, run.generationId),
        eq(generations.transcriptId, run.transcriptId),
        exists(db.select({ id: transcripts.id }).from(transcripts).where(holds(run))),
      ),
    )
    .returning({ id: generations.id });
  return row !== undefined;
}

/** The run still holds its transcript (the sweep has not failed it, and the transcript was not deleted). */
function holds(run: Pick<GenerationRun, "transcriptId" | "startedAt">) {
  return and(eq(transcripts.id, run.transcriptId), eq(transcripts.generationStartedAt, run.startedAt));
}

/** The transcript's stories were edited since they were generated (stored JSON compared as saved). */
const storiesEdited = sql<number>`(${transcripts.generatedStories} IS NOT NULL AND ${transcripts.generatedStories} IS NOT ${transcripts.originalStories})`;

/**
 * Saves a generation's stories as the new result and the new original, ending the run. Stories with edits that
 * this replaces are kept as `previous_stories` (otherwise the ones kept before stay). Undefined when the run no
 * longer holds the transcript (failed by the sweep, or the transcript was deleted): nothing is written.
 */
export async function saveGeneratedStories(
  db: Database,
  run: GenerationRun,
  stories: GeneratedStories,
  quality: unknown,
  now: number,
  title?: string,
): Promise<{ storiesVersion: number; previousStoriesKept: boolean } | undefined> {
  // One batch is one transaction: the read sees exactly the stories the update replaces.
  const [[before], [saved]] = await db.batch([
    db.select({ edited: storiesEdited }).from(transcripts).where(holds(run)),
    db
      .update(transcripts)
      .set({
        previousStories: sql`CASE WHEN ${storiesEdited} THEN ${transcripts.generatedStories} ELSE ${transcripts.previousStories} END`,
        generatedStories: stories,
        // A new generation is a new original: Reset to Original returns to it.
        originalStories: stories,
        storyCount: stories.userStories.length,
        quality,
        storiesVersion: sql`${transcripts.storiesVersion} + 1`,
        generationError: null,
        generationStartedAt: null,
        ...NO_PARTS,
        updatedAt: now,
        ...(title ? { title } : {}),
      })
      .where(holds(run))
      .returning({ storiesVersion: transcripts.storiesVersion }),
  ]);
  if (!saved) return undefined;
  return { storiesVersion: saved.storiesVersion, previousStoriesKept: Boolean(before?.edited) };
}

/**
 * The provider failed: keep the transcript, say why, end the run and give the generation back. Nothing happens
 * when the run no longer holds the transcript (the sweep already failed and refunded it).
 */
export async function recordGenerationFailure(db: Database, run: GenerationRun, message: string) {
  await db.batch([
    db
      .update(transcripts)
      .set({ generationError: message, generationStartedAt: null, ...NO_PARTS })
      .where(holds(run)),
    db
      .delete(generations)
      .where(
        and(eq(generations.id, run.generationId), eq(generations.transcriptId, run.transcriptId), PREVIOUS_CHANGED),
      ),
  ]);
}

/** The runs still marked running that started before `startedBefore` (for the sweep to ask whether they live). */
export function listRunsStartedBefore(db: Database, startedBefore: number) {
  return db
    .select({ transcriptId: transcripts.id, startedAt: transcripts.generationStartedAt })
    .from(transcripts)
    .where(and(isNotNull(transcripts.generationStartedAt), lt(transcripts.generationStartedAt, startedBefore)))
    .all() as Promise<Array<{ transcriptId: number; startedAt: number }>>;
}

/**
 * Ends one run from outside it (a cancel): the transcript keeps `message`. The run's generation is given back only
 * when its model work had not started (markModelStarted); once it has, the generation stays counted. Only while the
 * run still holds the transcript: undefined when it had already ended; otherwise whether the generation stays counted.
 */
export async function endRun(
  db: Database,
  run: Pick<GenerationRun, "transcriptId" | "startedAt">,
  message: string,
): Promise<{ counted: boolean } | undefined> {
  const [returned, ended] = await db.batch([
    db
      .delete(generations)
      .where(
        and(
          eq(generations.transcriptId, run.transcriptId),
          gte(generations.createdAt, run.startedAt),
          isNull(generations.modelStartedAt),
          exists(db.select({ id: transcripts.id }).from(transcripts).where(holds(run))),
        ),
      )
      .returning({ id: generations.id }),
    db
      .update(transcripts)
      .set({ generationError: message, generationStartedAt: null, ...NO_PARTS })
      .where(holds(run))
      .returning({ id: transcripts.id }),
  ]);
  return ended.length > 0 ? { counted: returned.length === 0 } : undefined;
}

/**
 * Fails every generation that started before `startedBefore` and is still running (its Worker was stopped
 * mid-call): the transcript keeps `message` as its error, and its generation is given back. One batch, idempotent.
 * Returns how many transcripts it failed.
 */
export async function failGenerationsStartedBefore(
  db: Database,
  startedBefore: number,
  message: string,
  spare: readonly number[] = [],
): Promise<number> {
  const stale = and(
    lt(transcripts.generationStartedAt, startedBefore),
    spare.length > 0 ? notInArray(transcripts.id, [...spare]) : undefined,
  );
  const [, failed] = await db.batch([
    // The run's generation is the transcript's one counted since the run started.
    db.delete(generations).where(
      exists(
        db
          .select({ id: transcripts.id })
          .from(transcripts)
          .where(
            and(
              eq(transcripts.id, generations.transcriptId),
              stale,
              gte(generations.createdAt, transcripts.generationStartedAt),
            ),
          ),
      ),
    ),
    db
      .update(transcripts)
      .set({ generationError: message, generationStartedAt: null, ...NO_PARTS })
      .where(stale)
      .returning({ id: transcripts.id }),
  ]);
  return failed.length;
}
