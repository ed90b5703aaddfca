import type { LoginInput, RegisterResponse, RegisterValues } from "../../../schema/api/auth";
import { isUniqueViolation } from "../../data/db";
import {
  findPendingSignUps,
  findUserByUsername,
  findVerifiedUserByEmail,
  insertUser,
  updateUser,
  type UserRow,
} from "../../data/users";
import type { Deps } from "../../deps";
import { sha256Hex } from "../../lib/crypto";
import { AppError, rateLimited } from "../../lib/errors";
import { addressKey } from "../../lib/ip";
import { burnPasswordTime, hashPassword, verifyPassword } from "../../lib/password";
import { enforceLimit, LOGIN_POLICIES, RATE_RULES } from "../rate-limit";
import { isCommonPassword } from "./common-passwords";
import { alreadyRegisteredEmail } from "./emails";
import { afterResponse, sendInBackground } from "./mail";
import { toPublicUser } from "./public-user";
import { createSession, type NewSession } from "./sessions";
import { newVerificationEmail, sendVerificationEmail } from "./verification";

export { sendInBackground } from "./mail";
import { attemptWithPass } from "./sign-in-pass";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const EMAIL_NOT_VERIFIED =
  "Please verify your email before signing in. Check your inbox for the verification link.";
const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please try again later.";
const TOO_MANY_EMAILS = "Too many verification emails. Please wait before asking for another.";

export type RegisterResult =
  { kind: "verification-required"; body: RegisterResponse } | { kind: "signed-in"; user: UserRow; session: NewSession };

export function assertUncommonPassword(password: string, field = "password"): void {
  if (isCommonPassword(password)) {
    throw new AppError("validation_failed", "This password is too common. Please choose a less guessable one.", {
      details: { field },
    });
  }
}

/**
 * Sign-up. An address belongs to an account only once verified (issue 26, pre-hijacking), so:
 * - a sign-up for an address that only unverified accounts hold is a new pending account beside them: none is
 *   replaced (a later sign-up must not take over, or be taken over by, the mail an earlier one is waiting for). Each
 *   gets its own mail naming its username; the first one confirmed wins the address and the others are deleted
 *   (services/auth/verification.ts);
 * - an address a verified account holds gets the same answer as a new sign-up (no account is created, and the
 *   owner is told by email), so sign-up cannot be used to learn who has an account.
 * Usernames stay unique whatever the address: a pending account keeps its name until it is deleted.
 */
export async function register(deps: Deps, input: RegisterValues, clientIp: string): Promise<RegisterResult> {
  assertUncommonPassword(input.password);
  await enforceLimit(
    deps.limits,
    `register:address:${addressKey(clientIp)}`,
    RATE_RULES.registration,
    "Too many sign-ups from this network. Please try again later.",
  );

  const [byUsername, owner] = await Promise.all([
    findUserByUsername(deps.db, input.username),
    input.email ? findVerifiedUserByEmail(deps.db, input.email) : undefined,
  ]);
  if (byUsername) throw usernameTaken();
  // Hashed on every path, so the answer takes as long whether or not the address has an account.
  const passwordHash = await hashPassword(input.password, deps.config.passwordPepper);
  if (owner && input.email) {
    sendInBackground(
      deps,
      alreadyRegisteredEmail(input.email, `${deps.origin}/auth`, `${deps.origin}/forgot-password`),
      "already_registered_email_failed",
      owner.id,
    );
    return { kind: "verification-required", body: { emailVerificationRequired: true, email: input.email } };
  }

  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
      username: input.username,
      email: input.email ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      passwordHash,
      emailVerified: false,
    });
  } catch (error) {
    // Two sign-ups racing for the same name: the unique index decides (an unverified address is never unique).
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }

  if (user.email) {
    await sendVerificationEmail(deps, user, user.email);
    return { kind: "verification-required", body: { emailVerificationRequired: true, email: user.email } };
  }
  return { kind: "signed-in", user, session: await createSession(deps, user.id) };
}

const usernameTaken = () => new AppError("conflict", "Username already taken", { details: { field: "username" } });

/**
 * The account a sign-in name stands for. An address names only the account that verified it: several unverified
 * sign-ups may wait for one address, and none of them has proved it, so none may be reached through it (a squatter's
 * account must not answer to its victim's address). A pending account is reached by its username, which is unique.
 */
export function findByIdentifier(deps: Deps, identifier: string) {
  const normalized = identifier.trim();
  return normalized.includes("@")
    ? findVerifiedUserByEmail(deps.db, normalized.toLowerCase())
    : findUserByUsername(deps.db, normalized);
}

/**
 * Reserves one sign-in attempt for the account (or, for a name no account has, for that name: the answers look the
 * same) and for the address, before any password is checked. Throws 429 when either is used up.
 *
 * The account is asked first: an address the account trusts (its owner signed in from it within 30 days) skips the
 * address limit, so an office or a carrier's shared address that someone else's failures have blocked does not lock
 * the owner out; the account's own allowance for trusted addresses still caps guesses made from there.
 */
export async function reserveSignInAttempt(
  deps: Deps,
  accountKey: string,
  clientIp: string,
): Promise<{ settle(): Promise<void> }> {
  const address = addressKey(clientIp);
  // Addresses are remembered (trusted) by hash only.
  const addressId = await sha256Hex(address);
  const addressLimit = `login:address:${address}`;
  const forAccount = await deps.limits.reserveAttempt(accountKey, LOGIN_POLICIES.account, addressId);
  if (!forAccount.allowed) throw rateLimited(forAccount.retryAfterMs / 1000, TOO_MANY_ATTEMPTS);
  const countsForAddress = !forAccount.trusted;
  if (countsForAddress) {
    const fromAddress = await deps.limits.reserveAttempt(addressLimit, LOGIN_POLICIES.address, addressId);
    if (!fromAddress.allowed) throw rateLimited(fromAddress.retryAfterMs / 1000, TOO_MANY_ATTEMPTS);
  }
  return {
    // The password was right: the reservations are given back, and the address becomes trusted for the account.
    settle: async () => {
      await Promise.all([
        countsForAddress && deps.limits.attemptSucceeded(addressLimit, LOGIN_POLICIES.address, addressId),
        deps.limits.attemptSucceeded(accountKey, LOGIN_POLICIES.account, addressId),
      ]);
    },
  };
}

export const accountAttemptKey = (userId: number) => `login:account:${userId}`;

/**
 * `passToken`: the browser's sign-in pass (sign-in-pass.ts), from an emailed sign-in link. Valid for this account,
 * it takes the place of the attempt limits for this try; otherwise (none, another account's, used up) the limits
 * apply as to anyone.
 */
export async function login(deps: Deps, input: LoginInput, clientIp: string, passToken?: string) {
  const user = await findByIdentifier(deps, input.username);
  const accountKey = user ? accountAttemptKey(user.id) : `login:name:${input.username.trim().toLowerCase()}`;
  const attempt =
    (user && (await attemptWithPass(deps, passToken, user.id, accountKey, clientIp))) ||
    (await reserveSignInAttempt(deps, accountKey, clientIp));

  let check = { valid: false, needsRehash: false };
  if (user?.passwordHash) {
    check = await verifyPassword(input.password, user.passwordHash, deps.config.passwordPepper);
  } else {
    await burnPasswordTime(input.password, deps.config.passwordPepper);
  }
  if (!user || !check.valid) throw new AppError("unauthenticated", INVALID_CREDENTIALS);
  await attempt.settle();
  if (user.email && !user.emailVerified) {
    throw new AppError("email_not_verified", EMAIL_NOT_VERIFIED, { details: { email: user.email } });
  }

  if (check.needsRehash) {
    const passwordHash = await hashPassword(input.password, deps.config.passwordPepper);
    await updateUser(deps.db, user.id, { passwordHash });
    user.passwordHash = passwordHash;
  }
  return { user: toPublicUser(user), session: await createSession(deps, user.id) };
}

/**
 * Always answers the same way, so the call cannot tell which addresses have accounts, and does the same work before
 * answering: the address's limit (checked first, so a blocked address cannot spend an account's allowance) and one
 * lookup. The rest comes after the response (afterResponse): each account's own limit, counted per account whatever
 * was typed and applied silently, its new link and its mail. A username resends that account's mail; an address
 * resends the mail of every sign-up waiting for it (the verification screen knows only the address typed at sign-up),
 * each naming its username so the mailbox's owner confirms hers and refuses the others. No count caps them: with a
 * cap, enough squatters' sign-ups would keep the owner's own mail from her (issue 39); each account's limit bounds
 * the mail (docs/decisions/2026-12-07-resending-verification-to-every-pending-sign-up.md).
 */
export async function resendVerification(deps: Deps, identifier: string, clientIp: string): Promise<void> {
  await enforceLimit(
    deps.limits,
    `verify-email:address:${addressKey(clientIp)}`,
    RATE_RULES.verificationEmailPerIp,
    TOO_MANY_EMAILS,
  );
  const normalized = identifier.trim();
  const waiting = normalized.includes("@")
    ? await findPendingSignUps(deps.db, normalized)
    : [await findUserByUsername(deps.db, normalized)].filter(
        (user): user is UserRow => user !== undefined && !user.emailVerified,
      );
  for (const { id, username, email } of waiting) {
    if (!email) continue;
    afterResponse(deps, "verification_email_failed", id, async () => {
      const { allowed } = await deps.limits.consume(`verify-email:user:${id}`, RATE_RULES.verificationEmail);
      if (allowed) await deps.email.send(await newVerificationEmail(deps, { id, username }, email));
    });
  }
}
