import { DurableObject } from "cloudflare:workers";
import type { ChatMessage } from "../../schema/api/chatbot";
import type { ChatSessionObject } from "../adapters/chat-session/durable-object";
import { emptySession, remember, SESSION_TTL_MS, takeTurn, type SessionState } from "../adapters/chat-session/session";
import type { LimitResult, LimitRule } from "../adapters/rate-limit/fixed-window";

const KEY = "session";

/**
 * One help-assistant session per visitor (issue 18): the last few messages and the visitor's message count. A
 * Durable Object handles one call at a time, so counting and reading are atomic; an alarm forgets an idle session.
 */
export class ChatSession extends DurableObject implements ChatSessionObject {
  async begin(rules: LimitRule[]): Promise<{ limit: LimitResult; history: ChatMessage[] }> {
    const now = Date.now();
    const { result, state } = takeTurn(
      (await this.ctx.storage.get<SessionState>(KEY)) ?? emptySession(now),
      rules,
      now,
    );
    await this.save(state);
    return { limit: result, history: state.messages };
  }

  async record(exchange: ChatMessage[]): Promise<void> {
    const now = Date.now();
    await this.save(remember((await this.ctx.storage.get<SessionState>(KEY)) ?? emptySession(now), exchange, now));
  }

  /** Forgets everything this session holds, its alarm included (account deletion). */
  async clear(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  private async save(state: SessionState): Promise<void> {
    await this.ctx.storage.put(KEY, state);
    await this.ctx.storage.setAlarm(state.touchedAt + SESSION_TTL_MS);
  }

  override async alarm(): Promise<void> {
    const state = await this.ctx.storage.get<SessionState>(KEY);
    if (!state || state.touchedAt + SESSION_TTL_MS <= Date.now()) await this.ctx.storage.deleteAll();
    else await this.ctx.storage.setAlarm(state.touchedAt + SESSION_TTL_MS);
  }
}
