import { DurableObject } from "cloudflare:workers";

/**
 * One instance per key (e.g. `login:account:alice`, `login:ip:203.0.113.9`). A fixed-window counter that blocks the
 * key for `blockMs` once `limit` hits land inside one window. Storage is cleared by an alarm when the window or
 * block ends, so idle keys leave nothing behind.
 */
interface CounterState {
  count: number;
  windowStart: number;
  blockedUntil: number;
}

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

const STATE_KEY = "state";

export class RateLimiter extends DurableObject {
  private async read(now: number, windowMs: number): Promise<CounterState> {
    const state = await this.ctx.storage.get<CounterState>(STATE_KEY);
    if (!state) return { count: 0, windowStart: now, blockedUntil: 0 };
    if (state.blockedUntil <= now && now - state.windowStart >= windowMs) {
      return { count: 0, windowStart: now, blockedUntil: 0 };
    }
    return state;
  }

  private async write(state: CounterState, windowMs: number): Promise<void> {
    await this.ctx.storage.put(STATE_KEY, state);
    await this.ctx.storage.setAlarm(Math.max(state.blockedUntil, state.windowStart + windowMs));
  }

  /** Whether the key is blocked right now, without counting anything. */
  async status(): Promise<LimitResult> {
    const now = Date.now();
    const state = await this.ctx.storage.get<CounterState>(STATE_KEY);
    if (state && state.blockedUntil > now) {
      return { allowed: false, retryAfterMs: state.blockedUntil - now, remaining: 0 };
    }
    return { allowed: true, retryAfterMs: 0, remaining: -1 };
  }

  /** Counts one hit. The hit that reaches the limit is still allowed; the key is blocked after it. */
  async consume(rule: LimitRule): Promise<LimitResult> {
    const now = Date.now();
    const state = await this.read(now, rule.windowMs);
    if (state.blockedUntil > now) {
      return { allowed: false, retryAfterMs: state.blockedUntil - now, remaining: 0 };
    }
    state.count += 1;
    if (state.count >= rule.limit) {
      state.blockedUntil = now + (rule.blockMs ?? state.windowStart + rule.windowMs - now);
    }
    await this.write(state, rule.windowMs);
    return { allowed: true, retryAfterMs: 0, remaining: Math.max(0, rule.limit - state.count) };
  }

  async reset(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    const state = await this.ctx.storage.get<CounterState>(STATE_KEY);
    if (state && state.blockedUntil > Date.now()) {
      await this.ctx.storage.setAlarm(state.blockedUntil);
      return;
    }
    await this.ctx.storage.deleteAll();
  }
}
