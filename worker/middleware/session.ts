import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { unauthenticated } from "../lib/errors";
import { resolveSession, SESSION_COOKIE, type NewSession } from "../services/auth/sessions";

/** Loads the session from its cookie (one D1 query when a cookie is present, none otherwise). */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const session = token ? await resolveSession(c.var.deps, token) : null;
  c.set("session", session);
  if (token && !session) clearSessionCookie(c);
  if (token && session?.renewedExpiresAt) setSessionCookie(c, { token, expiresAt: session.renewedExpiresAt });
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.session) throw unauthenticated();
  await next();
});

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
