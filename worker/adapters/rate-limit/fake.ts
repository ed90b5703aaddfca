import { attemptSucceeded, reserveAttempt, trustAddress, type AttemptState } from "./attempts";
import { countHit, limitStatus, type CounterState } from "./fixed-window";
import type { RateLimits } from "./index";
import { issuePass, spendPass, type PassState } from "./passes";

/** Tests: the same fixed-window rules in memory, on the test's clock. `keys()` shows what was counted. */
export function createFakeRateLimits(now: () => number = Date.now): RateLimits & { keys(): string[] } {
  const counters = new Map<string, CounterState>();
  const attempts = new Map<string, AttemptState>();
  const passes = new Map<string, PassState>();
  return {
    async consume(key, rule) {
      const { result, state } = countHit(counters.get(key), rule, now());
      if (state) counters.set(key, state);
      return result;
    },
    async status(key) {
      return limitStatus(counters.get(key), now());
    },
    async reset(key) {
      counters.delete(key);
      attempts.delete(key);
      passes.delete(key);
    },
    async reserveAttempt(key, policy, address) {
      const { result, state } = reserveAttempt(attempts.get(key), policy, address, now());
      if (result.allowed) attempts.set(key, state);
      return result;
    },
    async attemptSucceeded(key, policy, address) {
      attempts.set(key, attemptSucceeded(attempts.get(key), policy, address, now()));
    },
    async trustAddress(key, policy, address) {
      attempts.set(key, trustAddress(attempts.get(key), policy, address, now()));
    },
    async issuePass(key, pass) {
      passes.set(key, issuePass(pass, now()));
    },
    async spendPass(key, forUserId) {
      const { result, state } = spendPass(passes.get(key), forUserId, now());
      if (state) passes.set(key, state);
      return result;
    },
    keys: () => [...new Set([...counters.keys(), ...attempts.keys(), ...passes.keys()])],
  };
}
