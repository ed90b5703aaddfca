import type { ChatMessage } from "../../../schema/api/chatbot";
import { countHit, limitStatus, type CounterState, type LimitResult, type LimitRule } from "../rate-limit/fixed-window";

// What one visitor's chat session holds, as pure functions the Durable Object and the fake both run: the last few
// messages (what the assistant itself said, so a visitor cannot rewrite the history it is given) and the visitor's
// message counts for its rate limits (one counter per rule: a burst and a longer window).

export const SESSION_MESSAGES = 10;
/** An idle session is forgotten after this. */
export const SESSION_TTL_MS = 60 * 60 * 1000;

export interface SessionState {
  messages: ChatMessage[];
  /** One counter per rule, in the order the rules are given. */
  counters?: (CounterState | undefined)[];
  touchedAt: number;
}

export function emptySession(now: number): SessionState {
  return { messages: [], touchedAt: now };
}

/**
 * Counts one message against every rule; the session's state after it. A message refused by one rule is counted by
 * none (the wait it is told is the longest of the blocked rules'), so waiting out a burst costs nothing later.
 */
export function takeTurn(
  state: SessionState,
  rules: LimitRule[],
  now: number,
): { result: LimitResult; state: SessionState } {
  const stored = state.counters ?? [];
  const blocked = rules.map((_, i) => limitStatus(stored[i], now)).filter((r) => !r.allowed);
  if (blocked.length) {
    return {
      result: { allowed: false, retryAfterMs: Math.max(...blocked.map((r) => r.retryAfterMs)), remaining: 0 },
      state: { ...state, touchedAt: now },
    };
  }
  const counted = rules.map((rule, i) => countHit(stored[i], rule, now));
  return {
    result: { allowed: true, retryAfterMs: 0, remaining: Math.min(...counted.map((c) => c.result.remaining)) },
    state: { ...state, counters: counted.map((c, i) => c.state ?? stored[i]), touchedAt: now },
  };
}

/** Adds an exchange, keeping the last SESSION_MESSAGES messages. */
export function remember(state: SessionState, exchange: ChatMessage[], now: number): SessionState {
  return { ...state, messages: [...state.messages, ...exchange].slice(-SESSION_MESSAGES), touchedAt: now };
}
