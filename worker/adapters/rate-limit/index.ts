import type { LimitResult, LimitRule } from "./fixed-window";

export type { LimitResult, LimitRule } from "./fixed-window";

/** Counters shared by every isolate: one per key (`login:account:alice`, `generate:user:7`). */
export interface RateLimits {
  consume(key: string, rule: LimitRule): Promise<LimitResult>;
  status(key: string): Promise<LimitResult>;
  reset(key: string): Promise<void>;
}
