import { describe, expect, it } from "vitest";
import type { Bindings } from "../bindings";
import { toBase64Url } from "../lib/crypto";
import { call, json, sessionFrom, unique } from "../test/client";
import { countRows, createUser, TEST_PASSWORD } from "../test/factories";
import { jsonResponse, mockOutbound } from "../test/outbound";

const GITHUB: Partial<Bindings> = { GITHUB_CLIENT_ID: "gh-id", GITHUB_CLIENT_SECRET: "gh-secret" };
const GOOGLE: Partial<Bindings> = { GOOGLE_CLIENT_ID: "g-id", GOOGLE_CLIENT_SECRET: "g-secret" };

function cookiesFrom(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of response.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const [name, value] = pair!.split("=");
    out[name!] = value!;
  }
  return out;
}

async function start(provider: string, bindings: Partial<Bindings>) {
  const response = await call("GET", `/auth/${provider}`, { env: bindings });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  const cookies = cookiesFrom(response);
  return { location, cookies, state: location.searchParams.get("state")! };
}

function githubMocks(
  profile: { id: number; name: string },
  emails: Array<{ email: string; primary: boolean; verified: boolean }>,
) {
  return mockOutbound({
    "POST https://github.com/login/oauth/access_token": () =>
      jsonResponse({ access_token: "gh-access", token_type: "bearer", scope: "read:user,user:email" }),
    "GET https://api.github.com/user/emails": () => jsonResponse(emails),
    "GET https://api.github.com/user": () => jsonResponse({ login: "octo", ...profile }),
  });
}

describe("OAuth start", () => {
  it("is 404 for a provider that is not configured", async () => {
    const response = await call("GET", "/auth/github");
    expect(response.status).toBe(404);
    expect((await call("GET", "/auth/myspace", { env: GITHUB })).status).toBe(400);
  });

  it("redirects to GitHub with a state kept in a short-lived HttpOnly cookie", async () => {
    const { location, cookies, state } = await start("github", GITHUB);
    expect(location.origin + location.pathname).toBe("https://github.com/login/oauth/authorize");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost/auth/github/callback");
    expect(cookies.sl_oauth_state).toBe(state);
    const response = await call("GET", "/auth/github", { env: GITHUB });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sl_oauth_state"))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/Path=\/auth\/github/);
  });

  it("uses PKCE for Google", async () => {
    const { location, cookies } = await start("google", GOOGLE);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toBeTruthy();
    expect(cookies.sl_oauth_verifier).toBeTruthy();
  });
});

describe("OAuth callback", () => {
  it("refuses a state mismatch with 400 and calls nobody", async () => {
    const { cookies } = await start("github", GITHUB);
    const { calls } = mockOutbound({});
    const response = await call("GET", "/auth/github/callback?code=abc&state=forged", {
      env: GITHUB,
      cookie: `sl_oauth_state=${cookies.sl_oauth_state}`,
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ success: false, code: "bad_request" });
    expect(calls).toHaveLength(0);
  });

  it("refuses a callback without the state cookie", async () => {
    const response = await call("GET", "/auth/github/callback?code=abc&state=whatever", { env: GITHUB });
    expect(response.status).toBe(400);
  });

  it("sends a cancelled sign-in back to /auth", async () => {
    const { cookies, state } = await start("github", GITHUB);
    const response = await call("GET", `/auth/github/callback?error=access_denied&state=${state}`, {
      env: GITHUB,
      cookie: `sl_oauth_state=${cookies.sl_oauth_state}`,
    });
    expect(response.headers.get("Location")).toBe("/auth?error=oauth");
  });

  it("treats a provider answer in an unexpected shape as a failed sign-in: back to /auth, no account", async () => {
    const { cookies, state } = await start("github", GITHUB);
    mockOutbound({
      "POST https://github.com/login/oauth/access_token": () =>
        jsonResponse({ access_token: "gh-access", token_type: "bearer" }),
      // The emails endpoint answering an object instead of a list (a proxy's error page, an API change…).
      "GET https://api.github.com/user/emails": () => jsonResponse({ message: "Bad credentials" }),
      "GET https://api.github.com/user": () => jsonResponse({ id: "not-a-number" }),
    });
    const response = await call("GET", `/auth/github/callback?code=the-code&state=${state}`, {
      env: GITHUB,
      cookie: `sl_oauth_state=${cookies.sl_oauth_state}`,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?error=oauth");
    expect(sessionFrom(response)).toBeUndefined();
  });

  it("creates a verified account from GitHub's verified primary email and signs it in", async () => {
    const email = `${unique("octo")}@example.com`;
    const { cookies, state } = await start("github", GITHUB);
    const { calls } = githubMocks({ id: Date.now(), name: "Mona Lisa Octocat" }, [
      { email: "old@example.com", primary: false, verified: false },
      { email, primary: true, verified: true },
    ]);
    const response = await call("GET", `/auth/github/callback?code=the-code&state=${state}`, {
      env: GITHUB,
      cookie: `sl_oauth_state=${cookies.sl_oauth_state}`,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const tokenCall = calls.find((c) => c.url.startsWith("https://github.com/login/oauth/access_token"))!;
    expect(new URLSearchParams(tokenCall.body).get("code")).toBe("the-code");
    expect(tokenCall.headers.get("Authorization")).toBe(`Basic ${btoa("gh-id:gh-secret")}`);
    expect(calls.find((c) => c.url === "https://api.github.com/user")!.headers.get("Authorization")).toBe(
      "Bearer gh-access",
    );

    const me = await json(await call("GET", "/api/user", { cookie: sessionFrom(response) }));
    expect(me).toMatchObject({ email, emailVerified: true, username: null, hasPassword: false, firstName: "Mona" });
  });

  it("signs the same GitHub identity into the same account next time", async () => {
    const id = Date.now() + 7;
    const emails = [{ email: `${unique("again")}@example.com`, primary: true, verified: true }];
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const { cookies, state } = await start("github", GITHUB);
      githubMocks({ id, name: "Same Person" }, emails);
      const response = await call("GET", `/auth/github/callback?code=c${i}&state=${state}`, {
        env: GITHUB,
        cookie: `sl_oauth_state=${cookies.sl_oauth_state}`,
      });
      ids.push((await json(await call("GET", "/api/user", { cookie: sessionFrom(response) }))).id as number);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it("links to an existing account only through a provider-verified email, removing its password and sessions", async () => {
    const existing = await createUser();
    const { cookies, state } = await start("github", GITHUB);
    githubMocks({ id: Date.now() + 11, name: "Linked" }, [{ email: existing.email!, primary: true, verified: true }]);
    const response = await call("GET", `/auth/github/callback?code=x&state=${state}`, {
      env: GITHUB,
      cookie: `sl_oauth_state=${cookies.sl_oauth_state}`,
    });
    const me = await json(await call("GET", "/api/user", { cookie: sessionFrom(response) }));
    expect(me.id).toBe(existing.id);
    // Whoever set the password may not own the mailbox; the provider just proved who does.
    expect(me.hasPassword).toBe(false);
    expect((await call("GET", "/api/user", { cookie: existing.session })).status).toBe(401);
    expect(
      (await call("POST", "/api/login", { body: { username: existing.username, password: TEST_PASSWORD } })).status,
    ).toBe(401);
  });

  it("does not link through an unverified email: a separate account without that email", async () => {
    const existing = await createUser();
    const { cookies, state } = await start("github", GITHUB);
    githubMocks({ id: Date.now() + 13, name: "Not Verified" }, [
      { email: existing.email!, primary: true, verified: false },
    ]);
    const response = await call("GET", `/auth/github/callback?code=x&state=${state}`, {
      env: GITHUB,
      cookie: `sl_oauth_state=${cookies.sl_oauth_state}`,
    });
    const me = await json(await call("GET", "/api/user", { cookie: sessionFrom(response) }));
    expect(me.id).not.toBe(existing.id);
    expect(me.email).toBeNull();
  });

  it("never links a sign-up waiting for the address: a new verified account takes it and those sign-ups are deleted", async () => {
    const squatter = await createUser({ emailVerified: false });
    const another = await createUser({ email: squatter.email, emailVerified: false });
    const { cookies, state } = await start("github", GITHUB);
    githubMocks({ id: Date.now() + 17, name: "Real Owner" }, [
      { email: squatter.email!, primary: true, verified: true },
    ]);
    const response = await call("GET", `/auth/github/callback?code=x&state=${state}`, {
      env: GITHUB,
      cookie: `sl_oauth_state=${cookies.sl_oauth_state}`,
    });
    const me = await json(await call("GET", "/api/user", { cookie: sessionFrom(response) }));
    expect(me).toMatchObject({ email: squatter.email, emailVerified: true, hasPassword: false, username: null });
    expect([squatter.id, another.id]).not.toContain(me.id);
    expect(await countRows("users", "id IN (?, ?)", squatter.id, another.id)).toBe(0);
    const login = await call("POST", "/api/login", { body: { username: squatter.username, password: TEST_PASSWORD } });
    expect(login.status).toBe(401);
  });

  it("sends the PKCE verifier to Google's token endpoint and reads the userinfo endpoint", async () => {
    const { cookies, state } = await start("google", GOOGLE);
    const email = `${unique("g")}@example.com`;
    const { calls } = mockOutbound({
      "POST https://oauth2.googleapis.com/token": () =>
        jsonResponse({ access_token: "g-access", token_type: "Bearer", expires_in: 3600, id_token: "x.y.z" }),
      "GET https://openidconnect.googleapis.com/v1/userinfo": () =>
        jsonResponse({
          sub: `g-${Date.now()}`,
          email,
          email_verified: true,
          given_name: "Ada",
          family_name: "Lovelace",
        }),
    });
    const response = await call("GET", `/auth/google/callback?code=gcode&state=${state}`, {
      env: GOOGLE,
      cookie: `sl_oauth_state=${cookies.sl_oauth_state}; sl_oauth_verifier=${cookies.sl_oauth_verifier}`,
    });
    expect(response.headers.get("Location")).toBe("/dashboard");
    const tokenBody = new URLSearchParams(calls[0]!.body);
    expect(tokenBody.get("code_verifier")).toBe(cookies.sl_oauth_verifier);
    const me = await json(await call("GET", "/api/user", { cookie: sessionFrom(response) }));
    expect(me).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace", emailVerified: true });
  });

  it("sends the person back to /auth when the provider refuses the code", async () => {
    const { cookies, state } = await start("github", GITHUB);
    mockOutbound({
      "POST https://github.com/login/oauth/access_token": () => jsonResponse({ error: "bad_verification_code" }),
    });
    const response = await call("GET", `/auth/github/callback?code=stale&state=${state}`, {
      env: GITHUB,
      cookie: `sl_oauth_state=${cookies.sl_oauth_state}`,
    });
    expect(response.headers.get("Location")).toBe("/auth?error=oauth");
    expect(sessionFrom(response)).toBeUndefined();
  });
});

describe("Apple form_post callback", () => {
  async function appleEnv(): Promise<Partial<Bindings>> {
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer);
    const pem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...pkcs8))}\n-----END PRIVATE KEY-----`;
    return {
      APPLE_CLIENT_ID: "com.storyloom.web",
      APPLE_TEAM_ID: "TEAM123",
      APPLE_KEY_ID: "KEY123",
      APPLE_PRIVATE_KEY: pem,
    };
  }

  it("uses form_post, a SameSite=None state cookie, and signs in from the ID token", async () => {
    const bindings = await appleEnv();
    const startResponse = await call("GET", "/auth/apple", { env: bindings });
    const location = new URL(startResponse.headers.get("Location")!);
    expect(location.searchParams.get("response_mode")).toBe("form_post");
    expect(startResponse.headers.getSetCookie().find((c) => c.startsWith("sl_oauth_state"))).toMatch(/SameSite=None/);
    const state = location.searchParams.get("state")!;

    const email = `${unique("apple")}@privaterelay.appleid.com`;
    const idToken = [
      toBase64Url(new TextEncoder().encode(JSON.stringify({ alg: "ES256" }))),
      toBase64Url(
        new TextEncoder().encode(JSON.stringify({ sub: `apple-${Date.now()}`, email, email_verified: "true" })),
      ),
      "sig",
    ].join(".");
    const { calls } = mockOutbound({
      "POST https://appleid.apple.com/auth/token": () =>
        jsonResponse({ access_token: "a", token_type: "Bearer", expires_in: 3600, id_token: idToken }),
    });
    const form = new URLSearchParams({
      code: "apple-code",
      state,
      user: JSON.stringify({ name: { firstName: "Tim", lastName: "Apple" }, email }),
    });
    const response = await call("POST", "/auth/apple/callback", {
      env: bindings,
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://appleid.apple.com" },
      cookie: `sl_oauth_state=${state}`,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    // The client secret is a JWT signed with the configured key.
    expect(new URLSearchParams(calls[0]!.body).get("client_secret")!.split(".")).toHaveLength(3);
    const me = await json(await call("GET", "/api/user", { cookie: sessionFrom(response) }));
    expect(me).toMatchObject({ email, emailVerified: true, firstName: "Tim", lastName: "Apple" });
  });

  it("refuses a forged state on the form_post callback", async () => {
    const bindings = await appleEnv();
    const response = await call("POST", "/auth/apple/callback", {
      env: bindings,
      body: new URLSearchParams({ code: "c", state: "forged" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      cookie: "sl_oauth_state=real",
    });
    expect(response.status).toBe(400);
  });
});
