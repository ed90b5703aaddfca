import { describe, expect, it } from "vitest";
import { MAX_JSON_BODY_BYTES } from "../app";
import { call, json } from "../test/client";
import { createUser } from "../test/factories";

describe("CSRF rule", () => {
  it("refuses a state-changing call that is not JSON with 415", async () => {
    const response = await call("POST", "/api/login", {
      body: "username=a&password=b",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(await json(response)).toMatchObject({ success: false, code: "unsupported_media_type" });
  });

  it("refuses a body without a content type with 415", async () => {
    const response = await call("POST", "/api/login", { body: "{}", headers: { "Content-Type": "" } });
    expect(response.status).toBe(415);
  });

  it("refuses a cross-site Origin with 403", async () => {
    const user = await createUser();
    const response = await call("POST", "/api/logout", {
      cookie: user.session,
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({ code: "forbidden" });
    expect((await call("GET", "/api/user", { cookie: user.session })).status).toBe(200);
  });

  it("refuses a state-changing call with no Origin", async () => {
    const request = await call("POST", "/api/logout", { headers: { Origin: "" } });
    expect(request.status).toBe(403);
  });

  it("allows a bodiless JSON-less POST from our origin (logout)", async () => {
    expect((await call("POST", "/api/logout")).status).toBe(200);
  });
});

describe("request hygiene", () => {
  it("answers malformed JSON with 400 in the error shape", async () => {
    const response = await call("POST", "/api/login", { body: "{not json" });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ success: false, code: "bad_request" });
  });

  it("refuses bodies over the limit with 413", async () => {
    const response = await call("POST", "/api/login", {
      body: JSON.stringify({ username: "a", password: "x".repeat(MAX_JSON_BODY_BYTES) }),
    });
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({ code: "payload_too_large" });
  });

  it("answers unknown API paths with a JSON 404 and a request id", async () => {
    const response = await call("GET", "/api/does-not-exist");
    expect(response.status).toBe(404);
    const body = await json(response);
    expect(body).toMatchObject({ success: false, code: "not_found" });
    expect(response.headers.get("X-Request-Id")).toBe(body.requestId);
  });

  it("sets security headers on API responses", async () => {
    const response = await call("GET", "/api/auth/providers");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
