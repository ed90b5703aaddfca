/**
 * The SPA's pages (web/app/routes.tsx), one source for the Worker's answer to a page request: a known page is the SPA
 * with 200, any other path still renders the SPA's not-found screen but with 404, so crawlers, link checkers and
 * monitors see a missing page as missing. A test (worker/routes/pages.test.ts) holds this list to routes.tsx.
 */
export const SPA_PAGES = [
  "/",
  "/auth",
  "/verify-email",
  "/verify-email/confirm",
  "/forgot-password",
  "/reset-password",
  "/sign-in-link",
  "/privacy-policy",
  "/terms-of-service",
  "/team/accept/:token",
  "/dashboard",
  "/generate",
  "/history",
  "/project/:id",
  "/projects/:id/settings",
  "/account",
  "/account-settings",
  "/subscription",
  "/team",
  "/admin",
] as const;

const PATTERNS = SPA_PAGES.map((page) => new RegExp(`^${page.replace(/:[a-z]+/gi, "[^/]+")}/?$`));

/** Whether a path is one of the SPA's pages (a trailing slash allowed, ":param" any one segment). */
export function isSpaPage(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
