import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../bindings";
import { call, json, unique } from "../test/client";
import { createUser, setTier, TEST_PASSWORD } from "../test/factories";
import { jsonResponse, mockOutbound } from "../test/outbound";

// Issue 20 (hardening): no secret in any log line. Each sensitive flow runs through the real Worker with its
// failure paths (the ones that log) driven by hostile upstreams that echo back what they were sent; every line the
// Worker writes to the console is captured and searched for the secrets involved.

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(
        args
          .map((a) =>
            typeof a === "string" ? a : a instanceof Error ? `${a.message} ${a.stack ?? ""}` : JSON.stringify(a),
          )
          .join(" "),
      );
    });
  }
});
afterEach(() => vi.restoreAllMocks());

/** Asserts the flow logged something (so the check is not vacuous, when `logged`) and none of the secrets. */
function expectNoSecrets(secrets: string[], logged = true) {
  const all = lines.join("\n");
  if (logged) expect(lines.length, "the flow should have logged a line").toBeGreaterThan(0);
  for (const secret of secrets) expect(all, `a log line holds ${secret.slice(0, 12)}…`).not.toContain(secret);
}

/** An upstream that answers 500 with everything it was sent (headers and body) in its error message. */
const echoing = (request: { url: string; headers: Headers; body: string }) =>
  jsonResponse(
    {
      error: { message: `rejected ${request.url} ${JSON.stringify([...request.headers])} ${request.body}` },
      errorMessages: [`rejected ${request.body} ${JSON.stringify([...request.headers])}`],
    },
    500,
  );

describe("no secret in any log line", () => {
  it("sign-in failures: neither the password tried nor the name's password appears", async () => {
    const user = await createUser();
    const guess = `guess-${unique("pw")}`;
    expect((await call("POST", "/api/login", { body: { username: user.username, password: guess } })).status).toBe(401);
    expect((await call("POST", "/api/login", { body: { username: unique("ghost"), password: guess } })).status).toBe(
      401,
    );
    // a 5xx on the same request path: the session cookie and an Authorization header are not logged either (a Basic
    // one: a Bearer header would be read as an access token, and this route refuses those before any work)
    const failing = await call("POST", "/api/create-subscription", {
      cookie: user.session,
      body: { tier: "pro", password: guess },
      headers: { Authorization: "Basic zzTopSecretBearer123456" },
    });
    expect(failing.status).toBe(503);
    expectNoSecrets([guess, TEST_PASSWORD, user.session, "zzTopSecretBearer123456"]);
  });

  it("sign-up with a failing email provider: the password, the link's token and the API key stay out", async () => {
    const emailKey = "re_Live_AbCdEf1234567890";
    const mock = mockOutbound({ "POST https://api.resend.com/emails": echoing });
    const password = `Pass-${unique("signup")}-phrase`;
    const username = unique("signup");
    const response = await call("POST", "/api/register", {
      body: { username, email: `${username}@example.com`, password },
      env: { EMAIL_API_KEY: emailKey, EMAIL_FROM: "StoryLoom <no-reply@storyloom.dev>" } as Partial<Bindings>,
    });
    expect(response.status).toBe(201);
    const sent = mock.calls.find((c) => c.url.startsWith("https://api.resend.com"))!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(sent.body)![1]!;
    expect(lines.some((l) => l.includes("verification_email_failed"))).toBe(true);
    expectNoSecrets([password, token, emailKey, `${username}@example.com`]);
  });

  it("password reset: the emailed token and the new password stay out, valid link or not", async () => {
    const user = await createUser();
    expect((await call("POST", "/api/password-reset/request", { body: { email: user.email } })).status).toBe(200);
    const outbox = await json<Array<{ to: string; text: string }>>(await call("GET", "/api/dev/outbox"));
    const mail = outbox.find((m) => m.to === user.email && m.text.includes("reset-password?token="))!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const newPassword = `New-${unique("pw")}-passphrase`;
    expect(
      (
        await call("POST", "/api/password-reset/confirm", {
          body: { token: `${token.slice(0, 42)}${token[42] === "A" ? "B" : "A"}`, password: newPassword },
        })
      ).status,
    ).toBe(400);
    expect((await call("POST", "/api/password-reset/confirm", { body: { token, password: newPassword } })).status).toBe(
      200,
    );
    expect((await call("POST", "/api/password-reset/confirm", { body: { token, password: newPassword } })).status).toBe(
      400,
    );
    expectNoSecrets([token, newPassword], false);
  });

  it("JIRA: the API token (and its Basic header) stay out when JIRA fails and echoes them back", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const apiToken = "ATATT3xFfGF0SuperSecretJiraToken0123456789";
    const basic = btoa(`pm@acme.test:${apiToken}`);
    mockOutbound({ "GET https://acme.atlassian.net": echoing });
    const response = await call("POST", "/api/validate/jira-auth", {
      cookie: user.session,
      body: { domain: "acme.atlassian.net", email: "pm@acme.test", apiToken },
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(await json(response))).not.toContain(apiToken);
    expectNoSecrets([apiToken, basic]);
  });

  it("Stripe webhook: the signing secret, the signature and the body stay out, whether the secret is set or not", async () => {
    const webhookSecret = "whsec_ReviewSecret0123456789abcdef";
    const signature = `t=${Math.floor(Date.now() / 1000)},v1=${"ab12".repeat(16)}`;
    const body = JSON.stringify({
      id: "evt_review",
      type: "invoice.paid",
      data: { object: { customer_email: "payer@example.com", marker: "RAW-BODY-MARKER" } },
    });
    const stripe: Partial<Bindings> = {
      STRIPE_SECRET_KEY: "sk_test_ReviewKey0123456789",
      STRIPE_PUBLISHABLE_KEY: "pk_test_review",
      STRIPE_PRICE_PRO: "price_pro",
      STRIPE_PRICE_ENTERPRISE: "price_enterprise",
    };
    const send = (bindings: Partial<Bindings>) =>
      call("POST", "/api/stripe/webhook", { body, headers: { "Stripe-Signature": signature }, env: bindings });
    expect((await send({ ...stripe, STRIPE_WEBHOOK_SECRET: webhookSecret })).status).toBe(400);
    // without the signing secret the call is a 503, which is logged
    expect((await send(stripe)).status).toBe(503);
    expectNoSecrets([
      webhookSecret,
      signature,
      "ab12ab12ab12",
      "RAW-BODY-MARKER",
      "payer@example.com",
      "sk_test_ReviewKey0123456789",
    ]);
  });

  it("OAuth callback: the code, the state and the client secret stay out when the provider refuses and echoes them", async () => {
    const github: Partial<Bindings> = { GITHUB_CLIENT_ID: "gh-id", GITHUB_CLIENT_SECRET: "gh-ClientSecret-0123456789" };
    const started = await call("GET", "/auth/github", { env: github });
    const state = new URL(started.headers.get("Location")!).searchParams.get("state")!;
    const cookie = started.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const code = "gh-code-VerySecret0123456789";
    mockOutbound({
      "POST https://github.com/login/oauth/access_token": (request) =>
        jsonResponse(
          {
            error: "bad_verification_code",
            error_description: `The code passed is incorrect: ${request.body} ${JSON.stringify([...request.headers])}`,
          },
          400,
        ),
    });
    const response = await call("GET", `/auth/github/callback?code=${code}&state=${state}`, { cookie, env: github });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?error=oauth");
    expect(lines.some((l) => l.includes("oauth_failed"))).toBe(true);
    expectNoSecrets([code, state, "gh-ClientSecret-0123456789", btoa("gh-id:gh-ClientSecret-0123456789")]);
  });

  it("OpenAI: the API key stays out when the provider refuses it and echoes it back", async () => {
    const user = await createUser();
    const apiKey = "sk-proj-ReviewKeyAbCdEf0123456789";
    mockOutbound({
      "POST https://api.openai.com": (request) =>
        jsonResponse(
          { error: { message: `Incorrect API key provided: ${request.headers.get("Authorization")}` } },
          401,
        ),
    });
    const response = await call("POST", "/api/generate", {
      cookie: user.session,
      body: { transcript: "Ana: We need a password reset link on the sign-in page." },
      env: { LLM_PROVIDER: "openai", OPENAI_API_KEY: apiKey } as Partial<Bindings>,
    });
    expect(response.status).toBe(503);
    expectNoSecrets([apiKey, "ReviewKeyAbCdEf"]);
  });
});

describe("Content-Security-Policy", () => {
  const NONE = "default-src 'none'; frame-ancestors 'none'";

  it("every response the Worker writes itself forbids rendering and framing: JSON, errors, redirects, downloads, a missing build file", async () => {
    const user = await createUser();
    const assets = {
      ASSETS: {
        fetch: async () => new Response("<!doctype html>", { headers: { "Content-Type": "text/html" } }),
      } as unknown as Fetcher,
    };
    const responses: Array<[string, Response]> = [
      ["GET /api/user", await call("GET", "/api/user", { cookie: user.session })],
      ["GET /api/user (401)", await call("GET", "/api/user")],
      ["GET /api/nope (404)", await call("GET", "/api/nope")],
      [
        "POST /api/projects (415)",
        await call("POST", "/api/projects", {
          cookie: user.session,
          body: "name=x",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ],
      [
        "POST /api/create-subscription (503)",
        await call("POST", "/api/create-subscription", { cookie: user.session, body: { tier: "pro" } }),
      ],
      ["GET /api/user/export-data (attachment)", await call("GET", "/api/user/export-data", { cookie: user.session })],
      ["GET /api/login (redirect)", await call("GET", "/api/login")],
      ["GET /api/verify-email (redirect)", await call("GET", "/api/verify-email?token=x")],
      [
        "GET /auth/github (redirect)",
        await call("GET", "/auth/github", { env: { GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" } }),
      ],
      [
        "GET /auth/github/callback (400)",
        await call("GET", "/auth/github/callback?code=x&state=y", {
          env: { GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" },
        }),
      ],
      ["GET /assets/missing.js (404)", await call("GET", "/assets/missing.js", { env: assets as Partial<Bindings> })],
      ["POST /assets/app.js (404)", await call("POST", "/assets/app.js", { env: assets as Partial<Bindings> })],
    ];
    const wrong = responses
      .filter(([, r]) => r.headers.get("Content-Security-Policy") !== NONE)
      .map(([name, r]) => `${name}: ${r.headers.get("Content-Security-Policy")}`);
    expect(wrong).toEqual([]);
    for (const [, response] of responses) await response.body?.cancel();
  });

  it("the SPA's policy (web/public/_headers) allows only our origin, plus Stripe.js, its frames and its API where Stripe needs them", async () => {
    const headers = (await import("../../web/public/_headers?raw")).default as string;
    const line = headers.split("\n").find((l) => l.trim().startsWith("Content-Security-Policy:"))!;
    const directives = Object.fromEntries(
      line
        .trim()
        .slice("Content-Security-Policy:".length)
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name!, values]),
    );
    expect(directives).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'", "https://js.stripe.com", "https://*.js.stripe.com"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:", "blob:"],
      "font-src": ["'self'", "data:"],
      "connect-src": ["'self'", "https://api.stripe.com"],
      "frame-src": ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
      "frame-ancestors": ["'none'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
    });
  });
});
