import { desc, eq } from "drizzle-orm";
import { activityEvents } from "../../schema/db";
import type { Database } from "./db";

export async function listActivity(db: Database, ownerId: number, limit: number) {
  return db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.ownerId, ownerId))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(limit);
}
