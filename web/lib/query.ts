import { useEffect, useRef } from "react";
import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from "swr";
import { toast } from "../components/ui/toast";
import { errorMessage } from "./api";

/**
 * Keys whose cached data is known to be out of date. Queries never go stale on their own (spec §7), so a write
 * has to say which reads it affected: mounted queries refetch at once, and the rest refetch when next mounted
 * (showing the cached data meanwhile) instead of keeping the old answer for the whole session.
 */
const staleKeys = new Set<string>();

/** useSWR plus the invalidation above. The key is the API path. */
export function useQuery<T>(key: string | null, config?: SWRConfiguration<T>): SWRResponse<T> {
  return useSWR<T>(key, {
    ...config,
    revalidateOnMount: key !== null && staleKeys.has(key) ? true : undefined,
    onSuccess: (data, successKey, successConfig) => {
      staleKeys.delete(successKey);
      config?.onSuccess?.(data, successKey, successConfig);
    },
  });
}

/** Marks every cached key that `match` accepts as stale and refetches the ones on screen. */
export async function invalidate(match: (key: string) => boolean): Promise<void> {
  const keys: string[] = [];
  // The filter form of mutate visits every cached key; returning false leaves them all untouched here.
  await mutate((key) => {
    if (typeof key === "string" && match(key)) keys.push(key);
    return false;
  });
  for (const key of keys) staleKeys.add(key);
  await Promise.all(keys.map((key) => mutate(key)));
}

/** Shows one destructive toast per failed load (errors are reported as toasts; the screen shows a retry). */
export function useErrorToast(error: unknown, title: string, fallback: string): void {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
  }, [error, title, fallback]);
}
