import type { SWRConfiguration } from "swr";
import { api } from "./api";

/** docs/product-spec.md §7: queries never refetch on interval, focus or reconnect, never go stale, and are not retried. */
export const swrConfig: SWRConfiguration = {
  fetcher: (key: string) => api.get(key),
  refreshInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  errorRetryCount: 0,
};
