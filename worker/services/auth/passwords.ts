import { revokeAllConnectedApps } from "./mcp-authorization";
import {
  completePasswordReset,
  savePassword,
  findPasswordResetToken,
  insertPasswordResetToken,
} from "../../data/password-reset";
import { findUserById, findVerifiedUserByEmail } from "../../data/users";
import type { Deps } from "../../deps";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { AppError, unauthenticated } from "../../lib/errors";
import { addressKey } from "../../lib/ip";
import { hashPassword, verifyPassword } from "../../lib/password";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { joinedTeams, membersToReview } from "../teams";
import type { PasswordResetConfirmed } from "../../../schema/api/teams";
import { accountAttemptKey, assertUncommonPassword, reserveSignInAttempt } from "./accounts";
import { afterResponse } from "./mail";
import { passwordResetEmail } from "./emails";

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * "Forgot password?": mails a single-use link (256-bit token, only its SHA-256 stored, valid 1 hour) to the address
 * when an account has verified it. The answer is the same either way, and so is the work before it: the address's
 * limit and one lookup; the account's own limit, the token and the mail come after the response (afterResponse).
 * Sign-ups still waiting for the address get nothing: several may wait for one address, and each verifies through its
 * own link (services/auth/verification.ts), which names the account, where a reset link would not.
 */
export async function requestPasswordReset(deps: Deps, email: string, clientIp: string): Promise<void> {
  await enforceLimit(
    deps.limits,
    `password-reset:address:${addressKey(clientIp)}`,
    RATE_RULES.passwordResetEmailPerIp,
    "Too many password reset requests. Please wait before asking again.",
  );
  const user = await findVerifiedUserByEmail(deps.db, email);
  if (!user?.email) return;
  const { id: userId, email: address } = user;
  afterResponse(deps, "password_reset_email_failed", userId, async () => {
    const { allowed } = await deps.limits.consume(`password-reset:user:${userId}`, RATE_RULES.passwordResetEmail);
    if (!allowed) return;
    const token = randomToken(32);
    await insertPasswordResetToken(deps.db, {
      id: await sha256Hex(token),
      userId,
      expiresAt: deps.now() + PASSWORD_RESET_TTL_MS,
    });
    await deps.email.send(
      passwordResetEmail(address, { href: `${deps.origin}/reset-password?token=${token}`, secret: token }),
    );
  });
}

function invalidLink(message: string): AppError {
  return new AppError("bad_request", message, { details: { field: "token" } });
}

/**
 * Sets the new password from a reset link: every session of the account ends, and the account's sign-in counters
 * start afresh. Whoever held the account before the reset may have joined other teams with it (issue 26) and planted
 * people in its own team (issue 39), so the same batch withdraws its own team's pending invitations and marks its
 * members for review, and the answer lists the teams it belongs to and the members to keep or remove
 * (docs/decisions/2026-11-27-leaving-teams.md, docs/decisions/2026-12-07-account-recovery-reviews-the-team.md).
 */
export async function resetPassword(
  deps: Deps,
  token: string,
  password: string,
  clientIp: string,
): Promise<PasswordResetConfirmed> {
  await enforceLimit(
    deps.limits,
    `reset-link:address:${addressKey(clientIp)}`,
    RATE_RULES.linkTokensPerIp,
    "Too many attempts. Please wait a few minutes and try again.",
  );
  if (!TOKEN_PATTERN.test(token)) throw invalidLink("This password reset link is not valid. Ask for a new one.");
  const id = await sha256Hex(token);
  const row = await findPasswordResetToken(deps.db, id);
  if (!row) throw invalidLink("This password reset link is not valid. Ask for a new one.");
  if (row.usedAt !== null) throw invalidLink("This password reset link has already been used. Ask for a new one.");
  if (row.expiresAt <= deps.now()) throw invalidLink("This password reset link has expired. Ask for a new one.");
  assertUncommonPassword(password);
  const passwordHash = await hashPassword(password, deps.config.passwordPepper);
  const done = await completePasswordReset(deps.db, { tokenId: id, userId: row.userId, passwordHash, now: deps.now() });
  if (!done) throw invalidLink("This password reset link has already been used. Ask for a new one.");
  // the batch ended the sessions and access tokens; apps signed in through OAuth end too
  await revokeAllConnectedApps(deps, row.userId);
  await deps.limits.reset(accountAttemptKey(row.userId));
  const [memberOf, toReview] = await Promise.all([
    joinedTeams(deps, row.userId),
    done.membersToReview > 0 ? membersToReview(deps, row.userId) : [],
  ]);
  return { success: true, memberOf, toReview, invitationsRevoked: done.invitationsRevoked };
}

/**
 * The account screen's change of password: the current password is checked like a sign-in (same attempt limits,
 * so a stolen session cannot guess it), then every other session ends.
 */
export async function changePassword(
  deps: Deps,
  session: { userId: number; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  clientIp: string,
): Promise<void> {
  const user = await findUserById(deps.db, session.userId);
  if (!user) throw unauthenticated();
  if (!user.passwordHash) {
    throw new AppError(
      "bad_request",
      "This account signs in with Google, GitHub or Apple and has no password to change.",
    );
  }
  const attempt = await reserveSignInAttempt(deps, accountAttemptKey(user.id), clientIp);
  const { valid } = await verifyPassword(input.currentPassword, user.passwordHash, deps.config.passwordPepper);
  if (!valid) {
    throw new AppError("validation_failed", "Your current password is not correct.", {
      details: { field: "currentPassword" },
    });
  }
  await attempt.settle();
  assertUncommonPassword(input.newPassword, "newPassword");
  await savePassword(
    deps.db,
    user.id,
    await hashPassword(input.newPassword, deps.config.passwordPepper),
    session.sessionId,
  );
}
