import type { Deps } from "../../deps";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { addressKey } from "../../lib/ip";
import { LOGIN_POLICIES } from "../rate-limit";

/**
 * The browser's sign-in pass: what opening an emailed sign-in link (sign-in-link.ts) gives the browser that opened
 * it. It is a random token in an HttpOnly cookie (middleware/session.ts); only its SHA-256 names the state, kept in
 * the RateLimiter Durable Object (adapters/rate-limit/passes.ts). While valid, it lets the password typed in that
 * browser for its account skip the account's and the address's attempt limits, for a few tries only, so it is no
 * guessing oracle for whoever holds the mailbox; the mailbox alone signs nobody in.
 */
export const SIGN_IN_PASS_COOKIE = "__Host-sl_signin_pass";
export const SIGN_IN_PASS_TTL_MS = 15 * 60_000;
export const SIGN_IN_PASS_TRIES = 5;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const passKey = async (token: string) => `sign-in-pass:${await sha256Hex(token)}`;

export async function issueSignInPass(deps: Deps, userId: number): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken(32);
  await deps.limits.issuePass(await passKey(token), { userId, uses: SIGN_IN_PASS_TRIES, ttlMs: SIGN_IN_PASS_TTL_MS });
  return { token, expiresAt: deps.now() + SIGN_IN_PASS_TTL_MS };
}

/**
 * Spends one try of the pass for this account, or answers null (no pass, another account's, used up or expired):
 * then the sign-in is limited as usual. A right password settles it like a normal sign-in: the address becomes
 * trusted by the account (as reserveSignInAttempt's settle does, by the same hash), and the pass is spent.
 */
export async function attemptWithPass(
  deps: Deps,
  token: string | undefined,
  userId: number,
  accountKey: string,
  clientIp: string,
): Promise<{ settle(): Promise<void> } | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const key = await passKey(token);
  const { outcome } = await deps.limits.spendPass(key, userId);
  if (outcome !== "ok") return null;
  return {
    settle: async () => {
      const addressId = await sha256Hex(addressKey(clientIp));
      await Promise.all([
        deps.limits.trustAddress(accountKey, LOGIN_POLICIES.account, addressId),
        deps.limits.reset(key),
      ]);
    },
  };
}
