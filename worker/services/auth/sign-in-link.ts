import { findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { addressKey } from "../../lib/ip";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { findByIdentifier } from "./accounts";
import { signInLinkEmail } from "./emails";
import { afterResponse } from "./mail";
import { issueSignInPass, TOKEN_PATTERN } from "./sign-in-pass";

/**
 * A blocked sign-in's way in (docs/decisions/2026-11-27-sign-in-unlock-link.md). Someone whose sign-in answered 429
 * asks for a link; the account's verified address gets a single-use link (valid 15 minutes); opening it gives that
 * browser a sign-in pass (sign-in-pass.ts). The link's state lives in the RateLimiter Durable Object under its
 * token's SHA-256, so spending it is atomic and nothing is added to D1.
 */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;

const linkKey = async (token: string) => `sign-in-link:${await sha256Hex(token)}`;

/**
 * Always answers the same way, as resendVerification does: the address's limit first, then one lookup; for an account
 * with a password and a verified address, its own limit (silently), the link and the mail come after the response
 * (afterResponse), so the request path does the same work, and takes as long, whether or not the account exists.
 */
export async function requestSignInLink(deps: Deps, identifier: string, clientIp: string): Promise<void> {
  await enforceLimit(
    deps.limits,
    `sign-in-link:address:${addressKey(clientIp)}`,
    RATE_RULES.signInLinkEmailPerIp,
    "Too many sign-in link requests. Please wait before asking again.",
  );
  const user = await findByIdentifier(deps, identifier);
  if (!user?.email || !user.emailVerified || !user.passwordHash) return;
  const { id: userId, email } = user;
  // The person sees the same answer either way and can ask again.
  afterResponse(deps, "sign_in_link_email_failed", userId, async () => {
    const { allowed } = await deps.limits.consume(`sign-in-link:user:${userId}`, RATE_RULES.signInLinkEmail);
    if (!allowed) return;
    const token = randomToken(32);
    await deps.limits.issuePass(await linkKey(token), { userId, email, uses: 1, ttlMs: SIGN_IN_LINK_TTL_MS });
    await deps.email.send(
      signInLinkEmail(
        email,
        { href: `${deps.origin}/sign-in-link?token=${token}`, secret: token },
        `${deps.origin}/forgot-password`,
      ),
    );
  });
}

const INVALID_LINK = "This sign-in link is not valid. Ask for a new one from the sign-in screen.";
const LINK_PROBLEMS = {
  invalid: INVALID_LINK,
  used: "This sign-in link has already been used. Ask for a new one from the sign-in screen.",
  expired: "This sign-in link has expired. Ask for a new one from the sign-in screen.",
} as const;

function invalidLink(message: string): AppError {
  return new AppError("bad_request", message, { details: { field: "token" } });
}

/**
 * The link's page posts its token here (a GET would let mail scanners spend it). The token is spent whatever
 * follows; a link for an address the account no longer has (changed or unverified since) proves nothing.
 */
export async function openSignInLink(
  deps: Deps,
  token: string,
  clientIp: string,
): Promise<{ token: string; expiresAt: number }> {
  await enforceLimit(
    deps.limits,
    `sign-in-link-open:address:${addressKey(clientIp)}`,
    RATE_RULES.linkTokensPerIp,
    "Too many attempts. Please wait a few minutes and try again.",
  );
  if (!TOKEN_PATTERN.test(token)) throw invalidLink(INVALID_LINK);
  const spent = await deps.limits.spendPass(await linkKey(token));
  if (spent.outcome !== "ok" || spent.userId === undefined)
    throw invalidLink(LINK_PROBLEMS[spent.outcome === "ok" ? "invalid" : spent.outcome]);
  const user = await findUserById(deps.db, spent.userId);
  if (!user?.emailVerified || user.email !== spent.email) throw invalidLink(INVALID_LINK);
  return issueSignInPass(deps, user.id);
}
