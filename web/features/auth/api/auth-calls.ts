import type { z } from "zod";
import type {
  AuthProviders,
  changePasswordSchema,
  LoginInput,
  PublicUser,
  RegisterInput,
  RegisterResponse,
} from "../../../../schema/api/auth";
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

/** This tab forgets who was signed in: the user is null and nothing of theirs stays cached. */
async function forgetSession(): Promise<void> {
  await setCachedUser(null);
  await clearUserScopedCache();
}

export async function logout(): Promise<void> {
  await api.post("/api/logout");
  await forgetSession();
}

/** "Forgot password?": the server answers the same message whether or not an account has the address. */
export function requestPasswordReset(email: string): Promise<{ success: true; message: string }> {
  return api.post("/api/password-reset/request", { email });
}

/**
 * Sets a new password from a reset link. The server ends every session of that account and clears this browser's
 * cookie whoever was signed in here, so the tab is signed out too.
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  await api.post("/api/password-reset/confirm", { token, password });
  await forgetSession();
}

/** The account screen's change of password: this session stays, every other one ends. */
export function changePassword(input: z.input<typeof changePasswordSchema>): Promise<{ success: true }> {
  return api.post("/api/change-password", input);
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
