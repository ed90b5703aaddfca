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
import type { DataSummary } from "../../../../schema/api/account-body";
import type { PasswordResetConfirmed } from "../../../../schema/api/teams";
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
 * cookie whoever was signed in here, so the tab is signed out too. Answers the teams the account belongs to, and
 * its own team's members to review and the invitations the reset withdrew.
 */
export async function resetPassword(token: string, password: string): Promise<PasswordResetConfirmed> {
  const answer = await api.post<PasswordResetConfirmed>("/api/password-reset/confirm", { token, password });
  await forgetSession();
  return answer;
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

/** docs/product-spec.md §7: DELETE /api/user/delete-account, then the user is logged out (the server cleared the cookie). */
export async function deleteAccount(): Promise<void> {
  await api.delete("/api/user/delete-account");
  await forgetSession();
}

export function useDataSummary() {
  return useQuery(queryKeys.dataSummary, {
    fetcher: (key: string) => api.get<{ data: DataSummary }>(key).then((answer) => answer.data),
  });
}

/**
 * GET /api/user/export-data as a file download (docs/product-spec.md §7: a dated JSON file). The body is read whole before the
 * download starts, so a stream cut halfway is an error here, never a truncated file.
 */
export async function downloadAccountData(): Promise<string> {
  const response = await fetch("/api/user/export-data", {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error((await response.text().catch(() => "")) || response.statusText);
  const blob = await response.blob();
  JSON.parse(await blob.text());
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ??
    `storyloom-data-${new Date().toISOString().slice(0, 10)}.json`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
