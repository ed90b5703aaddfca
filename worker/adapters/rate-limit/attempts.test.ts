import { describe, expect, it } from "vitest";
import { LOGIN_POLICIES } from "../../services/rate-limit";
import { testClock } from "../../test/deps";
import { createFakeRateLimits } from "./fake";

// The sign-in attempt rules with the production policies, through the in-memory fake on a test clock (the Durable
// Object runs the same functions; the login route tests exercise it end to end).
const { account, address } = LOGIN_POLICIES;

function setup() {
  const clock = testClock();
  const limits = createFakeRateLimits(clock.now);
  const attempt = (from = "attacker") => limits.reserveAttempt("login:account:1", account, from);
  return { clock, limits, attempt };
}

describe("sign-in attempts for an account", () => {
  it("allows 5 failures at once, then makes each next one wait 2, 4, 8, 16, 32 s, then blocks for 15 minutes", async () => {
    const { clock, attempt } = setup();
    for (let i = 0; i < 5; i++) expect((await attempt()).allowed).toBe(true);
    for (const delayMs of [2_000, 4_000, 8_000, 16_000, 32_000]) {
      expect(await attempt()).toEqual({ allowed: false, retryAfterMs: delayMs, trusted: false });
      clock.advance(delayMs - 1);
      expect((await attempt()).allowed).toBe(false);
      clock.advance(1);
      expect((await attempt()).allowed).toBe(true);
    }
    // The 10th failure blocked the account.
    expect(await attempt()).toEqual({ allowed: false, retryAfterMs: 15 * 60_000, trusted: false });
    clock.advance(15 * 60_000);
    expect((await attempt()).allowed).toBe(true);
  });

  it("gives a successful attempt back and lifts a block that attempt caused", async () => {
    const { limits, attempt } = setup();
    for (let i = 0; i < 5; i++) await attempt();
    await limits.attemptSucceeded("login:account:1", account, "attacker");
    expect((await attempt()).allowed).toBe(true);
  });

  it("lets an address that signed in within 30 days through a block, with an allowance of its own", async () => {
    const { clock, limits, attempt } = setup();
    expect((await attempt("home")).allowed).toBe(true);
    await limits.attemptSucceeded("login:account:1", account, "home");
    clock.advance(60_000);
    for (let i = 0; i < 5; i++) await attempt();
    expect((await attempt()).allowed).toBe(false);
    // The owner's usual address is not slowed down or blocked by the attack…
    for (let i = 0; i < 10; i++) expect((await attempt("home")).allowed).toBe(true);
    // …but cannot guess forever either.
    expect((await attempt("home")).allowed).toBe(false);
  });

  it("forgets a trusted address after 30 days", async () => {
    const { clock, limits, attempt } = setup();
    await attempt("home");
    await limits.attemptSucceeded("login:account:1", account, "home");
    clock.advance(30 * 24 * 60 * 60_000);
    for (let i = 0; i < 5; i++) await attempt();
    expect((await attempt("home")).allowed).toBe(false);
  });
});

describe("sign-in attempts from an address", () => {
  it("allows 100 failures in 10 minutes (an office behind one address), then blocks the address for 10 minutes", async () => {
    const clock = testClock();
    const limits = createFakeRateLimits(clock.now);
    const attempt = () => limits.reserveAttempt("login:address:192.0.2.1", address, "x");
    for (let i = 0; i < 100; i++) expect((await attempt()).allowed).toBe(true);
    expect(await attempt()).toEqual({ allowed: false, retryAfterMs: 10 * 60_000, trusted: false });
  });
});
