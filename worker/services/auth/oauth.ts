import { Apple, decodeIdToken, generateCodeVerifier, generateState, GitHub, Google, type OAuth2Tokens } from "arctic";
import type { AuthProviders } from "../../../schema/api/auth";
import type { Deps } from "../../middleware/context";
import {
  deleteUserSessions,
  findOAuthAccount,
  findUserByEmail,
  insertOAuthAccount,
  insertUser,
  updateUser,
  type UserRow,
} from "../../data/users";
import { AppError } from "../../lib/errors";
import { fromBase64 } from "../../lib/crypto";
import { fetchWithTimeout } from "../../lib/http";
import { createSession } from "./sessions";

export const OAUTH_PROVIDERS = ["google", "github", "apple"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export function enabledProviders(deps: Deps): AuthProviders {
  const { oauth } = deps.config;
  return { google: oauth.google !== null, github: oauth.github !== null, apple: oauth.apple !== null };
}

function callbackUrl(deps: Deps, provider: OAuthProvider) {
  return `${deps.origin}/auth/${provider}/callback`;
}

function pemToPkcs8(pem: string): Uint8Array {
  return fromBase64(pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\s+/g, ""));
}

function client(deps: Deps, provider: OAuthProvider) {
  const { oauth } = deps.config;
  switch (provider) {
    case "google":
      return oauth.google && new Google(oauth.google.clientId, oauth.google.clientSecret, callbackUrl(deps, provider));
    case "github":
      return oauth.github && new GitHub(oauth.github.clientId, oauth.github.clientSecret, callbackUrl(deps, provider));
    case "apple":
      return (
        oauth.apple &&
        new Apple(
          oauth.apple.clientId,
          oauth.apple.teamId,
          oauth.apple.keyId,
          pemToPkcs8(oauth.apple.privateKey),
          callbackUrl(deps, provider),
        )
      );
  }
}

function requireClient(deps: Deps, provider: OAuthProvider) {
  const c = client(deps, provider);
  if (!c) throw new AppError("not_found", "This sign-in provider is not enabled");
  return c;
}

export interface OAuthStart {
  url: string;
  state: string;
  /** PKCE verifier, for providers that support it (Google). */
  codeVerifier?: string;
}

export function startOAuth(deps: Deps, provider: OAuthProvider): OAuthStart {
  const c = requireClient(deps, provider);
  const state = generateState();
  if (c instanceof Google) {
    const codeVerifier = generateCodeVerifier();
    const url = c.createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]);
    return { url: url.toString(), state, codeVerifier };
  }
  if (c instanceof GitHub) {
    return { url: c.createAuthorizationURL(state, ["read:user", "user:email"]).toString(), state };
  }
  const url = c.createAuthorizationURL(state, ["name", "email"]);
  // Apple only returns name and email to a form_post callback.
  url.searchParams.set("response_mode", "form_post");
  return { url: url.toString(), state };
}

interface ProviderProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

async function getJson<T>(url: string, accessToken: string): Promise<T> {
  const response = await fetchWithTimeout(url, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: "application/json",
      "User-Agent": "StoryLoom",
    },
  });
  if (!response.ok) throw new AppError("upstream_error", `Provider answered ${response.status}`);
  return (await response.json()) as T;
}

async function fetchProfile(
  provider: OAuthProvider,
  tokens: OAuth2Tokens,
  appleUser?: { name?: { firstName?: string; lastName?: string } },
): Promise<ProviderProfile> {
  if (provider === "google") {
    const info = await getJson<{
      sub: string;
      email?: string;
      email_verified?: boolean;
      given_name?: string;
      family_name?: string;
    }>("https://openidconnect.googleapis.com/v1/userinfo", tokens.accessToken());
    return {
      providerUserId: info.sub,
      email: info.email?.toLowerCase() ?? null,
      emailVerified: info.email_verified === true,
      firstName: info.given_name ?? null,
      lastName: info.family_name ?? null,
    };
  }
  if (provider === "github") {
    const accessToken = tokens.accessToken();
    const [profile, emails] = await Promise.all([
      getJson<{ id: number; login: string; name: string | null }>("https://api.github.com/user", accessToken),
      getJson<Array<{ email: string; primary: boolean; verified: boolean }>>(
        "https://api.github.com/user/emails",
        accessToken,
      ),
    ]);
    const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
    const [firstName, ...rest] = (profile.name ?? "").trim().split(/\s+/);
    return {
      providerUserId: String(profile.id),
      email: primary?.email.toLowerCase() ?? null,
      emailVerified: Boolean(primary),
      firstName: firstName || null,
      lastName: rest.join(" ") || null,
    };
  }
  // Apple: the ID token comes straight from Apple's token endpoint over TLS, so its claims can be read as they are.
  const claims = decodeIdToken(tokens.idToken()) as { sub: string; email?: string; email_verified?: boolean | string };
  return {
    providerUserId: claims.sub,
    email: claims.email?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: appleUser?.name?.firstName ?? null,
    lastName: appleUser?.name?.lastName ?? null,
  };
}

/**
 * Finds or creates the account for a provider identity. Linking to an existing account happens only through an
 * email the provider marks verified. If that existing account never verified the address itself, whoever set its
 * password did not prove they own the mailbox: the password and its sessions are removed (no pre-registration
 * takeover).
 */
async function findOrCreateUser(deps: Deps, provider: OAuthProvider, profile: ProviderProfile): Promise<UserRow> {
  const linked = await findOAuthAccount(deps.db, provider, profile.providerUserId);
  if (linked) return linked.user;

  const isAdmin = Boolean(profile.email && profile.emailVerified && deps.config.adminEmails.has(profile.email));
  const existing = profile.email && profile.emailVerified ? await findUserByEmail(deps.db, profile.email) : undefined;
  if (existing) {
    if (!existing.emailVerified) {
      await deleteUserSessions(deps.db, existing.id);
      await updateUser(deps.db, existing.id, { emailVerified: true, passwordHash: null });
      existing.emailVerified = true;
      existing.passwordHash = null;
    }
    if (isAdmin && !existing.isAdmin) {
      await updateUser(deps.db, existing.id, { isAdmin: true });
      existing.isAdmin = true;
    }
    await insertOAuthAccount(deps.db, { provider, providerUserId: profile.providerUserId, userId: existing.id });
    return existing;
  }

  // An unverified address that another account already uses is not taken over: the new account has no email.
  const emailTaken = profile.email ? await findUserByEmail(deps.db, profile.email) : undefined;
  const user = await insertUser(deps.db, {
    username: null,
    email: emailTaken ? null : profile.email,
    emailVerified: !emailTaken && profile.email !== null && profile.emailVerified,
    firstName: profile.firstName,
    lastName: profile.lastName,
    isAdmin,
  });
  await insertOAuthAccount(deps.db, { provider, providerUserId: profile.providerUserId, userId: user.id });
  return user;
}

export interface OAuthCallbackInput {
  code: string;
  codeVerifier?: string;
  /** Apple's form_post `user` field (JSON), sent on the first sign-in only. */
  appleUser?: string;
}

export async function completeOAuth(deps: Deps, provider: OAuthProvider, input: OAuthCallbackInput) {
  const c = requireClient(deps, provider);
  let tokens: OAuth2Tokens;
  try {
    if (c instanceof Google) {
      if (!input.codeVerifier) throw new AppError("bad_request", "Missing PKCE verifier");
      tokens = await c.validateAuthorizationCode(input.code, input.codeVerifier);
    } else {
      tokens = await c.validateAuthorizationCode(input.code);
    }
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError("upstream_error", "The sign-in provider refused the authorization code", { cause });
  }
  let appleUser: { name?: { firstName?: string; lastName?: string } } | undefined;
  if (input.appleUser) {
    try {
      appleUser = JSON.parse(input.appleUser);
    } catch {
      appleUser = undefined;
    }
  }
  const profile = await fetchProfile(provider, tokens, appleUser);
  const user = await findOrCreateUser(deps, provider, profile);
  return { user, session: await createSession(deps, user.id) };
}
