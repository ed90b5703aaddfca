import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as z from "zod";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { causeMessage, logEvent } from "../lib/log";
import { documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import { setSessionCookie } from "../middleware/session";
import { completeOAuth, OAUTH_PROVIDERS, startOAuth, type OAuthProvider } from "../services/auth/oauth";

const STATE_COOKIE = "sl_oauth_state";
const VERIFIER_COOKIE = "sl_oauth_verifier";
const FLOW_TTL_SECONDS = 10 * 60;

const providerParam = z.object({ provider: z.enum(OAUTH_PROVIDERS) });

/** Apple posts its callback cross-site (form_post), which a SameSite=Lax cookie would not survive. */
function flowCookieOptions(provider: OAuthProvider) {
  return {
    httpOnly: true,
    secure: true,
    sameSite: provider === "apple" ? ("None" as const) : ("Lax" as const),
    path: `/auth/${provider}`,
    maxAge: FLOW_TTL_SECONDS,
  };
}

async function finish(
  c: Context<AppEnv>,
  provider: OAuthProvider,
  params: { code?: string; state?: string; error?: string; user?: string },
) {
  const expectedState = getCookie(c, STATE_COOKIE);
  const codeVerifier = getCookie(c, VERIFIER_COOKIE);
  const options = flowCookieOptions(provider);
  deleteCookie(c, STATE_COOKIE, options);
  deleteCookie(c, VERIFIER_COOKIE, options);

  // The person cancelled at the provider: back to the sign-in screen, which explains.
  if (params.error) return c.redirect("/auth?error=oauth", 302);
  if (!params.state || !expectedState || params.state !== expectedState) {
    throw new AppError("bad_request", "Invalid OAuth state. Please start signing in again.");
  }
  if (!params.code) throw new AppError("bad_request", "Missing authorization code");

  try {
    const { session, membersToReview } = await completeOAuth(c.var.deps, provider, {
      code: params.code,
      codeVerifier,
      appleUser: params.user,
    });
    setSessionCookie(c, session);
    // Linking took back an account whose team has members (issue 39): straight to the review on /team.
    return c.redirect(membersToReview > 0 ? TEAM_REVIEW_PATH : "/dashboard", 302);
  } catch (error) {
    if (error instanceof AppError && error.code === "upstream_error") {
      // Not a 5xx (the person is sent back to sign in), but an operator should see a provider refusing codes.
      logEvent("warn", "oauth_failed", {
        requestId: c.var.requestId,
        upstream: error.upstream,
        cause: causeMessage(error),
      });
      return c.redirect("/auth?error=oauth", 302);
    }
    throw error;
  }
}

const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});

/** /team's notice of the members to review (web/features/team review-notice.tsx). */
const TEAM_REVIEW_PATH = "/team#members-to-review";

const SIGNED_IN_OR_BACK =
  "The dashboard, signed in (or /team's review of its members when linking removed the password of an account whose team has members); or the sign-in screen (/auth?error=oauth) when the person cancelled or the provider refused.";

export const oauthRoutes = new Hono<AppEnv>()
  .get(
    "/:provider",
    documented("Account", "Sign in with Google, GitHub or Apple", {
      redirect: "The provider's authorization page.",
    }),
    validate("param", providerParam),
    (c) => {
      const { provider } = c.req.valid("param");
      const flow = startOAuth(c.var.deps, provider);
      const options = flowCookieOptions(provider);
      setCookie(c, STATE_COOKIE, flow.state, options);
      if (flow.codeVerifier) setCookie(c, VERIFIER_COOKIE, flow.codeVerifier, options);
      return c.redirect(flow.url, 302);
    },
  )
  .get(
    "/:provider/callback",
    documented("Account", "Finish signing in with a provider (its redirect back)", { redirect: SIGNED_IN_OR_BACK }),
    validate("param", providerParam),
    validate("query", callbackQuery),
    (c) => finish(c, c.req.valid("param").provider, c.req.valid("query")),
  )
  // Apple's form_post callback: the reviewed exception to the JSON-only rule (it is not under /api and is
  // protected by the state cookie instead).
  .post(
    "/apple/callback",
    documented("Account", "Finish signing in with Apple (its form post back)", { redirect: SIGNED_IN_OR_BACK }),
    validate("form", callbackQuery.extend({ user: z.string().max(4096).optional() })),
    (c) => finish(c, "apple", c.req.valid("form")),
  );
