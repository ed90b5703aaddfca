/**
 * The rate-limit algorithm, as pure functions over one key's state: a fixed-window counter that blocks the key for
 * `blockMs` once `limit` hits land inside one window. The RateLimiter Durable Object stores this state per key; the
 * in-memory fake runs the same functions, so tests with the fake see the production rules.
 */
export interface LimitRule {
  limit: number;
  windowMs: number;
  /** How long the key stays blocked once the limit is reached; defaults to the rest of the window. */
  blockMs?: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Milliseconds until the key is usable again; 0 when allowed. */
  retryAfterMs: number;
  remaining: number;
}

export interface CounterState {
  count: number;
  windowStart: number;
  blockedUntil: number;
}

/** Whether the key is blocked right now, without counting anything. */
export function limitStatus(state: CounterState | undefined, now: number): LimitResult {
  if (state && state.blockedUntil > now)
    return { allowed: false, retryAfterMs: state.blockedUntil - now, remaining: 0 };
  return { allowed: true, retryAfterMs: 0, remaining: -1 };
}

/**
 * Counts one hit. The hit that reaches the limit is still allowed; the key is blocked after it.
 * Returns the state to store (undefined: nothing changed) and when it may be forgotten.
 */
export function countHit(
  stored: CounterState | undefined,
  rule: LimitRule,
  now: number,
): { result: LimitResult; state?: CounterState; expiresAt?: number } {
  const expired = !stored || (stored.blockedUntil <= now && now - stored.windowStart >= rule.windowMs);
  const state = expired ? { count: 0, windowStart: now, blockedUntil: 0 } : { ...stored };
  if (state.blockedUntil > now)
    return { result: { allowed: false, retryAfterMs: state.blockedUntil - now, remaining: 0 } };
  state.count += 1;
  if (state.count >= rule.limit) state.blockedUntil = now + (rule.blockMs ?? state.windowStart + rule.windowMs - now);
  return {
    result: { allowed: true, retryAfterMs: 0, remaining: Math.max(0, rule.limit - state.count) },
    state,
    expiresAt: Math.max(state.blockedUntil, state.windowStart + rule.windowMs),
  };
}
