import type { LoginInput, RegisterResponse, RegisterValues } from "../../../schema/api/auth";
import type { EmailMessage } from "../../adapters/email";
import {
  consumeVerificationToken,
  findVerificationToken,
  insertVerificationToken,
} from "../../data/email-verification";
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  replaceUnverifiedUser,
  updateUser,
  type UserRow,
} from "../../data/users";
import type { Deps } from "../../deps";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { AppError, rateLimited } from "../../lib/errors";
import { addressKey } from "../../lib/ip";
import { causeMessage, logEvent } from "../../lib/log";
import { burnPasswordTime, hashPassword, verifyPassword } from "../../lib/password";
import { enforceLimit, LOGIN_POLICIES, RATE_RULES } from "../rate-limit";
import { isCommonPassword } from "./common-passwords";
import { alreadyRegisteredEmail, verificationEmail } from "./emails";
import { toPublicUser } from "./public-user";
import { createSession, type NewSession } from "./sessions";

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const INVALID_CREDENTIALS = "Invalid username or password";
export const EMAIL_NOT_VERIFIED =
  "Please verify your email before signing in. Check your inbox for the verification link.";
const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please try again later.";
const TOO_MANY_EMAILS = "Too many verification emails. Please wait before asking for another.";

export type RegisterResult =
  | { kind: "verification-required"; body: RegisterResponse }
  | { kind: "signed-in"; user: UserRow; session: NewSession };

/** Sends mail after the response: how long a call takes says nothing about which addresses have accounts. */
export function sendInBackground(deps: Deps, message: EmailMessage, event: string, userId?: number): void {
  deps.waitUntil(
    deps.email.send(message).catch((error: unknown) => {
      // The account exists either way; the person can ask for another email.
      logEvent("error", event, { userId, cause: causeMessage(error) });
    }),
  );
}

export function assertUncommonPassword(password: string, field = "password"): void {
  if (isCommonPassword(password)) {
    throw new AppError("validation_failed", "This password is too common. Please choose a less guessable one.", {
      details: { field },
    });
  }
}

/**
 * Sign-up. An address belongs to an account only once verified, so:
 * - an address held by an account that never verified it is taken over: that account is deleted and replaced;
 * - an address a verified account holds gets the same answer as a new sign-up (no account is created, and the
 *   owner is told by email), so sign-up cannot be used to learn who has an account.
 */
export async function register(deps: Deps, input: RegisterValues, clientIp: string): Promise<RegisterResult> {
  assertUncommonPassword(input.password);
  await enforceLimit(deps.limits, `register:address:${addressKey(clientIp)}`, RATE_RULES.registration, "Too many sign-ups from this network. Please try again later.");

  const [byUsername, byEmail] = await Promise.all([
    findUserByUsername(deps.db, input.username),
    input.email ? findUserByEmail(deps.db, input.email) : undefined,
  ]);
  const replaceable = byEmail && !byEmail.emailVerified ? byEmail : undefined;
  if (byUsername && byUsername.id !== replaceable?.id) {
    throw new AppError("conflict", "Username already taken", { details: { field: "username" } });
  }
  // Hashed on every path, so the answer takes as long whether or not the address has an account.
  const passwordHash = await hashPassword(input.password, deps.config.passwordPepper);
  if (byEmail?.emailVerified && input.email) {
    sendInBackground(
      deps,
      alreadyRegisteredEmail(input.email, `${deps.origin}/auth`, `${deps.origin}/forgot-password`),
      "already_registered_email_failed",
      byEmail.id,
    );
    return { kind: "verification-required", body: { emailVerificationRequired: true, email: input.email } };
  }

  const values = {
    username: input.username,
    email: input.email ?? null,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    passwordHash,
    emailVerified: false,
  };
  let user: UserRow;
  try {
    user = replaceable ? await replaceUnverifiedUser(deps.db, replaceable.id, values) : await insertUser(deps.db, values);
  } catch (error) {
    // Two sign-ups racing for the same name: the unique indexes decide.
    if (String(error).includes("UNIQUE")) throw new AppError("conflict", "Username or email already taken");
    throw error;
  }

  if (user.email) {
    await sendVerificationEmail(deps, user, user.email);
    return { kind: "verification-required", body: { emailVerificationRequired: true, email: user.email } };
  }
  return { kind: "signed-in", user, session: await createSession(deps, user.id) };
}

async function sendVerificationEmail(deps: Deps, user: UserRow, email: string): Promise<void> {
  const token = randomToken(32);
  await insertVerificationToken(deps.db, {
    id: await sha256Hex(token),
    userId: user.id,
    email,
    expiresAt: deps.now() + VERIFICATION_TOKEN_TTL_MS,
  });
  const link = `${deps.origin}/api/verify-email?token=${encodeURIComponent(token)}`;
  sendInBackground(deps, verificationEmail(email, link), "verification_email_failed", user.id);
}

export function findByIdentifier(deps: Deps, identifier: string) {
  const normalized = identifier.trim();
  return normalized.includes("@")
    ? findUserByEmail(deps.db, normalized.toLowerCase())
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
export async function reserveSignInAttempt(deps: Deps, accountKey: string, clientIp: string): Promise<{ settle(): Promise<void> }> {
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

export async function login(deps: Deps, input: LoginInput, clientIp: string) {
  const user = await findByIdentifier(deps, input.username);
  const attempt = await reserveSignInAttempt(
    deps,
    user ? accountAttemptKey(user.id) : `login:name:${input.username.trim().toLowerCase()}`,
    clientIp,
  );

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
 * Always answers the same way, so the call cannot tell which addresses have accounts. The address's limit is
 * checked first (a blocked address cannot spend an account's allowance); the account's own limit counts per
 * account, whatever was typed, and is applied silently.
 */
export async function resendVerification(deps: Deps, identifier: string, clientIp: string): Promise<void> {
  await enforceLimit(deps.limits, `verify-email:address:${addressKey(clientIp)}`, RATE_RULES.verificationEmailPerIp, TOO_MANY_EMAILS);
  const user = await findByIdentifier(deps, identifier);
  if (!user?.email || user.emailVerified) return;
  const { allowed } = await deps.limits.consume(`verify-email:user:${user.id}`, RATE_RULES.verificationEmail);
  if (allowed) await sendVerificationEmail(deps, user, user.email);
}

export type VerificationOutcome = "verified" | "invalid" | "expired" | "used";

export async function verifyEmailToken(deps: Deps, token: string, clientIp: string): Promise<VerificationOutcome> {
  await enforceLimit(deps.limits, `verify-link:address:${addressKey(clientIp)}`, RATE_RULES.linkTokensPerIp, "Too many attempts. Please wait a few minutes and try again.");
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return "invalid";
  const id = await sha256Hex(token);
  const row = await findVerificationToken(deps.db, id);
  if (!row) return "invalid";
  if (row.usedAt !== null) return "used";
  if (row.expiresAt <= deps.now()) return "expired";
  const user = await findUserById(deps.db, row.userId);
  // The address changed since the link was sent: the link no longer proves anything.
  if (!user || user.email !== row.email) return "invalid";
  await consumeVerificationToken(deps.db, id, user.id, deps.now());
  return "verified";
}
