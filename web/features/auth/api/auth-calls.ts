import type { AuthProviders, LoginInput, PublicUser, RegisterInput, RegisterResponse } from "../../../../schema/api/auth";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/query";
import { queryKeys } from "../../../lib/query-keys";
import { clearUserScopedCache, setCachedUser } from "../../../shared/session/user";

export async function login(input: LoginInput): Promise<PublicUser> {
  const user = await api.post<PublicUser>("/api/login", input);
  await clearUserScopedCache();
  await setCachedUser(user);
  return user;
}

/** Either a verification is required (no session yet) or the new account is signed in straight away. */
export async function register(input: RegisterInput): Promise<RegisterResponse> {
  const result = await api.post<RegisterResponse>("/api/register", input);
  if (!result.emailVerificationRequired) {
    await clearUserScopedCache();
    await setCachedUser(result);
  }
  return result;
}

export async function logout(): Promise<void> {
  await api.post("/api/logout");
  await setCachedUser(null);
  await clearUserScopedCache();
}

export function resendVerification(email: string): Promise<{ success: true }> {
  return api.post("/api/resend-verification", { email });
}

const NO_PROVIDERS: AuthProviders = { google: false, github: false, apple: false };

/** Which OAuth providers are configured; none are shown when the call fails. */
export function useAuthProviders(): AuthProviders {
  const { data, error } = useQuery(queryKeys.authProviders);
  return error || !data ? NO_PROVIDERS : data;
}
