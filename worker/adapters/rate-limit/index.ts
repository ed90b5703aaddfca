import type { AttemptPolicy, AttemptResult } from "./attempts";
import type { LimitResult, LimitRule } from "./fixed-window";
import type { NewPass, PassResult } from "./passes";

export type { AttemptPolicy, AttemptResult } from "./attempts";
export type { LimitResult, LimitRule } from "./fixed-window";
export type { NewPass, PassOutcome, PassResult } from "./passes";

/** Counters shared by every isolate: one per key (`login:account:alice`, `generate:user:7`). */
export interface RateLimits {
  consume(key: string, rule: LimitRule): Promise<LimitResult>;
  status(key: string): Promise<LimitResult>;
  reset(key: string): Promise<void>;
  /** Sign-in attempts (attempts.ts): reserve before checking a password, report a success after. */
  reserveAttempt(key: string, policy: AttemptPolicy, address: string): Promise<AttemptResult>;
  attemptSucceeded(key: string, policy: AttemptPolicy, address: string): Promise<void>;
  /** The address signed in without a reservation (a sign-in pass): it becomes trusted, no count changes. */
  trustAddress(key: string, policy: AttemptPolicy, address: string): Promise<void>;
  /** Passes (passes.ts): a few uses for one account until a deadline, e.g. the emailed sign-in link. */
  issuePass(key: string, pass: NewPass): Promise<void>;
  spendPass(key: string, forUserId?: number): Promise<PassResult>;
}
