import { Hono } from "hono";
import * as z from "zod";
import { acknowledgedSchema, withData } from "../../schema/api/envelope";
import {
  connectedAppSchema,
  consentDecisionSchema,
  consentHandleSchema,
  consentOutcomeSchema,
  consentRequestSchema,
} from "../../schema/api/mcp-authorization";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import { clientIp, currentUser, requireUser } from "../middleware/session";
import {
  answerConsent,
  beginMcpAuthorization,
  CONSENT_PAGE,
  listConnectedApps,
  readConsentRequest,
  revokeConnectedApp,
} from "../services/auth/mcp-authorization";

const SIGNED_IN = { signedIn: true };

/** Copies the provider's headers (its binding cookie, framing rules) onto the answer. */
function withHeaders(response: Response, headers: Headers): Response {
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "set-cookie") continue;
    if (name.toLowerCase() !== "location") response.headers.set(name, value);
  }
  for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
}

/**
 * Mounted at /oauth: the authorization endpoint of sign-in for MCP clients (issue 42). The provider serves the token
 * and registration endpoints and the metadata itself (worker/index.ts); this one opens the consent and sends the
 * browser to the SPA's consent screen, which asks the person to sign in first when needed.
 */
export const mcpAuthorizeRoutes = new Hono<AppEnv>().get(
  "/authorize",
  documented("Account", "Ask the person to let an MCP client use StoryLoom as them (OAuth 2.1)", {
    redirect: `The consent screen (${CONSENT_PAGE}).`,
  }),
  async (c) => {
    const { location, headers } = await beginMcpAuthorization(c.var.deps, c.req.raw, clientIp(c));
    return withHeaders(c.redirect(location, 302), headers);
  },
);

/** Mounted at /api/oauth: the consent screen's request and answer. */
export const mcpConsentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/consent",
    documented("Account", "What an app asks for, for the consent screen", { body: consentRequestSchema }, SIGNED_IN),
    validate("query", z.object({ handle: consentHandleSchema })),
    async (c) => c.json(await readConsentRequest(c.var.deps, currentUser(c).id, c.req.valid("query").handle)),
  )
  .post(
    "/consent",
    documented(
      "Account",
      "Allow or refuse an app (the answer says where to send the browser back)",
      { body: consentOutcomeSchema },
      SIGNED_IN,
    ),
    validate("json", consentDecisionSchema),
    async (c) => {
      const { redirectTo, headers } = await answerConsent(
        c.var.deps,
        currentUser(c).id,
        c.req.raw,
        c.req.valid("json"),
      );
      return withHeaders(c.json({ redirectTo }), headers);
    },
  );

/** Mounted at /api/user: the apps connected to the account, beside its personal access tokens. */
export const connectedAppRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/connected-apps",
    documented(
      "Account",
      "List the apps the account let use StoryLoom (MCP clients signed in with OAuth)",
      { body: withData(z.array(connectedAppSchema)) },
      SIGNED_IN,
    ),
    async (c) => c.json({ success: true as const, data: await listConnectedApps(c.var.deps, currentUser(c).id) }),
  )
  .delete(
    "/connected-apps/:grantId",
    documented("Account", "Disconnect an app: its tokens stop working", { body: acknowledgedSchema }, SIGNED_IN),
    validate("param", z.object({ grantId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) })),
    async (c) => {
      await revokeConnectedApp(c.var.deps, currentUser(c).id, c.req.valid("param").grantId);
      return c.json({ success: true as const });
    },
  );
