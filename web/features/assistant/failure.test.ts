import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { APOLOGY, chatFailure, CHAT_ERROR_TOAST } from "./failure";

// The help panel's reply when a message is not answered: the rate limit's own words, or the spec's Chat Error.

const body = (error: string, code: string) => JSON.stringify({ success: false, error, code, requestId: "req_1" });

describe("chat failure", () => {
  it("shows the rate limit's message (why and how long to wait) as the reply, without the Chat Error toast", () => {
    const message = "You're sending messages very quickly. Please wait 42 seconds and try again.";
    expect(chatFailure(new ApiError(429, "Too Many Requests", body(message, "rate_limited")))).toEqual({
      reply: message,
      toast: null,
    });
    // a 429 without a readable body still says to slow down, not that something broke
    expect(chatFailure(new ApiError(429, "", "")).reply).toMatch(/sending messages very quickly/);
  });

  it("keeps the technical-difficulties reply and the Chat Error toast for real failures", () => {
    for (const error of [
      new ApiError(500, "Internal Server Error", body("Something went wrong on our side.", "internal")),
      new TypeError("Failed to fetch"),
      new Error("No answer"),
    ]) {
      expect(chatFailure(error)).toEqual({ reply: APOLOGY, toast: CHAT_ERROR_TOAST });
    }
    expect(CHAT_ERROR_TOAST).toEqual({
      title: "Chat Error",
      description: "Sorry, I'm having trouble responding right now. Please try again.",
    });
  });
});
