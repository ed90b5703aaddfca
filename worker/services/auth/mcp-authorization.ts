import { TOKEN_SCOPES, type TokenScope } from "../../../schema/api/access-tokens";
import type { ConnectedApp, ConsentDecision, ConsentRequest } from "../../../schema/api/mcp-authorization";
import { MCP_OAUTH, type GrantProps, type McpAuthorization } from "../../adapters/mcp-oauth";
import { findUserById } from "../../data/users";
import type { Deps } from "../../deps";
import { AppError, notFound } from "../../lib/errors";
import { addressKey } from "../../lib/ip";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { requireExportPlan } from "./access-tokens";

// Sign-in for MCP clients (issue 42; docs/decisions/2026-12-08-mcp-oauth.md). The provider checks the client, the
// redirect URI and PKCE, and binds each consent to the browser that opened it (a __Host- cookie, once); here: what
// the person sees, what they may allow, and the grants they can list and revoke.

/** Where the MCP server is: the resource the grants are for. */
export const MCP_PATH = MCP_OAUTH.resource;

/**
 * Who a grant's props (set by the provider on a request whose OAuth token it checked) name: the user, if the account
 * still exists, and the scopes allowed. null when the request carried no grant.
 */
export async function grantCaller(
  deps: Deps,
  props: unknown,
): Promise<{ userId: number; scopes: TokenScope[] } | "gone" | null> {
  const grant = props as Partial<GrantProps> | undefined;
  if (typeof grant?.userId !== "number" || !Array.isArray(grant.scopes)) return null;
  const user = await findUserById(deps.db, grant.userId);
  if (!user) return "gone";
  return { userId: user.id, scopes: TOKEN_SCOPES.filter((s) => grant.scopes!.includes(s)) };
}

/** Where the consent screen is (the SPA's page, web/app/routes/mcp-consent.tsx). */
export const CONSENT_PAGE = "/oauth/consent";

const expired = () =>
  new AppError(
    "bad_request",
    "This request to connect an app has expired or was already answered. Start again in the app.",
  );

function authorization(deps: Deps): McpAuthorization {
  const found = deps.mcpAuthorization();
  if (!found) throw new AppError("service_unavailable", "Connecting apps is not set up here.");
  return found;
}

/** Only StoryLoom's scopes; an app that names none asks to read. */
function requestedScopes(scope: readonly string[]): TokenScope[] {
  const known = TOKEN_SCOPES.filter((s) => scope.includes(s));
  return known.length > 0 ? known : ["read"];
}

/**
 * GET /oauth/authorize: checks the app's request, opens a consent for this browser and keeps what the consent screen
 * shows. Answers where to send the browser, and the headers (the binding cookie) to send with it.
 */
export async function beginMcpAuthorization(deps: Deps, request: Request, ip: string) {
  const { helpers, saveConsent } = authorization(deps);
  await enforceLimit(deps.limits, `mcp-authorize:address:${addressKey(ip)}`, RATE_RULES.mcpAuthorizations);
  let authRequest;
  try {
    authRequest = await helpers.parseAuthRequest(request);
  } catch (error) {
    throw new AppError("bad_request", "The app's request to connect is not valid.", { cause: error });
  }
  const [consent, description] = await Promise.all([
    helpers.beginConsent(authRequest),
    helpers.describeConsent(authRequest),
  ]);
  await saveConsent(consent.handle, {
    clientName: description.clientName,
    clientUri: description.clientUri ?? null,
    redirectHost: description.redirectHost,
    redirectIsLoopback: description.redirectIsLoopback,
    scopes: requestedScopes(authRequest.scope),
  });
  return { location: `${CONSENT_PAGE}?handle=${encodeURIComponent(consent.handle)}`, headers: consent.headers };
}

export async function readConsentRequest(deps: Deps, userId: number, handle: string): Promise<ConsentRequest> {
  await enforceLimit(deps.limits, `mcp-consent:user:${userId}`, RATE_RULES.mcpConsents);
  const found = await authorization(deps).readConsent(handle);
  if (!found) throw expired();
  return found;
}

/**
 * The person's answer. Allowing gives the app a grant with the scopes ticked (some of those asked for; export only
 * on a plan with integrations, as for personal access tokens) as this user; either way the browser goes back to the
 * app. `request` carries the browser's binding cookie, which the provider checks.
 */
export async function answerConsent(deps: Deps, userId: number, request: Request, decision: ConsentDecision) {
  const { helpers, readConsent, forgetConsent } = authorization(deps);
  await enforceLimit(deps.limits, `mcp-consent:user:${userId}`, RATE_RULES.mcpConsents);
  const asked = await readConsent(decision.handle);
  if (!asked) throw expired();
  if (!decision.approve) {
    const denied = await helpers.denyConsent(request, decision.handle).catch((error: unknown) => {
      throw new AppError("bad_request", expired().message, { cause: error });
    });
    await forgetConsent(decision.handle);
    return { redirectTo: denied.redirectTo, headers: denied.headers };
  }
  const scopes = TOKEN_SCOPES.filter((s) => decision.scopes.includes(s));
  if (scopes.length === 0) throw new AppError("validation_failed", "Choose at least one scope");
  if (scopes.some((s) => !asked.scopes.includes(s))) {
    throw new AppError("validation_failed", "Allow only scopes the app asked for");
  }
  if (scopes.includes("export")) await requireExportPlan(deps, userId);
  const approved = await helpers.approveConsent(request, decision.handle, { scope: scopes }).catch((error: unknown) => {
    throw new AppError("bad_request", expired().message, { cause: error });
  });
  const props: GrantProps = { userId, scopes };
  const { redirectTo } = await helpers.completeAuthorization({
    request: approved.request,
    userId: String(userId),
    metadata: { clientName: asked.clientName },
    scope: scopes,
    props,
  });
  await forgetConsent(decision.handle);
  return { redirectTo, headers: approved.headers };
}

/** The apps the user allowed, newest first (a grant each; at most 100 listed). */
export async function listConnectedApps(deps: Deps, userId: number): Promise<ConnectedApp[]> {
  const found = deps.mcpAuthorization();
  if (!found) return [];
  const { items } = await found.helpers.listUserGrants(String(userId), { limit: 100 });
  return items
    .map((grant) => ({
      id: grant.id,
      clientName: String((grant.metadata as { clientName?: unknown } | null)?.clientName ?? grant.clientId),
      scopes: grant.scope,
      createdAt: grant.createdAt * 1000,
      expiresAt: grant.expiresAt ? grant.expiresAt * 1000 : null,
    }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Revokes one of the user's grants: its tokens stop working at once. Another user's grant id reads "not found". */
export async function revokeConnectedApp(deps: Deps, userId: number, grantId: string): Promise<void> {
  const { helpers } = authorization(deps);
  const { items } = await helpers.listUserGrants(String(userId), { limit: 100 });
  if (!items.some((grant) => grant.id === grantId)) throw notFound("Connected app");
  await helpers.revokeGrant(grantId, String(userId));
}

/** Ends every grant of the user: with the account, and when a password reset takes the account back. */
export async function revokeAllConnectedApps(deps: Deps, userId: number): Promise<void> {
  const found = deps.mcpAuthorization();
  if (!found) return;
  const { items } = await found.helpers.listUserGrants(String(userId), { limit: 100 });
  await Promise.all(items.map((grant) => found.helpers.revokeGrant(grant.id, String(userId))));
}
