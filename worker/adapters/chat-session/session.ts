import type { ChatMessage } from "../../../schema/api/chatbot";
import { countHit, type CounterState, type LimitResult, type LimitRule } from "../rate-limit/fixed-window";

// What one visitor's chat session holds, as pure functions the Durable Object and the fake both run: the last few
// messages (what the assistant itself said, so a visitor cannot rewrite the history it is given) and the visitor's
// message count for the rate limit.

export const SESSION_MESSAGES = 10;
/** An idle session is forgotten after this. */
export const SESSION_TTL_MS = 60 * 60 * 1000;

export interface SessionState {
  messages: ChatMessage[];
  counter?: CounterState;
  touchedAt: number;
}

export function emptySession(now: number): SessionState {
  return { messages: [], touchedAt: now };
}

/** Counts one message against the rule; the session's state after it. */
export function takeTurn(state: SessionState, rule: LimitRule, now: number): { result: LimitResult; state: SessionState } {
  const { result, state: counter } = countHit(state.counter, rule, now);
  return { result, state: { ...state, counter: counter ?? state.counter, touchedAt: now } };
}

/** Adds an exchange, keeping the last SESSION_MESSAGES messages. */
export function remember(state: SessionState, exchange: ChatMessage[], now: number): SessionState {
  return { ...state, messages: [...state.messages, ...exchange].slice(-SESSION_MESSAGES), touchedAt: now };
}
