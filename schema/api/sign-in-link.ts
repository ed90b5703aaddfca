import * as z from "zod";

/**
 * A blocked sign-in's way in (docs/decisions/2026-11-27-sign-in-unlock-link.md): ask for an emailed link, open it
 * in the browser that will sign in. Shared by the Worker (validation) and the SPA.
 */
export const signInLinkRequestSchema = z.object({
  // What was typed in the sign-in form: a username or an email address.
  username: z.string().trim().min(1, "Username or email is required").max(254),
});

export const signInLinkConfirmSchema = z.object({
  token: z.string().min(1, "The sign-in link is incomplete").max(200),
});

/** The answer to every request for a link, whether or not an account exists. */
export const SIGN_IN_LINK_SENT =
  "If that account has a verified email address, a sign-in link is on its way. Open it in this browser.";
