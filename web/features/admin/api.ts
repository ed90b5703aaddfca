import { mutate } from "swr";
import type { AdminActionResult, AdminAnalytics, AdminConversation, Pagination } from "../../../schema/api/admin";
import type { Tier } from "../../../schema/api/subscription";
import { api } from "../../lib/api";
import { setQueryData, useQuery } from "../../lib/query";
import { isAdminUsersKey, queryKeys, type AdminPage, type AdminPageQuery, type QueryKey } from "../../lib/query-keys";
import { useUser } from "../../shared/session/user";

// The admin calls of docs/product-spec.md §7 answer `{success, data}` (and `pagination` for the lists): the fetchers unwrap them,
// so the cache holds the data. Every hook reads the signed-in user and passes a null key unless they are an admin
// (docs/product-spec.md §6: the queries are enabled only for admins), so a non-admin never asks and never sees a 403.

export const USERS_PAGE_SIZE = 50;
export const CONVERSATIONS_PAGE_SIZE = 20;
/** docs/product-spec.md §7: the conversation log is refetched every 30 s (and on Refresh). */
export const CONVERSATIONS_REFRESH_MS = 30_000;

const fetchData = <T>(key: QueryKey<T>) => api.get<{ data: T }>(key).then((answer) => answer.data);

function fetchPage<T>(key: QueryKey<AdminPage<T>>): Promise<AdminPage<T>> {
  return api.get<{ data: T[]; pagination: Pagination }>(key).then(({ data, pagination }) => ({ data, pagination }));
}

function useIsAdmin(): boolean {
  return useUser().user?.isAdmin === true;
}

export function useAdminAnalytics() {
  const key = useIsAdmin() ? queryKeys.adminAnalytics : null;
  return useQuery(key, { fetcher: fetchData<AdminAnalytics> });
}

/** One page of users. The previous page stays on screen while the next one (or a new search) loads. */
export function useAdminUsers(query: Omit<AdminPageQuery, "limit">) {
  const key = useIsAdmin() ? queryKeys.adminUsers({ ...query, limit: USERS_PAGE_SIZE }) : null;
  return useQuery(key, { fetcher: fetchPage, keepPreviousData: true });
}

/** One page of the help assistant's conversations, refetched every 30 s while shown. */
export function useAdminConversations(query: Omit<AdminPageQuery, "limit">) {
  const key = useIsAdmin() ? queryKeys.adminConversations({ ...query, limit: CONVERSATIONS_PAGE_SIZE }) : null;
  const result = useQuery(key, {
    fetcher: fetchPage,
    keepPreviousData: true,
    refreshInterval: CONVERSATIONS_REFRESH_MS,
  });
  return { ...result, key };
}

/**
 * The Refresh button: reads the page again and caches it. Unlike SWR's mutate() this fails when the call fails,
 * so the screen can say 'Refreshed' only when it did.
 */
export async function refreshConversations(key: QueryKey<AdminPage<AdminConversation>>): Promise<void> {
  await setQueryData(key, await fetchPage(key));
}

/**
 * After a tier change or an admin grant (docs/product-spec.md §7: "refreshes users"): every cached page of users and the analytics
 * are dropped and the ones on screen are read again. A page on screen keeps showing its rows meanwhile
 * (keepPreviousData); one not on screen is read afresh when next shown, not served from an out-of-date cache.
 */
async function refreshUsersAndAnalytics(): Promise<void> {
  await mutate(
    (key) => typeof key === "string" && (isAdminUsersKey(key) || key === queryKeys.adminAnalytics),
    undefined,
    { revalidate: true },
  );
}

/** POST /api/admin/update-subscription/{userId}: the server's message is shown (docs/product-spec.md §7). */
export async function updateUserTier(userId: number, tier: Tier): Promise<string> {
  const { message } = await api.post<AdminActionResult>(`/api/admin/update-subscription/${userId}`, { tier });
  await refreshUsersAndAnalytics();
  return message;
}

/** POST /api/admin/make-admin/{userId} (no body). */
export async function makeAdmin(userId: number): Promise<string> {
  const { message } = await api.post<AdminActionResult>(`/api/admin/make-admin/${userId}`);
  await refreshUsersAndAnalytics();
  return message;
}
