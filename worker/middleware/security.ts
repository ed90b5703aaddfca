import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { randomToken } from "../lib/crypto";
import { bearerToken } from "./session";

/** A request id on every response (and in every error body), for support and logs. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = `req_${randomToken(12)}`;
  c.set("requestId", id);
  c.set("startedAt", Date.now());
  await next();
  c.header("X-Request-Id", id);
});

/**
 * Headers for Worker responses (the SPA's own headers, CSP included, come from web/public/_headers).
 * API responses are data, never documents: nothing may render or frame them, and nothing caches them.
 */
export const apiSecurityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Frame-Options", "DENY");
  c.header("Cross-Origin-Resource-Policy", "same-origin");
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  if (new URL(c.req.url).protocol === "https:") {
    c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
});

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF rule (docs/architecture.md): state-changing /api/* requests must come from our own origin and, when they carry a
 * body, be JSON. A cross-site form can neither set an Origin of ours nor send application/json without a CORS
 * preflight, which this API never grants. `multipartPaths` are the reviewed upload exceptions (still origin-checked).
 * `signedPaths` are the reviewed exceptions to both checks: server-to-server calls (Stripe's webhook) that carry no
 * Origin of ours and whose route refuses anything without a valid signature over the raw body, which a cross-site
 * page cannot produce. Calls made with a personal access token are the third exception (below).
 */
export function csrfProtection(options: { multipartPaths?: readonly string[]; signedPaths?: readonly string[] } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    if (options.signedPaths?.includes(c.req.path)) return next();
    // A call with a personal access token carries no ambient credential (its cookie is never read:
    // middleware/session.ts loadSession), and a cross-site page cannot add an Authorization header without a CORS
    // preflight, which this API never grants.
    if (bearerToken(c) !== undefined) return next();
    const expected = new URL(c.req.url).origin;
    const origin = c.req.header("Origin");
    const allowed = new Set([expected, c.var.deps.config.appUrl].filter(Boolean));
    if (!origin || !allowed.has(origin)) {
      throw new AppError("forbidden", "Cross-site request refused");
    }
    const contentType = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    const hasBody = c.req.raw.body !== null && c.req.header("Content-Length") !== "0";
    if (contentType === "multipart/form-data" && options.multipartPaths?.includes(c.req.path)) return next();
    if ((hasBody || contentType) && contentType !== "application/json") {
      throw new AppError("unsupported_media_type", "Requests that change data must be sent as application/json");
    }
    await next();
  });
}
