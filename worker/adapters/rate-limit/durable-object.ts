import type { RateLimits } from "./index";

/** `(key, ...rest) => R` as `(...rest) => R`: the key picks the object, which takes the rest. */
type ForOneKey<F> = F extends (key: string, ...rest: infer A) => infer R ? (...rest: A) => R : never;

/**
 * What the RateLimiter Durable Object (durable-objects/rate-limiter.ts) answers: RateLimits for one key. The class
 * implements it, so the stub is typed without this folder importing the Durable Object (which imports adapters).
 */
export type RateLimiterObject = Rpc.DurableObjectBranded & { [K in keyof RateLimits]: ForOneKey<RateLimits[K]> };

/** Production and `wrangler dev`: one RateLimiter Durable Object per key, so every isolate sees the same count. */
export function createDurableObjectRateLimits(namespace: DurableObjectNamespace<RateLimiterObject>): RateLimits {
  const stub = (key: string) => namespace.get(namespace.idFromName(key));
  return {
    consume: (key, rule) => stub(key).consume(rule),
    status: (key) => stub(key).status(),
    reset: (key) => stub(key).reset(),
    reserveAttempt: (key, policy, address) => stub(key).reserveAttempt(policy, address),
    attemptSucceeded: (key, policy, address) => stub(key).attemptSucceeded(policy, address),
    trustAddress: (key, policy, address) => stub(key).trustAddress(policy, address),
    issuePass: (key, pass) => stub(key).issuePass(pass),
    spendPass: (key, forUserId) => stub(key).spendPass(forUserId),
  };
}
