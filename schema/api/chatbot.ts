import * as z from "zod";

// The floating help assistant (docs/product-spec.md §2, §3 Chat message and Chatbot response, §5 Chat, §7 POST /api/chatbot).

export const CHAT_MESSAGE_MAX = 2000;
/** docs/product-spec.md §9: the last 5 messages go with each question. */
export const CHAT_HISTORY_SENT = 5;

export const chatMessageSchema = z.object({
  id: z.string().max(100),
  content: z.string().max(CHAT_MESSAGE_MAX * 2),
  role: z.enum(["user", "assistant"]),
  timestamp: z.string().max(40),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, "Please type a question.")
    .max(CHAT_MESSAGE_MAX, `Questions are at most ${CHAT_MESSAGE_MAX} characters.`),
  conversationHistory: z
    .array(chatMessageSchema)
    .max(CHAT_HISTORY_SENT * 4)
    .default([]),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/** POST /api/chatbot → docs/product-spec.md §3 Chatbot response. */
export const chatbotResponseSchema = z.object({
  success: z.literal(true),
  response: z.string().describe("The answer, as plain text."),
  sources: z
    .array(z.object({ title: z.string(), path: z.string().nullable() }))
    .describe('The help articles the answer came from (title and the screen they describe), for "read more" links.'),
});
export type ChatbotResponse = z.infer<typeof chatbotResponseSchema>;
