import { AppError } from "../../lib/errors";
import type { OAuthProviders, ProviderProfile } from "./index";

/**
 * Tests: every provider enabled; the authorization code names the profile to return (`profiles[code]`), and an
 * unknown code is refused like a provider would.
 */
export function createFakeOAuth(profiles: Record<string, ProviderProfile> = {}): OAuthProviders {
  return {
    enabled: () => ({ google: true, github: true, apple: true }),
    start: (provider) => ({ url: `https://${provider}.example/authorize?state=fake-state`, state: "fake-state" }),
    async profile(provider, { code }) {
      const profile = profiles[code];
      if (!profile) {
        throw new AppError("upstream_error", "The sign-in provider refused the authorization code", {
          upstream: `oauth:${provider}`,
        });
      }
      return profile;
    },
  };
}
