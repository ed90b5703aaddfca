import { getOAuthApi, type OAuthHelpers, type OAuthProviderOptions } from "@cloudflare/workers-oauth-provider";
import { TOKEN_SCOPES } from "../../../schema/api/access-tokens";
import type { ConsentRequest } from "../../../schema/api/mcp-authorization";
import { sha256Hex } from "../../lib/crypto";
import type { Bindings } from "../../bindings";

/**
 * Sign-in for MCP clients (issue 42; docs/decisions/2026-12-08-mcp-oauth.md): OAuth 2.1 by Cloudflare's
 * workers-oauth-provider. It serves the metadata, client registration and the token endpoint (refresh tokens rotate)
 * itself, and keeps clients, grants and tokens (hashed) in the OAUTH_KV namespace; StoryLoom serves the authorization
 * endpoint and the consent screen (worker/routes/mcp-authorization.ts) and reads grants through these helpers.
 */
export const MCP_OAUTH = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
  /** The protected resource: the MCP server. */
  resource: "/mcp",
} as const;

/** Access tokens live an hour; a grant (its refresh token) 30 days after it was last used. */
const ACCESS_TOKEN_TTL_S = 60 * 60;
const REFRESH_IDLE_TTL_S = 30 * 24 * 60 * 60;

/** What a grant carries to the MCP server: whose it is and what the person allowed. */
export interface GrantProps {
  userId: number;
  scopes: string[];
}

/** The provider's helpers, and the consent screen's view of a request kept while the person decides. */
export interface McpAuthorization {
  helpers: OAuthHelpers;
  saveConsent(handle: string, request: ConsentRequest): Promise<void>;
  readConsent(handle: string): Promise<ConsentRequest | null>;
  forgetConsent(handle: string): Promise<void>;
}

/** How long a consent screen may stay open (the provider's own transaction lasts as long). */
const CONSENT_TTL_S = 10 * 60;

/** The provider's options for the app at `origin`, with `handler` answering everything it does not answer itself. */
export function mcpOAuthOptions(
  origin: string,
  handler: ExportedHandler<Bindings> & Pick<Required<ExportedHandler<Bindings>>, "fetch">,
): OAuthProviderOptions<Bindings> {
  return {
    apiRoute: MCP_OAUTH.resource,
    apiHandler: handler,
    defaultHandler: handler,
    authorizeEndpoint: MCP_OAUTH.authorize,
    tokenEndpoint: MCP_OAUTH.token,
    clientRegistrationEndpoint: MCP_OAUTH.register,
    scopesSupported: [...TOKEN_SCOPES],
    accessTokenTTL: ACCESS_TOKEN_TTL_S,
    refreshTokenTTL: REFRESH_IDLE_TTL_S,
    refreshTokenIdleTTL: REFRESH_IDLE_TTL_S,
    resourceMetadata: {
      resource: `${origin}${MCP_OAUTH.resource}`,
      resource_name: "StoryLoom",
      scopes_supported: [...TOKEN_SCOPES],
    },
  };
}

/** The provider's helpers (consent, grants) for routes and services; null without the KV namespace. */
export function createMcpAuthorization(bindings: Bindings, origin: string): McpAuthorization | null {
  const kv = bindings.OAUTH_KV;
  if (!kv || !origin) return null;
  // (the handle is a bearer of the request until it is answered: only its hash names the stored view)
  const key = async (handle: string) => `storyloom-consent:${await sha256Hex(handle)}`;
  return {
    helpers: getOAuthApi(mcpOAuthOptions(origin, { fetch: () => new Response(null, { status: 404 }) }), bindings),
    saveConsent: async (handle, request) =>
      kv.put(await key(handle), JSON.stringify(request), { expirationTtl: CONSENT_TTL_S }),
    readConsent: async (handle) => {
      const stored = await kv.get(await key(handle));
      return stored === null ? null : (JSON.parse(stored) as ConsentRequest);
    },
    forgetConsent: async (handle) => kv.delete(await key(handle)),
  };
}
