import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, json, sessionFrom, unique } from "../test/client";
import { countRows, createUser, TEST_PASSWORD } from "../test/factories";

const NEW_PASSWORD = "a-brand-new-passphrase";

async function outbox() {
  return json<Array<{ to: string; subject: string; text: string }>>(await call("GET", "/api/dev/outbox"));
}

async function resetLinkFor(email: string): Promise<string | undefined> {
  const mail = (await outbox()).find((m) => m.to === email && m.subject === "Reset your StoryLoom password");
  return mail && /http:\/\/localhost\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
}

const login = (username: string, password: string, ip = "198.51.100.60") =>
  call("POST", "/api/login", { body: { username, password }, ip });

describe("password reset", () => {
  it("mails a single-use link that sets a new password and ends every session", async () => {
    const user = await createUser();
    const other = await createUser();
    const request = await call("POST", "/api/password-reset/request", { body: { email: user.email!.toUpperCase() } });
    expect(request.status).toBe(200);
    const token = (await resetLinkFor(user.email!))!;
    expect(token).toBeDefined();
    const stored = await env.DB.prepare(
      "SELECT id, expires_at - created_at AS ttl FROM password_reset_tokens WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ id: string; ttl: number }>();
    expect(stored!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.id).not.toBe(token);

    const confirm = await call("POST", "/api/password-reset/confirm", { body: { token, password: NEW_PASSWORD } });
    expect(confirm.status).toBe(200);
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(401);
    expect((await call("GET", "/api/user", { cookie: other.session })).status).toBe(200);
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);

    const again = await call("POST", "/api/password-reset/confirm", {
      body: { token, password: "another-new-passphrase" },
    });
    expect(again.status).toBe(400);
    expect((await json(again)).error).toBe("This password reset link has already been used. Ask for a new one.");
  });

  it("answers the same for an address nobody has, and sends nothing", async () => {
    const email = `${unique("nobody")}@example.com`;
    const response = await call("POST", "/api/password-reset/request", { body: { email } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      success: true,
      message: "If an account uses that address, a link to reset its password is on its way.",
    });
    expect((await outbox()).some((m) => m.to === email)).toBe(false);
  });

  it("refuses an expired, an invalid or a half-typed link, and a common password", async () => {
    const user = await createUser();
    await call("POST", "/api/password-reset/request", { body: { email: user.email } });
    const token = (await resetLinkFor(user.email!))!;
    const confirm = (body: Record<string, string>) => call("POST", "/api/password-reset/confirm", { body });

    const common = await confirm({ token, password: "password123" });
    expect(common.status).toBe(400);
    expect((await json(common)).error).toBe("This password is too common. Please choose a less guessable one.");
    expect((await confirm({ token: token.slice(0, 20), password: NEW_PASSWORD })).status).toBe(400);
    expect((await json(await confirm({ token: "A".repeat(43), password: NEW_PASSWORD }))).error).toBe(
      "This password reset link is not valid. Ask for a new one.",
    );
    await env.DB.prepare("UPDATE password_reset_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await json(await confirm({ token, password: NEW_PASSWORD }))).error).toBe(
      "This password reset link has expired. Ask for a new one.",
    );
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it("sends at most 3 links an hour per account, silently, and limits each address", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      expect(
        (await call("POST", "/api/password-reset/request", { body: { email: user.email }, ip: `198.18.1.${i}` }))
          .status,
      ).toBe(200);
    }
    expect(await countRows("password_reset_tokens", "user_id = ?", user.id)).toBe(3);
    const ip = "198.18.2.1";
    for (let i = 0; i < 10; i++)
      await call("POST", "/api/password-reset/request", { body: { email: `${unique("x")}@example.com` }, ip });
    expect((await call("POST", "/api/password-reset/request", { body: { email: user.email }, ip })).status).toBe(429);
  });
});

describe("change password", () => {
  it("needs the current password, keeps this session and ends the others", async () => {
    const user = await createUser();
    const elsewhere = sessionFrom(await login(user.username, TEST_PASSWORD))!;
    const change = (currentPassword: string) =>
      call("POST", "/api/change-password", {
        cookie: user.session,
        body: { currentPassword, newPassword: NEW_PASSWORD },
      });

    const wrong = await change("not-my-password");
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({
      error: "Your current password is not correct.",
      details: { field: "currentPassword" },
    });
    expect((await change(TEST_PASSWORD)).status).toBe(200);
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(200);
    expect((await call("GET", "/api/user", { cookie: elsewhere })).status).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it("counts wrong current passwords like sign-in attempts", async () => {
    const user = await createUser();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call("POST", "/api/change-password", {
          cookie: user.session,
          body: { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD },
        }),
      ),
    ).then((responses) => responses.map((r) => r.status));
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });
});

describe("pre-hijacking by squatting an unverified address", () => {
  it("ends with the real owner in control and the squatter's sign-up deleted", async () => {
    const email = `${unique("victim")}@example.com`;
    const squatter = unique("squatter");
    expect(
      (await call("POST", "/api/register", { body: { username: squatter, password: TEST_PASSWORD, email } })).status,
    ).toBe(201);

    // The owner signs up with their own address: accepted, beside the squatter's sign-up (neither replaces the other).
    const owner = unique("owner");
    const signUp = await call("POST", "/api/register", { body: { username: owner, password: NEW_PASSWORD, email } });
    expect(signUp.status).toBe(201);
    expect(await countRows("users", "email = ? AND email_verified = 0", email)).toBe(2);

    // Both mails reach the owner's inbox, each naming its account: she confirms hers.
    const mail = (await outbox()).find((m) => m.to === email && m.text.includes(`"${owner}"`))!;
    const token = /http:\/\/localhost\/verify-email\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect((await call("POST", "/api/verify-email/confirm", { body: { token } })).status).toBe(200);

    expect(await countRows("users", "lower(username) = lower(?)", squatter)).toBe(0);
    expect((await login(owner, NEW_PASSWORD)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(squatter, TEST_PASSWORD)).status).toBe(401);
    expect((await login(email, TEST_PASSWORD)).status).toBe(401);
  });

  it("mails a reset link only to the account that verified the address, never to sign-ups waiting for it", async () => {
    const email = `${unique("pending")}@example.com`;
    const waiting = [unique("waita"), unique("waitb")];
    for (const username of waiting)
      await call("POST", "/api/register", { body: { username, password: TEST_PASSWORD, email } });
    expect((await call("POST", "/api/password-reset/request", { body: { email }, ip: "198.18.4.1" })).status).toBe(200);
    expect(await resetLinkFor(email)).toBeUndefined();

    // A verified account beside a waiting one (as before this change, or a sign-up that raced the verification).
    const verified = await createUser();
    const pending = await createUser({ email: verified.email, emailVerified: false });
    await call("POST", "/api/password-reset/request", { body: { email: verified.email }, ip: "198.18.4.2" });
    expect(await countRows("password_reset_tokens", "user_id = ?", verified.id)).toBe(1);
    expect(await countRows("password_reset_tokens", "user_id = ?", pending.id)).toBe(0);
    expect(await json(await login(verified.email!, TEST_PASSWORD))).toMatchObject({ id: verified.id });

    // Resetting the password does not verify an address: a leftover link of a waiting sign-up leaves it waiting.
    const token = "L".repeat(43);
    const tokenId = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    await env.DB.prepare("INSERT INTO password_reset_tokens (id, user_id, expires_at) VALUES (?, ?, ?)")
      .bind(tokenId, pending.id, Date.now() + 60_000)
      .run();
    expect(
      (await call("POST", "/api/password-reset/confirm", { body: { token, password: NEW_PASSWORD } })).status,
    ).toBe(200);
    expect(await countRows("users", "id = ? AND email_verified = 0", pending.id)).toBe(1);
  });

  it("grants no admin rights through an address in configuration (admins come from npm run admin:grant)", async () => {
    const email = `${unique("boss")}@example.com`;
    const username = unique("climber");
    const bindings = { ADMIN_EMAILS: email } as Record<string, string>;
    await call("POST", "/api/register", { body: { username, password: TEST_PASSWORD, email }, env: bindings });
    const mail = (await outbox()).find((m) => m.to === email)!;
    const token = /http:\/\/localhost\/verify-email\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    await call("POST", "/api/verify-email/confirm", { body: { token }, env: bindings });
    const signedIn = await call("POST", "/api/login", { body: { username, password: TEST_PASSWORD }, env: bindings });
    expect(await json(signedIn)).toMatchObject({ username, isAdmin: false });
  });
});
