import {
  chatRequestSchema,
  type ChatbotResponse,
  type ChatMessage,
  type ChatRequest,
} from "../../../schema/api/chatbot";
import { PLAN_LIMITS } from "../../../schema/api/subscription";
import type { Deps } from "../../deps";
import { logConversation } from "../../data/admin";
import { withDeadline } from "../../lib/deadline";
import { rateLimited } from "../../lib/errors";
import { addressKey } from "../../lib/ip";
import { causeMessage, logEvent } from "../../lib/log";
import { RATE_RULES } from "../rate-limit";
import { answerFromKnowledge, type AssistantAnswer } from "./answer";

// The floating help assistant (issue 18; docs/product-spec.md §2, §3, §5, §7 POST /api/chatbot). Visitors and signed-in users alike.

export interface Visitor {
  user: { id: number; username: string | null; email: string | null } | null;
  /** A guest's session id (the chat cookie), null when there is none yet. */
  guestId: string | null;
  ip: string;
  userAgent: string | null;
}

/** "45 seconds", "1 second", "7 minutes": how long a refused visitor waits, as the Retry-After header says. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s <= 90) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/** The visitor's own limit: the answer says why and when to come back (issue 29), not a generic failure. */
export const tooFastMessage = (seconds: number) =>
  `You're sending messages very quickly. Please wait ${waitText(seconds)} and try again.`;
/** The address's limit on guests: many people (or a script) on the visitor's network; signing in is the way past it. */
export const busyNetworkMessage = (seconds: number) =>
  `A lot of messages are coming from your network right now. Please wait ${waitText(seconds)} and try again, or sign in to keep asking.`;

/** A 429 in the shared error shape, its message and Retry-After telling the same wait. */
function refused(retryAfterMs: number, message: (seconds: number) => string) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return rateLimited(seconds, message(seconds));
}
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
  if (result.allowed && result.remaining === 0)
    logEvent("warn", "assistant_model_ceiling_reached", { model: modelName, limit });
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
      model.answer({
        question,
        history,
        passages: local.passages.map((p) => ({
          title: p.heading ? `${p.title}: ${p.heading}` : p.title,
          text: p.text,
        })),
      }),
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
  // Each visitor has its own limits in its session (the account, whichever device, or the guest's cookie): a burst
  // and a longer window, so one person asking very fast is told to slow down and nobody else is. Guests are also
  // counted per address (IPv6 by its /64, lib/ip.ts): a guest can drop its cookie and get a new session with every
  // message, so only the address bounds a script; the rule is wide enough for an office (rate-limit/index.ts).
  // Signed-in accounts are not counted per address: each is held to its own limits.
  const sessionKey = visitor.user ? accountChatSession(visitor.user.id) : `guest:${visitor.guestId ?? visitor.ip}`;
  const { limit, history } = await deps.chatSessions.begin(sessionKey, [
    RATE_RULES.assistantVisitorBurst,
    RATE_RULES.assistantVisitorMessages,
  ]);
  if (!limit.allowed) throw refused(limit.retryAfterMs, tooFastMessage);
  if (!visitor.user) {
    const address = await deps.limits.consume(
      `assistant:address:${addressKey(visitor.ip)}`,
      RATE_RULES.assistantMessages,
    );
    if (!address.allowed) throw refused(address.retryAfterMs, busyNetworkMessage);
  }
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
