import type { GenerationJobs } from "../adapters/generation-jobs";
import type { Database } from "../data/db";
import { logEvent } from "../lib/log";
import { failInterruptedGenerations, GENERATION_TIMEOUT_MS } from "../services/generation";

/**
 * A generation still marked as running this long after it started has lost its Worker (stopped mid-call, e.g. 30 s
 * after the client went away): a live one ends itself by GENERATION_TIMEOUT_MS. The minute of margin covers the
 * time between recording the start and starting that timer.
 */
export const STALE_GENERATION_MS = GENERATION_TIMEOUT_MS + 60_000;

/**
 * Fails generations that can no longer finish (a durable run still going is asked first, and spared), so their transcripts stop showing "Processing" and offer Try Again,
 * and gives their generations back. Idempotent.
 */
export async function failStaleGenerations(db: Database, jobs: GenerationJobs | null, now: number): Promise<void> {
  const failed = await failInterruptedGenerations(db, jobs, now - STALE_GENERATION_MS, now);
  if (failed > 0) logEvent("warn", "stale_generations_failed", { count: failed });
}
