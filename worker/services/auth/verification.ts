import type { VerificationLinkDetails } from "../../../schema/api/auth";
import type { EmailMessage } from "../../adapters/email";
import {
  confirmVerification as confirmInDatabase,
  findVerificationLink,
  insertVerificationToken,
  rejectSignUp as rejectInDatabase,
} from "../../data/email-verification";
import type { UserRow } from "../../data/users";
import type { Deps } from "../../deps";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { addressKey } from "../../lib/ip";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { verificationEmail } from "./emails";
import { sendInBackground } from "./mail";

// Email verification (issue 26, pre-hijacking). Several sign-ups may wait for one address; the mail names the
// account it is for, and its link opens a page (web/app/routes/verify-email-confirm.tsx) that shows that username
// and asks "Is this your account?". Only the page's POSTs change anything, so a mail scanner that follows links
// verifies nothing, and the address's owner can delete a sign-up that is not hers instead of verifying it.

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The SPA's page for a verification link; GET /api/verify-email (links in mail sent before it) redirects here. */
export const VERIFICATION_PAGE = "/verify-email/confirm";

export type LinkProblem = "invalid" | "expired" | "used" | "verified";

const LINK_PROBLEMS: Record<LinkProblem, string> = {
  invalid: "This verification link is not valid, or its account no longer exists. Sign in, or sign up again.",
  expired: "This verification link has expired. Sign in with your username to get a new one.",
  used: "This verification link has already been used.",
  verified: "This account is already verified. You can sign in.",
};

/** Refusals name the field and why, so the page can tell a dead link from a failed call (shared error shape). */
function refused(problem: LinkProblem): AppError {
  return new AppError("bad_request", LINK_PROBLEMS[problem], { details: { field: "token", reason: problem } });
}

/** Mails a new single-use link (its SHA-256 stored, valid 24 hours) naming the account it verifies. */
export async function sendVerificationEmail(deps: Deps, user: UserRow, email: string): Promise<void> {
  sendInBackground(deps, await newVerificationEmail(deps, user, email), "verification_email_failed", user.id);
}

/** Stores a new link's token and returns the mail that carries it (for callers already after the response). */
export async function newVerificationEmail(
  deps: Deps,
  user: Pick<UserRow, "id" | "username">,
  email: string,
): Promise<EmailMessage> {
  const token = randomToken(32);
  await insertVerificationToken(deps.db, {
    id: await sha256Hex(token),
    userId: user.id,
    email,
    expiresAt: deps.now() + VERIFICATION_TOKEN_TTL_MS,
  });
  const link = { href: `${deps.origin}${VERIFICATION_PAGE}?token=${encodeURIComponent(token)}`, secret: token };
  return verificationEmail(email, link, user.username ?? email);
}

interface OpenLink {
  tokenId: string;
  userId: number;
  username: string | null;
  email: string;
  emailVerified: boolean;
}

/**
 * Reads a link's token and account, refusing what cannot be acted on. Limited per address like every emailed link
 * (RATE_RULES.linkTokensPerIp): tokens are 256 bits, so this only keeps guessing slow.
 */
async function openLink(deps: Deps, token: string, clientIp: string): Promise<OpenLink> {
  await enforceLimit(
    deps.limits,
    `verify-link:address:${addressKey(clientIp)}`,
    RATE_RULES.linkTokensPerIp,
    "Too many attempts. Please wait a few minutes and try again.",
  );
  if (!TOKEN_PATTERN.test(token)) throw refused("invalid");
  return classify(deps, await sha256Hex(token));
}

async function classify(deps: Deps, tokenId: string): Promise<OpenLink> {
  const row = await findVerificationLink(deps.db, tokenId);
  if (!row) throw refused("invalid");
  if (row.usedAt !== null) throw refused("used");
  if (row.expiresAt <= deps.now()) throw refused("expired");
  // The address changed since the link was sent: the link no longer proves anything about the account.
  if (row.accountEmail !== row.sentTo) throw refused("invalid");
  return { tokenId, userId: row.userId, username: row.username, email: row.sentTo, emailVerified: row.emailVerified };
}

/** What the confirmation page shows: the account the link is for. Changes nothing. */
export async function describeVerificationLink(
  deps: Deps,
  token: string,
  clientIp: string,
): Promise<VerificationLinkDetails> {
  const link = await openLink(deps, token, clientIp);
  if (link.emailVerified) throw refused("verified");
  return { username: link.username, email: link.email };
}

/**
 * "Yes, this is my account": the account is verified and every other sign-up waiting for the address is deleted,
 * in one batch (data/email-verification.ts). Verifying does not sign anyone in: the page may be open on another
 * device than the one that signed up.
 */
export async function confirmVerificationLink(
  deps: Deps,
  token: string,
  clientIp: string,
): Promise<{ username: string | null }> {
  const link = await openLink(deps, token, clientIp);
  if (link.emailVerified) throw refused("verified");
  const verified = await confirmInDatabase(deps.db, {
    tokenId: link.tokenId,
    userId: link.userId,
    email: link.email,
    now: deps.now(),
  });
  if (!verified) await refuseAfterRace(deps, link.tokenId);
  return { username: link.username };
}

/** "No, I did not sign up": deletes the sign-up the link is for, only while it is unverified. */
export async function rejectVerificationLink(deps: Deps, token: string, clientIp: string): Promise<void> {
  const link = await openLink(deps, token, clientIp);
  if (link.emailVerified) {
    throw new AppError("conflict", "This account is already verified, so it cannot be deleted from this link.", {
      details: { field: "token", reason: "verified" },
    });
  }
  const deleted = await rejectInDatabase(deps.db, { tokenId: link.tokenId, userId: link.userId, now: deps.now() });
  if (!deleted) await refuseAfterRace(deps, link.tokenId);
}

/**
 * The batch changed nothing: something happened between the read and the write (another click used the token,
 * another account verified the address and deleted this one). Say which, as a first read would have.
 */
async function refuseAfterRace(deps: Deps, tokenId: string): Promise<never> {
  const link = await classify(deps, tokenId);
  throw refused(link.emailVerified ? "verified" : "invalid");
}
