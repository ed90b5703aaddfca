import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { unauthenticated } from "../lib/errors";
import { resolveSession, SESSION_COOKIE, type NewSession } from "../services/auth/sessions";

/**
 * The session token the request carries. Only the `__Host-` cookie is read: a cookie without the prefix can be set
 * by a sibling subdomain, which could sign a visitor into the planter's account (issue 26).
 */
export function sessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** Loads the session from its cookie (one D1 query when a cookie is present, none otherwise). */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = sessionToken(c);
  const session = token ? await resolveSession(c.var.deps, token) : null;
  c.set("session", session);
  if (token && !session) clearSessionCookie(c);
  // A renewed session gets its new expiry.
  if (token && session?.renewedExpiresAt) setSessionCookie(c, { token, expiresAt: session.expiresAt });
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.session) throw unauthenticated();
  await next();
});

/** The signed-in session (its user and id); only valid behind requireUser. */
export function currentSession(c: Context<AppEnv>) {
  const session = c.var.session;
  if (!session) throw unauthenticated();
  return session;
}

/** The signed-in user; only valid behind requireUser. */
export function currentUser(c: Context<AppEnv>) {
  const session = c.var.session;
  if (!session) throw unauthenticated();
  return session.user;
}

export function setSessionCookie(c: Context<AppEnv>, session: NewSession) {
  setCookie(c, SESSION_COOKIE, session.token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    expires: new Date(session.expiresAt),
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true, httpOnly: true, sameSite: "Lax" });
}

export function clientIp(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? "unknown";
}
