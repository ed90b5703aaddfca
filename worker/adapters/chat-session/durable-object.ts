import type { ChatSessions } from "./index";

/** `(visitor, ...rest) => R` as `(...rest) => R`: the visitor picks the object, which takes the rest. */
type ForOneVisitor<F> = F extends (visitor: string, ...rest: infer A) => infer R ? (...rest: A) => R : never;

/**
 * What the ChatSession Durable Object (durable-objects/chat-session.ts) answers: ChatSessions for one visitor. The
 * class implements it, so the stub is typed without this folder importing the Durable Object (which imports adapters).
 */
export type ChatSessionObject = Rpc.DurableObjectBranded & {
  [K in keyof ChatSessions]: ForOneVisitor<ChatSessions[K]>;
};

/** Production and `wrangler dev`: one ChatSession Durable Object per visitor. */
export function createDurableObjectChatSessions(namespace: DurableObjectNamespace<ChatSessionObject>): ChatSessions {
  const stub = (visitor: string) => namespace.get(namespace.idFromName(visitor));
  return {
    begin: (visitor, rules) => stub(visitor).begin(rules),
    record: (visitor, exchange) => stub(visitor).record(exchange),
    clear: (visitor) => stub(visitor).clear(),
  };
}
