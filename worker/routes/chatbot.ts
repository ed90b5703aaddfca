import { Hono } from "hono";
import { chatRequestSchema } from "../../schema/api/chatbot";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { clientIp } from "../middleware/session";
import { answerQuestion } from "../services/assistant";

/** Mounted at /api/chatbot: visitors and signed-in users (spec §7). */
export const chatbotRoutes = new Hono<AppEnv>().post("/", validate("json", chatRequestSchema), async (c) => {
  const user = c.var.session?.user ?? null;
  return c.json(
    await answerQuestion(
      c.var.deps,
      { user: user && { id: user.id, username: user.username, email: user.email }, ip: clientIp(c), userAgent: c.req.header("User-Agent") ?? null },
      c.req.valid("json"),
    ),
  );
});
