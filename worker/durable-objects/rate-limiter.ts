import { DurableObject } from "cloudflare:workers";
import {
  attemptStateExpiresAt,
  attemptSucceeded,
  reserveAttempt,
  trustAddress,
  type AttemptPolicy,
  type AttemptResult,
  type AttemptState,
} from "../adapters/rate-limit/attempts";
import type { RateLimiterObject } from "../adapters/rate-limit/durable-object";
import {
  countHit,
  limitStatus,
  type CounterState,
  type LimitResult,
  type LimitRule,
} from "../adapters/rate-limit/fixed-window";
import { issuePass, spendPass, type NewPass, type PassResult, type PassState } from "../adapters/rate-limit/passes";

const STATE_KEY = "state";
const ATTEMPTS_KEY = "attempts";
const ATTEMPTS_EXPIRE_KEY = "attempts-expire";
const PASS_KEY = "pass";

/**
 * One instance per key (e.g. `generate:user:7`, `login:account:12`), running the fixed-window rules of
 * adapters/rate-limit/fixed-window.ts, the sign-in attempt rules of adapters/rate-limit/attempts.ts, or a pass of
 * adapters/rate-limit/passes.ts (keyed by its secret's hash, e.g. `sign-in-link:{sha256}`). A Durable
 * Object handles one call at a time, so each check-and-count is atomic. Storage is cleared by an alarm when the
 * window, block or trust period ends, so idle keys leave nothing behind.
 */
export class RateLimiter extends DurableObject implements RateLimiterObject {
  async status(): Promise<LimitResult> {
    return limitStatus(await this.ctx.storage.get<CounterState>(STATE_KEY), Date.now());
  }

  async consume(rule: LimitRule): Promise<LimitResult> {
    const { result, state, expiresAt } = countHit(
      await this.ctx.storage.get<CounterState>(STATE_KEY),
      rule,
      Date.now(),
    );
    if (state && expiresAt !== undefined) {
      await this.ctx.storage.put(STATE_KEY, state);
      await this.ctx.storage.setAlarm(expiresAt);
    }
    return result;
  }

  async reserveAttempt(policy: AttemptPolicy, address: string): Promise<AttemptResult> {
    const { result, state } = reserveAttempt(
      await this.ctx.storage.get<AttemptState>(ATTEMPTS_KEY),
      policy,
      address,
      Date.now(),
    );
    if (result.allowed) await this.saveAttempts(state, policy);
    return result;
  }

  async attemptSucceeded(policy: AttemptPolicy, address: string): Promise<void> {
    const state = attemptSucceeded(await this.ctx.storage.get<AttemptState>(ATTEMPTS_KEY), policy, address, Date.now());
    await this.saveAttempts(state, policy);
  }

  async trustAddress(policy: AttemptPolicy, address: string): Promise<void> {
    const state = trustAddress(await this.ctx.storage.get<AttemptState>(ATTEMPTS_KEY), policy, address, Date.now());
    await this.saveAttempts(state, policy);
  }

  async issuePass(pass: NewPass): Promise<void> {
    const state = issuePass(pass, Date.now());
    await this.ctx.storage.put(PASS_KEY, state);
    await this.ctx.storage.setAlarm(state.keepUntil);
  }

  async spendPass(forUserId?: number): Promise<PassResult> {
    const { result, state } = spendPass(await this.ctx.storage.get<PassState>(PASS_KEY), forUserId, Date.now());
    if (state) await this.ctx.storage.put(PASS_KEY, state);
    return result;
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
    const pass = await this.ctx.storage.get<PassState>(PASS_KEY);
    const keepUntil = Math.max(state?.blockedUntil ?? 0, attemptsExpire ?? 0, pass?.keepUntil ?? 0);
    if (keepUntil > now) {
      await this.ctx.storage.setAlarm(keepUntil);
      return;
    }
    await this.ctx.storage.deleteAll();
  }
}
