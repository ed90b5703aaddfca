import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "./password";

// The deployed Workers runtime rejects PBKDF2 above 100,000 iterations; local workerd does not, so only this pin
// stops a change that would break every sign-in in production.
const WORKERS_PBKDF2_MAX_ITERATIONS = 100_000;

describe("password hashing", () => {
  it("uses at most the Workers runtime's PBKDF2 maximum, and no less", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(WORKERS_PBKDF2_MAX_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it("writes a self-describing hash that verifies with the same pepper only", async () => {
    const hash = await hashPassword("a long passphrase", "pepper-1");
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect((await verifyPassword("a long passphrase", hash, "pepper-1")).valid).toBe(true);
    expect((await verifyPassword("a long passphrase", hash, "pepper-2")).valid).toBe(false);
    expect((await verifyPassword("another passphrase", hash, "pepper-1")).valid).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same", "p")).not.toBe(await hashPassword("same", "p"));
  });

  it("flags older parameters for rehash and refuses more iterations than the runtime allows", async () => {
    const current = await hashPassword("pw-for-rehash", "p");
    const [, , salt, hash] = current.split("$");
    expect((await verifyPassword("pw-for-rehash", `pbkdf2-sha256$200000$${salt}$${hash}`, "p")).valid).toBe(false);
    expect((await verifyPassword("pw", "garbage", "p")).valid).toBe(false);
  });
});
