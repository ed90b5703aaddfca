import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { chatbotResponseSchema, chatRequestSchema } from "../../schema/api/chatbot";
import type { AppEnv } from "../env";
import { randomToken } from "../lib/crypto";
import { documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import { clientIp } from "../middleware/session";
import { answerQuestion } from "../services/assistant";

/** A guest's help-assistant session id: random, only sent to the chatbot call, 30 days. */
const GUEST_COOKIE = "sl_chat";
const GUEST_ID = /^[A-Za-z0-9_-]{22}$/;

/** Mounted at /api/chatbot: visitors and signed-in users (docs/product-spec.md §7). */
export const chatbotRoutes = new Hono<AppEnv>().post(
  "/",
  documented(
    "Assistant",
    "Ask the help assistant a question",
    { body: chatbotResponseSchema },
    {
      description:
        "For visitors and signed-in users alike. A visitor without a session is given a help-assistant cookie (sl_chat), which keeps their recent messages and their own rate limit.",
    },
  ),
  validate("json", chatRequestSchema),
  async (c) => {
    const user = c.var.session?.user ?? null;
    let guestId: string | null = null;
    if (!user) {
      const cookie = getCookie(c, GUEST_COOKIE);
      guestId = cookie && GUEST_ID.test(cookie) ? cookie : randomToken(16);
      if (guestId !== cookie)
        setCookie(c, GUEST_COOKIE, guestId, {
          httpOnly: true,
          secure: true,
          sameSite: "Lax",
          path: "/api/chatbot",
          maxAge: 30 * 24 * 3600,
        });
    }
    return c.json(
      await answerQuestion(
        c.var.deps,
        {
          user: user && { id: user.id, username: user.username, email: user.email },
          guestId,
          ip: clientIp(c),
          userAgent: c.req.header("User-Agent") ?? null,
        },
        c.req.valid("json"),
      ),
    );
  },
);
