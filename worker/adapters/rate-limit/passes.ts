/**
 * Passes: a few uses of something granted to one account, until a deadline, as pure functions over one key's state.
 * The emailed sign-in link (one use) and the browser's sign-in pass it grants (a few password tries) are both
 * passes (services/auth/sign-in-pass.ts). The RateLimiter Durable Object stores the state under a key made from the
 * secret's SHA-256 and runs these functions one call at a time, so two requests cannot both spend the last use.
 */
export interface PassState {
  userId: number;
  /** The address the link was sent to (empty for a browser pass): a link proves only the mailbox it reached. */
  email: string;
  expiresAt: number;
  usesLeft: number;
  /** When the state is forgotten: kept past expiry so a late click can hear "used" or "expired", not "not valid". */
  keepUntil: number;
}

export interface NewPass {
  userId: number;
  email?: string;
  uses: number;
  ttlMs: number;
}

export type PassOutcome = "ok" | "invalid" | "expired" | "used";

export interface PassResult {
  outcome: PassOutcome;
  /** Who the pass is for, when the outcome is ok. */
  userId?: number;
  email?: string;
}

/** How long a spent or expired pass is remembered after its deadline. */
export const PASS_MEMORY_MS = 60 * 60_000;

export function issuePass(pass: NewPass, now: number): PassState {
  const expiresAt = now + pass.ttlMs;
  return {
    userId: pass.userId,
    email: pass.email ?? "",
    expiresAt,
    usesLeft: pass.uses,
    keepUntil: expiresAt + PASS_MEMORY_MS,
  };
}

/**
 * Spends one use. With `forUserId`, a pass issued to another account is "invalid" and loses nothing, so presenting
 * it with someone else's name neither works nor burns the owner's tries.
 */
export function spendPass(
  stored: PassState | undefined,
  forUserId: number | undefined,
  now: number,
): { result: PassResult; state?: PassState } {
  if (!stored || stored.keepUntil <= now) return { result: { outcome: "invalid" } };
  if (forUserId !== undefined && stored.userId !== forUserId) return { result: { outcome: "invalid" } };
  if (stored.usesLeft <= 0) return { result: { outcome: "used" } };
  if (stored.expiresAt <= now) return { result: { outcome: "expired" } };
  const state = { ...stored, usesLeft: stored.usesLeft - 1 };
  return { result: { outcome: "ok", userId: stored.userId, email: stored.email }, state };
}
