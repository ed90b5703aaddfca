import { describe, expect, it } from "vitest";
import { testClock } from "../../test/deps";
import { createFakeRateLimits } from "./fake";

// The fixed-window rules, through the in-memory fake (the Durable Object runs the same functions; the login tests
// exercise it end to end).
const RULE = { limit: 3, windowMs: 60_000, blockMs: 5 * 60_000 };

describe("fixed-window rate limits", () => {
  it("allows the hit that reaches the limit, then blocks the key for blockMs with the time left", async () => {
    const clock = testClock();
    const limits = createFakeRateLimits(clock.now);
    expect((await limits.consume("k", RULE)).remaining).toBe(2);
    await limits.consume("k", RULE);
    expect(await limits.consume("k", RULE)).toEqual({ allowed: true, retryAfterMs: 0, remaining: 0 });
    clock.advance(1_000);
    expect(await limits.consume("k", RULE)).toEqual({ allowed: false, retryAfterMs: 299_000, remaining: 0 });
    expect((await limits.status("k")).allowed).toBe(false);
    expect((await limits.status("another key")).allowed).toBe(true);
    clock.advance(299_000);
    expect((await limits.consume("k", RULE)).allowed).toBe(true);
  });

  it("starts a new window once the old one has passed, and blocks for the rest of the window without blockMs", async () => {
    const clock = testClock();
    const limits = createFakeRateLimits(clock.now);
    const rule = { limit: 2, windowMs: 60_000 };
    await limits.consume("k", rule);
    clock.advance(61_000);
    expect((await limits.consume("k", rule)).remaining).toBe(1);
    clock.advance(10_000);
    await limits.consume("k", rule);
    expect(await limits.consume("k", rule)).toMatchObject({ allowed: false, retryAfterMs: 50_000 });
  });

  it("forgets a key on reset", async () => {
    const limits = createFakeRateLimits(testClock().now);
    for (let i = 0; i < 3; i++) await limits.consume("k", RULE);
    await limits.reset("k");
    expect((await limits.status("k")).allowed).toBe(true);
    expect(limits.keys()).toEqual([]);
  });
});
