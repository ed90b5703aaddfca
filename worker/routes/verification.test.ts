import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, json, unique } from "../test/client";
import { isUniqueViolation } from "../data/db";
import { countRows, createUser, TEST_PASSWORD } from "../test/factories";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

const PASSWORD_B = "another-long-passphrase";

async function register(username: string, email: string, password = TEST_PASSWORD, ip?: string) {
  const response = await call("POST", "/api/register", { body: { username, password, email }, ip });
  expect(response.status).toBe(201);
  expect(await json(response)).toEqual({ emailVerificationRequired: true, email });
}

async function registerWithEmail() {
  const username = unique("verify");
  const email = `${username}@example.com`;
  await register(username, email);
  return { username, email };
}

async function verificationMails(email: string): Promise<OutboxMail[]> {
  const outbox = await json<OutboxMail[]>(await call("GET", "/api/dev/outbox"));
  return outbox.filter((m) => m.to === email && m.subject === "Verify your StoryLoom email address");
}

/** The tokens of the verification links mailed to `email`, newest first, with the username each mail names. */
async function linksFor(email: string): Promise<Array<{ token: string; username: string }>> {
  return (await verificationMails(email)).map((m) => ({
    token: /http:\/\/localhost\/verify-email\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(m.text)![1]!,
    username: /Confirm the StoryLoom account "([^"]+)"/.exec(m.text)![1]!,
  }));
}

async function tokenFor(email: string, username: string): Promise<string> {
  return (await linksFor(email)).find((link) => link.username === username)!.token;
}

// Link calls are limited per address (30 in 15 minutes): each call here comes from its own.
let calls = 0;
const nextIp = () => `198.18.${100 + Math.floor(++calls / 250)}.${(calls % 250) + 1}`;
const details = (token: string) =>
  call("GET", `/api/verify-email/details?token=${encodeURIComponent(token)}`, { ip: nextIp() });
const confirm = (body: unknown) => call("POST", "/api/verify-email/confirm", { body, ip: nextIp() });
const reject = (body: unknown) => call("POST", "/api/verify-email/reject", { body, ip: nextIp() });
const login = (username: string, password = TEST_PASSWORD) =>
  call("POST", "/api/login", { body: { username, password }, ip: "198.51.100.90" });
const usersNamed = (username: string) => countRows("users", "lower(username) = lower(?)", username);

async function expectRefusal(response: Response, status: number, reason: string) {
  expect(response.status).toBe(status);
  const body = await json(response);
  expect(body).toMatchObject({ success: false, details: { field: "token", reason } });
  expect(typeof body.error).toBe("string");
  expect(body.requestId).toMatch(/^req_/);
}

describe("the verification mail", () => {
  it("names the username it verifies and links to the confirmation page, not to a call that verifies", async () => {
    const { username, email } = await registerWithEmail();
    const [mail] = await verificationMails(email);
    expect(mail!.text).toContain(`Confirm the StoryLoom account "${username}"`);
    expect(mail!.html).toContain(`<strong>${username}</strong>`);
    expect(mail!.text).toContain("No, I did not sign up");
    expect(mail!.text).toMatch(/http:\/\/localhost\/verify-email\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail!.text).not.toContain("/api/verify-email");
  });

  it("stores only the hash of the token, valid for 24 hours", async () => {
    const { email } = await registerWithEmail();
    const { token } = (await linksFor(email))[0]!;
    const row = await env.DB.prepare(
      "SELECT t.id, t.expires_at FROM email_verification_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = ?",
    )
      .bind(email)
      .first<{ id: string; expires_at: number }>();
    expect(row!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.id).not.toContain(token);
    expect(row!.expires_at - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(row!.expires_at - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });
});

describe("opening the link verifies nothing", () => {
  it("GET /api/verify-email (links already sent) only redirects to the page, token and all", async () => {
    const { username, email } = await registerWithEmail();
    const { token } = (await linksFor(email))[0]!;
    const old = await call("GET", `/api/verify-email?token=${token}`);
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe(`/verify-email/confirm?token=${token}`);
    expect((await call("GET", "/api/verify-email")).headers.get("Location")).toBe("/verify-email/confirm");
    // A token that would break out of the query string stays inside it.
    expect((await call("GET", "/api/verify-email?token=a%26next%3D%2F%2Fevil.example")).headers.get("Location")).toBe(
      "/verify-email/confirm?token=a%26next%3D%2F%2Fevil.example",
    );
    expect((await login(username)).status).toBe(403);
  });

  it("the page's details call shows the username and address, changing nothing, as often as asked", async () => {
    const { username, email } = await registerWithEmail();
    const { token } = (await linksFor(email))[0]!;
    for (let i = 0; i < 2; i++) {
      const response = await details(token);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ username, email });
    }
    expect(
      await countRows(
        "email_verification_tokens",
        "used_at IS NOT NULL AND user_id = (SELECT id FROM users WHERE lower(username) = lower(?))",
        username,
      ),
    ).toBe(0);
    expect((await login(username)).status).toBe(403);
  });
});

describe("confirming", () => {
  it("verifies the account once: it can then sign in; the link then says 'used'", async () => {
    const { username, email } = await registerWithEmail();
    const { token } = (await linksFor(email))[0]!;
    const confirmed = await confirm({ token });
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toEqual({ success: true, username });
    // Verifying signs nobody in: the page may be open on another device.
    expect(confirmed.headers.getSetCookie()).toEqual([]);

    const signedIn = await login(username);
    expect(signedIn.status).toBe(200);
    expect((await json(signedIn)).emailVerified).toBe(true);

    await expectRefusal(await confirm({ token }), 400, "used");
    await expectRefusal(await details(token), 400, "used");
    await expectRefusal(await reject({ token }), 400, "used");
  });

  it("refuses expired, unknown and malformed tokens in the shared error shape, changing nothing", async () => {
    const { username, email } = await registerWithEmail();
    const { token } = (await linksFor(email))[0]!;
    await env.DB.prepare(
      "UPDATE email_verification_tokens SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(Date.now() - 1, email)
      .run();
    await expectRefusal(await details(token), 400, "expired");
    await expectRefusal(await confirm({ token }), 400, "expired");
    await expectRefusal(await reject({ token }), 400, "expired");
    expect(await usersNamed(username)).toBe(1);
    expect((await login(username)).status).toBe(403);

    for (const guess of ["x".repeat(43), "short", "a b"]) {
      await expectRefusal(await details(guess), 400, "invalid");
      await expectRefusal(await confirm({ token: guess }), 400, "invalid");
      await expectRefusal(await reject({ token: guess }), 400, "invalid");
    }
  });

  it("validates the body and the query with zod: 4xx in the shared error shape, never a 500", async () => {
    for (const response of [
      await confirm({}),
      await confirm({ token: 42 }),
      await confirm({ token: "t".repeat(201) }),
      await reject({ token: null }),
      await reject([]),
      await call("GET", "/api/verify-email/details"),
      await call("GET", `/api/verify-email/details?token=${"t".repeat(201)}`),
    ]) {
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ success: false, code: "validation_failed" });
    }
    const notJson = await call("POST", "/api/verify-email/confirm", {
      body: "token=x",
      headers: { "Content-Type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
    expect(await json(notJson)).toMatchObject({ success: false });
  });
});

describe("several sign-ups waiting for one address", () => {
  it("both stay pending, each with its own username, password and mail; the first confirmed wins, the other is deleted", async () => {
    const email = `${unique("shared")}@example.com`;
    const [squatter, owner] = [unique("squatter"), unique("owner")];
    await register(squatter, email, TEST_PASSWORD);
    await register(owner, email, PASSWORD_B);

    const rows = await env.DB.prepare("SELECT username, email_verified FROM users WHERE email = ? ORDER BY id")
      .bind(email)
      .all<{ username: string; email_verified: number }>();
    expect(rows.results).toEqual([
      { username: squatter, email_verified: 0 },
      { username: owner, email_verified: 0 },
    ]);
    expect((await linksFor(email)).map((l) => l.username).sort()).toEqual([owner, squatter].sort());
    // Neither is reached through the address; each is through its username (and cannot sign in yet).
    expect((await login(email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(email, PASSWORD_B)).status).toBe(401);
    expect((await login(squatter, TEST_PASSWORD)).status).toBe(403);
    expect((await login(owner, PASSWORD_B)).status).toBe(403);

    // The owner reads the usernames and confirms hers (the one she clicked last in the old attack, first here).
    const squattersToken = await tokenFor(email, squatter);
    const ownersToken = await tokenFor(email, owner);
    expect(await json(await details(ownersToken))).toEqual({ username: owner, email });
    expect((await confirm({ token: ownersToken })).status).toBe(200);

    expect(await usersNamed(squatter)).toBe(0);
    await expectRefusal(await confirm({ token: squattersToken }), 400, "invalid");
    await expectRefusal(await details(squattersToken), 400, "invalid");
    expect((await login(squatter, TEST_PASSWORD)).status).toBe(401);
    expect(await json(await login(email, PASSWORD_B))).toMatchObject({ username: owner, emailVerified: true });
    expect((await login(email, TEST_PASSWORD)).status).toBe(401);

    // The address is now taken: a further sign-up answers alike but creates nothing.
    const late = unique("late");
    await register(late, email);
    expect(await usersNamed(late)).toBe(0);
  });

  it("the database holds at most one verified account per address", async () => {
    const email = `${unique("unique")}@example.com`;
    await createUser({ email });
    await createUser({ email, emailVerified: false });
    await expect(createUser({ email })).rejects.toSatisfy((error) => isUniqueViolation(error));
  });

  it("resending by address mails every waiting sign-up, each naming its username; by username only that one", async () => {
    const email = `${unique("resend")}@example.com`;
    const [a, b] = [unique("resa"), unique("resb")];
    await register(a, email);
    await register(b, email);
    expect((await call("POST", "/api/resend-verification", { body: { email }, ip: "198.18.3.1" })).status).toBe(200);
    expect((await linksFor(email)).map((l) => l.username).sort()).toEqual([a, a, b, b].sort());
    expect((await call("POST", "/api/resend-verification", { body: { email: a }, ip: "198.18.3.2" })).status).toBe(200);
    expect((await linksFor(email)).filter((l) => l.username === a)).toHaveLength(3);
  });
});

// Issue 39, finding 6: resending by address mailed only the newest five sign-ups waiting for it, so five squatters'
// sign-ups kept the owner's own mail from her, and each held its username for 7 days.
describe("squatters' sign-ups for the owner's address", () => {
  it("however many wait for the address, resending by it mails the owner's own sign-up too, naming her username", async () => {
    const email = `${unique("many")}@example.com`;
    const owner = unique("owner");
    await register(owner, email, PASSWORD_B, "198.18.39.0");
    const squatters = Array.from({ length: 7 }, (_, i) => unique(`squat${i}`));
    for (const [i, squatter] of squatters.entries()) {
      const response = await call("POST", "/api/register", {
        body: { username: squatter, email, password: TEST_PASSWORD },
        ip: `198.18.39.${i + 1}`,
      });
      expect(response.status).toBe(201);
    }
    expect((await linksFor(email)).filter((l) => l.username === owner)).toHaveLength(1);

    expect((await call("POST", "/api/resend-verification", { body: { email }, ip: "198.18.39.100" })).status).toBe(200);
    const mailed = (await linksFor(email)).map((l) => l.username);
    expect(mailed.filter((u) => u === owner)).toHaveLength(2);
    // every sign-up waiting got one more mail, each naming its own username
    for (const squatter of squatters) expect(mailed.filter((u) => u === squatter)).toHaveLength(2);
    expect(mailed).toHaveLength(16);

    // the newest mail for her username verifies her account
    expect((await confirm({ token: await tokenFor(email, owner) })).status).toBe(200);
    expect((await login(owner, PASSWORD_B)).status).toBe(200);
  });

  it("the mail is bounded by each sign-up's own limit, not by a count: a fourth resend in 15 minutes mails nobody", async () => {
    const email = `${unique("bounded")}@example.com`;
    const [a, b] = [unique("bnda"), unique("bndb")];
    await register(a, email, TEST_PASSWORD, "198.18.39.110");
    await register(b, email, TEST_PASSWORD, "198.18.39.111");
    for (let i = 0; i < 4; i++)
      expect(
        (await call("POST", "/api/resend-verification", { body: { email }, ip: `198.18.39.${120 + i}` })).status,
      ).toBe(200);
    // one at sign-up and three resends each (RATE_RULES.verificationEmail: 3 per 15 minutes per account)
    const mailed = (await linksFor(email)).map((l) => l.username);
    expect(mailed.filter((u) => u === a)).toHaveLength(4);
    expect(mailed.filter((u) => u === b)).toHaveLength(4);
  });

  it("a squatted username is released when the address's owner verifies her own sign-up: it can be taken again", async () => {
    const email = `${unique("held")}@example.com`;
    const [wanted, owner] = [unique("wanted"), unique("mine")];
    await register(wanted, email, TEST_PASSWORD, "198.18.39.130");
    await register(owner, email, PASSWORD_B, "198.18.39.131");
    // held while it waits: the name is taken
    const taken = await call("POST", "/api/register", {
      body: { username: wanted, email: `${unique("else")}@example.com`, password: PASSWORD_B },
      ip: "198.18.39.140",
    });
    expect(taken.status).toBe(409);

    expect((await confirm({ token: await tokenFor(email, owner) })).status).toBe(200);
    expect(await usersNamed(wanted)).toBe(0);
    const other = `${unique("free")}@example.com`;
    const freed = await call("POST", "/api/register", {
      body: { username: wanted, email: other, password: PASSWORD_B },
      ip: "198.18.39.141",
    });
    expect(freed.status).toBe(201);
    expect(await usersNamed(wanted)).toBe(1);
  });
});

describe("'No, I did not sign up'", () => {
  it("deletes the unverified account the link is for, and only that one; the link then says it is not valid", async () => {
    const email = `${unique("victim")}@example.com`;
    const [squatter, owner] = [unique("squat"), unique("mine")];
    await register(squatter, email);
    await register(owner, email, PASSWORD_B);
    const token = await tokenFor(email, squatter);

    const refused = await reject({ token });
    expect(refused.status).toBe(200);
    expect(await json(refused)).toEqual({ success: true });
    expect(await usersNamed(squatter)).toBe(0);
    expect(await usersNamed(owner)).toBe(1);
    await expectRefusal(await reject({ token }), 400, "invalid");
    await expectRefusal(await confirm({ token }), 400, "invalid");

    // The owner's own link still works.
    expect((await confirm({ token: await tokenFor(email, owner) })).status).toBe(200);
    expect((await login(owner, PASSWORD_B)).status).toBe(200);
  });

  it("cannot delete a verified account, even through an unused link of it", async () => {
    const { username, email } = await registerWithEmail();
    await call("POST", "/api/resend-verification", { body: { email: username }, ip: "198.18.3.9" });
    const [newest, older] = (await linksFor(email)) as [{ token: string }, { token: string }, ...unknown[]];
    expect((await confirm({ token: older.token })).status).toBe(200);

    const refused = await reject({ token: newest.token });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({
      success: false,
      code: "conflict",
      details: { field: "token", reason: "verified" },
    });
    await expectRefusal(await details(newest.token), 400, "verified");
    await expectRefusal(await confirm({ token: newest.token }), 400, "verified");
    expect(await usersNamed(username)).toBe(1);
    expect((await login(username)).status).toBe(200);
  });
});

describe("resend verification", () => {
  it("sends a new working link, at most 3 per 15 minutes per account whatever is typed, answering alike", async () => {
    const { username, email } = await registerWithEmail();
    for (const [i, identifier] of [email, username, email.toUpperCase()].entries()) {
      const response = await call("POST", "/api/resend-verification", {
        body: { email: identifier },
        ip: `198.18.0.${i}`,
      });
      expect(response.status).toBe(200);
    }
    expect(await linksFor(email)).toHaveLength(4);
    // Over the account's limit: the same answer as ever (no way to tell the address has an account), and no mail.
    const limited = await call("POST", "/api/resend-verification", { body: { email }, ip: "198.18.0.9" });
    expect(limited.status).toBe(200);
    expect(await linksFor(email)).toHaveLength(4);

    // The newest link works (outbox is newest first).
    const [newest] = await linksFor(email);
    expect((await confirm({ token: newest!.token })).status).toBe(200);
    expect((await login(username)).status).toBe(200);
  });

  it("accepts a username, and answers the same for unknown or verified accounts without sending", async () => {
    const { username, email } = await registerWithEmail();
    expect((await call("POST", "/api/resend-verification", { body: { email: username } })).status).toBe(200);
    expect(await linksFor(email)).toHaveLength(2);
    const unknown = await call("POST", "/api/resend-verification", {
      body: { email: `${unique("nobody")}@example.com` },
    });
    expect(unknown.status).toBe(200);
    const verified = await createUser();
    expect((await call("POST", "/api/resend-verification", { body: { email: verified.email } })).status).toBe(200);
    expect(await linksFor(verified.email!)).toHaveLength(0);
  });

  it("limits one IP across many addresses", async () => {
    const ip = "198.19.5.5";
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await call("POST", "/api/resend-verification", { body: { email: `${unique("spam")}@example.com` }, ip });
    }
    expect(last!.status).toBe(429);
  });

  it("validates the body", async () => {
    const response = await call("POST", "/api/resend-verification", { body: {} });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: "validation_failed" });
  });
});

describe("dev outbox", () => {
  it("lists mail newest first with to, subject, text, html and createdAt", async () => {
    const a = await registerWithEmail();
    const b = await registerWithEmail();
    const outbox = await json<OutboxMail[]>(await call("GET", "/api/dev/outbox"));
    const ia = outbox.findIndex((m) => m.to === a.email);
    const ib = outbox.findIndex((m) => m.to === b.email);
    expect(ib).toBeLessThan(ia);
    expect(Object.keys(outbox[0]!).sort()).toEqual(["createdAt", "html", "subject", "text", "to"]);
    expect(outbox[0]!.html).toContain("<a href=");
  });

  it("is not there in production, nor is the seed route", async () => {
    const production = { APP_ENV: "production", PASSWORD_PEPPER: "p", APP_URL: "https://storyloom.example" };
    expect((await call("GET", "/api/dev/outbox", { env: production })).status).toBe(404);
    expect((await call("POST", "/api/dev/seed", { env: production })).status).toBe(404);
  });

  it("seeds the demo accounts idempotently, ready to sign in", async () => {
    for (let i = 0; i < 2; i++) expect((await call("POST", "/api/dev/seed")).status).toBe(200);
    const admin = await call("POST", "/api/login", { body: { username: "admin", password: "storyloom-admin-2026" } });
    expect(await json(admin)).toMatchObject({ username: "admin", isAdmin: true, emailVerified: true });
    const demo = await call("POST", "/api/login", {
      body: { username: "demo@storyloom.dev", password: "storyloom-demo-2026" },
    });
    expect(await json(demo)).toMatchObject({ username: "demo", isAdmin: false });
  });
});
