import { revokeAllConnectedApps } from "./mcp-authorization";
import type { AuthProviders } from "../../../schema/api/auth";
import type { AuthorizationCallback, AuthorizationStart, OAuthProvider, ProviderProfile } from "../../adapters/oauth";
import {
  findOAuthAccount,
  findVerifiedUserByEmail,
  insertOAuthAccount,
  insertUser,
  insertUserClaimingEmail,
  isEmailInUse,
  linkOAuthAccount,
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
 * Removing the password takes the account back like a password reset does (issue 39): its own team's pending
 * invitations are withdrawn and its members are marked for the owner to review, in the same batch
 * (data/users.ts linkOAuthAccount); `membersToReview` says how many.
 * Only a verified account is linked: the unverified sign-ups waiting for the address (several may; none proved it)
 * are never handed to the provider's user. A new account takes the address instead and, as any first verification
 * does, deletes them (data/users.ts insertUserClaimingEmail).
 */
async function findOrCreateUser(
  deps: Deps,
  provider: OAuthProvider,
  profile: ProviderProfile,
): Promise<{ user: UserRow; membersToReview: number }> {
  const linked = await findOAuthAccount(deps.db, provider, profile.providerUserId);
  if (linked) return { user: linked.user, membersToReview: 0 };

  const vouched = profile.email && profile.emailVerified ? profile.email : null;
  const existing = vouched ? await findVerifiedUserByEmail(deps.db, vouched) : undefined;
  if (existing) {
    const reclaimed = await linkOAuthAccount(deps.db, {
      provider,
      providerUserId: profile.providerUserId,
      userId: existing.id,
      now: deps.now(),
    });
    // taking the account back from its password ends the apps connected with it, as it ends sessions and tokens
    if (reclaimed) await revokeAllConnectedApps(deps, existing.id);
    return { user: { ...existing, passwordHash: null }, membersToReview: reclaimed?.membersToReview ?? 0 };
  }

  const names = { username: null, firstName: profile.firstName, lastName: profile.lastName };
  // An unverified address that another account already uses is not taken over: the new account has no email.
  const emailTaken = !vouched && profile.email ? await isEmailInUse(deps.db, profile.email) : false;
  const user = vouched
    ? await insertUserClaimingEmail(deps.db, { ...names, email: vouched })
    : await insertUser(deps.db, { ...names, email: emailTaken ? null : profile.email, emailVerified: false });
  await insertOAuthAccount(deps.db, { provider, providerUserId: profile.providerUserId, userId: user.id });
  return { user, membersToReview: 0 };
}

/** Signs the provider's identity in; `membersToReview` > 0 when linking it took back an account with a team. */
export async function completeOAuth(deps: Deps, provider: OAuthProvider, callback: AuthorizationCallback) {
  const profile = await deps.oauth.profile(provider, callback);
  const { user, membersToReview } = await findOrCreateUser(deps, provider, profile);
  return { user, membersToReview, session: await createSession(deps, user.id) };
}
