// Keys of uploaded recordings in the AUDIO bucket (R2). They are built here from the owner's id, never from a file
// name, so everything of one account sits under one prefix: the data export lists it and the deletion empties it.

const ROOT = "audio/";
/** Recordings are kept 7 days (docs/product-decisions.md), long enough to retry a failed transcription. */
export const RECORDING_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function audioPrefix(userId: number): string {
  return `${ROOT}${userId}/`;
}

export function recordingKey(userId: number, recordingId: string): string {
  return `${audioPrefix(userId)}${recordingId}`;
}

/** Deletes every recording uploaded before `before` (the cron, with 7 days ago). Returns how many went. */
export async function deleteRecordingsBefore(bucket: R2Bucket, before: number): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: ROOT, cursor, limit: 1000 });
    const old = page.objects.filter((o) => o.uploaded.getTime() < before).map((o) => o.key);
    if (old.length) await bucket.delete(old);
    deleted += old.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}

/** The keys of the account's recordings, with their sizes and upload times. */
export async function listUserAudio(
  bucket: R2Bucket,
  userId: number,
): Promise<{ key: string; size: number; uploaded: string }[]> {
  const out: { key: string; size: number; uploaded: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: audioPrefix(userId), cursor, limit: 1000 });
    for (const object of page.objects)
      out.push({ key: object.key, size: object.size, uploaded: object.uploaded.toISOString() });
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

/** Deletes every recording of the account; safe to run again (a second run finds nothing). Returns how many went. */
export async function deleteUserAudio(bucket: R2Bucket, userId: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const page = await bucket.list({ prefix: audioPrefix(userId), limit: 1000 });
    if (page.objects.length === 0) return deleted;
    await bucket.delete(page.objects.map((o) => o.key));
    deleted += page.objects.length;
  }
}
