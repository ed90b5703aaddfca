import type { ChatSessions } from "./index";
import { emptySession, remember, takeTurn, type SessionState } from "./session";

/** Tests: the same session rules in memory, on the test's clock. */
export function createFakeChatSessions(
  now: () => number = Date.now,
): ChatSessions & { sessions: Map<string, SessionState> } {
  const sessions = new Map<string, SessionState>();
  return {
    sessions,
    async begin(visitor, rules) {
      const { result, state } = takeTurn(sessions.get(visitor) ?? emptySession(now()), rules, now());
      sessions.set(visitor, state);
      return { limit: result, history: state.messages };
    },
    async record(visitor, exchange) {
      sessions.set(visitor, remember(sessions.get(visitor) ?? emptySession(now()), exchange, now()));
    },
    async clear(visitor) {
      sessions.delete(visitor);
    },
  };
}
