import { describe, expect, it } from "vitest";
import { ApiError, errorMessage, requestIdOf } from "./api";

const body = (fields: Record<string, unknown>) => JSON.stringify({ success: false, code: "internal", ...fields });

describe("ApiError", () => {
  it("keeps the server's message and request id from the error body", () => {
    const error = new ApiError(
      500,
      "Internal Server Error",
      body({ error: "Something broke", requestId: "req_abc123" }),
    );
    expect(error.message).toBe(`500: ${body({ error: "Something broke", requestId: "req_abc123" })}`);
    expect(errorMessage(error, "fallback")).toBe("Something broke");
    expect(requestIdOf(error)).toBe("req_abc123");
  });

  it("keeps a code of the shared closed list and drops any other (schema/api/errors.ts)", () => {
    expect(new ApiError(409, "Conflict", body({ error: "Stale", code: "conflict" })).code).toBe("conflict");
    expect(new ApiError(400, "Bad Request", body({ error: "x", code: "made_up" })).code).toBeUndefined();
    expect(new ApiError(400, "Bad Request", body({ error: "x", code: "toString" })).code).toBeUndefined();
    expect(new ApiError(502, "Bad Gateway", "<html>upstream down</html>").code).toBeUndefined();
  });

  it("has no request id when the answer was not the Worker's error shape", () => {
    const error = new ApiError(502, "Bad Gateway", "<html>upstream down</html>");
    expect(errorMessage(error, "fallback")).toBe("<html>upstream down</html>");
    expect(requestIdOf(error)).toBeUndefined();
    expect(
      requestIdOf(new ApiError(500, "Internal Server Error", body({ error: "x", requestId: "" }))),
    ).toBeUndefined();
  });

  it("shows no request id for an expected refusal (4xx): its message says what to do", () => {
    const limit = new ApiError(
      429,
      "Too Many Requests",
      body({ error: "Monthly transcript limit reached", requestId: "req_lim" }),
    );
    expect(errorMessage(limit, "fallback")).toBe("Monthly transcript limit reached");
    expect(requestIdOf(limit)).toBeUndefined();
    expect(
      requestIdOf(new ApiError(400, "Bad Request", body({ error: "Title is required", requestId: "req_400" }))),
    ).toBeUndefined();
  });

  it("gives the fallback and no request id for anything that is not an API error", () => {
    expect(errorMessage(new Error("offline"), "fallback")).toBe("fallback");
    expect(requestIdOf(new Error("offline"))).toBeUndefined();
  });
});
