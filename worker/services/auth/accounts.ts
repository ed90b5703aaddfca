import type { LoginInput, RegisterResponse, RegisterValues } from "../../../schema/api/auth";
import type { Deps } from "../../deps";
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
  type UserRow,
} from "../../data/users";
import {
  consumeVerificationToken,
  findVerificationToken,
  insertVerificationToken,
} from "../../data/email-verification";
import { AppError, rateLimited } from "../../lib/errors";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { causeMessage, logEvent } from "../../lib/log";
import { burnPasswordTime, hashPassword, verifyPassword } from "../../lib/password";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { isCommonPassword } from "./common-passwords";
import { toPublicUser } from "./public-user";
import { createSession, type NewSession } from "./sessions";

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const INVALID_CREDENTIALS = "Invalid username or password";
export const EMAIL_NOT_VERIFIED =
  "Please verify your email before signing in. Check your inbox for the verification link.";

export type RegisterResult =
  | { kind: "verification-required"; body: RegisterResponse }
  | { kind: "signed-in"; user: UserRow; session: NewSession };

export async function register(deps: Deps, input: RegisterValues, clientIp: string): Promise<RegisterResult> {
  if (isCommonPassword(input.password)) {
    throw new AppError("validation_failed", "This password is too common. Please choose a less guessable one.", {
      details: { field: "password" },
    });
  }
  await enforceLimit(deps.limits, `register:ip:${clientIp}`, RATE_RULES.registration, "Too many sign-ups from this network. Please try again later.");

  const [byUsername, byEmail] = await Promise.all([
    findUserByUsername(deps.db, input.username),
    input.email ? findUserByEmail(deps.db, input.email) : undefined,
  ]);
  if (byUsername) throw new AppError("conflict", "Username already taken", { details: { field: "username" } });
  if (byEmail) {
    throw new AppError("conflict", "An account with this email already exists", { details: { field: "email" } });
  }

  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
      username: input.username,
      email: input.email ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      passwordHash: await hashPassword(input.password, deps.config.passwordPepper),
      emailVerified: false,
    });
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
  const name = user.firstName ?? user.username ?? "there";
  try {
    await deps.email.send({
      to: email,
      subject: "Verify your StoryLoom email address",
      text: `Hi ${name},\n\nConfirm your email address to start using StoryLoom:\n${link}\n\nThe link works once and expires in 24 hours. If you did not create a StoryLoom account, ignore this email.\n`,
      html: `<p>Hi ${escapeHtml(name)},</p><p>Confirm your email address to start using StoryLoom:</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>The link works once and expires in 24 hours. If you did not create a StoryLoom account, ignore this email.</p>`,
    });
  } catch (error) {
    // The account exists either way; the person can ask for another email from the verification screen.
    logEvent("error", "verification_email_failed", { userId: user.id, cause: causeMessage(error) });
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function findByIdentifier(deps: Deps, identifier: string) {
  return identifier.includes("@")
    ? findUserByEmail(deps.db, identifier)
    : findUserByUsername(deps.db, identifier);
}

export async function login(deps: Deps, input: LoginInput, clientIp: string) {
  const accountKey = `login:account:${input.username.toLowerCase()}`;
  const ipKey = `login:ip:${clientIp}`;
  const [account, ip] = await Promise.all([deps.limits.status(accountKey), deps.limits.status(ipKey)]);
  if (!account.allowed || !ip.allowed) {
    throw rateLimited(
      Math.max(account.retryAfterMs, ip.retryAfterMs) / 1000,
      "Too many failed sign-in attempts. Please try again later.",
    );
  }

  const user = await findByIdentifier(deps, input.username);
  let check = { valid: false, needsRehash: false };
  if (user?.passwordHash) {
    check = await verifyPassword(input.password, user.passwordHash, deps.config.passwordPepper);
  } else {
    await burnPasswordTime(input.password, deps.config.passwordPepper);
  }
  if (!user || !check.valid) {
    await Promise.all([
      deps.limits.consume(accountKey, RATE_RULES.loginFailure),
      deps.limits.consume(ipKey, RATE_RULES.loginFailure),
    ]);
    throw new AppError("unauthenticated", INVALID_CREDENTIALS);
  }
  if (user.email && !user.emailVerified) {
    throw new AppError("email_not_verified", EMAIL_NOT_VERIFIED, { details: { email: user.email } });
  }

  await deps.limits.reset(accountKey);
  const updates: { passwordHash?: string; isAdmin?: boolean } = {};
  if (check.needsRehash) updates.passwordHash = await hashPassword(input.password, deps.config.passwordPepper);
  if (!user.isAdmin && user.email && deps.config.adminEmails.has(user.email)) updates.isAdmin = true;
  if (Object.keys(updates).length > 0) {
    await updateUser(deps.db, user.id, updates);
    Object.assign(user, updates);
  }
  return { user: toPublicUser(user), session: await createSession(deps, user.id) };
}

/** Always answers the same way so the call cannot tell which addresses have accounts. */
export async function resendVerification(deps: Deps, identifier: string, clientIp: string): Promise<void> {
  const normalized = identifier.trim().toLowerCase();
  await enforceLimit(deps.limits, `verify-email:${normalized}`, RATE_RULES.verificationEmail, "Too many verification emails. Please wait before asking for another.");
  await enforceLimit(deps.limits, `verify-email:ip:${clientIp}`, RATE_RULES.verificationEmailPerIp, "Too many verification emails. Please wait before asking for another.");
  const user = await findByIdentifier(deps, normalized);
  if (user?.email && !user.emailVerified) await sendVerificationEmail(deps, user, user.email);
}

export type VerificationOutcome = "verified" | "invalid" | "expired" | "used";

export async function verifyEmailToken(deps: Deps, token: string): Promise<VerificationOutcome> {
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
  if (!user.isAdmin && deps.config.adminEmails.has(row.email)) await updateUser(deps.db, user.id, { isAdmin: true });
  return "verified";
}
