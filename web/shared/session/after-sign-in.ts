// Where to go after signing in: an invitation link opened while signed out comes back to itself (spec §2
// Invitation acceptance: 'Sign In to Accept Invitation' goes to /auth). Only invitation paths are remembered, for
// this tab only, so nothing else can steer where sign-in lands.

const KEY = "storyloom:after-sign-in";
const REMEMBERED = /^\/team\/accept\/[A-Za-z0-9_-]{1,100}$/;

export function rememberAfterSignIn(path: string): void {
  if (!REMEMBERED.test(path)) return;
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
    if (path && REMEMBERED.test(path)) return path;
  } catch {
    // storage blocked
  }
  return "/dashboard";
}
