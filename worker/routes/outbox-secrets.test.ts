import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, json, sessionFrom, unique } from "../test/client";
import { createUser, setTier } from "../test/factories";

// Issue 39, finding 5: where mail goes to the outbox (no email provider configured), the account's data export held
// working password-reset, sign-in and invitation links, so a holder of only a session could reset the password. The
// outbox now stores each message with its token replaced by "[removed]"; only in development and tests is the whole
// message kept as well, sealed, for the dev outbox reader (GET /api/dev/outbox, 404 elsewhere).

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const PASSWORD = "a-long-outbox-passphrase";
const NEW_PASSWORD = "the-owners-new-passphrase";
const PRODUCTION = { APP_ENV: "production", PASSWORD_PEPPER: "p", APP_URL: "https://storyloom.example" };

let calls = 0;
const nextIp = () => `198.18.${140 + Math.floor(++calls / 250)}.${(calls % 250) + 1}`;

async function devOutbox(to: string): Promise<Mail[]> {
  return (await json<Mail[]>(await call("GET", "/api/dev/outbox"))).filter((m) => m.to === to);
}

/** The tokens of the links in a text: after `token=` or in an invitation's path. */
const tokensIn = (text: string) =>
  [...text.matchAll(/(?:[?&]token=|\/team\/accept\/)([^\s"'<>&]+)/g)].map((match) => decodeURIComponent(match[1]!));

/** Follows a link as its page would (the page posts the token), answering the status. */
async function follow(link: string, session: string): Promise<number> {
  const url = new URL(link);
  const token = url.searchParams.get("token") ?? url.pathname.split("/").pop()!;
  const ip = nextIp();
  if (url.pathname === "/verify-email/confirm")
    return (await call("POST", "/api/verify-email/confirm", { body: { token }, ip })).status;
  if (url.pathname === "/reset-password")
    return (await call("POST", "/api/password-reset/confirm", { body: { token, password: NEW_PASSWORD }, ip })).status;
  if (url.pathname === "/sign-in-link")
    return (await call("POST", "/api/sign-in-link/confirm", { body: { token }, ip })).status;
  if (url.pathname.startsWith("/team/accept/"))
    return (await call("POST", `/api/team/accept/${encodeURIComponent(token)}`, { cookie: session, ip })).status;
  throw new Error(`no page that takes a token: ${link}`);
}

/**
 * A sign-up whose mail went to the outbox: its verification link asked for twice (one used, one not), then a
 * password reset, a sign-in link and an invitation to another account's team.
 */
async function accountWithMail() {
  const username = unique("outbox");
  const email = `${username}@example.com`;
  expect(
    (await call("POST", "/api/register", { body: { username, email, password: PASSWORD }, ip: nextIp() })).status,
  ).toBe(201);
  await call("POST", "/api/resend-verification", { body: { email: username }, ip: nextIp() });
  const [newest] = await devOutbox(email);
  const verifyToken = tokensIn(newest!.text)[0]!;
  expect((await call("POST", "/api/verify-email/confirm", { body: { token: verifyToken }, ip: nextIp() })).status).toBe(
    200,
  );
  const session = sessionFrom(
    await call("POST", "/api/login", { body: { username, password: PASSWORD }, ip: nextIp() }),
  )!;
  await call("POST", "/api/password-reset/request", { body: { email }, ip: nextIp() });
  await call("POST", "/api/sign-in-link", { body: { username }, ip: nextIp() });
  const owner = await createUser();
  await setTier(owner, "pro");
  expect(
    (await call("POST", "/api/team/invite", { cookie: owner.session, body: { email, role: "member" } })).status,
  ).toBe(201);
  return { username, email, session };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("mail kept in the outbox carries no working link outside the mailbox (issue 39, finding 5)", () => {
  it("the account's data export holds each mail, but every link in it is refused; the dev outbox's links work", async () => {
    const { email, session } = await accountWithMail();

    const whole = await devOutbox(email);
    expect(whole.map((m) => m.subject).sort()).toEqual([
      "Reset your StoryLoom password",
      "Verify your StoryLoom email address",
      "Verify your StoryLoom email address",
      "You're invited to a team on StoryLoom",
      "Your StoryLoom sign-in link",
    ]);
    const secrets = whole.flatMap((m) => tokensIn(m.text));
    expect(secrets).toHaveLength(5);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const exported = await call("GET", "/api/user/export-data", { cookie: session });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    for (const secret of secrets) expect(text).not.toContain(secret);
    const emails = (JSON.parse(text) as { emails: Array<{ subject: string; text: string }> }).emails;
    expect(emails.map((m) => m.subject).sort()).toEqual(whole.map((m) => m.subject).sort());
    // each mail still reads whole but for its token
    for (const mail of emails) expect(mail.text).toContain("Hello,");
    const links = emails.flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []).filter((l) => tokensIn(l).length > 0);
    expect(links).toHaveLength(5);
    for (const link of links) expect(link).toMatch(/(?:token=|\/team\/accept\/)\[removed\]$/);
    // every one, tried where it leads: all refused
    const answers = await Promise.all(links.map(async (link) => [link, await follow(link, session)] as const));
    for (const [link, status] of answers) expect([400, 404], link).toContain(status);

    // what is stored in the open is the same: the tokens are only in the sealed copy
    const rows = await env.DB.prepare('SELECT text, html, sealed FROM email_outbox WHERE "to" = ?')
      .bind(email)
      .all<{ text: string; html: string; sealed: string | null }>();
    expect(rows.results).toHaveLength(5);
    for (const row of rows.results) {
      for (const secret of secrets) expect(`${row.text}${row.html}${row.sealed}`).not.toContain(secret);
      expect(row.sealed).toMatch(/^v1\./);
    }

    // the mailbox's own links, read through the dev outbox, still work
    const linkTo = (path: string) =>
      whole.flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(path))!;
    expect(await follow(linkTo("/sign-in-link?token="), session)).toBe(200);
    expect(await follow(linkTo("/team/accept/"), session)).toBe(200);
    expect(await follow(linkTo("/reset-password?token="), session)).toBe(200);
  });

  it("in production without an email provider, nothing secret is stored: no sealed copy, and the log names the subject only", async () => {
    const lines: string[] = [];
    for (const method of ["log", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const username = unique("prod");
    const email = `${username}@example.com`;
    const registered = await call("POST", "/api/register", {
      body: { username, email, password: PASSWORD },
      env: PRODUCTION,
      ip: nextIp(),
    });
    expect(registered.status).toBe(201);
    const row = await env.DB.prepare('SELECT subject, text, html, sealed FROM email_outbox WHERE "to" = ?')
      .bind(email)
      .first<{ subject: string; text: string; html: string; sealed: string | null }>();
    expect(row).toMatchObject({ subject: "Verify your StoryLoom email address", sealed: null });
    expect(row!.text).toContain("https://storyloom.example/verify-email/confirm?token=[removed]");
    expect(row!.html).toContain('href="https://storyloom.example/verify-email/confirm?token=[removed]"');
    expect(`${row!.text}${row!.html}`).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    // the account is there and waits for its link, which only the mailbox would have had
    const tokenRows = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_verification_tokens t JOIN users u ON u.id = t.user_id WHERE u.username = ?",
    )
      .bind(username)
      .first<{ n: number }>();
    expect(tokenRows!.n).toBe(1);
    const logged = lines.filter((l) => l.includes("email_outboxed"));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({
      event: "email_outboxed",
      subject: "Verify your StoryLoom email address",
    });
    for (const line of lines) expect(line).not.toMatch(/[A-Za-z0-9_-]{43}/);
    expect((await call("GET", "/api/dev/outbox", { env: PRODUCTION })).status).toBe(404);
  });

  it("a sealed copy opens only on its own row: moved to another address's mail, the dev outbox shows the stored text", async () => {
    const a = await accountWithMail();
    const b = await accountWithMail();
    await env.DB.prepare(
      `UPDATE email_outbox SET sealed = (SELECT sealed FROM email_outbox WHERE "to" = ? AND subject = 'Reset your StoryLoom password')
       WHERE "to" = ? AND subject = 'Reset your StoryLoom password'`,
    )
      .bind(a.email, b.email)
      .run();
    const [reset] = (await devOutbox(b.email)).filter((m) => m.subject === "Reset your StoryLoom password");
    expect(reset!.text).toContain("/reset-password?token=[removed]");
    expect(tokensIn(reset!.text)).toEqual(["[removed]"]);
  });
});
