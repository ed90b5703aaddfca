import type { AuthProviders } from "../../../schema/api/auth";
import type { AuthorizationCallback, AuthorizationStart, OAuthProvider, ProviderProfile } from "../../adapters/oauth";
import {
  deleteUserSessions,
  findOAuthAccount,
  findUserByEmail,
  insertOAuthAccount,
  insertUser,
  updateUser,
  type UserRow,
} from "../../data/users";
import type { Deps } from "../../deps";
import { createSession } from "./sessions";

export { OAUTH_PROVIDERS, type OAuthProvider } from "../../adapters/oauth";

export function enabledProviders(deps: Deps): AuthProviders {
  return deps.oauth.enabled();
}

export function startOAuth(deps: Deps, provider: OAuthProvider): AuthorizationStart {
  return deps.oauth.start(provider);
}

/**
 * Finds or creates the account for a provider identity. Linking to an existing account happens only through an
 * email the provider marks verified. If that account has a password, the password is removed and its sessions end:
 * whoever set it may not be the mailbox's owner (someone who registered the address first and had the link clicked
 * by its owner), and the provider has just proved who is. The owner can set a new one with "Forgot password?".
 */
async function findOrCreateUser(deps: Deps, provider: OAuthProvider, profile: ProviderProfile): Promise<UserRow> {
  const linked = await findOAuthAccount(deps.db, provider, profile.providerUserId);
  if (linked) return linked.user;

  const existing = profile.email && profile.emailVerified ? await findUserByEmail(deps.db, profile.email) : undefined;
  if (existing) {
    if (existing.passwordHash !== null || !existing.emailVerified) {
      await deleteUserSessions(deps.db, existing.id);
      await updateUser(deps.db, existing.id, { emailVerified: true, passwordHash: null });
      existing.emailVerified = true;
      existing.passwordHash = null;
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
  });
  await insertOAuthAccount(deps.db, { provider, providerUserId: profile.providerUserId, userId: user.id });
  return user;
}

export async function completeOAuth(deps: Deps, provider: OAuthProvider, callback: AuthorizationCallback) {
  const profile = await deps.oauth.profile(provider, callback);
  const user = await findOrCreateUser(deps, provider, profile);
  return { user, session: await createSession(deps, user.id) };
}
