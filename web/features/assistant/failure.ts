import { ApiError } from "../../lib/api";

// What the help assistant's panel shows when a message gets no answer (docs/product-spec.md §8 Assistant; issue 29). A refusal of
// the chat's rate limit is not a failure: its message says why and how long to wait (the Worker writes it,
// worker/services/assistant/index.ts), so it becomes the assistant's reply with no error toast. Everything else
// keeps the spec's 'Chat Error' toast and the apology.

export const APOLOGY =
  "I'm sorry, I'm having technical difficulties and couldn't answer that. Please try again in a moment, or contact support if it keeps happening.";

export const CHAT_ERROR_TOAST = {
  title: "Chat Error",
  description: "Sorry, I'm having trouble responding right now. Please try again.",
} as const;

const SLOW_DOWN = "You're sending messages very quickly. Please wait a moment and try again.";

export interface ChatFailure {
  /** The assistant's message in the conversation. */
  reply: string;
  /** The destructive toast to show, or null. */
  toast: typeof CHAT_ERROR_TOAST | null;
}

export function chatFailure(error: unknown): ChatFailure {
  if (error instanceof ApiError && error.status === 429)
    return { reply: error.serverMessage.trim() || SLOW_DOWN, toast: null };
  return { reply: APOLOGY, toast: CHAT_ERROR_TOAST };
}
