import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { onTestFinished } from "vitest";
import worker from "../index";
import type { Bindings } from "../bindings";
import { forgetConfig } from "../lib/config";
import { SESSION_COOKIE } from "../services/auth/sessions";
import { checkAgainstDescription } from "./api-description";

export const ORIGIN = "http://localhost";

export interface CallOptions {
  body?: unknown;
  /** A session cookie value, or a full Cookie header. */
  cookie?: string;
  headers?: Record<string, string>;
  /** A personal access token: sent as `Authorization: Bearer …`, with no Origin, the way a script calls. */
  bearer?: string;
  /** Bindings to use instead of the test environment (e.g. with OAuth providers configured). */
  env?: Partial<Bindings>;
  ip?: string;
}

/** Calls the real Worker (all middleware included) the way the SPA does: same origin, JSON, cookies. */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.bearer !== undefined) headers.set("Authorization", `Bearer ${options.bearer}`);
  else if (!headers.has("Origin") && method !== "GET" && method !== "HEAD") headers.set("Origin", ORIGIN);
  if (options.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  if (options.cookie)
    headers.set("Cookie", options.cookie.includes("=") ? options.cookie : `${SESSION_COOKIE}=${options.cookie}`);
  headers.set("CF-Connecting-IP", options.ip ?? "198.51.100.7");
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string"
        ? options.body
        : JSON.stringify(options.body);
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
  const ctx = createExecutionContext();
  const bindings = options.env ? ({ ...env, ...options.env } as Bindings) : (env as Bindings);
  const response = await worker.fetch(request, bindings, ctx);
  await waitOnExecutionContext(ctx);
  await checkAgainstDescription(method, new URL(request.url), response);
  return response;
}

/**
 * Sets bindings on the test Worker's own environment until the test ends. `CallOptions.env` changes one request's
 * bindings only; a durable generation (a Workflow) runs on the Worker's environment, so a test whose generation
 * must use a provider sets it here.
 */
export function useBindings(overrides: Partial<Bindings>): void {
  const target = env as unknown as Record<string, unknown>;
  const saved = Object.keys(overrides).map((key) => [key, Object.hasOwn(target, key), target[key]] as const);
  Object.assign(target, overrides);
  forgetConfig(env);
  onTestFinished(() => {
    for (const [key, had, value] of saved) {
      if (had) target[key] = value;
      else delete target[key];
    }
    forgetConfig(env);
  });
}

/** The session token from a response's Set-Cookie, or undefined. */
export function sessionFrom(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    if (!cookie.startsWith(`${SESSION_COOKIE}=`)) continue;
    const value = cookie.slice(SESSION_COOKIE.length + 1).split(";")[0];
    if (value) return value;
  }
  return undefined;
}

let counter = 0;
/** A unique suffix per call, since storage is shared by the tests of one file. */
export function unique(prefix = "user"): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
