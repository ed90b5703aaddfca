import type { ChatSession } from "../../durable-objects/chat-session";
import type { ChatSessions } from "./index";

/** Production and `wrangler dev`: one ChatSession Durable Object per visitor. */
export function createDurableObjectChatSessions(namespace: DurableObjectNamespace<ChatSession>): ChatSessions {
  const stub = (visitor: string) => namespace.get(namespace.idFromName(visitor));
  return {
    begin: (visitor, rules) => stub(visitor).begin(rules),
    record: (visitor, exchange) => stub(visitor).record(exchange),
    clear: (visitor) => stub(visitor).clear(),
  };
}
