// Sign-in with Google, GitHub and Apple behind one interface. Implementations: arctic (./arctic) and a fake for
// tests (./fake). The service (services/auth/oauth.ts) decides which account a profile signs into.

export const OAUTH_PROVIDERS = ["google", "github", "apple"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Who the provider says signed in. `emailVerified` is the provider's word that the person owns the address. */
export interface ProviderProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export interface AuthorizationStart {
  url: string;
  state: string;
  /** PKCE verifier, for providers that support it (Google). */
  codeVerifier?: string;
}

export interface AuthorizationCallback {
  code: string;
  codeVerifier?: string;
  /** Apple's form_post `user` field (JSON), sent on the first sign-in only. */
  appleUser?: string;
}

export interface OAuthProviders {
  /** Which providers are configured (the sign-in screen shows only these). */
  enabled(): Record<OAuthProvider, boolean>;
  /** The provider's authorization URL; a provider that is not configured is a 404. */
  start(provider: OAuthProvider): AuthorizationStart;
  /** Exchanges the code and reads the profile; a refusal or an unexpected answer is an upstream error. */
  profile(provider: OAuthProvider, callback: AuthorizationCallback): Promise<ProviderProfile>;
}
