import type { Database } from "../data/db";
import { applyRetention } from "../services/retention";

/**
 * The frequent cron's retention sweep: what goes and after how long is services/retention's, the deletes are
 * data/retention's. Idempotent.
 */
export async function purgeExpired(db: Database, now: number): Promise<void> {
  await applyRetention(db, now);
}
