import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_ACCESS_TOKENS, type AccessToken, type CreatedAccessToken } from "../../schema/api/access-tokens";
import { isWellFormedAccessToken } from "../services/auth/access-tokens";
import { call, json, unique } from "../test/client";
import {
  countRows,
  createAccessTokenFor,
  createProject,
  createUser,
  freshSession,
  setTier,
  type TestUser,
} from "../test/factories";

const create = (user: TestUser, body: unknown) =>
  call("POST", "/api/user/access-tokens", { cookie: user.session, body });
const tokensOf = async (user: TestUser) =>
  (await json<{ data: AccessToken[] }>(await call("GET", "/api/user/access-tokens", { cookie: user.session }))).data;

async function resetLinkFor(email: string): Promise<string> {
  const mails = await json<Array<{ to: string; text: string }>>(await call("GET", "/api/dev/outbox"));
  const mail = mails.find((m) => m.to === email && m.text.includes("reset-password?token="));
  return /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
}

describe("personal access tokens", () => {
  it("are shown once, stored as a hash, listed by a hint, and checkable offline", async () => {
    const user = await createUser();
    const response = await create(user, { name: "  CI pipeline ", scopes: ["generate", "read"], expiresInDays: 30 });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { data } = await json<{ data: CreatedAccessToken }>(response);
    expect(data.token).toMatch(/^slp_[0-9A-Za-z]{38}$/);
    expect(await isWellFormedAccessToken(data.token)).toBe(true);
    // one changed character breaks the checksum: a scanner can tell a real token from a lookalike
    const last = data.token.at(-1) === "a" ? "b" : "a";
    expect(await isWellFormedAccessToken(data.token.slice(0, -1) + last)).toBe(false);
    expect(data.accessToken).toMatchObject({ name: "CI pipeline", scopes: ["read", "generate"], lastUsedAt: null });
    expect(data.accessToken.hint).toBe(`slp_…${data.token.slice(-4)}`);
    expect(data.accessToken.expiresAt! - data.accessToken.createdAt).toBe(30 * 24 * 60 * 60 * 1000);

    const stored = await env.DB.prepare("SELECT * FROM access_tokens WHERE user_id = ?").bind(user.id).all();
    expect(JSON.stringify(stored.results)).not.toContain(data.token.slice(4, 36));
    const listed = await call("GET", "/api/user/access-tokens", { cookie: user.session });
    expect(await listed.clone().text()).not.toContain(data.token.slice(4, 36));
    expect((await json<{ data: AccessToken[] }>(listed)).data).toEqual([data.accessToken]);
  });

  it("work as Authorization: Bearer on the routes their scopes allow, with no cookie and no Origin", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const project = await createProject(user, { name: unique("proj") });
    const read = await createAccessTokenFor(user, ["read"]);
    const write = await createAccessTokenFor(user, ["write"]);

    const listed = await call("GET", "/api/projects", { bearer: read });
    expect(listed.status).toBe(200);
    expect((await json<Array<{ id: number }>>(listed)).map((p) => p.id)).toEqual([project.id]);
    expect((await tokensOf(user)).find((t) => t.scopes.join() === "read")!.lastUsedAt).toBeGreaterThan(0);

    const refused = await call("POST", "/api/projects", { bearer: read, body: { name: "By script" } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("WWW-Authenticate")).toBe('Bearer error="insufficient_scope", scope="write"');
    expect(await json(refused)).toMatchObject({ code: "forbidden", details: { scope: "write" } });
    // a write token makes the change without an Origin of ours: tokens are not an ambient credential
    expect((await call("POST", "/api/projects", { bearer: write, body: { name: "By script" } })).status).toBe(201);
  });

  it("are refused on sign-in, account, billing, team and admin routes, and cannot make or revoke tokens", async () => {
    const user = await createUser({ isAdmin: true });
    const token = await createAccessTokenFor(user, ["read", "write", "generate"]);
    for (const [method, path] of [
      ["GET", "/api/user"],
      ["POST", "/api/logout"],
      ["POST", "/api/change-password"],
      ["GET", "/api/user/export-data"],
      ["GET", "/api/user/access-tokens"],
      ["POST", "/api/user/access-tokens"],
      ["GET", "/api/subscription"],
      ["POST", "/api/create-subscription"],
      ["GET", "/api/team/members"],
      ["GET", "/api/admin/users"],
      ["POST", "/api/chatbot"],
      ["GET", "/api/no-such-route"],
    ] as const) {
      const response = await call(method, path, { bearer: token, body: method === "GET" ? undefined : {} });
      expect([path, response.status]).toEqual([path, 403]);
      expect((await json(response)).error).toBe("Access tokens cannot be used on this route");
    }
    // the description of the API is public, and a token does not spoil it
    expect((await call("GET", "/api/openapi.json", { bearer: token })).status).toBe(200);
  });

  it("judge a request alone: a bad token is 401 even with a valid cookie beside it", async () => {
    const user = await createUser();
    for (const bearer of [
      "",
      "slp_nope",
      `slp_${"a".repeat(38)}`,
      (await createAccessTokenFor(user, ["read"])) + "x",
    ]) {
      const response = await call("GET", "/api/projects", { bearer, cookie: user.session });
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
    }
  });

  it("stop working when revoked or expired; another account's token answers 404 to a revoke", async () => {
    const user = await createUser();
    const other = await createUser();
    const token = await createAccessTokenFor(user, ["read"]);
    const [listed] = await tokensOf(user);
    expect((await call("DELETE", `/api/user/access-tokens/${listed!.id}`, { cookie: other.session })).status).toBe(404);
    expect((await call("GET", "/api/projects", { bearer: token })).status).toBe(200);
    expect((await call("DELETE", `/api/user/access-tokens/${listed!.id}`, { cookie: user.session })).status).toBe(200);
    expect((await call("GET", "/api/projects", { bearer: token })).status).toBe(401);
    expect((await call("DELETE", `/api/user/access-tokens/${listed!.id}`, { cookie: user.session })).status).toBe(404);

    const expiring = await createAccessTokenFor(user, ["read"], { expiresInDays: 7 });
    expect((await call("GET", "/api/projects", { bearer: expiring })).status).toBe(200);
    await env.DB.prepare("UPDATE access_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await call("GET", "/api/projects", { bearer: expiring })).status).toBe(401);
  });

  it("are limited per account, validated, and the export scope needs a plan with integrations", async () => {
    const user = await createUser();
    for (const body of [
      { name: "", scopes: ["read"], expiresInDays: 30 },
      { name: "x", scopes: [], expiresInDays: 30 },
      { name: "x", scopes: ["read", "read"], expiresInDays: 30 },
      { name: "x", scopes: ["admin"], expiresInDays: 30 },
      { name: "x", scopes: ["read"], expiresInDays: 3 },
      { name: "x", scopes: ["read"] },
    ]) {
      expect((await create(user, body)).status).toBe(400);
    }
    const exporting = await create(user, { name: "x", scopes: ["export"], expiresInDays: 30 });
    expect(exporting.status).toBe(403);
    expect((await json(exporting)).error).toBe("The export scope needs a Pro or Enterprise plan");
    expect((await create(user, { name: "x", scopes: ["read"], expiresInDays: null })).status).toBe(201);

    await env.DB.prepare(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO access_tokens (user_id, name, scopes, token_hash, last_four) SELECT ?, 'bulk', 'read', hex(randomblob(32)), 'abcd' FROM n",
    )
      .bind(MAX_ACCESS_TOKENS - 1, user.id)
      .run();
    const over = await create(user, { name: "one too many", scopes: ["read"], expiresInDays: 7 });
    expect(over.status).toBe(403);
    expect(await countRows("access_tokens", "user_id = ?", user.id)).toBe(MAX_ACCESS_TOKENS);
  });

  it("die with a plan change that takes the export scope's feature, a password reset, and the account", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const exporting = await createAccessTokenFor(user, ["read", "export"]);
    const reading = await createAccessTokenFor(user, ["read"]);
    await setTier(user, "free");
    expect((await call("GET", "/api/projects", { bearer: exporting })).status).toBe(401);
    expect((await call("GET", "/api/projects", { bearer: reading })).status).toBe(200);

    await call("POST", "/api/password-reset/request", { body: { email: user.email } });
    const reset = await call("POST", "/api/password-reset/confirm", {
      body: { token: await resetLinkFor(user.email!), password: "a-brand-new-passphrase" },
    });
    expect(reset.status).toBe(200);
    expect((await call("GET", "/api/projects", { bearer: reading })).status).toBe(401);

    const later = await createAccessTokenFor(user, ["read"]);
    const session = await freshSession(user.id);
    expect((await call("DELETE", "/api/user/delete-account", { cookie: session })).status).toBe(200);
    expect((await call("GET", "/api/projects", { bearer: later })).status).toBe(401);
    expect(await countRows("access_tokens", "user_id = ?", user.id)).toBe(0);
  });

  it("count against the owner's plan exactly as the browser does", async () => {
    const user = await createUser();
    const token = await createAccessTokenFor(user, ["write"]);
    await createProject(user, { name: unique("proj") });
    // the free plan holds one project: the browser and the token get the same refusal
    const byToken = await call("POST", "/api/projects", { bearer: token, body: { name: "Second" } });
    const byBrowser = await call("POST", "/api/projects", { cookie: user.session, body: { name: "Second" } });
    expect(byToken.status).toBe(403);
    expect({ ...(await json(byToken)), requestId: "" }).toEqual({ ...(await json(byBrowser)), requestId: "" });
  });
});
