// Fault grid: the email API (adapters/email/http.ts, a Resend-compatible POST) × the seven faults, through sign-up
// (POST /api/register), whose verification email is sent after the answer (waitUntil). The design: the account and
// its verification token are saved before sending; a failed send is logged, never retried blindly, and the person
// asks for another link ("Resend verification"). So a fault must not change the answer, lose the account or token,
// or leak the key; and the resend works once the provider is back.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../bindings";
import { call, unique } from "../../test/client";
import { TEST_PASSWORD } from "../../test/factories";
import { jsonResponse, mockOutbound } from "../../test/outbound";
import { captureLogs, compressTime, expectLogsWithout, FAULT_ROWS, type Fault, type FaultName } from "./faults";

const API_URL = "https://mail.example/emails";
const API_KEY = "re_faultgrid_0123456789abcdef";
const EMAIL: Partial<Bindings> = {
  EMAIL_API_KEY: API_KEY,
  EMAIL_API_URL: API_URL,
  EMAIL_FROM: "StoryLoom <hello@storyloom.example>",
};

/** A 2xx is the provider accepting the message; its body is not read, so a garbage or odd 200 still counts as sent. */
const accepted = (fault: FaultName) => fault === "garbage body" || fault === "wrong shape";

let address = 0;
async function signUpWith(fault: Fault) {
  compressTime();
  const logs = captureLogs();
  const username = unique("mail");
  const email = `${username.toLowerCase()}@example.com`;
  const ip = `203.0.113.${(address += 1)}`;
  const { calls } = mockOutbound({ [`POST ${API_URL}`]: fault.handler });
  // call() waits for everything handed to waitUntil, so the send has failed (or not) by now.
  const response = await call("POST", "/api/register", {
    body: { username, email, password: TEST_PASSWORD },
    env: EMAIL,
    ip,
  });
  const user = await env.DB.prepare("SELECT id, email_verified FROM users WHERE username = ?")
    .bind(username)
    .first<{ id: number; email_verified: number }>();
  const tokens = user
    ? (await env.DB.prepare("SELECT count(*) AS n FROM email_verification_tokens WHERE user_id = ? AND used_at IS NULL")
        .bind(user.id)
        .first<{ n: number }>())!.n
    : 0;
  const resend = async () => {
    vi.restoreAllMocks();
    const healthy = mockOutbound({ [`POST ${API_URL}`]: () => jsonResponse({ id: "email_1" }) });
    const again = await call("POST", "/api/resend-verification", { body: { email }, env: EMAIL, ip });
    return { again, sent: healthy.calls };
  };
  return { response, calls, logs, user, tokens, email, resend };
}

describe("fault grid: email × sign-up's verification email", () => {
  it.each(FAULT_ROWS)(
    "%s: sign-up answers 201 as usual, the account and token are kept, one try, a resend works",
    async (name, fault) => {
      const { response, calls, logs, user, tokens, email, resend } = await signUpWith(fault);
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ emailVerificationRequired: true, email });
      expect(user).toMatchObject({ email_verified: 0 });
      expect(tokens).toBe(1);
      // Bounded: one send, no retries (a retried send could deliver twice).
      expect(calls).toHaveLength(1);
      expectLogsWithout(logs, [API_KEY, email]);
      const failed = logs.lines().filter((line) => line.includes('"verification_email_failed"'));
      expect(failed).toHaveLength(accepted(name) ? 0 : 1);

      const { again, sent } = await resend();
      expect(again.status).toBe(200);
      expect(sent).toHaveLength(1);
      expect(JSON.parse(sent[0]!.body)).toMatchObject({ to: [email], subject: expect.any(String) });
    },
  );
});
