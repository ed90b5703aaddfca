import type { ChatMessage } from "../../../schema/api/chatbot";
import type { LimitResult, LimitRule } from "../rate-limit/fixed-window";

/** One help-assistant session per visitor (a signed-in account, or a guest's cookie): its history and its rate limit. */
export interface ChatSessions {
  /** Counts a message against the visitor's limits and returns the history so far (the last few messages). */
  begin(visitor: string, rules: LimitRule[]): Promise<{ limit: LimitResult; history: ChatMessage[] }>;
  /** Records a question and its answer. */
  record(visitor: string, exchange: ChatMessage[]): Promise<void>;
  /** Forgets the visitor's session: its messages and its count (account deletion). Nothing to forget is fine. */
  clear(visitor: string): Promise<void>;
}
