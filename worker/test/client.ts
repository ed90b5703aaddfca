import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../index";
import type { Bindings } from "../env";
import { createDb } from "../data/db";
import { hashPassword } from "../lib/password";
import { insertUser } from "../data/users";
import { getConfig } from "../env";
import { buildDeps } from "../middleware/context";
import { createSession } from "../services/auth/sessions";

export const ORIGIN = "http://localhost";

export interface CallOptions {
  body?: unknown;
  /** A session cookie value, or a full Cookie header. */
  cookie?: string;
  headers?: Record<string, string>;
  /** Bindings to use instead of the test environment (e.g. with OAuth providers configured). */
  env?: Partial<Bindings>;
  ip?: string;
}

/** Calls the real Worker (all middleware included) the way the SPA does: same origin, JSON, cookies. */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (!headers.has("Origin") && method !== "GET" && method !== "HEAD") headers.set("Origin", ORIGIN);
  if (options.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  if (options.cookie) headers.set("Cookie", options.cookie.includes("=") ? options.cookie : `sl_session=${options.cookie}`);
  headers.set("CF-Connecting-IP", options.ip ?? "198.51.100.7");
  const body =
    options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
  const ctx = createExecutionContext();
  const bindings = options.env ? ({ ...env, ...options.env } as Bindings) : (env as Bindings);
  const response = await worker.fetch(request, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The session token from a response's Set-Cookie, or undefined. */
export function sessionFrom(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^sl_session=([^;]*)/.exec(cookie);
    if (match && match[1]) return match[1];
  }
  return undefined;
}

let counter = 0;
/** A unique suffix per call, since storage is shared by the tests of one file. */
export function unique(prefix = "user"): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export const TEST_PASSWORD = "correct-horse-battery";

export interface TestUser {
  id: number;
  username: string;
  email: string | null;
  password: string;
  session: string;
}

/** Factory: a verified password account, inserted directly, then signed in through the real login route. */
export async function createUser(
  options: { isAdmin?: boolean; email?: string | null; emailVerified?: boolean; username?: string } = {},
): Promise<TestUser> {
  const username = options.username ?? unique();
  const email = options.email === undefined ? `${username.toLowerCase()}@example.com` : options.email;
  const db = createDb(env.DB);
  const user = await insertUser(db, {
    username,
    email,
    passwordHash: await hashPassword(TEST_PASSWORD, getConfig(env as Bindings).passwordPepper),
    emailVerified: options.emailVerified ?? true,
    isAdmin: options.isAdmin ?? false,
  });
  let session = "";
  if (options.emailVerified !== false) {
    const response = await call("POST", "/api/login", { body: { username, password: TEST_PASSWORD }, ip: `10.0.0.${user.id % 250}` });
    if (response.status !== 200) throw new Error(`login failed for factory user: ${response.status} ${await response.text()}`);
    session = sessionFrom(response) ?? "";
  }
  return { id: user.id, username, email, password: TEST_PASSWORD, session };
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A new session for an existing user without the cost of a password check (for tests that need many). */
export async function freshSession(userId: number): Promise<string> {
  const deps = buildDeps(env as Bindings, ORIGIN);
  return (await createSession(deps, userId)).token;
}
