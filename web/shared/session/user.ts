// web/shared/ holds what the app shell or more than one feature needs, so that no feature imports another
// (eslint: import-x/no-restricted-paths). session/ is who is signed in and what their plan allows: the header,
// the route guards and most features read it.
import { atom } from "jotai";
import { mutate, preload } from "swr";
import type { PublicUser } from "../../../schema/api/auth";
import { ApiError, api } from "../../lib/api";
import { useHydrating } from "../../lib/hydration";
import { setQueryData, useQuery } from "../../lib/query";
import { queryKeys } from "../../lib/query-keys";

function isPublicUser(value: unknown): value is PublicUser {
  return !!value && typeof value === "object" && typeof (value as PublicUser).id === "number";
}

async function fetchUser(): Promise<PublicUser | null> {
  try {
    const user = await api.get<unknown>(queryKeys.user);
    return isPublicUser(user) ? user : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The signed-in user: `undefined` while loading, `null` when anonymous (a 401), otherwise the user.
 * Any other failure (API down) is treated as anonymous so public pages keep working. While a prerendered page
 * hydrates it is still loading, as when the page was drawn at build time, whatever the request has answered since.
 */
export function useUser(): { user: PublicUser | null | undefined; isLoading: boolean } {
  const { data, error } = useQuery(queryKeys.user, { fetcher: fetchUser });
  const hydrating = useHydrating();
  const user = hydrating ? undefined : error ? null : data;
  return { user, isLoading: user === undefined };
}

/**
 * Starts the request for the signed-in user before React renders (web/app/preload.ts), so it overlaps the download
 * of the page's code; `useUser` then takes its answer instead of asking again. Never rejects.
 */
export function preloadUser(): Promise<PublicUser | null> {
  return preload(queryKeys.user, fetchUser).catch(() => null);
}

/** Replaces the cached user without a refetch (after login, register or logout). */
export function setCachedUser(user: PublicUser | null): Promise<unknown> {
  return setQueryData(queryKeys.user, user);
}

/** Drops every cached query except the user, e.g. when the account changes. */
export function clearUserScopedCache(): Promise<unknown> {
  return mutate((key) => key !== queryKeys.user, undefined, { revalidate: false });
}

/**
 * Password accounts with an address that is not yet verified must verify first (docs/product-spec.md §2). Accounts created
 * without an email have nothing to verify; the Worker lets them sign in, so the SPA does too.
 */
export function needsEmailVerification(user: PublicUser): boolean {
  return user.hasPassword && !user.emailVerified && !!user.email;
}

export function displayName(user: PublicUser): string {
  return user.email ?? user.username ?? "Your account";
}

/**
 * True between a successful sign-out call and the landing page rendering as anonymous. Protected pages show a
 * spinner instead of bouncing to /auth, and the landing page does not bounce a still-cached user to /dashboard.
 */
export const signingOutAtom = atom(false);
