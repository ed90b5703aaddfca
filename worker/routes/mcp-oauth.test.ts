import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientProvider,
} from "@modelcontextprotocol/client";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../bindings";
import worker from "../index";
import { toBase64Url } from "../lib/crypto";
import { SESSION_COOKIE } from "../services/auth/sessions";
import { RATE_RULES } from "../services/rate-limit";
import { ORIGIN } from "../test/client";
import { createConnectedApp, createProject, createUser, freshSession, type TestUser } from "../test/factories";

// Issue 42, sign-in for MCP clients: the whole OAuth 2.1 flow against the real Worker (the provider, its KV, the
// consent routes, the MCP server): metadata, registration, authorization with PKCE, the person's consent, the code
// exchange, the MCP SDK's client with the access token, refresh rotation, and revocation from the account page.

const REDIRECT = "http://127.0.0.1:33418/callback";

async function send(
  path: string,
  init: RequestInit = {},
  cookies: string[] = [],
  ip = "198.51.100.77",
): Promise<Response> {
  const request = new Request(new URL(path, ORIGIN), { redirect: "manual", ...init });
  request.headers.set("Host", new URL(ORIGIN).host);
  request.headers.set("CF-Connecting-IP", ip);
  if (cookies.length) request.headers.set("Cookie", cookies.join("; "));
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, env as Bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** name=value of each Set-Cookie of a response. */
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

async function pkce() {
  const verifier = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = toBase64Url(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
  );
  return { verifier, challenge };
}

async function register(name = "Claude <b>Desktop</b>") {
  const response = await send("/oauth/register", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** The browser's part: authorize, read the consent screen's request, answer it. Returns the app's redirect. */
async function consent(
  user: TestUser,
  clientId: string,
  scope: string,
  answer: { approve: boolean; scopes?: string[] },
) {
  const { verifier, challenge } = await pkce();
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope,
    state: "xyz",
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: `${ORIGIN}/mcp`,
  });
  const authorize = await send(`/oauth/authorize?${query}`);
  expect(authorize.status).toBe(302);
  const location = new URL(authorize.headers.get("Location")!, ORIGIN);
  expect(location.pathname).toBe("/oauth/consent");
  const handle = location.searchParams.get("handle")!;
  const browser = [...cookiesOf(authorize), `${SESSION_COOKIE}=${user.session}`];
  const asked = await send(`/api/oauth/consent?handle=${encodeURIComponent(handle)}`, {}, browser);
  expect(asked.status).toBe(200);
  const answered = await send(
    "/api/oauth/consent",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ handle, ...answer }),
    },
    browser,
  );
  return { asked: await asked.json(), answered, verifier, handle, browser };
}

async function tokens(body: Record<string, string>) {
  const response = await send("/oauth/token", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, string> };
}

async function mcpClient(accessToken: string) {
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
      fetch: (url, init) => send(String(url), init),
    }),
  );
  return client;
}

describe("sign-in for MCP clients (OAuth 2.1)", () => {
  it("publishes the protected resource's and the authorization server's metadata, and challenges a bare /mcp", async () => {
    const resource = await send("/.well-known/oauth-protected-resource/mcp");
    expect(resource.status).toBe(200);
    expect(await resource.json()).toMatchObject({
      resource: `${ORIGIN}/mcp`,
      authorization_servers: [ORIGIN],
      scopes_supported: ["read", "write", "generate", "export"],
    });
    const server = (await (await send("/.well-known/oauth-authorization-server")).json()) as Record<string, unknown>;
    expect(server).toMatchObject({
      authorization_endpoint: `${ORIGIN}/oauth/authorize`,
      token_endpoint: `${ORIGIN}/oauth/token`,
      registration_endpoint: `${ORIGIN}/oauth/register`,
      code_challenge_methods_supported: expect.arrayContaining(["S256"]),
    });
    const bare = await send("/mcp", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(bare.status).toBe(401);
    expect(bare.headers.get("WWW-Authenticate")).toContain("resource_metadata=");
  });

  it("lets the MCP SDK's own client sign in: discovery, registration, consent, code, tools, refresh, revocation", async () => {
    const user = await createUser();
    await createProject(user, { name: "SDK sign-in" });
    const stored: { client?: unknown; tokens?: { access_token: string; refresh_token?: string }; verifier?: string } =
      {};
    let callback: URLSearchParams | undefined;
    // the person's browser, signed in: it opens the authorization URL, reads the consent screen and allows "read"
    const browse = async (authorization: URL) => {
      const authorize = await send(`${authorization.pathname}${authorization.search}`);
      const handle = new URL(authorize.headers.get("Location")!, ORIGIN).searchParams.get("handle")!;
      const answer = await send(
        "/api/oauth/consent",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: ORIGIN },
          body: JSON.stringify({ handle, approve: true, scopes: ["read"] }),
        },
        [...cookiesOf(authorize), `${SESSION_COOKIE}=${user.session}`],
      );
      callback = new URL(((await answer.json()) as { redirectTo: string }).redirectTo).searchParams;
    };
    const provider: OAuthClientProvider = {
      redirectUrl: REDIRECT,
      clientMetadata: {
        client_name: "SDK client",
        redirect_uris: [REDIRECT],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
        scope: "read",
      },
      clientInformation: () => stored.client as never,
      saveClientInformation: (info) => void (stored.client = info),
      tokens: () => stored.tokens as never,
      saveTokens: (tokens) => void (stored.tokens = tokens as never),
      redirectToAuthorization: browse,
      saveCodeVerifier: (verifier) => void (stored.verifier = verifier),
      codeVerifier: () => stored.verifier!,
    };
    const transport = () =>
      new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
        authProvider: provider,
        fetch: (url, init) => send(String(url), init),
      });
    const first = transport();
    await expect(new Client({ name: "sdk", version: "1" }).connect(first)).rejects.toThrow(UnauthorizedError);
    expect(callback?.get("code")).toBeTruthy();
    // (the code and the issuer, which the client checks against the server it discovered: RFC 9207)
    await first.finishAuth(callback!);
    const client = new Client({ name: "sdk", version: "1" });
    await client.connect(transport());
    const listed = await client.callTool({ name: "list_projects", arguments: {} });
    expect(listed.isError).toBeFalsy();
    await client.close();

    // an expired access token: the client refreshes by itself, and the refresh token rotates
    const before = stored.tokens!.refresh_token;
    stored.tokens = { ...stored.tokens!, access_token: "expired:token:value" };
    const again = new Client({ name: "sdk", version: "1" });
    await again.connect(transport());
    expect(stored.tokens!.access_token).not.toBe("expired:token:value");
    expect(stored.tokens!.refresh_token).not.toBe(before);
    await again.close();

    // revoked from the account page: the client is refused
    const apps = (await (await send("/api/user/connected-apps", {}, [`${SESSION_COOKIE}=${user.session}`])).json()) as {
      data: Array<{ id: string }>;
    };
    await send(`/api/user/connected-apps/${apps.data[0]!.id}`, { method: "DELETE", headers: { Origin: ORIGIN } }, [
      `${SESSION_COOKIE}=${user.session}`,
    ]);
    const refused = await send("/mcp", {
      method: "POST",
      headers: { Authorization: `Bearer ${stored.tokens!.access_token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
  });

  it("registers, asks the person, exchanges the code, calls tools within the scopes allowed, refreshes and revokes", async () => {
    const user = await createUser();
    const project = await createProject(user, { name: "Through OAuth" });
    const clientId = await register();
    const { asked, answered, verifier } = await consent(user, clientId, "read generate", {
      approve: true,
      scopes: ["read"],
    });
    // the consent screen gets the client's name as it registered it: the SPA renders it as text
    expect(asked).toEqual({
      clientName: "Claude <b>Desktop</b>",
      clientUri: null,
      redirectHost: "127.0.0.1",
      redirectIsLoopback: true,
      scopes: ["read", "generate"],
    });
    expect(answered.status).toBe(200);
    const redirect = new URL(((await answered.json()) as { redirectTo: string }).redirectTo);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("state")).toBe("xyz");
    const code = redirect.searchParams.get("code")!;

    const wrongVerifier = await tokens({
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_verifier: "x".repeat(43),
    });
    expect(wrongVerifier.status).toBe(400);
    const issued = await tokens({
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      resource: `${ORIGIN}/mcp`,
    });
    expect(issued.status).toBe(200);
    expect(issued.json).toMatchObject({ token_type: "bearer", scope: "read" });

    const client = await mcpClient(issued.json.access_token!);
    const listed = await client.callTool({ name: "list_projects", arguments: {} });
    expect((listed.structuredContent as { projects: Array<{ id: number }> }).projects.map((p) => p.id)).toEqual([
      project.id,
    ]);
    const refused = await client.callTool({ name: "generate_stories", arguments: { transcript: "Ana: We need CSV." } });
    expect(refused.isError).toBe(true);
    await client.close();

    // refresh rotates: a new refresh token each time
    const refreshed = await tokens({
      grant_type: "refresh_token",
      refresh_token: issued.json.refresh_token!,
      client_id: clientId,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.refresh_token).not.toBe(issued.json.refresh_token);

    // the account page lists the app; another account cannot revoke it; its owner can, and its tokens stop working
    const apps = (await (await send("/api/user/connected-apps", {}, [`${SESSION_COOKIE}=${user.session}`])).json()) as {
      data: Array<{ id: string; clientName: string; scopes: string[]; createdAt: number }>;
    };
    expect(apps.data).toEqual([expect.objectContaining({ clientName: "Claude <b>Desktop</b>", scopes: ["read"] })]);
    expect(apps.data[0]!.createdAt).toBeGreaterThan(Date.now() - 60_000);
    const other = await createUser();
    const revoke = (who: TestUser) =>
      send(`/api/user/connected-apps/${apps.data[0]!.id}`, { method: "DELETE", headers: { Origin: ORIGIN } }, [
        `${SESSION_COOKIE}=${who.session}`,
      ]);
    expect((await revoke(other)).status).toBe(404);
    expect((await revoke(user)).status).toBe(200);
    const after = await send("/mcp", {
      method: "POST",
      headers: { Authorization: `Bearer ${refreshed.json.access_token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(after.status).toBe(401);
  });

  it("sends the browser back with access_denied when the person refuses, and a consent answers once", async () => {
    const user = await createUser();
    const clientId = await register("Refused app");
    const { answered, handle, browser } = await consent(user, clientId, "read", { approve: false });
    expect(answered.status).toBe(200);
    const redirect = new URL(((await answered.json()) as { redirectTo: string }).redirectTo);
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    const again = await send(
      "/api/oauth/consent",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ handle, approve: true, scopes: ["read"] }),
      },
      browser,
    );
    expect(again.status).toBe(400);
  });

  it("binds a consent to the browser that opened it: another signed-in browser cannot answer it", async () => {
    const user = await createUser();
    const clientId = await register("Bound app");
    const started = await consent(user, clientId, "read", { approve: true, scopes: [] });
    expect(started.answered.status).toBe(400); // no scope ticked
    const thief = await createUser();
    const stolen = await send(
      "/api/oauth/consent",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ handle: started.handle, approve: true, scopes: ["read"] }),
      },
      [`${SESSION_COOKIE}=${thief.session}`],
    );
    expect(stolen.status).toBe(400);
  });

  it("limits client registrations per address (each is a record in KV)", async () => {
    const registration = () =>
      send(
        "/oauth/register",
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ client_name: "Spam", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
        },
        [],
        "203.0.113.200",
      );
    for (let i = 0; i < RATE_RULES.mcpClientRegistrations.limit; i++) expect((await registration()).status).toBe(201);
    const refused = await registration();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("gives the export scope only on a plan with integrations, and ends every grant on a password reset", async () => {
    const user = await createUser();
    const clientId = await register("Exporter");
    const { answered } = await consent(user, clientId, "read export", { approve: true, scopes: ["read", "export"] });
    expect(answered.status).toBe(403);
    expect(await answered.json()).toMatchObject({ error: "The export scope needs a Pro or Enterprise plan" });

    await createConnectedApp(user);
    const apps = () => send("/api/user/connected-apps", {}, [`${SESSION_COOKIE}=${user.session}`]);
    expect(((await (await apps()).json()) as { data: unknown[] }).data).toHaveLength(1);
    await send("/api/password-reset/request", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ email: user.email }),
    });
    const mails = (await (await send("/api/dev/outbox")).json()) as Array<{ to: string; text: string }>;
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mails.find((m) => m.to === user.email)!.text)![1];
    const reset = await send("/api/password-reset/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ token, password: "a-brand-new-passphrase" }),
    });
    expect(reset.status).toBe(200);
    // (the reset ended the session too: a fresh one reads the list)
    const fresh = await freshSession(user.id);
    const after = await send("/api/user/connected-apps", {}, [`${SESSION_COOKIE}=${fresh}`]);
    expect(((await after.json()) as { data: unknown[] }).data).toEqual([]);
  });
});
