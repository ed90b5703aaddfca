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
  "/oauth/consent",
] as const;

const PATTERNS = SPA_PAGES.map((page) => new RegExp(`^${page.replace(/:[a-z]+/gi, "[^/]+")}/?$`));

/** Whether a path is one of the SPA's pages (a trailing slash allowed, ":param" any one segment). */
export function isSpaPage(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}

/**
 * The pages a visitor lands on signed out, rendered to HTML at build time (scripts/vite-entry-html.ts) into their own
 * file of dist/web, which the Worker serves for them (worker/routes/assets.ts): their first paint needs no script.
 * Each is the page's URL (a query string included where it changes the first render) and its file's name. Every
 * other page is index.html, the SPA's shell. docs/decisions/2026-12-07-prerendered-entry-pages.md
 */
export const PRERENDERED_PAGES = [
  { url: "/", file: "landing" },
  { url: "/auth", file: "auth" },
  { url: "/auth?tab=signup", file: "auth-signup" },
  { url: "/privacy-policy", file: "privacy-policy" },
  { url: "/terms-of-service", file: "terms-of-service" },
] as const;

/** Marks a root whose content React rendered at build time: web/main.tsx hydrates it instead of drawing anew. */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

/** The not-found screen, prerendered as the answer (with 404) to every path that is no page. */
export const NOT_FOUND_PAGE = { url: "/not-found", file: "not-found" } as const;

/**
 * The prerendered file for a page request, or null when the page is the SPA's shell. A trailing slash is the same
 * page; of the query only `tab=signup` on /auth changes what the first render draws (the Sign Up tab).
 */
export function prerenderedFileFor(pathname: string, search: URLSearchParams): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  const url = path === "/auth" && search.get("tab") === "signup" ? `${path}?tab=signup` : path;
  return PRERENDERED_PAGES.find((page) => page.url === url)?.file ?? null;
}
