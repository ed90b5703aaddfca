// Fault grid: OAuth providers (arctic; here GitHub) × the seven faults, at the token endpoint and at the userinfo
// endpoints, through the real callback GET /auth/github/callback. The designed answer to a provider failure is not
// an error page but a redirect back to the sign-in screen (/auth?error=oauth), which explains; what must never
// happen is a 500, a user or identity created, or a session cookie set.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../bindings";
import { SESSION_COOKIE } from "../../services/auth/sessions";
import { call } from "../../test/client";
import { jsonResponse, mockOutbound } from "../../test/outbound";
import { captureLogs, compressTime, expectLogsWithout, FAULT_ROWS, type Fault } from "./faults";

const CLIENT_SECRET = "gh-secret-faultgrid-0123456789";
const GITHUB: Partial<Bindings> = { GITHUB_CLIENT_ID: "gh-id", GITHUB_CLIENT_SECRET: CLIENT_SECRET };
const TOKEN = "POST https://github.com/login/oauth/access_token";
const USERINFO = "GET https://api.github.com/user";
const PROVIDER_USER_ID = 987_654;

interface Step {
  name: string;
  route: string;
  /** Calls the faulty endpoint may get: arctic does not retry; the profile and emails are read at once. */
  maxCalls: number;
}
const STEPS: Step[] = [
  { name: "the token endpoint", route: TOKEN, maxCalls: 1 },
  { name: "the userinfo endpoints", route: USERINFO, maxCalls: 2 },
];

const healthy = {
  [TOKEN]: () =>
    jsonResponse({ access_token: "gh-access-faultgrid", token_type: "bearer", scope: "read:user,user:email" }),
  [`${USERINFO}/emails`]: () => jsonResponse([{ email: "octo-faultgrid@example.com", primary: true, verified: true }]),
  [USERINFO]: () => jsonResponse({ id: PROVIDER_USER_ID, login: "octo", name: "Octo Cat" }),
};

async function signInWith(fault: Fault, step: Step) {
  compressTime();
  const logs = captureLogs();
  const start = await call("GET", "/auth/github", { env: GITHUB });
  const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
  // The faulty route first (mockOutbound takes the first match; for userinfo it covers /user and /user/emails).
  const routes: Parameters<typeof mockOutbound>[0] = { [step.route]: fault.handler };
  for (const [route, handler] of Object.entries(healthy)) if (!(route in routes)) routes[route] = handler;
  const { calls } = mockOutbound(routes);
  const response = await call("GET", `/auth/github/callback?code=abc&state=${state}`, {
    env: GITHUB,
    cookie: `sl_oauth_state=${state}`,
  });
  const identities = (await env.DB.prepare(
    "SELECT count(*) AS n FROM oauth_accounts WHERE provider = 'github' AND provider_user_id = ?",
  )
    .bind(String(PROVIDER_USER_ID))
    .first<{ n: number }>())!.n;
  const users = (await env.DB.prepare(
    "SELECT count(*) AS n FROM users WHERE email = 'octo-faultgrid@example.com'",
  ).first<{ n: number }>())!.n;
  const faulty = calls.filter((c) => `${c.method} ${c.url}`.startsWith(step.route)).length;
  return { response, logs, identities, users, faulty };
}

describe.each(STEPS)("fault grid: OAuth (GitHub) × sign-in, at $name", (step) => {
  it.each(FAULT_ROWS)(
    "%s: back to /auth?error=oauth, no user, identity or session, calls bounded",
    async (_name, fault) => {
      const { response, logs, identities, users, faulty } = await signInWith(fault, step);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/auth?error=oauth");
      expect(
        response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0/.test(c)),
      ).toBe(false);
      expect(identities).toBe(0);
      expect(users).toBe(0);
      expect(faulty).toBeGreaterThanOrEqual(1);
      expect(faulty).toBeLessThanOrEqual(step.maxCalls);
      expectLogsWithout(logs, [CLIENT_SECRET, "gh-access-faultgrid"]);
      expect(logs.lines().filter((line) => line.includes('"oauth_failed"'))).toHaveLength(1);
    },
  );
});
