import { describe, expect, it } from "vitest";
import { createFakeChatSessions } from "./fake";
import { SESSION_MESSAGES } from "./session";

// One visitor's help-assistant session: its own record of the conversation, and its message limit.

const rule = { limit: 3, windowMs: 60_000 };
const message = (i: number, role: "user" | "assistant") => ({ id: String(i), role, content: `m${i}`, timestamp: new Date(0).toISOString() });

describe("chat sessions", () => {
  it("keeps the last messages of each visitor apart", async () => {
    const sessions = createFakeChatSessions(() => 1_000);
    for (let i = 0; i < 8; i++) await sessions.record("guest:a", [message(2 * i, "user"), message(2 * i + 1, "assistant")]);
    await sessions.record("user:7", [message(99, "user")]);
    const { history } = await sessions.begin("guest:a", { limit: 100, windowMs: 1 });
    expect(history).toHaveLength(SESSION_MESSAGES);
    expect(history.at(-1)!.content).toBe("m15");
    expect((await sessions.begin("user:7", { limit: 100, windowMs: 1 })).history.map((m) => m.content)).toEqual(["m99"]);
  });

  it("counts each visitor's messages in a fixed window and says when to come back", async () => {
    let now = 0;
    const sessions = createFakeChatSessions(() => now);
    for (let i = 0; i < 3; i++) expect((await sessions.begin("guest:b", rule)).limit.allowed).toBe(true);
    const refused = (await sessions.begin("guest:b", rule)).limit;
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect((await sessions.begin("guest:c", rule)).limit.allowed).toBe(true);
    now = 60_000;
    expect((await sessions.begin("guest:b", rule)).limit.allowed).toBe(true);
  });
});
