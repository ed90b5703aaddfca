import { chatRequestSchema, type ChatbotResponse, type ChatRequest } from "../../../schema/api/chatbot";
import type { Deps } from "../../deps";
import { logConversation } from "../../data/admin";
import { logEvent, causeMessage } from "../../lib/log";
import { rateLimited } from "../../lib/errors";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { answerFromKnowledge } from "./answer";

// The floating help assistant (issue 18; spec §2, §3, §5, §7 POST /api/chatbot). Visitors and signed-in users alike.

export interface Visitor {
  user: { id: number; username: string | null; email: string | null } | null;
  /** A guest's session id (the chat cookie), null when there is none yet. */
  guestId: string | null;
  ip: string;
  userAgent: string | null;
}

const RATE_MESSAGE = "You're sending messages very quickly. Please wait a few minutes and try again.";

export async function answerQuestion(deps: Deps, visitor: Visitor, input: ChatRequest): Promise<ChatbotResponse> {
  // The history (the last five messages) is validated as data; the embedded answer is retrieved for the question
  // alone, so nothing a visitor wrote earlier can become an instruction.
  const { message } = chatRequestSchema.parse(input);
  // per address, and per visitor in the visitor's session (the account, or the guest's cookie), which also holds the
  // history: the assistant's own record, not what the browser says was said
  await enforceLimit(deps.limits, `assistant:ip:${visitor.ip}`, RATE_RULES.assistantMessages, RATE_MESSAGE);
  const sessionKey = visitor.user ? `user:${visitor.user.id}` : `guest:${visitor.guestId ?? visitor.ip}`;
  const { limit } = await deps.chatSessions.begin(sessionKey, RATE_RULES.assistantMessages);
  if (!limit.allowed) throw rateLimited(Math.ceil(limit.retryAfterMs / 1000), RATE_MESSAGE);
  const answer = answerFromKnowledge(message);
  const now = deps.now();
  const stamp = new Date(now).toISOString();
  deps.waitUntil(
    deps.chatSessions
      .record(sessionKey, [
        { id: `${now}-q`, role: "user", content: message, timestamp: stamp },
        { id: `${now}-a`, role: "assistant", content: answer.response, timestamp: stamp },
      ])
      .catch((error: unknown) => logEvent("error", "assistant_session_failed", { cause: causeMessage(error) })),
  );
  deps.waitUntil(
    logConversation(deps.db, {
      userId: visitor.user?.id ?? null,
      username: visitor.user ? (visitor.user.username ?? visitor.user.email) : null,
      userMessage: message,
      botResponse: answer.response,
      ipAddress: visitor.ip || null,
      userAgent: visitor.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    }).catch((error: unknown) => logEvent("error", "assistant_log_failed", { cause: causeMessage(error) })),
  );
  return { success: true, response: answer.response, sources: answer.sources };
}
