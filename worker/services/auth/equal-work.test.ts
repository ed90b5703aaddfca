import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RateLimits } from "../../adapters/rate-limit";
import { createFakeRateLimits } from "../../adapters/rate-limit/fake";
import { createDb } from "../../data/db";
import { countStatements } from "../../data/query-counter";
import { unique } from "../../test/client";
import { buildTestDeps, type TestDeps } from "../../test/deps";
import { countRows, createUser } from "../../test/factories";
import { resendVerification } from "./accounts";
import { requestPasswordReset } from "./passwords";
import { requestSignInLink } from "./sign-in-link";

// Issue 39, finding 4 (existence by response time): a password reset asked for an existing account answered in 49 ms
// and for an unknown address in 28 ms; a sign-in link 54 ms against 30 ms. The calls that answer alike whether or
// not an account exists must also work alike until they answer: the same SQL statements and the same rate-limit
// calls on the request path, and everything that depends on the account (its own limit, the token, the mail) after
// the response. Here each call runs with its background work held back, so what it did before answering is counted
// apart from what it does after. scripts/probe-security.ts measures the times against `npm run dev`.

interface Run {
  /** SQL statements prepared and rate-limit calls made before the call answered ("consume:password-reset:address"). */
  beforeAnswer: { statements: number; limits: string[] };
  mailsBeforeAnswer: number;
  /** Lets the background work run and waits for it. */
  finish: () => Promise<void>;
  deps: TestDeps;
}

/** The kind of each rate-limit call and its key without the ids or addresses in it. */
const shape = (method: string, key: unknown) => `${method}:${String(key).replace(/:[^:]*$/, "")}`;

async function run(call: (deps: TestDeps) => Promise<void>): Promise<Run> {
  const counted = countStatements(env.DB);
  const calls: string[] = [];
  const fake = createFakeRateLimits(Date.now);
  const limits = new Proxy(fake, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.push(shape(String(property), args[0]));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as RateLimits;
  const held: Array<Promise<unknown>> = [];
  const deps = buildTestDeps({
    now: Date.now,
    db: createDb(counted.db),
    limits: limits as TestDeps["limits"],
    waitUntil: (work) => void held.push(work),
  });
  await call(deps);
  // Background work starts only after the answer (a timer), so nothing of it has run yet.
  const beforeAnswer = { statements: counted.count(), limits: [...calls] };
  const mailsBeforeAnswer = deps.email.sent.length;
  return {
    beforeAnswer,
    mailsBeforeAnswer,
    deps,
    finish: async () => {
      await Promise.all(held);
    },
  };
}

let address = 0;
const ip = () => `198.18.39.${++address}`;

describe("calls that answer alike whether or not the account exists do the same work before answering", () => {
  it("password reset: one lookup and the address's limit either way; the account's limit, token and mail after", async () => {
    const owner = await createUser();
    const known = await run((deps) => requestPasswordReset(deps, owner.email!, ip()));
    const unknown = await run((deps) => requestPasswordReset(deps, `${unique("nobody")}@example.com`, ip()));

    expect(known.beforeAnswer).toEqual(unknown.beforeAnswer);
    expect(known.beforeAnswer).toEqual({ statements: 1, limits: ["consume:password-reset:address"] });
    expect(known.mailsBeforeAnswer).toBe(0);
    expect(await countRows("password_reset_tokens", "user_id = ?", owner.id)).toBe(0);

    await Promise.all([known.finish(), unknown.finish()]);
    expect(await countRows("password_reset_tokens", "user_id = ?", owner.id)).toBe(1);
    expect(known.deps.email.sent.map((m) => m.to)).toEqual([owner.email]);
    expect(unknown.deps.email.sent).toHaveLength(0);
  });

  it("sign-in link: one lookup and the address's limit either way, by username or by address", async () => {
    const owner = await createUser();
    for (const [known, nobody] of [
      [owner.username, unique("nobody")],
      [owner.email!, `${unique("nobody")}@example.com`],
    ] as const) {
      const found = await run((deps) => requestSignInLink(deps, known, ip()));
      const missing = await run((deps) => requestSignInLink(deps, nobody, ip()));
      expect(found.beforeAnswer).toEqual(missing.beforeAnswer);
      expect(found.beforeAnswer).toEqual({ statements: 1, limits: ["consume:sign-in-link:address"] });
      expect(found.mailsBeforeAnswer).toBe(0);
      await Promise.all([found.finish(), missing.finish()]);
      expect(found.deps.email.sent.map((m) => m.subject)).toEqual(["Your StoryLoom sign-in link"]);
      expect(missing.deps.email.sent).toHaveLength(0);
    }
  });

  it("resending verification: one lookup and the address's limit, whether sign-ups wait for the address or none does", async () => {
    const pending = await createUser({ emailVerified: false });
    const waiting = await run((deps) => resendVerification(deps, pending.email!, ip()));
    const none = await run((deps) => resendVerification(deps, `${unique("nobody")}@example.com`, ip()));
    expect(waiting.beforeAnswer).toEqual(none.beforeAnswer);
    expect(waiting.beforeAnswer).toEqual({ statements: 1, limits: ["consume:verify-email:address"] });
    expect(await countRows("email_verification_tokens", "user_id = ?", pending.id)).toBe(0);
    await Promise.all([waiting.finish(), none.finish()]);
    expect(await countRows("email_verification_tokens", "user_id = ?", pending.id)).toBe(1);
    expect(waiting.deps.email.sent.map((m) => m.to)).toEqual([pending.email]);
    expect(none.deps.email.sent).toHaveLength(0);
  });
});
