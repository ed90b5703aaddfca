import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from "swr";
import {
  isIntegrationsKey,
  isLimitsKey,
  isProjectKey,
  isTranscriptListKey,
  queryKeys,
  type QueryKey,
} from "./query-keys";

// No UI here (the failed-load toast is useErrorToast, beside toast()): the signed-in user is read through this
// module on the first download, which must not carry the toast region.

/**
 * Keys whose cached data is known to be out of date. Queries never go stale on their own (docs/product-spec.md §7), so a write
 * has to say which reads it affected: mounted queries refetch at once, and the rest refetch when next mounted
 * (showing the cached data meanwhile) instead of keeping the old answer for the whole session.
 */
const staleKeys = new Set<string>();

/** useSWR plus the invalidation above. The key (lib/query-keys.ts) is the API path and types the answer. */
export function useQuery<T>(key: QueryKey<T> | null, config?: SWRConfiguration<T>): SWRResponse<T> {
  return useSWR<T>(key, {
    ...config,
    revalidateOnMount: key !== null && staleKeys.has(key) ? true : undefined,
    onSuccess: (data, successKey, successConfig) => {
      staleKeys.delete(successKey);
      config?.onSuccess?.(data, successKey, successConfig);
    },
  });
}

/** Writes a cached answer (or rewrites it from the current one) without a refetch: the caller holds the truth. */
export function setQueryData<T>(key: QueryKey<T>, data: T | undefined | ((current: T | undefined) => T | undefined)) {
  return mutate<T>(key, data, { revalidate: false });
}

/** Marks every cached key that `match` accepts as stale and refetches the ones on screen. */
async function invalidate(match: (key: string) => boolean): Promise<void> {
  const keys: string[] = [];
  // The filter form of mutate visits every cached key; returning false leaves them all untouched here.
  await mutate((key) => {
    if (typeof key === "string" && match(key)) keys.push(key);
    return false;
  });
  for (const key of keys) staleKeys.add(key);
  await Promise.all(keys.map((key) => mutate(key)));
}

/** After a project write: the list, that project, the activity feed, and the plan's usage (projects owned). */
export function invalidateProjects(id?: number): Promise<void> {
  return invalidate(
    (key) =>
      key === queryKeys.projects ||
      (id !== undefined && key === queryKeys.project(id)) ||
      key === queryKeys.activity ||
      isLimitsKey(key),
  );
}

/** After a generation was asked for (counted, refused or refunded): the plan's usage the generator shows. */
export function invalidatePlanUsage(): Promise<void> {
  return invalidate((key) => isLimitsKey(key));
}

/** Projects' transcript counts and activity dates, and the feed, follow every transcript write; `also` adds keys. */
export function invalidateProjectCountsAndActivity(also?: (key: string) => boolean): Promise<void> {
  return invalidate((key) => isProjectKey(key) || key === queryKeys.activity || !!also?.(key));
}

/**
 * After a transcript write (or a project deletion, which removes its transcripts): every list, the projects
 * (their transcript counts and activity dates) and the feed. `transcriptId` also refreshes that transcript.
 */
export function invalidateTranscripts(transcriptId?: number): Promise<void> {
  return invalidateProjectCountsAndActivity(
    (key) =>
      isTranscriptListKey(key) ||
      (transcriptId !== undefined &&
        (key === queryKeys.transcript(transcriptId) || key === queryKeys.transcriptExports(transcriptId))),
  );
}

/**
 * After the plan changed (payment confirmed, plan switched, cancellation): the subscription, its limits, the user,
 * and every project's integrations (a free plan has none; a paid one may now read them).
 */
export function invalidateSubscription(): Promise<void> {
  return invalidate(
    (key) => key === queryKeys.subscription || isLimitsKey(key) || key === queryKeys.user || isIntegrationsKey(key),
  );
}

/** After an export or update: where the transcript's stories went. */
export function invalidateTranscriptExports(transcriptId: number): Promise<void> {
  return invalidate((key) => key === queryKeys.transcriptExports(transcriptId));
}

/** After an integration was created, changed or deleted: that project's list. */
export function invalidateIntegrations(projectId: number): Promise<void> {
  return invalidate((key) => key === queryKeys.integrations(projectId));
}
