import { describe, expect, it } from "vitest";
import { createFakeChatSessions } from "./fake";
import { SESSION_MESSAGES } from "./session";

// One visitor's help-assistant session: its own record of the conversation, and its message limit.

const rule = [{ limit: 3, windowMs: 60_000 }];
const message = (i: number, role: "user" | "assistant") => ({
  id: String(i),
  role,
  content: `m${i}`,
  timestamp: new Date(0).toISOString(),
});

describe("chat sessions", () => {
  it("keeps the last messages of each visitor apart", async () => {
    const sessions = createFakeChatSessions(() => 1_000);
    for (let i = 0; i < 8; i++)
      await sessions.record("guest:a", [message(2 * i, "user"), message(2 * i + 1, "assistant")]);
    await sessions.record("user:7", [message(99, "user")]);
    const { history } = await sessions.begin("guest:a", [{ limit: 100, windowMs: 1 }]);
    expect(history).toHaveLength(SESSION_MESSAGES);
    expect(history.at(-1)!.content).toBe("m15");
    expect((await sessions.begin("user:7", [{ limit: 100, windowMs: 1 }])).history.map((m) => m.content)).toEqual([
      "m99",
    ]);
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

  it("holds a visitor to a burst and a longer window at once, telling the longest wait, and counts no refused message", async () => {
    let now = 0;
    const sessions = createFakeChatSessions(() => now);
    const rules = [
      { limit: 2, windowMs: 60_000 },
      { limit: 3, windowMs: 600_000 },
    ];
    expect((await sessions.begin("user:1", rules)).limit.allowed).toBe(true);
    expect((await sessions.begin("user:1", rules)).limit.allowed).toBe(true);
    // the burst is spent: 60 s to wait
    expect((await sessions.begin("user:1", rules)).limit).toMatchObject({ allowed: false, retryAfterMs: 60_000 });
    now = 60_000;
    // the refused one was not counted, so the third message of the 10 minutes is still allowed
    expect((await sessions.begin("user:1", rules)).limit.allowed).toBe(true);
    now = 61_000;
    expect((await sessions.begin("user:1", rules)).limit).toMatchObject({ allowed: false, retryAfterMs: 539_000 });
  });
});
