import type { AttemptPolicy, AttemptResult } from "./attempts";
import type { LimitResult, LimitRule } from "./fixed-window";

export type { AttemptPolicy, AttemptResult } from "./attempts";
export type { LimitResult, LimitRule } from "./fixed-window";

/** Counters shared by every isolate: one per key (`login:account:alice`, `generate:user:7`). */
export interface RateLimits {
  consume(key: string, rule: LimitRule): Promise<LimitResult>;
  status(key: string): Promise<LimitResult>;
  reset(key: string): Promise<void>;
  /** Sign-in attempts (attempts.ts): reserve before checking a password, report a success after. */
  reserveAttempt(key: string, policy: AttemptPolicy, address: string): Promise<AttemptResult>;
  attemptSucceeded(key: string, policy: AttemptPolicy, address: string): Promise<void>;
}
