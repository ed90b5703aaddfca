import type { RateLimiter } from "../../durable-objects/rate-limiter";
import type { RateLimits } from "./index";

/** Production and `wrangler dev`: one RateLimiter Durable Object per key, so every isolate sees the same count. */
export function createDurableObjectRateLimits(namespace: DurableObjectNamespace<RateLimiter>): RateLimits {
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
