import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, json, unique } from "../test/client";
import { TEST_PASSWORD } from "../test/factories";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

async function registerWithEmail() {
  const username = unique("verify");
  const email = `${username}@example.com`;
  const response = await call("POST", "/api/register", { body: { username, password: TEST_PASSWORD, email } });
  expect(response.status).toBe(201);
  return { username, email };
}

async function linksFor(email: string): Promise<string[]> {
  const outbox = await json<OutboxMail[]>(await call("GET", "/api/dev/outbox"));
  return outbox
    .filter((m) => m.to === email)
    .map((m) => /http:\/\/localhost(\/api\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(m.text)![1]!);
}

describe("email verification link", () => {
  it("verifies the address once; the account can then sign in; a second click says 'used'", async () => {
    const { username, email } = await registerWithEmail();
    const [link] = await linksFor(email);
    const first = await call("GET", link!);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/auth?verified=1");

    const login = await call("POST", "/api/login", { body: { username, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect((await json(login)).emailVerified).toBe(true);

    const reused = await call("GET", link!);
    expect(reused.headers.get("Location")).toBe("/auth?verification=used");
  });

  it("refuses an expired link", async () => {
    const { username, email } = await registerWithEmail();
    const [link] = await linksFor(email);
    await env.DB.prepare(
      "UPDATE email_verification_tokens SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(Date.now() - 1, email)
      .run();
    const response = await call("GET", link!);
    expect(response.headers.get("Location")).toBe("/auth?verification=expired");
    const login = await call("POST", "/api/login", { body: { username, password: TEST_PASSWORD } });
    expect(login.status).toBe(403);
  });

  it("refuses unknown and malformed tokens", async () => {
    expect((await call("GET", `/api/verify-email?token=${"x".repeat(43)}`)).headers.get("Location")).toBe(
      "/auth?verification=invalid",
    );
    expect((await call("GET", "/api/verify-email?token=short")).headers.get("Location")).toBe("/auth?verification=invalid");
    expect((await call("GET", "/api/verify-email")).headers.get("Location")).toBe("/auth?verification=invalid");
  });

  it("stores only the hash of the token, valid for 24 hours", async () => {
    const { email } = await registerWithEmail();
    const [link] = await linksFor(email);
    const token = new URL(`http://x${link}`).searchParams.get("token")!;
    const row = await env.DB.prepare(
      "SELECT t.id, t.expires_at, t.created_at FROM email_verification_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = ?",
    )
      .bind(email)
      .first<{ id: string; expires_at: number; created_at: number }>();
    expect(row!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.id).not.toContain(token);
    expect(row!.expires_at - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(row!.expires_at - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });
});

describe("resend verification", () => {
  it("sends a new working link, at most 3 per 15 minutes per account whatever is typed, answering alike", async () => {
    const { username, email } = await registerWithEmail();
    for (const [i, identifier] of [email, username, email.toUpperCase()].entries()) {
      const response = await call("POST", "/api/resend-verification", { body: { email: identifier }, ip: `198.18.0.${i}` });
      expect(response.status).toBe(200);
    }
    expect(await linksFor(email)).toHaveLength(4);
    // Over the account's limit: the same answer as ever (no way to tell the address has an account), and no mail.
    const limited = await call("POST", "/api/resend-verification", { body: { email }, ip: "198.18.0.9" });
    expect(limited.status).toBe(200);
    expect(await linksFor(email)).toHaveLength(4);

    // The newest link works (outbox is newest first).
    const [newest] = await linksFor(email);
    expect((await call("GET", newest!)).headers.get("Location")).toBe("/auth?verified=1");
    expect((await call("POST", "/api/login", { body: { username, password: TEST_PASSWORD } })).status).toBe(200);
  });

  it("accepts a username, and answers the same for unknown or verified accounts without sending", async () => {
    const { username, email } = await registerWithEmail();
    expect((await call("POST", "/api/resend-verification", { body: { email: username } })).status).toBe(200);
    expect(await linksFor(email)).toHaveLength(2);
    const unknown = await call("POST", "/api/resend-verification", { body: { email: `${unique("nobody")}@example.com` } });
    expect(unknown.status).toBe(200);
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
    const demo = await call("POST", "/api/login", { body: { username: "demo@storyloom.dev", password: "storyloom-demo-2026" } });
    expect(await json(demo)).toMatchObject({ username: "demo", isAdmin: false });
  });
});
