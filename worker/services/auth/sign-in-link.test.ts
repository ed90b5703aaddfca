import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { unique } from "../../test/client";
import { buildTestDeps, settled, testClock, type TestDeps } from "../../test/deps";
import { createUser, TEST_PASSWORD, type TestUser } from "../../test/factories";
import { LOGIN_POLICIES } from "../rate-limit";
import { login } from "./accounts";
import { openSignInLink, requestSignInLink, SIGN_IN_LINK_TTL_MS } from "./sign-in-link";
import { SIGN_IN_PASS_TRIES, SIGN_IN_PASS_TTL_MS } from "./sign-in-pass";

// Issue 26, "the owner is never locked out for long": the emailed sign-in link, through the services on a test
// clock (the rate-limit fake runs the RateLimiter Durable Object's functions: adapters/rate-limit/passes.ts and
// attempts.ts). routes/sign-in-link.test.ts runs the same journey through the Worker and the real Durable Object.

const ATTACKER = "203.0.113.66";
const OWNER_PHONE = "198.51.100.201";

function setup() {
  const clock = testClock();
  const deps = buildTestDeps({ now: clock.now });
  return { clock, deps };
}

/** The status a sign-in answers (200 when it signs in), through the service. */
async function signIn(deps: TestDeps, username: string, password: string, ip: string, pass?: string): Promise<number> {
  try {
    await login(deps, { username, password }, ip, pass);
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

/** Someone else's paced wrong guesses, each after its back-off, until the account blocks untrusted addresses. */
async function blockAccount(deps: TestDeps, clock: ReturnType<typeof testClock>, username: string) {
  for (let i = 0; i < LOGIN_POLICIES.account.maxFailures; i++) {
    expect(await signIn(deps, username, `guess-${i}`, ATTACKER), `guess ${i + 1}`).toBe(401);
    clock.advance(40_000);
  }
  expect(await signIn(deps, username, `guess-more`, ATTACKER)).toBe(429);
}

/** Asks for a link and returns its token from the mail sent, if one was. */
async function requestLink(deps: TestDeps, identifier: string, ip = OWNER_PHONE): Promise<string | undefined> {
  const before = deps.email.sent.length;
  await requestSignInLink(deps, identifier, ip);
  await settled();
  const mail = deps.email.sent.slice(before).at(-1);
  return mail && /\/sign-in-link\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(400);
  return (error as AppError).message;
}

describe("sign-in link (service, test clock)", () => {
  it("lets the owner, blocked by someone else's paced failures, in from a new phone through the link and her password", async () => {
    const { clock, deps } = setup();
    const owner = await createUser();
    await blockAccount(deps, clock, owner.username);
    // Her new phone's address is not known to the account: blocked too.
    expect(await signIn(deps, owner.username, TEST_PASSWORD, OWNER_PHONE)).toBe(429);

    const token = await requestLink(deps, owner.email!.toUpperCase());
    expect(token).toBeDefined();
    const mail = deps.email.sent.at(-1)!;
    expect(mail.to).toBe(owner.email);
    expect(mail.subject).toBe("Your StoryLoom sign-in link");
    expect(mail.text).toContain("Someone tried many wrong passwords");
    expect(mail.text).toContain("The link signs nobody in by itself");
    expect(mail.text).toContain(`reset it at ${deps.origin}/forgot-password`);

    const pass = await openSignInLink(deps, token!, OWNER_PHONE);
    expect(pass.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pass.token).not.toBe(token);
    expect(pass.expiresAt).toBe(clock.now() + SIGN_IN_PASS_TTL_MS);
    expect(await signIn(deps, owner.username, TEST_PASSWORD, OWNER_PHONE, pass.token)).toBe(200);

    // It settled like a normal sign-in: the phone's address is now trusted, so the next sign-in needs no pass…
    expect(await signIn(deps, owner.username, TEST_PASSWORD, OWNER_PHONE)).toBe(200);
    // …the pass is spent…
    clock.advance(1_000);
    expect(await signIn(deps, owner.username, TEST_PASSWORD, "198.51.100.202", pass.token)).toBe(429);
    // …and the account stays blocked for the attacker's address.
    expect(await signIn(deps, owner.username, TEST_PASSWORD, ATTACKER)).toBe(429);
  });

  it("works once, and a link or a pass opened after 15 minutes is refused", async () => {
    const { clock, deps } = setup();
    const owner = await createUser();
    await blockAccount(deps, clock, owner.username);

    const first = (await requestLink(deps, owner.username))!;
    await openSignInLink(deps, first, OWNER_PHONE);
    expect(await refusal(openSignInLink(deps, first, OWNER_PHONE))).toBe(
      "This sign-in link has already been used. Ask for a new one from the sign-in screen.",
    );

    const second = (await requestLink(deps, owner.username))!;
    clock.advance(SIGN_IN_LINK_TTL_MS - 1);
    const pass = await openSignInLink(deps, second, OWNER_PHONE);
    const third = (await requestLink(deps, owner.username))!;
    clock.advance(SIGN_IN_LINK_TTL_MS);
    expect(await refusal(openSignInLink(deps, third, OWNER_PHONE))).toBe(
      "This sign-in link has expired. Ask for a new one from the sign-in screen.",
    );
    // The pass from the second link has expired too (15 minutes): against a new block, the limits apply again.
    expect(SIGN_IN_PASS_TTL_MS).toBe(SIGN_IN_LINK_TTL_MS);
    await blockAccount(deps, clock, owner.username);
    expect(await signIn(deps, owner.username, TEST_PASSWORD, OWNER_PHONE, pass.token)).toBe(429);
    expect(await refusal(openSignInLink(deps, "x".repeat(43), OWNER_PHONE))).toBe(
      "This sign-in link is not valid. Ask for a new one from the sign-in screen.",
    );
  });

  it("a wrong password with the pass still fails, and only a few times before the limits apply again", async () => {
    const { clock, deps } = setup();
    const owner = await createUser();
    await blockAccount(deps, clock, owner.username);
    const pass = await openSignInLink(deps, (await requestLink(deps, owner.username))!, OWNER_PHONE);
    for (let i = 0; i < SIGN_IN_PASS_TRIES; i++) {
      expect(await signIn(deps, owner.username, `wrong-${i}`, OWNER_PHONE, pass.token), `try ${i + 1}`).toBe(401);
    }
    // The pass is used up: even the right password now meets the account's block.
    expect(await signIn(deps, owner.username, TEST_PASSWORD, OWNER_PHONE, pass.token)).toBe(429);
  });

  it("a pass works only for the account it was issued for, and does not lose a try when shown with another name", async () => {
    const { clock, deps } = setup();
    const owner = await createUser();
    const other = await createUser();
    await blockAccount(deps, clock, owner.username);
    await blockAccount(deps, clock, other.username);
    const pass = await openSignInLink(deps, (await requestLink(deps, owner.username))!, OWNER_PHONE);
    for (let i = 0; i < SIGN_IN_PASS_TRIES + 1; i++) {
      expect(await signIn(deps, other.username, TEST_PASSWORD, OWNER_PHONE, pass.token)).toBe(429);
    }
    expect(await signIn(deps, owner.username, TEST_PASSWORD, OWNER_PHONE, pass.token)).toBe(200);
  });

  it("sends nothing for a name nobody has, an unverified address or an account without a password, and at most 3 mails in 15 minutes", async () => {
    const { deps } = setup();
    expect(await requestLink(deps, unique("nobody"))).toBeUndefined();
    expect(await requestLink(deps, `${unique("nobody")}@example.com`)).toBeUndefined();
    const unverified: TestUser = await createUser({ emailVerified: false });
    expect(await requestLink(deps, unverified.username)).toBeUndefined();
    const noEmail = await createUser({ email: null });
    expect(await requestLink(deps, noEmail.username)).toBeUndefined();
    expect(deps.email.sent).toHaveLength(0);

    const owner = await createUser();
    for (let i = 0; i < 3; i++) expect(await requestLink(deps, owner.username, `198.51.100.${210 + i}`)).toBeDefined();
    expect(await requestLink(deps, owner.username, "198.51.100.220")).toBeUndefined();
  });
});
