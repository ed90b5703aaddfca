import { describe, expect, it } from "vitest";
import { app } from "../app";
import { call, createUser, unique, type TestUser } from "../test/client";

/**
 * Every /api route × {anonymous, user, another user, admin}. A route added to the app without a row here fails the
 * first test. "another" is a second signed-in user acting on the first user's resources (none yet: resource routes
 * arrive with projects); its expected status must be 404 for owned resources, never 403 or 200.
 */
type Role = "anonymous" | "user" | "another" | "admin";

interface Row {
  /** Builds the request for the acting role. `owner` is the user whose resources the call targets. */
  request: (ctx: { owner: TestUser }) => { path?: string; body?: unknown };
  expect: Record<Role, number>;
}

const signedIn = { anonymous: 401, user: 200, another: 200, admin: 200 };
const open = { anonymous: 200, user: 200, another: 200, admin: 200 };

const MATRIX: Record<string, Row> = {
  "GET /api/user": { request: () => ({}), expect: signedIn },
  "GET /api/login": { request: () => ({}), expect: { anonymous: 302, user: 302, another: 302, admin: 302 } },
  // Wrong password for whoever asks: the route is public and answers 401 for bad credentials.
  "POST /api/login": {
    request: ({ owner }) => ({ body: { username: owner.username, password: "not-the-password" } }),
    expect: { anonymous: 401, user: 401, another: 401, admin: 401 },
  },
  "POST /api/register": {
    request: () => ({ body: { username: "x" } }),
    expect: { anonymous: 400, user: 400, another: 400, admin: 400 },
  },
  "POST /api/logout": { request: () => ({}), expect: open },
  "GET /api/logout": { request: () => ({}), expect: { anonymous: 302, user: 302, another: 302, admin: 302 } },
  "GET /api/auth/providers": { request: () => ({}), expect: open },
  "POST /api/resend-verification": { request: () => ({ body: { email: `${unique("someone")}@example.com` } }), expect: open },
  "GET /api/verify-email": { request: () => ({ path: "/api/verify-email?token=x" }), expect: { anonymous: 302, user: 302, another: 302, admin: 302 } },
  "GET /api/subscription": { request: () => ({}), expect: signedIn },
  "GET /api/subscription/limits": { request: () => ({}), expect: signedIn },
  // Local-only helper: open in development and tests, 404 in production (covered in verification.test.ts).
  "GET /api/dev/outbox": { request: () => ({}), expect: open },
  "POST /api/dev/seed": { request: () => ({}), expect: open },
};

function apiRoutes(): string[] {
  const keys = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    keys.add(`${route.method} ${route.path.replace(/\/$/, "")}`);
  }
  return [...keys].sort();
}

describe("authorization matrix", () => {
  it("has a row for every /api route and no stale rows", () => {
    const routes = apiRoutes();
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it("answers each role as the matrix says", async () => {
    const owner = await createUser();
    const actors: Record<Role, () => Promise<string | undefined>> = {
      anonymous: async () => undefined,
      user: async () => (await createUser()).session,
      another: async () => (await createUser()).session,
      admin: async () => (await createUser({ isAdmin: true })).session,
    };
    const failures: string[] = [];
    for (const [key, row] of Object.entries(MATRIX)) {
      const [method, routePath] = key.split(" ") as [string, string];
      for (const role of Object.keys(actors) as Role[]) {
        // A fresh actor per call: logout must not leak into the next row.
        const session = role === "user" ? (await createUser()).session : await actors[role]();
        const { path = routePath, body } = row.request({ owner });
        const response = await call(method, path, { cookie: session, body, ip: `100.64.${failures.length}.${Math.floor(Math.random() * 250)}` });
        if (response.status !== row.expect[role]) {
          failures.push(`${key} as ${role}: expected ${row.expect[role]}, got ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
