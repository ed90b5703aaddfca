import { Hono } from "hono";
import * as z from "zod";
import {
  authProvidersSchema,
  changePasswordSchema,
  loginSchema,
  mailRequestedSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  publicUserSchema,
  registerResponseSchema,
  registerSchema,
  resendVerificationSchema,
} from "../../schema/api/auth";
import { acknowledgedSchema } from "../../schema/api/envelope";
import { passwordResetConfirmedSchema, type PasswordResetConfirmed } from "../../schema/api/teams";
import { SIGN_IN_LINK_SENT, signInLinkConfirmSchema, signInLinkRequestSchema } from "../../schema/api/sign-in-link";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import { clearSignInPassCookie, setSignInPassCookie, signInPassToken } from "../middleware/sign-in-pass";
import {
  clearSessionCookie,
  clientIp,
  currentSession,
  currentUser,
  requireUser,
  sessionToken,
  setSessionCookie,
} from "../middleware/session";
import { login, register, resendVerification } from "../services/auth/accounts";
import { enabledProviders } from "../services/auth/oauth";
import { toPublicUser } from "../services/auth/public-user";
import { changePassword, requestPasswordReset, resetPassword } from "../services/auth/passwords";
import { revokeSession } from "../services/auth/sessions";
import { openSignInLink, requestSignInLink } from "../services/auth/sign-in-link";

const SIGNED_IN = { signedIn: true };

/**
 * GET /api/login's query. Any other tab, or none, is the Sign In tab: `catch` keeps answering every value with the
 * redirect, as before the query was validated, rather than a 400.
 */
const loginPageQuery = z.object({
  tab: z
    .enum(["signup"])
    .optional()
    .catch(undefined)
    .describe('"signup" opens the Sign Up tab; anything else the Sign In tab.'),
});

export const authRoutes = new Hono<AppEnv>()
  .get(
    "/user",
    documented("Account", "Read the signed-in account", { body: publicUserSchema }, SIGNED_IN),
    requireUser,
    (c) => c.json(toPublicUser(currentUser(c))),
  )

  // The landing page's Sign In / Get Started buttons point here (docs/product-spec.md §2); Get Started asks for the Sign Up tab. Only
  // that one value passes through, so the redirect can never be steered.
  .get(
    "/login",
    documented("Account", "Open the sign-in screen", { redirect: "The sign-in screen, on the tab asked for." }),
    validate("query", loginPageQuery),
    (c) => c.redirect(c.req.valid("query").tab === "signup" ? "/auth?tab=signup" : "/auth", 302),
  )

  .post(
    "/login",
    documented("Account", "Sign in with a username or email address and a password", { body: publicUserSchema }),
    validate("json", loginSchema),
    async (c) => {
      const previous = sessionToken(c);
      const pass = signInPassToken(c);
      const { user, session } = await login(c.var.deps, c.req.valid("json"), clientIp(c), pass);
      if (previous) await revokeSession(c.var.deps, previous);
      setSessionCookie(c, session);
      if (pass) clearSignInPassCookie(c);
      return c.json(user);
    },
  )

  // A blocked sign-in asks for an emailed link (services/auth/sign-in-link.ts): the same answer whether or not the
  // account exists or can receive one.
  .post(
    "/sign-in-link",
    documented("Account", "Ask for an emailed link that lets a blocked sign-in through", { body: mailRequestedSchema }),
    validate("json", signInLinkRequestSchema),
    async (c) => {
      await requestSignInLink(c.var.deps, c.req.valid("json").username, clientIp(c));
      return c.json({ success: true, message: SIGN_IN_LINK_SENT });
    },
  )

  // The link's page posts its token here; never a GET, which mail scanners would spend. This browser gets the pass.
  .post(
    "/sign-in-link/confirm",
    documented("Account", "Open an emailed sign-in link: this browser may sign in past the block", {
      body: acknowledgedSchema,
    }),
    validate("json", signInLinkConfirmSchema),
    async (c) => {
      setSignInPassCookie(c, await openSignInLink(c.var.deps, c.req.valid("json").token, clientIp(c)));
      return c.json({ success: true });
    },
  )

  .post(
    "/register",
    documented("Account", "Create an account: signed in at once, or after verifying its address", {
      status: 201,
      body: registerResponseSchema,
    }),
    validate("json", registerSchema),
    async (c) => {
      const result = await register(c.var.deps, c.req.valid("json"), clientIp(c));
      if (result.kind === "verification-required") return c.json(result.body, 201);
      setSessionCookie(c, result.session);
      return c.json(toPublicUser(result.user), 201);
    },
  )

  .post("/logout", documented("Account", "Sign out", { body: acknowledgedSchema }), async (c) => {
    const token = sessionToken(c);
    if (token) await revokeSession(c.var.deps, token);
    clearSessionCookie(c);
    return c.json({ success: true });
  })

  // The verification screen's "Sign out and use a different account" is a link (docs/product-spec.md §2). Only a navigation from our
  // own pages (or a typed URL) signs out, so another site cannot log people out with an <img>.
  .get(
    "/logout",
    documented("Account", "Sign out from a link, then open the sign-in screen", {
      redirect: "The sign-in screen (signed out only when the link was followed from this site, or typed).",
    }),
    async (c) => {
      const site = c.req.header("Sec-Fetch-Site");
      if (!site || site === "same-origin" || site === "none") {
        const token = sessionToken(c);
        if (token) await revokeSession(c.var.deps, token);
        clearSessionCookie(c);
      }
      return c.redirect("/auth", 302);
    },
  )

  .get(
    "/auth/providers",
    documented("Account", "List the sign-in providers that are configured", { body: authProvidersSchema }),
    (c) => c.json(enabledProviders(c.var.deps)),
  )

  .post(
    "/resend-verification",
    documented("Account", "Send the email verification link again", { body: mailRequestedSchema }),
    validate("json", resendVerificationSchema),
    async (c) => {
      await resendVerification(c.var.deps, c.req.valid("json").email, clientIp(c));
      return c.json({ success: true, message: "If that account needs verification, a new link is on its way." });
    },
  )

  // "Forgot password?": the same answer whether or not an account has the address.
  .post(
    "/password-reset/request",
    documented("Account", "Ask for an emailed link to reset a forgotten password", { body: mailRequestedSchema }),
    validate("json", passwordResetRequestSchema),
    async (c) => {
      await requestPasswordReset(c.var.deps, c.req.valid("json").email, clientIp(c));
      return c.json({
        success: true,
        message: "If an account uses that address, a link to reset its password is on its way.",
      });
    },
  )

  // The reset link's form. Every session of the account ends; the person signs in with the new password.
  .post(
    "/password-reset/confirm",
    documented(
      "Account",
      "Set a new password from a reset link, ending every session of the account, withdrawing its team's pending invitations and listing its members to review",
      {
        body: passwordResetConfirmedSchema,
      },
    ),
    validate("json", passwordResetSchema),
    async (c) => {
      const { token, password } = c.req.valid("json");
      const answer = await resetPassword(c.var.deps, token, password, clientIp(c));
      clearSessionCookie(c);
      return c.json(answer satisfies PasswordResetConfirmed);
    },
  )

  // The account screen: the current password is required; every other session ends.
  .post(
    "/change-password",
    documented(
      "Account",
      "Change the password, ending the account's other sessions",
      { body: acknowledgedSchema },
      SIGNED_IN,
    ),
    requireUser,
    validate("json", changePasswordSchema),
    async (c) => {
      const session = currentSession(c);
      await changePassword(
        c.var.deps,
        { userId: session.user.id, sessionId: session.sessionId },
        c.req.valid("json"),
        clientIp(c),
      );
      return c.json({ success: true });
    },
  );
