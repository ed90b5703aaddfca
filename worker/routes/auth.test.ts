import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, json, sessionFrom, unique } from "../test/client";
import { countRows, createUser, TEST_PASSWORD } from "../test/factories";

async function outbox() {
  return json<Array<{ to: string; subject: string; text: string; html: string }>>(await call("GET", "/api/dev/outbox"));
}

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
    const outbox = await json<Array<{ to: string; subject: string; text: string }>>(
      await call("GET", "/api/dev/outbox"),
    );
    const mail = outbox.find((m) => m.to === email.toLowerCase());
    expect(mail?.subject).toBe("Verify your StoryLoom email address");
    expect(mail?.text).toMatch(/http:\/\/localhost\/verify-email\/confirm\?token=[A-Za-z0-9_-]{43}/);
  });

  it("refuses a duplicate username regardless of case", async () => {
    const username = unique("Dup");
    expect((await call("POST", "/api/register", { body: { username, password: TEST_PASSWORD } })).status).toBe(201);
    const again = await call("POST", "/api/register", {
      body: { username: username.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ success: false, code: "conflict", error: "Username already taken" });
  });

  it("answers a sign-up for a verified address like any sign-up, creates nothing, and tells the owner", async () => {
    const owner = await createUser();
    const username = unique("late");
    const response = await call("POST", "/api/register", {
      body: { username, password: TEST_PASSWORD, email: owner.email },
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ emailVerificationRequired: true, email: owner.email });
    expect(await countRows("users", "lower(username) = lower(?)", username)).toBe(0);
    const mail = (await outbox()).find((m) => m.to === owner.email);
    expect(mail?.subject).toBe("You already have a StoryLoom account");
    expect(mail?.text).toContain("http://localhost/forgot-password");
  });

  it("puts nothing the person typed into the verification email but the username it verifies", async () => {
    const username = unique("Mallory");
    const email = `${unique("victim")}@example.com`;
    await call("POST", "/api/register", {
      body: {
        username,
        password: TEST_PASSWORD,
        email,
        firstName: "Click <a href=//evil.example>here</a>",
        lastName: "Now",
      },
    });
    const mail = (await outbox()).find((m) => m.to === email)!;
    for (const typed of ["Click", "evil.example", "Now"]) {
      expect(mail.text).not.toContain(typed);
      expect(mail.html).not.toContain(typed);
    }
    expect(mail.text).toContain(`Confirm the StoryLoom account "${username}"`);
  });

  it.each([
    [{ username: "ab", password: TEST_PASSWORD }, "Username must be 3-32 characters"],
    [{ username: "bad name!", password: TEST_PASSWORD }, "Username may contain letters, digits, '_', '-' and '.' only"],
    [{ username: unique(), password: "short" }, "Password must be at least 8 characters"],
    [
      { username: unique(), password: "password123" },
      "This password is too common. Please choose a less guessable one.",
    ],
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
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-sl_session="))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Path=\//i);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(cookie).toMatch(/Secure/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    }
  });

  it("stores only the SHA-256 of the session token", async () => {
    const user = await createUser();
    const row = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ? LIMIT 1")
      .bind(user.id)
      .first<{ id: string }>();
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.id).not.toBe(user.session);
  });

  it("rejects a wrong password and an unknown user with the same message", async () => {
    const user = await createUser();
    const wrong = await call("POST", "/api/login", { body: { username: user.username, password: "wrong-password-1" } });
    const unknown = await call("POST", "/api/login", {
      body: { username: unique("ghost"), password: "wrong-password-1" },
    });
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
    const crossSite = await call("GET", "/api/logout", {
      cookie: user.session,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(302);
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(200);
    const sameOrigin = await call("GET", "/api/logout", {
      cookie: user.session,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(sameOrigin.headers.get("Location")).toBe("/auth");
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(401);
  });

  it("an expired session is refused", async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, user.id)
      .run();
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(401);
  });

  it("a session past half its life slides forward and the cookie is re-issued", async () => {
    const user = await createUser();
    const soon = Date.now() + 2 * 24 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").bind(soon, user.id).run();
    const response = await call("GET", "/api/user", { cookie: user.session });
    expect(response.status).toBe(200);
    expect(sessionFrom(response)).toBe(user.session);
    const row = await env.DB.prepare("SELECT expires_at FROM sessions WHERE user_id = ?")
      .bind(user.id)
      .first<{ expires_at: number }>();
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it("each sign-in creates a new session and replaces the one presented", async () => {
    const user = await createUser();
    const again = await call("POST", "/api/login", {
      cookie: user.session,
      body: { username: user.username, password: TEST_PASSWORD },
    });
    const next = sessionFrom(again)!;
    expect(next).not.toBe(user.session);
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(401);
    expect((await call("GET", "/api/user", { cookie: next })).status).toBe(200);
  });

  it("reads only the __Host- cookie: a session under the old name (which a sibling subdomain could plant) signs nobody in", async () => {
    const user = await createUser();
    const response = await call("GET", "/api/user", { cookie: `sl_session=${user.session}` });
    expect(response.status).toBe(401);
    expect(sessionFrom(response)).toBeUndefined();
    // the session itself is untouched: under its real name it still works
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(200);
  });

  it("GET /api/login redirects to the sign-in screen", async () => {
    const response = await call("GET", "/api/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
  });

  it("GET /api/login?tab=signup (Get Started) opens the Sign Up tab, and nothing else passes through", async () => {
    expect((await call("GET", "/api/login?tab=signup")).headers.get("Location")).toBe("/auth?tab=signup");
    expect((await call("GET", "/api/login?tab=https://evil.example")).headers.get("Location")).toBe("/auth");
  });
});

describe("brute-force protection", () => {
  const login = (username: string, password: string, ip: string) =>
    call("POST", "/api/login", { body: { username, password }, ip });

  it("stops a parallel burst at the limit: 50 guesses at once, the right password last, never signs in", async () => {
    const user = await createUser();
    const guesses = Array.from({ length: 49 }, (_, i) => `wrong-guess-${i}`);
    const responses = await Promise.all(
      [...guesses, TEST_PASSWORD].map((password) => login(user.username, password, "203.0.113.10")),
    );
    const statuses = responses.map((r) => r.status);
    // Only the free failures are evaluated (each reserved before its password is checked); the rest wait.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(45);
    expect(statuses.at(-1)).toBe(429);
    expect(responses.some((r) => sessionFrom(r))).toBe(false);
    expect(Number(responses.at(-1)!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("keeps the owner's usual address working while their account is attacked from elsewhere", async () => {
    const user = await createUser();
    const home = "198.51.100.20";
    expect((await login(user.username, TEST_PASSWORD, home)).status).toBe(200);
    await Promise.all(Array.from({ length: 30 }, (_, i) => login(user.username, `attack-${i}`, `203.0.113.${50 + i}`)));
    expect((await login(user.email!, TEST_PASSWORD, "203.0.113.99")).status).toBe(429);
    expect((await login(user.email!, TEST_PASSWORD, home)).status).toBe(200);
  });

  it("counts the username and the email of one account together", async () => {
    const user = await createUser();
    const byName = await Promise.all(
      Array.from({ length: 5 }, (_, i) => login(user.username, `guess-${i}`, "203.0.113.30")),
    );
    expect(byName.every((r) => r.status === 401)).toBe(true);
    expect((await login(user.email!, "guess-6", "203.0.113.30")).status).toBe(429);
  });

  it("does not block a known user behind an address where others failed on unknown names", async () => {
    const office = "192.0.2.77";
    for (let i = 0; i < 12; i++) expect((await login(unique("nobody"), "wrong-password-x", office)).status).toBe(401);
    const user = await createUser();
    expect((await login(user.username, TEST_PASSWORD, office)).status).toBe(200);
  });

  it("answers a name nobody has exactly like an account under attack (no way to tell which names exist)", async () => {
    const user = await createUser();
    const name = unique("ghost");
    const known = await Promise.all(Array.from({ length: 8 }, () => login(user.username, "nope-nope", "203.0.113.40")));
    const unknown = await Promise.all(Array.from({ length: 8 }, () => login(name, "nope-nope", "203.0.113.41")));
    expect(known.map((r) => r.status).sort()).toEqual(unknown.map((r) => r.status).sort());
  });

  it("knows an IPv6 client by its /64: the owner's network stays trusted whatever address it picks", async () => {
    const user = await createUser();
    expect((await login(user.username, TEST_PASSWORD, "2001:db8:1:2::1")).status).toBe(200);
    await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.username, `v6-${i}`, `2001:db8:9:${i}::1`)));
    expect((await login(user.username, TEST_PASSWORD, "2001:db8:7:7::1")).status).toBe(429);
    expect((await login(user.username, TEST_PASSWORD, "2001:db8:1:2:abcd::42")).status).toBe(200);
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
