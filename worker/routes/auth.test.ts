import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, json, sessionFrom, unique } from "../test/client";
import { createUser, TEST_PASSWORD } from "../test/factories";

describe("registration", () => {
  it("creates a password account without email and signs it in", async () => {
    const username = unique("nomail");
    const response = await call("POST", "/api/register", { body: { username, password: TEST_PASSWORD } });
    expect(response.status).toBe(201);
    const user = await json(response);
    expect(user).toMatchObject({ username, email: null, hasPassword: true, isAdmin: false });
    expect(user).not.toHaveProperty("passwordHash");
    const session = sessionFrom(response);
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call("GET", "/api/user", { cookie: session });
    expect(me.status).toBe(200);
    expect((await json(me)).username).toBe(username);
  });

  it("asks for verification when an email is given, sets no session and mails a link", async () => {
    const username = unique("mail");
    const email = `${username}@Example.com`;
    const response = await call("POST", "/api/register", { body: { username, password: TEST_PASSWORD, email } });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ emailVerificationRequired: true, email: email.toLowerCase() });
    expect(sessionFrom(response)).toBeUndefined();
    const outbox = await json<Array<{ to: string; subject: string; text: string }>>(await call("GET", "/api/dev/outbox"));
    const mail = outbox.find((m) => m.to === email.toLowerCase());
    expect(mail?.subject).toBe("Verify your StoryLoom email address");
    expect(mail?.text).toMatch(/http:\/\/localhost\/api\/verify-email\?token=[A-Za-z0-9_-]{43}/);
  });

  it("refuses a duplicate username regardless of case", async () => {
    const username = unique("Dup");
    expect((await call("POST", "/api/register", { body: { username, password: TEST_PASSWORD } })).status).toBe(201);
    const again = await call("POST", "/api/register", { body: { username: username.toUpperCase(), password: TEST_PASSWORD } });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ success: false, code: "conflict", error: "Username already taken" });
  });

  it("refuses a duplicate email", async () => {
    const first = await createUser();
    const response = await call("POST", "/api/register", {
      body: { username: unique(), password: TEST_PASSWORD, email: first.email },
    });
    expect(response.status).toBe(409);
    expect((await json(response)).error).toBe("An account with this email already exists");
  });

  it.each([
    [{ username: "ab", password: TEST_PASSWORD }, "Username must be 3-32 characters"],
    [{ username: "bad name!", password: TEST_PASSWORD }, "Username may contain letters, digits, '_', '-' and '.' only"],
    [{ username: unique(), password: "short" }, "Password must be at least 8 characters"],
    [{ username: unique(), password: "password123" }, "This password is too common. Please choose a less guessable one."],
    [{ username: unique(), password: TEST_PASSWORD, email: "not-an-email" }, "Enter a valid email address"],
    [{ password: TEST_PASSWORD }, "username is required"],
  ])("rejects invalid input %#", async (body, message) => {
    const response = await call("POST", "/api/register", { body });
    expect(response.status).toBe(400);
    const error = await json(response);
    expect(error).toMatchObject({ success: false, code: "validation_failed", error: message });
    expect(error.requestId).toMatch(/^req_/);
  });
});

describe("login and sessions", () => {
  it("signs in by username or email and returns the user", async () => {
    const user = await createUser();
    for (const identifier of [user.username, user.email!.toUpperCase()]) {
      const response = await call("POST", "/api/login", { body: { username: identifier, password: TEST_PASSWORD } });
      expect(response.status).toBe(200);
      expect((await json(response)).id).toBe(user.id);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sl_session="))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Secure/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    }
  });

  it("stores only the SHA-256 of the session token", async () => {
    const user = await createUser();
    const row = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ? LIMIT 1").bind(user.id).first<{ id: string }>();
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.id).not.toBe(user.session);
  });

  it("rejects a wrong password and an unknown user with the same message", async () => {
    const user = await createUser();
    const wrong = await call("POST", "/api/login", { body: { username: user.username, password: "wrong-password-1" } });
    const unknown = await call("POST", "/api/login", { body: { username: unique("ghost"), password: "wrong-password-1" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await json(wrong)).error).toBe("Invalid username or password");
    expect((await json(unknown)).error).toBe("Invalid username or password");
  });

  it("refuses an unverified password account with a 'verify your email' message", async () => {
    const user = await createUser({ emailVerified: false });
    const response = await call("POST", "/api/login", { body: { username: user.username, password: TEST_PASSWORD } });
    expect(response.status).toBe(403);
    const error = await json(response);
    expect(error.error).toContain("verify your email");
    expect(sessionFrom(response)).toBeUndefined();
  });

  it("answers 401 to GET /api/user when signed out or with a bogus cookie", async () => {
    expect((await call("GET", "/api/user")).status).toBe(401);
    const bogus = await call("GET", "/api/user", { cookie: "A".repeat(43) });
    expect(bogus.status).toBe(401);
    expect(await json(bogus)).toMatchObject({ success: false, code: "unauthenticated" });
  });

  it("logout revokes the session on the server", async () => {
    const user = await createUser();
    const logout = await call("POST", "/api/logout", { cookie: user.session });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join()).toMatch(/sl_session=;/);
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(401);
  });

  it("GET /api/logout signs out a same-origin navigation but not a cross-site one", async () => {
    const user = await createUser();
    const crossSite = await call("GET", "/api/logout", { cookie: user.session, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(302);
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(200);
    const sameOrigin = await call("GET", "/api/logout", { cookie: user.session, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(sameOrigin.headers.get("Location")).toBe("/auth");
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(401);
  });

  it("an expired session is refused", async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1000, user.id).run();
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(401);
  });

  it("a session past half its life slides forward and the cookie is re-issued", async () => {
    const user = await createUser();
    const soon = Date.now() + 2 * 24 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").bind(soon, user.id).run();
    const response = await call("GET", "/api/user", { cookie: user.session });
    expect(response.status).toBe(200);
    expect(sessionFrom(response)).toBe(user.session);
    const row = await env.DB.prepare("SELECT expires_at FROM sessions WHERE user_id = ?").bind(user.id).first<{ expires_at: number }>();
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it("each sign-in creates a new session and replaces the one presented", async () => {
    const user = await createUser();
    const again = await call("POST", "/api/login", { cookie: user.session, body: { username: user.username, password: TEST_PASSWORD } });
    const next = sessionFrom(again)!;
    expect(next).not.toBe(user.session);
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(401);
    expect((await call("GET", "/api/user", { cookie: next })).status).toBe(200);
  });

  it("GET /api/login redirects to the sign-in screen", async () => {
    const response = await call("GET", "/api/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
  });
});

describe("brute-force protection", () => {
  it("blocks an account after 10 failures with 429 and Retry-After, even with the right password", async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i++) {
      // Different IPs: the per-account counter alone must trip.
      const r = await call("POST", "/api/login", { body: { username: user.username, password: `wrong-${i}-password` }, ip: `203.0.113.${i}` });
      expect(r.status).toBe(401);
    }
    const blocked = await call("POST", "/api/login", { body: { username: user.username, password: TEST_PASSWORD }, ip: "203.0.113.200" });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await json(blocked)).toMatchObject({ code: "rate_limited" });
  });

  it("blocks an IP after 10 failures across accounts", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 10; i++) {
      await call("POST", "/api/login", { body: { username: unique("spray"), password: "wrong-password-x" }, ip });
    }
    const user = await createUser();
    const blocked = await call("POST", "/api/login", { body: { username: user.username, password: TEST_PASSWORD }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).not.toBeNull();
    const elsewhere = await call("POST", "/api/login", { body: { username: user.username, password: TEST_PASSWORD }, ip: "192.0.2.78" });
    expect(elsewhere.status).toBe(200);
  });
});

describe("auth providers", () => {
  it("reports every provider disabled without configuration", async () => {
    const response = await call("GET", "/api/auth/providers");
    expect(await json(response)).toEqual({ google: false, github: false, apple: false });
  });

  it("reports a provider enabled once its credentials are set", async () => {
    const response = await call("GET", "/api/auth/providers", {
      env: { GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" },
    });
    expect(await json(response)).toEqual({ google: false, github: true, apple: false });
  });
});
