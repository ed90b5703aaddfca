import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { SIGN_IN_PASS_COOKIE } from "../services/auth/sign-in-pass";

// The sign-in pass from an emailed sign-in link (services/auth/sign-in-pass.ts). HttpOnly and `__Host-` like the
// session cookie (Secure, host-only, Path=/); SameSite=Strict because only our own pages' calls to /api/login need it.

export function signInPassToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SIGN_IN_PASS_COOKIE);
}

export function setSignInPassCookie(c: Context<AppEnv>, pass: { token: string; expiresAt: number }) {
  setCookie(c, SIGN_IN_PASS_COOKIE, pass.token, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/",
    expires: new Date(pass.expiresAt),
  });
}

export function clearSignInPassCookie(c: Context<AppEnv>) {
  deleteCookie(c, SIGN_IN_PASS_COOKIE, { path: "/", secure: true, httpOnly: true, sameSite: "Strict" });
}
