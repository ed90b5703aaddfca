import { Apple, decodeIdToken, generateCodeVerifier, generateState, GitHub, Google, type OAuth2Tokens } from "arctic";
import * as z from "zod";
import type { Config } from "../../lib/config";
import { fromBase64 } from "../../lib/crypto";
import { withDeadline } from "../../lib/deadline";
import { AppError } from "../../lib/errors";
import { fetchWithTimeout } from "../../lib/http";
import type { AuthorizationCallback, OAuthProvider, OAuthProviders, ProviderProfile } from "./index";

// What StoryLoom reads from each provider. Answers are parsed, not cast: an unexpected shape is an upstream error.
const googleUserInfo = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});
const githubUser = z.object({ id: z.number(), login: z.string(), name: z.string().nullish() });
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));
const appleIdToken = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
});
// Apple's form_post `user` field; anything else in it is ignored, and an unreadable one is simply absent.
const appleUserField = z.object({
  name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
});

function pemToPkcs8(pem: string): Uint8Array {
  return fromBase64(pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\s+/g, ""));
}

function parseAppleUser(field: string | undefined) {
  if (!field) return undefined;
  try {
    return appleUserField.safeParse(JSON.parse(field)).data;
  } catch {
    return undefined;
  }
}

/** The longest the token exchange may take (the userinfo reads have fetchWithTimeout's 10 s each). */
const TOKEN_TIMEOUT_MS = 10_000;

/** Google, GitHub and Apple through `arctic`; callbacks come back to `{origin}/auth/{provider}/callback`. */
export function createArcticOAuth(config: Config["oauth"], origin: string): OAuthProviders {
  const callbackUrl = (provider: OAuthProvider) => `${origin}/auth/${provider}/callback`;

  function client(provider: OAuthProvider) {
    const made =
      provider === "google"
        ? config.google && new Google(config.google.clientId, config.google.clientSecret, callbackUrl(provider))
        : provider === "github"
          ? config.github && new GitHub(config.github.clientId, config.github.clientSecret, callbackUrl(provider))
          : config.apple &&
            new Apple(
              config.apple.clientId,
              config.apple.teamId,
              config.apple.keyId,
              pemToPkcs8(config.apple.privateKey),
              callbackUrl(provider),
            );
    if (!made) throw new AppError("not_found", "This sign-in provider is not enabled");
    return made;
  }

  async function getJson<T>(
    provider: OAuthProvider,
    url: string,
    accessToken: string,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const upstream = `oauth:${provider}`;
    const response = await fetchWithTimeout(
      url,
      { headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json", "User-Agent": "StoryLoom" } },
      upstream,
    );
    if (!response.ok) {
      await response.body?.cancel();
      throw new AppError("upstream_error", `Provider answered ${response.status}`, { upstream });
    }
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new AppError("upstream_error", "The sign-in provider answered in an unexpected shape", { upstream });
    return parsed.data;
  }

  async function exchange(provider: OAuthProvider, callback: AuthorizationCallback): Promise<OAuth2Tokens> {
    const c = client(provider);
    if (c instanceof Google && !callback.codeVerifier) throw new AppError("bad_request", "Missing PKCE verifier");
    try {
      // arctic's token request has no timeout of its own: a token endpoint that never answers held the callback open.
      const tokens = await withDeadline(
        c instanceof Google
          ? c.validateAuthorizationCode(callback.code, callback.codeVerifier!)
          : c.validateAuthorizationCode(callback.code),
        TOKEN_TIMEOUT_MS,
        () => new Error("The token endpoint did not answer in time"),
      );
      // Read here, inside the try: a 200 without the token (another shape) threw later, outside it, as a 500.
      if (c instanceof Apple) tokens.idToken();
      else tokens.accessToken();
      return tokens;
    } catch (cause) {
      throw new AppError("upstream_error", "The sign-in provider refused the authorization code", {
        cause,
        upstream: `oauth:${provider}`,
      });
    }
  }

  return {
    enabled: () => ({ google: config.google !== null, github: config.github !== null, apple: config.apple !== null }),

    start(provider) {
      const c = client(provider);
      const state = generateState();
      if (c instanceof Google) {
        const codeVerifier = generateCodeVerifier();
        return {
          url: c.createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]).toString(),
          state,
          codeVerifier,
        };
      }
      if (c instanceof GitHub)
        return { url: c.createAuthorizationURL(state, ["read:user", "user:email"]).toString(), state };
      const url = c.createAuthorizationURL(state, ["name", "email"]);
      // Apple only returns name and email to a form_post callback.
      url.searchParams.set("response_mode", "form_post");
      return { url: url.toString(), state };
    },

    async profile(provider, callback): Promise<ProviderProfile> {
      const tokens = await exchange(provider, callback);
      if (provider === "google") {
        const info = await getJson(
          provider,
          "https://openidconnect.googleapis.com/v1/userinfo",
          tokens.accessToken(),
          googleUserInfo,
        );
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
        const [user, emails] = await Promise.all([
          getJson(provider, "https://api.github.com/user", accessToken, githubUser),
          getJson(provider, "https://api.github.com/user/emails", accessToken, githubEmails),
        ]);
        const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
        const [firstName, ...rest] = (user.name ?? "").trim().split(/\s+/);
        return {
          providerUserId: String(user.id),
          email: primary?.email.toLowerCase() ?? null,
          emailVerified: Boolean(primary),
          firstName: firstName || null,
          lastName: rest.join(" ") || null,
        };
      }
      // Apple: the ID token comes straight from Apple's token endpoint over TLS, so its claims can be read as they are.
      const claims = appleIdToken.safeParse(decodeIdToken(tokens.idToken()));
      if (!claims.success) {
        throw new AppError("upstream_error", "The sign-in provider answered in an unexpected shape", {
          upstream: "oauth:apple",
        });
      }
      const appleUser = parseAppleUser(callback.appleUser);
      return {
        providerUserId: claims.data.sub,
        email: claims.data.email?.toLowerCase() ?? null,
        emailVerified: claims.data.email_verified === true || claims.data.email_verified === "true",
        firstName: appleUser?.name?.firstName ?? null,
        lastName: appleUser?.name?.lastName ?? null,
      };
    },
  };
}
