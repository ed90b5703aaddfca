import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { call, json, unique } from "../test/client";
import { countRows, createUser } from "../test/factories";
import { AppError } from "./errors";
import { validate } from "./validate";

/** validate() alone, with the Worker's error shape: for what no route's schema happens to show. */
const probe = new Hono()
  .post(
    "/",
    validate(
      "json",
      z.object({
        count: z.number().int(),
        flag: z.boolean(),
        items: z.array(z.object({ tags: z.array(z.string()) })),
        meta: z.object({ label: z.string().optional() }),
      }),
    ),
    (c) => c.json(c.req.valid("json")),
  )
  .onError((error, c) => {
    if (!(error instanceof AppError)) throw error;
    return c.json({ error: error.message, code: error.code, details: error.details }, 400);
  });

const jsonPost = (body: string) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body });

describe("malformed Unicode in a JSON body", () => {
  // Written as JSON text: JSON.stringify would keep the escape, but these are the bytes a client can send.
  const LONE_HIGH = "\\ud800";
  const LONE_LOW = "\\udc00";

  it("refuses a lone surrogate in a value, a nested value or a key with 400 in the shared shape, and stores nothing", async () => {
    const user = await createUser();
    const bodies = [
      `{"name":"Alpha${LONE_HIGH}"}`,
      `{"name":"Alpha","description":"ok ${LONE_LOW} then"}`,
      `{"name":"Alpha","${LONE_HIGH}":1}`,
      `{"name":"Alpha","extra":[{"deep":["${LONE_LOW}"]}]}`,
    ];
    for (const body of bodies) {
      const response = await call("POST", "/api/projects", { cookie: user.session, body });
      expect(response.status, body).toBe(400);
      expect(await json(response)).toMatchObject({
        success: false,
        code: "validation_failed",
        error: "The request contains malformed text (an unpaired UTF-16 surrogate).",
        requestId: expect.stringMatching(/^req_/),
      });
    }
    expect(await countRows("projects", "owner_id = ?", user.id)).toBe(0);
  });

  it("names where it was found", async () => {
    const response = await probe.request("/", jsonPost(`{"items":[{"tags":["ok","b${LONE_HIGH}d"]}]}`));
    expect(response.status).toBe(400);
    expect((await json<{ details: unknown }>(response)).details).toEqual({
      issues: [{ path: "items.0.tags.1", message: expect.stringContaining("unpaired") }],
    });
  });

  it("accepts well-formed text outside the Basic Multilingual Plane (a surrogate pair) as it was sent", async () => {
    const user = await createUser();
    const response = await call("POST", "/api/projects", {
      cookie: user.session,
      body: `{"name":"Launch \\ud83d\\ude80"}`,
    });
    expect(response.status).toBe(201);
    expect((await json(response)).name).toBe("Launch 🚀");
  });

  it("walks deep nesting without overflowing (extra keys are dropped by the schema)", async () => {
    const user = await createUser();
    const body = `{"name":"Deep","extra":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    expect((await call("POST", "/api/projects", { cookie: user.session, body })).status).toBe(201);
  });
});

describe("validation messages", () => {
  async function firstError(path: string, body: unknown, cookie?: string) {
    const response = await call("POST", path, { cookie, body });
    expect(response.status).toBe(400);
    const answer = await json<{ code: string; error: string }>(response);
    expect(answer.code).toBe("validation_failed");
    return answer.error;
  }

  it("a missing field is required; a field of the wrong type says which type it must be", async () => {
    const password = "a-very-long-passphrase";
    expect(await firstError("/api/register", { password })).toBe("username is required");
    expect(await firstError("/api/register", { username: 5, password })).toBe("username must be text");
    expect(await firstError("/api/register", { username: null, password })).toBe("username must be text");
    expect(await firstError("/api/register", { username: ["a"], password })).toBe("username must be text");
    // A union ("" or an address) of the wrong type reads the same.
    expect(await firstError("/api/register", { username: unique("u"), password, email: 5 })).toBe("email must be text");

    const user = await createUser();
    const sample = "/api/dev/sample-transcripts";
    expect(await firstError(sample, { count: "3" }, user.session)).toBe("count must be a number");
    expect(await firstError(sample, { count: 1.5 }, user.session)).toBe("count must be a whole number");
    expect(await firstError(sample, { spreadAcrossProjects: "yes" }, user.session)).toBe(
      "spreadAcrossProjects must be true or false",
    );
  });

  it("names each JSON type in words", async () => {
    const problems = async (body: unknown) =>
      (await json<{ error: string }>(await probe.request("/", jsonPost(JSON.stringify(body))))).error;
    const valid = { count: 1, flag: true, items: [], meta: {} };
    expect(await problems({ ...valid, items: {} })).toBe("items must be a list");
    expect(await problems({ ...valid, meta: [] })).toBe("meta must be an object");
    expect(await problems({ ...valid, meta: { label: false } })).toBe("meta.label must be text");
    expect(await problems([])).toBe("body must be an object");
  });

  it("keeps the schema's own words for everything else", async () => {
    const user = await createUser();
    expect(await firstError("/api/projects", { name: "  " }, user.session)).toBe("Please enter a project name.");
    expect(await firstError("/api/register", { username: "ab", password: "a-very-long-passphrase" })).toBe(
      "Username must be 3-32 characters",
    );
  });

  it("lists every problem in details, each in the same words", async () => {
    const response = await call("POST", "/api/register", { body: { username: 7 } });
    expect((await json<{ details: unknown }>(response)).details).toEqual({
      issues: [
        { path: "username", message: "username must be text" },
        { path: "password", message: "password is required" },
      ],
    });
  });
});
