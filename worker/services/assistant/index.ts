import { chatRequestSchema, type ChatbotResponse, type ChatMessage, type ChatRequest } from "../../../schema/api/chatbot";
import { PLAN_LIMITS } from "../../../schema/api/subscription";
import type { Deps } from "../../deps";
import { logConversation } from "../../data/admin";
import { withDeadline } from "../../lib/deadline";
import { rateLimited } from "../../lib/errors";
import { addressKey } from "../../lib/ip";
import { causeMessage, logEvent } from "../../lib/log";
import { enforceLimit, RATE_RULES } from "../rate-limit";
import { answerFromKnowledge, type AssistantAnswer } from "./answer";

// The floating help assistant (issue 18; spec §2, §3, §5, §7 POST /api/chatbot). Visitors and signed-in users alike.

export interface Visitor {
  user: { id: number; username: string | null; email: string | null } | null;
  /** A guest's session id (the chat cookie), null when there is none yet. */
  guestId: string | null;
  ip: string;
  userAgent: string | null;
}

const RATE_MESSAGE = "You're sending messages very quickly. Please wait a few minutes and try again.";
const MODEL_DEADLINE_MS = 20_000;
const PRICES = new Set(Object.values(PLAN_LIMITS).map((p) => p.priceGbpPerMonth));

/** A model's answer that names a price the plans module does not have is not used. */
export function contradictsPlans(text: string): boolean {
  return [...text.matchAll(/£\s?(\d+(?:\.\d+)?)/g)].some((m) => !PRICES.has(Number(m[1])));
}

/** The one counter of model calls over every visitor and isolate (the RateLimiter Durable Object holds it). */
export const MODEL_CALLS_KEY = "assistant:model-calls";

/**
 * Whether one more model call fits under the global ceiling (ASSISTANT_MODEL_CALLS_PER_MINUTE): a backstop on spend
 * when many addresses (a botnet, or one /64 after another) each stay under their own limit. Counted only when a
 * call is about to be made; the call that fills the minute is logged once, so the operator sees the ceiling hold.
 */
async function modelCallAllowed(deps: Deps, modelName: string): Promise<boolean> {
  const limit = deps.config.assistant.modelCallsPerMinute;
  if (limit <= 0) return false;
  const result = await deps.limits.consume(MODEL_CALLS_KEY, { limit, windowMs: 60_000 });
  if (result.allowed && result.remaining === 0) logEvent("warn", "assistant_model_ceiling_reached", { model: modelName, limit });
  return result.allowed;
}

/**
 * With a model configured, the passages retrieved for the question ground its answer; without one (or when it fails,
 * runs late, states a price the plans module does not have, or the minute's model calls are spent) the embedded
 * answer from the same passages stands. Injection attempts, greetings and questions the help does not cover never
 * reach the model.
 */
async function groundedAnswer(deps: Deps, question: string, history: ChatMessage[]): Promise<AssistantAnswer> {
  const local = answerFromKnowledge(question);
  const model = deps.helpModel();
  if (!model || local.kind !== "answered") return local;
  if (!(await modelCallAllowed(deps, model.name))) return local;
  try {
    const text = await withDeadline(
      model.answer({ question, history, passages: local.passages.map((p) => ({ title: p.heading ? `${p.title}: ${p.heading}` : p.title, text: p.text })) }),
      MODEL_DEADLINE_MS,
      () => new Error("The help model did not answer in time"),
    );
    if (!text || contradictsPlans(text)) {
      logEvent("warn", "assistant_model_answer_rejected", { model: model.name, empty: !text });
      return local;
    }
    return { ...local, response: text };
  } catch (error) {
    logEvent("error", "assistant_model_failed", { model: model.name, cause: causeMessage(error) });
    return local;
  }
}

/** The ChatSession of a signed-in account (a guest's is `guest:{cookie}`): one per account, whichever device. */
export const accountChatSession = (userId: number) => `user:${userId}`;

/** Forgets an account's help-assistant session (its recent messages and count): part of deleting the account. */
export async function forgetAccountChat(deps: Deps, userId: number): Promise<void> {
  await deps.chatSessions.clear(accountChatSession(userId));
}

export async function answerQuestion(deps: Deps, visitor: Visitor, input: ChatRequest): Promise<ChatbotResponse> {
  // The history the browser sends is validated as data only: the session's own record is what a model reads, so
  // nothing a visitor claims was said can become an instruction.
  const { message } = chatRequestSchema.parse(input);
  // Per address (IPv6 by its /64, lib/ip.ts: one home or office can pick any address in it, and a guest can drop its
  // cookie, so counting single addresses counted nothing), and per visitor in the visitor's session (the account,
  // or the guest's cookie).
  await enforceLimit(deps.limits, `assistant:address:${addressKey(visitor.ip)}`, RATE_RULES.assistantMessages, RATE_MESSAGE);
  const sessionKey = visitor.user ? accountChatSession(visitor.user.id) : `guest:${visitor.guestId ?? visitor.ip}`;
  const { limit, history } = await deps.chatSessions.begin(sessionKey, RATE_RULES.assistantMessages);
  if (!limit.allowed) throw rateLimited(Math.ceil(limit.retryAfterMs / 1000), RATE_MESSAGE);
  const answer = await groundedAnswer(deps, message, history);
  const now = deps.now();
  const stamp = new Date(now).toISOString();
  deps.waitUntil(
    Promise.all([
      deps.chatSessions.record(sessionKey, [
        { id: `${now}-q`, role: "user", content: message, timestamp: stamp },
        { id: `${now}-a`, role: "assistant", content: answer.response, timestamp: stamp },
      ]),
      logConversation(deps.db, {
        userId: visitor.user?.id ?? null,
        username: visitor.user ? (visitor.user.username ?? visitor.user.email) : null,
        userMessage: message,
        botResponse: answer.response,
        ipAddress: visitor.ip || null,
        userAgent: visitor.userAgent?.slice(0, 500) ?? null,
        createdAt: now,
      }),
    ]).catch((error: unknown) => logEvent("error", "assistant_log_failed", { cause: causeMessage(error) })),
  );
  return { success: true, response: answer.response, sources: answer.sources };
}
