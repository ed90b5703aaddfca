// Where to go after signing in: an invitation link opened while signed out comes back to itself (spec §2
// Invitation acceptance: 'Sign In to Accept Invitation' goes to /auth), and the screen after a password reset
// that listed the account's teams comes back to them on /team (issue 26). Only these paths are remembered, for
// this tab only, so nothing else can steer where sign-in lands.

const KEY = "storyloom:after-sign-in";

/** The id of /team's "Teams you belong to" section (web/features/team joined-teams.tsx). */
export const JOINED_TEAMS_ANCHOR = "teams-you-belong-to";
export const JOINED_TEAMS_PATH = `/team#${JOINED_TEAMS_ANCHOR}`;

const isRemembered = (path: string) => /^\/team\/accept\/[A-Za-z0-9_-]{1,100}$/.test(path) || path === JOINED_TEAMS_PATH;

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
