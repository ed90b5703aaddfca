import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { AppError, unauthenticated } from "../lib/errors";
import { tokenAccessOf } from "../lib/openapi";
import { resolveAccessToken } from "../services/auth/access-tokens";
import { resolveSession, SESSION_COOKIE, type NewSession } from "../services/auth/sessions";
import { enforceLimit, RATE_RULES } from "../services/rate-limit";

/**
 * The session token the request carries. Only the `__Host-` cookie is read: a cookie without the prefix can be set
 * by a sibling subdomain, which could sign a visitor into the planter's account (issue 26).
 */
export function sessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/**
 * The personal access token of an `Authorization: Bearer …` header, or undefined. A request that carries one is
 * judged by it alone: its cookie is never read, which is why the CSRF check lets it through (middleware/security.ts).
 */
export function bearerToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header("Authorization");
  // ("Bearer" alone counts too: a script whose token variable is empty must get 401, not the cookie's answer)
  const match = header ? /^Bearer(?: +(\S*))? *$/i.exec(header) : null;
  return match ? (match[1] ?? "") : undefined;
}

/**
 * Loads the session from its cookie (one D1 query when a cookie is present, none otherwise), or from a personal access
 * token: then the operation must take tokens and the token must hold the operation's scope (lib/openapi.ts
 * documented), and each token has its own rate limit on top of its owner's.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const bearer = bearerToken(c);
  if (bearer !== undefined) {
    await loadTokenSession(c, bearer);
    return next();
  }
  const token = sessionToken(c);
  const session = token ? await resolveSession(c.var.deps, token) : null;
  c.set("session", session);
  if (token && !session) clearSessionCookie(c);
  // A renewed session gets its new expiry.
  if (token && session?.renewedExpiresAt) setSessionCookie(c, { token, expiresAt: session.expiresAt });
  await next();
});

/** A 401 for a bearer that is no live token, with the challenge RFC 6750 asks for. */
export function invalidAccessToken(c: Context<AppEnv>) {
  c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
  return new AppError("unauthenticated", "The access token is not valid: it is mistyped, expired or revoked");
}

/**
 * The live personal access token `bearer` names, counted under its own limit (RATE_RULES.accessTokenCalls): the one
 * check of a token, for the API (below) and the MCP server (routes/mcp.ts).
 */
export async function authenticateAccessToken(c: Context<AppEnv>, bearer: string) {
  const token = await resolveAccessToken(c.var.deps, bearer);
  if (!token) throw invalidAccessToken(c);
  await enforceLimit(c.var.deps.limits, `access-token:token:${token.id}`, RATE_RULES.accessTokenCalls);
  return token;
}

async function loadTokenSession(c: Context<AppEnv>, bearer: string) {
  const access = tokenAccessOf(c);
  if (access === null) throw new AppError("forbidden", "Access tokens cannot be used on this route");
  const token = await authenticateAccessToken(c, bearer);
  if (access !== "any" && !token.scopes.includes(access)) {
    c.header("WWW-Authenticate", `Bearer error="insufficient_scope", scope="${access}"`);
    throw new AppError("forbidden", `This access token does not have the ${access} scope`, {
      details: { scope: access },
    });
  }
  c.set("session", {
    user: token.user,
    sessionId: "",
    expiresAt: token.expiresAt ?? Number.MAX_SAFE_INTEGER,
    accessTokenId: token.id,
  });
}

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
