import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDurableObjectRateLimits } from "../adapters/rate-limit/durable-object";
import { addressKey } from "../lib/ip";
import { SIGN_IN_PASS_COOKIE } from "../services/auth/sign-in-pass";
import { LOGIN_POLICIES } from "../services/rate-limit";
import { call, json, sessionFrom, unique } from "../test/client";
import { createUser, TEST_PASSWORD } from "../test/factories";

// Issue 26: a blocked sign-in's emailed link, through the Worker and the real RateLimiter Durable Object. The
// insider case: someone behind the owner's office address spent its whole allowance, and the owner has never signed
// in from there. (services/auth/sign-in-link.test.ts covers paced failures against the account and expiry, on a
// test clock.)

const limits = createDurableObjectRateLimits(env.RATE_LIMITER);
let counter = 0;
const freshIp = () => `198.18.200.${(++counter % 250) + 1}`;

/** The insider's 100 failures at the address, filled into its limiter directly (no password hashing). */
async function blockAddress(ip: string) {
  for (let i = 0; i < LOGIN_POLICIES.address.maxFailures; i++) {
    await limits.reserveAttempt(`login:address:${addressKey(ip)}`, LOGIN_POLICIES.address, `insider-${i}`);
  }
}

const login = (username: string, password: string, ip: string, pass?: string) =>
  call("POST", "/api/login", {
    body: { username, password },
    ip,
    cookie: pass ? `${SIGN_IN_PASS_COOKIE}=${pass}` : undefined,
  });

async function outbox() {
  return json<Array<{ to: string; subject: string; text: string }>>(await call("GET", "/api/dev/outbox"));
}

async function linkTokenFor(email: string): Promise<string | undefined> {
  const mail = (await outbox()).find((m) => m.to === email && m.subject === "Your StoryLoom sign-in link");
  return mail && /http:\/\/localhost\/sign-in-link\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
}

function passFrom(response: Response): { value: string; attributes: string } | undefined {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SIGN_IN_PASS_COOKIE}=`));
  if (!cookie) return undefined;
  const [pair, ...attributes] = cookie.split(";");
  return { value: pair!.slice(SIGN_IN_PASS_COOKIE.length + 1), attributes: attributes.join(";") };
}

describe("sign-in link (Worker, Durable Object)", () => {
  it("lets the owner in through the link and her password from an address an insider blocked, only in the browser holding the pass", async () => {
    const office = freshIp();
    const owner = await createUser();
    await blockAddress(office);
    expect((await login(owner.username, TEST_PASSWORD, office)).status).toBe(429);

    const asked = await call("POST", "/api/sign-in-link", { body: { username: owner.username }, ip: office });
    expect(asked.status).toBe(200);
    const token = (await linkTokenFor(owner.email!))!;
    expect(token).toBeDefined();

    const opened = await call("POST", "/api/sign-in-link/confirm", { body: { token }, ip: office });
    expect(opened.status).toBe(200);
    const openedText = await opened.text();
    expect(openedText).toBe(JSON.stringify({ success: true }));
    const pass = passFrom(opened)!;
    expect(pass.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(openedText).not.toContain(pass.value);
    expect(pass.attributes).toMatch(/HttpOnly/i);
    expect(pass.attributes).toMatch(/Secure/i);
    expect(pass.attributes).toMatch(/SameSite=Strict/i);
    expect(pass.attributes).toMatch(/Path=\//i);

    // Another browser behind the same address, without the cookie, is still refused.
    expect((await login(owner.username, TEST_PASSWORD, office)).status).toBe(429);
    // The pass is for the owner's account only: a colleague's account is refused too (and no try is lost).
    const colleague = await createUser();
    expect((await login(colleague.username, TEST_PASSWORD, office, pass.value)).status).toBe(429);

    const signedIn = await login(owner.username, TEST_PASSWORD, office, pass.value);
    expect(signedIn.status).toBe(200);
    expect(sessionFrom(signedIn)).toBeDefined();
    // The pass cookie is cleared with the sign-in.
    expect(passFrom(signedIn)?.value).toBe("");
    // Settled like a normal sign-in: the account now trusts the office address, so the owner needs no pass there.
    expect((await login(owner.username, TEST_PASSWORD, office)).status).toBe(200);
    // The pass was spent.
    const elsewhere = freshIp();
    await blockAddress(elsewhere);
    expect((await login(owner.username, TEST_PASSWORD, elsewhere, pass.value)).status).toBe(429);
    // The link was spent too.
    const again = await call("POST", "/api/sign-in-link/confirm", { body: { token }, ip: office });
    expect(again.status).toBe(400);
    expect((await json(again)).error).toBe(
      "This sign-in link has already been used. Ask for a new one from the sign-in screen.",
    );
  }, 60_000);

  it("a wrong password with the pass fails, and the pass allows only a few tries", async () => {
    const office = freshIp();
    const owner = await createUser();
    await blockAddress(office);
    await call("POST", "/api/sign-in-link", { body: { username: owner.email }, ip: office });
    const opened = await call("POST", "/api/sign-in-link/confirm", {
      body: { token: (await linkTokenFor(owner.email!))! },
      ip: office,
    });
    const pass = passFrom(opened)!.value;
    for (let i = 0; i < 5; i++)
      expect((await login(owner.username, `wrong-${i}`, office, pass)).status, `try ${i + 1}`).toBe(401);
    expect((await login(owner.username, TEST_PASSWORD, office, pass)).status).toBe(429);
  }, 60_000);

  it("answers a name nobody has exactly as it answers an account, and mails nobody", async () => {
    const owner = await createUser();
    const nobody = unique("nobody");
    const known = await call("POST", "/api/sign-in-link", { body: { username: owner.username }, ip: freshIp() });
    const unknown = await call("POST", "/api/sign-in-link", { body: { username: nobody }, ip: freshIp() });
    const unknownAddress = await call("POST", "/api/sign-in-link", {
      body: { username: `${nobody}@example.com` },
      ip: freshIp(),
    });
    const knownBody = await known.text();
    expect(known.status).toBe(200);
    for (const response of [unknown, unknownAddress]) {
      expect(response.status).toBe(known.status);
      expect(await response.text()).toBe(knownBody);
      expect(response.headers.getSetCookie()).toEqual(known.headers.getSetCookie());
    }
    expect(JSON.parse(knownBody)).toEqual({
      success: true,
      message: "If that account has a verified email address, a sign-in link is on its way. Open it in this browser.",
    });
    const mails = await outbox();
    expect(mails.filter((m) => m.to === owner.email)).toHaveLength(1);
    expect(mails.some((m) => m.to.startsWith(nobody) || m.text.includes(nobody))).toBe(false);
  });

  it("a GET of the link changes nothing: no route spends it, and it works afterwards", async () => {
    const office = freshIp();
    const owner = await createUser();
    await call("POST", "/api/sign-in-link", { body: { username: owner.username }, ip: office });
    const token = (await linkTokenFor(owner.email!))!;
    for (const path of [`/api/sign-in-link/confirm?token=${token}`, `/api/sign-in-link?token=${token}`]) {
      const scanned = await call("GET", path, { ip: office });
      expect(scanned.status, path).toBe(404);
      expect(passFrom(scanned)).toBeUndefined();
    }
    const opened = await call("POST", "/api/sign-in-link/confirm", { body: { token }, ip: office });
    expect(opened.status).toBe(200);
    expect(passFrom(opened)).toBeDefined();
  });
});
