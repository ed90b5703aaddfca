import { DurableObject } from "cloudflare:workers";
import {
  attemptStateExpiresAt,
  attemptSucceeded,
  reserveAttempt,
  type AttemptPolicy,
  type AttemptResult,
  type AttemptState,
} from "../adapters/rate-limit/attempts";
import { countHit, limitStatus, type CounterState, type LimitResult, type LimitRule } from "../adapters/rate-limit/fixed-window";

const STATE_KEY = "state";
const ATTEMPTS_KEY = "attempts";
const ATTEMPTS_EXPIRE_KEY = "attempts-expire";

/**
 * One instance per key (e.g. `generate:user:7`, `login:account:12`), running the fixed-window rules of
 * adapters/rate-limit/fixed-window.ts or the sign-in attempt rules of adapters/rate-limit/attempts.ts. A Durable
 * Object handles one call at a time, so each check-and-count is atomic. Storage is cleared by an alarm when the
 * window, block or trust period ends, so idle keys leave nothing behind.
 */
export class RateLimiter extends DurableObject {
  async status(): Promise<LimitResult> {
    return limitStatus(await this.ctx.storage.get<CounterState>(STATE_KEY), Date.now());
  }

  async consume(rule: LimitRule): Promise<LimitResult> {
    const { result, state, expiresAt } = countHit(await this.ctx.storage.get<CounterState>(STATE_KEY), rule, Date.now());
    if (state && expiresAt !== undefined) {
      await this.ctx.storage.put(STATE_KEY, state);
      await this.ctx.storage.setAlarm(expiresAt);
    }
    return result;
  }

  async reserveAttempt(policy: AttemptPolicy, address: string): Promise<AttemptResult> {
    const { result, state } = reserveAttempt(await this.ctx.storage.get<AttemptState>(ATTEMPTS_KEY), policy, address, Date.now());
    if (result.allowed) await this.saveAttempts(state, policy);
    return result;
  }

  async attemptSucceeded(policy: AttemptPolicy, address: string): Promise<void> {
    const state = attemptSucceeded(await this.ctx.storage.get<AttemptState>(ATTEMPTS_KEY), policy, address, Date.now());
    await this.saveAttempts(state, policy);
  }

  private async saveAttempts(state: AttemptState, policy: AttemptPolicy): Promise<void> {
    const expiresAt = attemptStateExpiresAt(state, policy);
    await this.ctx.storage.put({ [ATTEMPTS_KEY]: state, [ATTEMPTS_EXPIRE_KEY]: expiresAt });
    await this.ctx.storage.setAlarm(expiresAt);
  }

  async reset(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const state = await this.ctx.storage.get<CounterState>(STATE_KEY);
    const attemptsExpire = await this.ctx.storage.get<number>(ATTEMPTS_EXPIRE_KEY);
    const keepUntil = Math.max(state?.blockedUntil ?? 0, attemptsExpire ?? 0);
    if (keepUntil > now) {
      await this.ctx.storage.setAlarm(keepUntil);
      return;
    }
    await this.ctx.storage.deleteAll();
  }
}
