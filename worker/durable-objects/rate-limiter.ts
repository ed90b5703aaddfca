import { DurableObject } from "cloudflare:workers";
import { countHit, limitStatus, type CounterState, type LimitResult, type LimitRule } from "../adapters/rate-limit/fixed-window";

const STATE_KEY = "state";

/**
 * One instance per key (e.g. `login:account:alice`, `login:ip:203.0.113.9`), running the fixed-window rules of
 * adapters/rate-limit/fixed-window.ts. Storage is cleared by an alarm when the window or block ends, so idle keys
 * leave nothing behind.
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
