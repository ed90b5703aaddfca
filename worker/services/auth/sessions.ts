import type { Deps } from "../../deps";
import { deleteSession, findSessionUser, insertSession, updateSessionExpiry, type UserRow } from "../../data/users";
import { randomToken, sha256Hex } from "../../lib/crypto";

/**
 * `__Host-`: the browser accepts it only Secure, for this exact host and path /, so a sibling subdomain cannot plant
 * or shadow a session cookie. It is the only name read (worker/middleware/session.ts).
 */
export const SESSION_COOKIE = "__Host-sl_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry without a write per request: extend only once half the lifetime has passed. */
const RENEW_WHEN_REMAINING_MS = SESSION_TTL_MS / 2;

export interface NewSession {
  token: string;
  expiresAt: number;
}

export async function createSession(deps: Deps, userId: number): Promise<NewSession> {
  const token = randomToken(32);
  const expiresAt = deps.now() + SESSION_TTL_MS;
  await insertSession(deps.db, { id: await sha256Hex(token), userId, expiresAt });
  return { token, expiresAt };
}

export interface ResolvedSession {
  user: UserRow;
  /** The session row's id; "" for a call made with a personal access token (no session row). */
  sessionId: string;
  /** Set when the call was made with a personal access token (middleware/session.ts). */
  accessTokenId?: number;
  expiresAt: number;
  /** Set when the expiry was pushed forward: the cookie must be re-issued. */
  renewedExpiresAt?: number;
}

export async function resolveSession(deps: Deps, token: string): Promise<ResolvedSession | null> {
  // Tokens are 43 base64url characters; anything else cannot be a session and costs no query.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const sessionId = await sha256Hex(token);
  const now = deps.now();
  const row = await findSessionUser(deps.db, sessionId, now);
  if (!row) return null;
  if (row.expiresAt - now < RENEW_WHEN_REMAINING_MS) {
    const renewedExpiresAt = now + SESSION_TTL_MS;
    await updateSessionExpiry(deps.db, sessionId, renewedExpiresAt);
    return { user: row.user, sessionId, expiresAt: renewedExpiresAt, renewedExpiresAt };
  }
  return { user: row.user, sessionId, expiresAt: row.expiresAt };
}

export async function revokeSession(deps: Deps, token: string): Promise<void> {
  await deleteSession(deps.db, await sha256Hex(token));
}
