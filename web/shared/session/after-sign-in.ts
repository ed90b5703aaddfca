// Where to go after signing in: the page that sent the visitor to /auth (a protected page opened signed out, an
// invitation link: docs/product-spec.md §2 'Sign In to Accept Invitation' goes to /auth), and the screen after a password reset
// that listed the account's teams (issue 26). Only paths inside this app are remembered (one leading slash, plain
// characters, no "..", never the sign-in pages themselves), for this tab only, so nothing can steer sign-in
// elsewhere.

const KEY = "storyloom:after-sign-in";

/** The id of /team's "Teams you belong to" section (web/features/team joined-teams.tsx). */
export const JOINED_TEAMS_ANCHOR = "teams-you-belong-to";
export const JOINED_TEAMS_PATH = `/team#${JOINED_TEAMS_ANCHOR}`;
/** The id of /team's notice of the members to review after a reset (web/features/team review-notice.tsx, issue 39). */
export const TEAM_REVIEW_ANCHOR = "members-to-review";
export const TEAM_REVIEW_PATH = `/team#${TEAM_REVIEW_ANCHOR}`;

const IN_APP_PATH = /^\/(?![/\\])[A-Za-z0-9\-_/]{0,150}(?:\?[A-Za-z0-9\-_=&%.]{0,200})?(?:#[A-Za-z0-9\-_]{1,60})?$/;
const SIGN_IN_PAGES = /^\/(?:auth|verify-email|reset-password|forgot-password)(?:[/?#]|$)/;

const isRemembered = (path: string) =>
  IN_APP_PATH.test(path) && !path.includes("..") && !SIGN_IN_PAGES.test(path) && path !== "/";

export function rememberAfterSignIn(path: string): void {
  if (!isRemembered(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // storage blocked: the person follows the link again after signing in
  }
}

/** The remembered path (once), else the dashboard. */
export function takeAfterSignInPath(): string {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (path && isRemembered(path)) return path;
  } catch {
    // storage blocked
  }
  return "/dashboard";
}
